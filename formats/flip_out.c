/* SPDX-License-Identifier: MIT */
/*
 * flip_out.c - see flip_out.h.
 */
#include "flip_out.h"
#include "i18n.h"

#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "jgn_flip.h"
#include "position_out.h"

static const char *const ansi[2][2] = {{"\033[1;31m", "\033[1;34m"}, {"\033[2;31m", "\033[2;34m"}};

/* The load as text: "(LLF)" and "_b" (see flip_out.h). */
static void load_text(uint8_t l, char out[16])
{
    char what[8];
    int k = 0;
    if (junqi_flip_load_symbols(l, what))
        k = snprintf(out, 16, "(%s)", what);
    if (l & JUNQI_LOAD_GROUND)
        k += snprintf(out + k, (size_t)(16 - k), "_%c", (l & JUNQI_LOAD_GROUND_BLUE) ? 'b' : 'r');
    out[k] = '\0';
}

/* The text of an occupied point without padding: letter, name, load. */
static int point_text(const junqi_flip *pos, int p, junqi_names names, char *buf, size_t n)
{
    uint8_t c = pos->cell[p];
    int colour = junqi_flip_colour(c), piece = junqi_flip_piece(c);
    char letter = colour == JUNQI_NO_COLOUR ? '?' : "RB"[colour];
    if (junqi_flip_down(c) && colour != JUNQI_NO_COLOUR)
        letter = "rb"[colour];
    char load[16];
    load_text(pos->load[p], load);
    snprintf(buf, n, "%c%s%s", letter,
             piece == JUNQI_UNKNOWN ? "暗" : junqi_piece_name((junqi_piece)piece, names), load);
    return junqi_display_width(buf);
}

static void pad(FILE *out, int n)
{
    for (int i = 0; i < n; i++)
        fputc(' ', out);
}

static int column_width(const junqi_flip *pos, junqi_names names)
{
    int w = 3; /* " ()" */
    char buf[64];
    for (int p = 0; p < pos->board->npoints; p++)
        if (pos->cell[p]) {
            int n = point_text(pos, p, names, buf, sizeof buf);
            if (n > w)
                w = n;
        }
    return w;
}

static void write_point(FILE *out, const junqi_flip *pos, int p, junqi_names names, bool colour, int width)
{
    uint8_t c = pos->cell[p];
    char buf[64];
    if (!c) {
        static const char *const marks[] = {".", "()", "[]"};
        const char *mark = marks[pos->board->point[p].kind];
        fprintf(out, " %s", mark);
        pad(out, width - 1 - (int)strlen(mark));
        return;
    }
    int w = point_text(pos, p, names, buf, sizeof buf), col = junqi_flip_colour(c);
    bool paint = colour && col != JUNQI_NO_COLOUR;
    fprintf(out, "%s%s%s", paint ? ansi[junqi_flip_down(c)][col] : "", buf, paint ? "\033[0m" : "");
    pad(out, width - w);
}

void junqi_flip_write_text_board(FILE *out, const junqi_flip *pos, junqi_names names, bool colour)
{
    const junqi_board *b = pos->board;
    int width = column_width(pos, names);
    for (int rank = b->nranks - 1; rank >= 0; rank--) {
        char *line = NULL;
        size_t len = 0;
        FILE *mem = open_memstream(&line, &len);
        FILE *to = mem ? mem : out;
        fprintf(to, "%2d ", rank + 1);
        for (int file = 0; file < b->nfiles; file++) {
            write_point(to, pos, junqi_board_point_at(b, file, rank), names, colour, width);
            fputc(' ', to);
        }
        if (mem) {
            fclose(mem);
            while (len > 0 && line[len - 1] == ' ') /* no trailing blanks */
                len--;
            fwrite(line, 1, len, out);
            free(line);
        }
        fputc('\n', out);
    }
    fputs("    ", out);
    for (int file = 0; file < b->nfiles; file++) {
        fputc('a' + file, out);
        if (file + 1 < b->nfiles)
            pad(out, width);
    }
    fputc('\n', out);
}

char *junqi_flip_action_name(const junqi_flip *pos, junqi_action a, int outcome, uint8_t shown, char *buf,
                             size_t n)
{
    junqi_item it;
    memset(&it, 0, sizeof it);
    it.move = (junqi_move){a.from, a.to};
    it.flip = a.kind == JUNQI_ACT_FLIP;
    it.shown = shown;
    it.outcome = (uint8_t)outcome;
    it.outcome_known = true;
    if (a.part != JUNQI_PART_ALL) {
        it.part = (uint8_t)(JUNQI_ITEM_PART | a.part);
        it.part_leader = (uint8_t)junqi_flip_piece(pos->cell[a.from]);
    }
    return junqi_jgn_flip_action_text(pos->board, &it, buf, n);
}

static void write_result(FILE *out, const junqi_result *r)
{
    const char *reason = _(junqi_reason_name((junqi_reason)r->reason));
    unsigned two = JUNQI_SEAT_BIT(JUNQI_SOUTH) | JUNQI_SEAT_BIT(JUNQI_NORTH);
    if (r->status == JUNQI_DECIDED)
        fprintf(out, _("result: %s won (%s)\n"), _(junqi_result_text(r, two)), reason);
    else if (r->status == JUNQI_DRAWN)
        fprintf(out, _("result: draw (%s)\n"), reason);
    else if (r->status == JUNQI_UNDECIDED)
        fprintf(out, _("result: undecided (%s)\n"), reason);
}

void junqi_flip_write_text_status(FILE *out, const junqi_flip *pos, bool has_last, junqi_action last,
                                  int outcome, uint8_t shown)
{
    const junqi_flip_state *st = &pos->st;
    if (st->to_move < JUNQI_SEATS)
        fprintf(out, _("ply %u, %s to move, no-combat count %u\n"), st->moves,
                _(junqi_seat_name((junqi_seat)st->to_move)), st->quiet);
    else
        fprintf(out, _("ply %u, game over, no-combat count %u\n"), st->moves, st->quiet);
    if (st->colour[JUNQI_SOUTH] == JUNQI_NO_COLOUR)
        fputs(_("colours: not assigned yet"), out);
    else
        fprintf(out, _("colours: south %s, north %s"), _(junqi_colour_name(st->colour[JUNQI_SOUTH])),
                _(junqi_colour_name(st->colour[JUNQI_NORTH])));
    int removed[2] = {0, 0};
    for (int c = 0; c < 2; c++)
        for (int k = 0; k < JUNQI_PIECE_KINDS; k++)
            removed[c] += st->removed[c][k];
    fprintf(out, _("; face down %u; removed: red %d, blue %d\n"), st->down, removed[0], removed[1]);
    if (has_last) {
        char name[32];
        fprintf(out, _("last action: %s"), junqi_flip_action_name(pos, last, outcome, shown, name, sizeof name));
        if (last.kind == JUNQI_ACT_MOVE && outcome != JUNQI_NO_COMBAT)
            fprintf(out, _(" (%s)"), _(junqi_flip_outcome_name(outcome)));
        fputc('\n', out);
    }
    write_result(out, &st->result);
}

static void write_carried(junqi_json *j, uint8_t l)
{
    if (!JUNQI_LOAD_CARRIED(l))
        return;
    junqi_json_key(j, "carries");
    junqi_json_begin_array(j);
    for (int i = 0; i < JUNQI_LOAD_MINES(l); i++)
        junqi_json_string(j, "landmine");
    for (int i = 0; i < JUNQI_LOAD_BOMBS(l); i++)
        junqi_json_string(j, "bomb");
    if (l & JUNQI_LOAD_FLAG)
        junqi_json_string(j, "flag");
    junqi_json_end_array(j);
}

static void write_piece(junqi_json *j, const junqi_flip *pos, int p)
{
    uint8_t c = pos->cell[p], l = pos->load[p];
    char sq[4];
    int colour = junqi_flip_colour(c), seat = junqi_flip_seat_of(pos, colour);
    junqi_json_begin_object(j);
    junqi_json_key(j, "square");
    junqi_json_string(j, junqi_square_name(pos->board, p, sq));
    junqi_json_key(j, "seat");
    junqi_json_string(j, seat == JUNQI_NO_SEAT ? NULL : junqi_seat_name((junqi_seat)seat));
    junqi_json_key(j, "colour");
    junqi_json_string(j, colour == JUNQI_NO_COLOUR ? NULL : junqi_colour_name(colour));
    junqi_json_key(j, "piece");
    junqi_json_string(j, junqi_piece_name((junqi_piece)junqi_flip_piece(c), JUNQI_NAMES_EN));
    junqi_json_key(j, "face_down");
    junqi_json_bool(j, junqi_flip_down(c));
    write_carried(j, l);
    if (l & JUNQI_LOAD_GROUND) {
        junqi_json_key(j, "flag_under");
        junqi_json_string(j, junqi_colour_name((l & JUNQI_LOAD_GROUND_BLUE) ? JUNQI_BLUE : JUNQI_RED));
    }
    junqi_json_end_object(j);
}

static void write_removed(junqi_json *j, const junqi_flip_state *st)
{
    junqi_json_key(j, "removed");
    junqi_json_begin_object(j);
    for (int c = 0; c < 2; c++) {
        junqi_json_key(j, junqi_colour_name(c));
        junqi_json_begin_object(j);
        for (int k = JUNQI_FLAG; k <= JUNQI_MARSHAL; k++)
            if (st->removed[c][k]) {
                junqi_json_key(j, junqi_piece_name((junqi_piece)k, JUNQI_NAMES_EN));
                junqi_json_int(j, st->removed[c][k]);
            }
        junqi_json_end_object(j);
    }
    junqi_json_end_object(j);
}

static void write_result_json(junqi_json *j, const junqi_result *r)
{
    junqi_json_key(j, "result");
    if (r->status == JUNQI_ONGOING) {
        junqi_json_null(j);
        return;
    }
    junqi_json_begin_object(j);
    junqi_json_key(j, "winner");
    junqi_json_string(j, r->status == JUNQI_DECIDED
                             ? junqi_result_text(r, JUNQI_SEAT_BIT(JUNQI_SOUTH) | JUNQI_SEAT_BIT(JUNQI_NORTH))
                             : NULL);
    junqi_json_key(j, "draw");
    junqi_json_bool(j, r->status == JUNQI_DRAWN);
    junqi_json_key(j, "reason");
    junqi_json_string(j, junqi_reason_id((junqi_reason)r->reason));
    junqi_json_end_object(j);
}

/* The members of a position's object (see flip_out.h), inside an open object. */
static void position_members(junqi_json *j, const junqi_flip *pos)
{
    const junqi_flip_state *st = &pos->st;
    junqi_json_key(j, "ply");
    junqi_json_uint(j, st->moves);
    junqi_json_key(j, "to_move");
    junqi_json_string(j, st->to_move < JUNQI_SEATS ? junqi_seat_name((junqi_seat)st->to_move) : NULL);
    junqi_json_key(j, "colours");
    junqi_json_begin_object(j);
    for (int s = JUNQI_NORTH; s <= JUNQI_SOUTH; s += 2) {
        junqi_json_key(j, junqi_seat_name((junqi_seat)s));
        junqi_json_string(j, st->colour[s] == JUNQI_NO_COLOUR ? NULL : junqi_colour_name(st->colour[s]));
    }
    junqi_json_end_object(j);
    junqi_json_key(j, "face_down");
    junqi_json_uint(j, st->down);
    junqi_json_key(j, "pieces");
    junqi_json_begin_array(j);
    for (int p = 0; p < pos->board->npoints; p++)
        if (pos->cell[p])
            write_piece(j, pos, p);
    junqi_json_end_array(j);
    write_removed(j, st);
    write_result_json(j, &st->result);
    junqi_json_key(j, "rules");
    junqi_json_string(j, pos->rules->text);
}

void junqi_flip_write_position_json(junqi_json *j, const junqi_flip *pos)
{
    junqi_json_begin_object(j);
    position_members(j, pos);
    junqi_json_end_object(j);
}

void junqi_flip_write_record_position_json(junqi_json *j, const char *source, size_t index,
                                           const junqi_flip *pos)
{
    junqi_json_begin_object(j);
    junqi_write_source_json(j, source, index);
    position_members(j, pos);
    junqi_json_end_object(j);
}

/* An action's canonical token as the position knows it (what a flip shows, when known). */
static char *action_token(const junqi_flip *pos, junqi_action a, char *buf, size_t n)
{
    uint8_t c = pos->cell[a.to];
    uint8_t shown = junqi_flip_down(c) && junqi_flip_piece(c) != JUNQI_UNKNOWN ? junqi_flip_up(c) : 0;
    int outcome = c && !junqi_flip_down(c) ? (int)junqi_flip_outcome(pos, a, 0) : JUNQI_NO_COMBAT;
    return junqi_flip_action_name(pos, a, outcome, shown, buf, n);
}

static const char *over_text(const junqi_flip *pos, char *buf, size_t n)
{
    const junqi_result *r = &pos->st.result;
    unsigned two = JUNQI_SEAT_BIT(JUNQI_SOUTH) | JUNQI_SEAT_BIT(JUNQI_NORTH);
    const char *reason = r->reason ? _(junqi_reason_name((junqi_reason)r->reason)) : NULL;
    if (r->status == JUNQI_DECIDED)
        snprintf(buf, n, reason ? _("%s won, %s") : _("%s won"), _(junqi_result_text(r, two)), reason);
    else
        snprintf(buf, n, reason ? _("a draw, %s") : _("a draw"), reason);
    return buf;
}

void junqi_flip_write_go_text(FILE *out, const junqi_flip *pos, const junqi_flip_search_result *res, int multipv)
{
    char name[32], text[96];
    if (res->status == JUNQI_SEARCH_GAME_OVER || res->nactions == 0) {
        fputs("bestmove (none)\n", out);
        fprintf(out, _("the game is over: %s\n"), over_text(pos, text, sizeof text));
        return;
    }
    fprintf(out, "bestmove %s\nwinprob %.3f\neval %d\npv", action_token(pos, res->actions[0], name, sizeof name),
            res->winprob, res->score);
    junqi_flip line = *pos;
    for (int i = 0; i < res->pv_len; i++) {
        fprintf(out, " %s", action_token(&line, res->pv[i], name, sizeof name));
        junqi_flip_undo u;
        if (junqi_flip_down(line.cell[res->pv[i].to]) && junqi_flip_piece(line.cell[res->pv[i].to]) == JUNQI_UNKNOWN)
            break;
        junqi_flip_make(&line, res->pv[i], 0, &u);
    }
    fprintf(out, "\ndepth %d\nnodes %llu\n", res->depth, (unsigned long long)res->nodes);
    for (int i = 0; multipv > 1 && i < multipv && i < res->nactions; i++)
        fprintf(out, "multipv %d %s winprob %.3f\n", i + 1, action_token(pos, res->actions[i], name, sizeof name),
                res->value[i]);
}

void junqi_flip_write_go_json(junqi_json *j, const junqi_flip *pos, const junqi_flip_search_result *res, int multipv)
{
    char name[32], text[96];
    bool over = res->status == JUNQI_SEARCH_GAME_OVER || res->nactions == 0;
    junqi_json_begin_object(j);
    junqi_json_key(j, "bestmove");
    junqi_json_string(j, over ? NULL : action_token(pos, res->actions[0], name, sizeof name));
    junqi_json_key(j, "result");
    junqi_json_string(j, over ? over_text(pos, text, sizeof text) : NULL);
    junqi_json_key(j, "winprob");
    if (over)
        junqi_json_null(j);
    else
        junqi_json_number(j, res->winprob, 3);
    junqi_json_key(j, "eval");
    if (over)
        junqi_json_null(j);
    else
        junqi_json_int(j, res->score);
    junqi_json_key(j, "pv");
    junqi_json_begin_array(j);
    for (int i = 0; !over && i < res->pv_len; i++)
        junqi_json_string(j, action_token(pos, res->pv[i], name, sizeof name));
    junqi_json_end_array(j);
    junqi_json_key(j, "depth");
    junqi_json_int(j, res->depth);
    junqi_json_key(j, "nodes");
    junqi_json_uint(j, res->nodes);
    junqi_json_key(j, "to_move");
    junqi_json_string(j, pos->st.to_move < JUNQI_SEATS ? junqi_seat_name((junqi_seat)pos->st.to_move) : NULL);
    junqi_json_key(j, "actions");
    junqi_json_begin_array(j);
    for (int i = 0; i < (multipv > 1 ? multipv : 1) && i < res->nactions; i++) {
        junqi_json_begin_object(j);
        junqi_json_key(j, "action");
        junqi_json_string(j, action_token(pos, res->actions[i], name, sizeof name));
        junqi_json_key(j, "winprob");
        junqi_json_number(j, res->value[i], 3);
        junqi_json_end_object(j);
    }
    junqi_json_end_array(j);
    junqi_json_end_object(j);
}
