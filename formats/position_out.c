/* SPDX-License-Identifier: MIT */
/*
 * position_out.c - see position_out.h.
 */
#include "position_out.h"
#include "i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "movegen.h"

static const char seat_letter[] = "NESW";
static const char *const seat_colour[] = {"\033[1;33m", "\033[1;34m", "\033[1;32m", "\033[1;35m"};

int junqi_display_width(const char *s)
{
    int w = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p < 0x80)
            w++;
        else if (*p >= 0xE0) /* lead byte of a 3- or 4-byte sequence: CJK here */
            w += 2;
        else if (*p >= 0xC0)
            w++;
    }
    return w;
}

/* The most likely kind of the hidden piece on p (probs[p] all 0: none). */
static int likeliest(const junqi_point_probs *probs, int p)
{
    int best = JUNQI_NONE;
    for (int k = JUNQI_FLAG; probs && k <= JUNQI_MARSHAL; k++)
        if ((*probs)[p][k] > 0 && (best == JUNQI_NONE || (*probs)[p][k] > (*probs)[p][best]))
            best = k;
    return best;
}

/* What the board shows for the piece on p: its name, or for a hidden piece
 * with probabilities its most likely kind and the percentage ("司令?34"). */
static const char *point_label(const junqi_position *pos, int p, junqi_names names,
                               const junqi_point_probs *probs, char buf[48])
{
    int k = likeliest(probs, p);
    if (k == JUNQI_NONE)
        return junqi_piece_name(JUNQI_CELL_PIECE(pos->cell[p]), names);
    int percent = (int)((*probs)[p][k] * 100 + 0.5);
    snprintf(buf, 48, "%s?%02d", junqi_piece_name((junqi_piece)k, names), percent > 99 ? 99 : percent);
    return buf;
}

static int name_width(const junqi_position *pos, junqi_names names, const junqi_point_probs *probs)
{
    int w = 2; /* "()" and "[]" */
    char buf[48];
    for (int p = 0; p < pos->board->npoints; p++)
        if (pos->cell[p]) {
            int n = junqi_display_width(point_label(pos, p, names, probs, buf));
            if (n > w)
                w = n;
        }
    return w;
}

static void pad(FILE *out, int n)
{
    for (int i = 0; i < n; i++)
        fputc(' ', out);
}

static void write_point(FILE *out, const junqi_position *pos, int p, junqi_names names,
                        const junqi_point_probs *probs, bool colour, int width)
{
    char buf[48];
    if (p < 0) {
        pad(out, width + 1);
        return;
    }
    uint8_t c = pos->cell[p];
    if (!c) {
        static const char *const marks[] = {".", "()", "[]", "^^"}; /* by junqi_point_kind */
        const char *mark = marks[pos->board->point[p].kind];
        pad(out, 1);
        fputs(mark, out);
        pad(out, width - (int)strlen(mark));
        return;
    }
    const char *name = point_label(pos, p, names, probs, buf);
    int s = JUNQI_CELL_SEAT(c);
    if (colour)
        fputs(seat_colour[s], out);
    fprintf(out, "%c%s", seat_letter[s], name);
    if (colour)
        fputs("\033[0m", out);
    pad(out, width - junqi_display_width(name));
}

/* Write one line of the board, without trailing blanks. */
static void write_line(FILE *out, char *line, size_t len)
{
    while (len > 0 && line[len - 1] == ' ')
        len--;
    fwrite(line, 1, len, out);
    fputc('\n', out);
}

/* The rank whose row the mountains follow on the text board: the rank just above the one a
 * mountain's point records (board.h), rank 7 (0-based 6). */
static int mountain_rank(const junqi_board *b)
{
    for (int p = 0; p < b->npoints; p++)
        if (b->point[p].kind == JUNQI_MOUNTAIN)
            return b->point[p].rank + 1;
    return -1;
}

/* The mountain on file `file`, or -1 (a blank on the mountains' row). */
static int mountain_at(const junqi_board *b, int file)
{
    for (int p = 0; p < b->npoints; p++)
        if (b->point[p].kind == JUNQI_MOUNTAIN && b->point[p].file == file)
            return p;
    return -1;
}

void junqi_write_text_board(FILE *out, const junqi_position *pos, junqi_names names, bool colour)
{
    junqi_write_text_board_probs(out, pos, names, colour, NULL);
}

void junqi_write_text_board_probs(FILE *out, const junqi_position *pos, junqi_names names, bool colour,
                                  const junqi_point_probs *probs)
{
    const junqi_board *b = pos->board;
    int width = name_width(pos, names, probs);
    char *line = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&line, &len);
    if (!mem)
        mem = out; /* out of memory: trailing blanks are harmless */
    /* rank -1 after the rank a mountain sits above: the row of the mountains (mountain=shelter,
     * between ranks 7 and 6, as in position strings) */
    for (int rank = b->nranks - 1; rank >= 0; rank--)
        for (int row = 0; row < 1 + (b->mountains && rank == mountain_rank(b)); row++) {
            if (row)
                fputs(" M ", mem);
            else
                fprintf(mem, "%2d ", rank + 1);
            for (int file = 0; file < b->nfiles; file++) {
                int p = row ? mountain_at(b, file) : junqi_board_point_at(b, file, rank);
                write_point(mem, pos, p, names, probs, colour, width);
                fputc(' ', mem);
            }
            fflush(mem);
            if (mem != out) {
                write_line(out, line, len);
                rewind(mem);
            }
        }
    fputs("    ", mem);
    for (int file = 0; file < b->nfiles; file++) {
        fputc('a' + file, mem);
        pad(mem, width + 1);
    }
    fflush(mem);
    if (mem != out) {
        write_line(out, line, len);
        fclose(mem);
        free(line);
    } else {
        fputc('\n', out);
    }
}

const char *junqi_result_winner(const junqi_position *pos)
{
    if (pos->result.status != JUNQI_DECIDED)
        return NULL;
    return junqi_result_text(&pos->result, pos->present);
}

char *junqi_result_describe(const junqi_result *r, unsigned present, char *buf, size_t n)
{
    char reason[96] = "";
    if (r->reason == JUNQI_REASON_UNKNOWN_CODE)
        snprintf(reason, sizeof reason, _(" (unknown code %d)"), r->code);
    else if (r->reason != JUNQI_REASON_NONE) /* a position string has no reason */
        snprintf(reason, sizeof reason, _(" (%s)"), _(junqi_reason_name((junqi_reason)r->reason)));
    switch (r->status) {
    case JUNQI_DECIDED: snprintf(buf, n, _("%s won%s"), _(junqi_result_text(r, present)), reason); break;
    case JUNQI_DRAWN: snprintf(buf, n, _("draw%s"), reason); break;
    case JUNQI_UNDECIDED: snprintf(buf, n, _("undecided%s"), reason); break;
    default: snprintf(buf, n, "%s", _("unfinished")); break;
    }
    return buf;
}

static void write_result_text(FILE *out, const junqi_position *pos)
{
    char result[96];
    if (junqi_position_over(pos))
        fprintf(out, _("result: %s\n"), junqi_result_describe(&pos->result, pos->present, result, sizeof result));
    junqi_score sc;
    char text[256];
    if (junqi_score_position(pos, &sc) &&
        junqi_score_describe(pos->rules->scoring, &sc, text, sizeof text) > 0)
        fprintf(out, "%s\n", text);
}

void junqi_write_score_json(junqi_json *j, const junqi_rules *rules, const junqi_score *sc)
{
    if (!rules->scoring || sc->reason == JUNQI_SCORE_NONE)
        return;
    junqi_json_key(j, "score");
    junqi_json_begin_object(j);
    junqi_json_key(j, "scoring");
    junqi_json_string(j, rules->scoring->name);
    for (int s = 0; s < JUNQI_SEATS; s++)
        if (sc->seats & JUNQI_SEAT_BIT(s)) {
            junqi_json_key(j, junqi_seat_name((junqi_seat)s));
            junqi_json_int(j, sc->points[s]);
        }
    junqi_json_end_object(j);
}

void junqi_write_text_status(FILE *out, const junqi_position *pos, size_t ply, junqi_move last,
                             junqi_outcome last_outcome)
{
    if (pos->to_move < JUNQI_SEATS)
        fprintf(out, _("ply %zu, %s to move, no-combat count %d\n"), ply,
                _(junqi_seat_name(pos->to_move)), pos->quiet);
    else
        fprintf(out, _("ply %zu, game over, no-combat count %d\n"), ply, pos->quiet);
    const char *sep = _("eliminated: ");
    for (int s = 0; s < JUNQI_SEATS; s++)
        if ((pos->present & ~pos->alive) & JUNQI_SEAT_BIT(s)) {
            fprintf(out, _("%s%s (%s)"), sep, _(junqi_seat_name((junqi_seat)s)),
                    _(junqi_reason_name((junqi_reason)pos->out_reason[s])));
            sep = _(", ");
        }
    if (pos->present & ~pos->alive)
        fputc('\n', out);
    if (last.from != JUNQI_NO_POINT) {
        char name[8];
        fprintf(out, _("last move: %s"), junqi_move_name(pos->board, last, name));
        if (last_outcome != JUNQI_NO_COMBAT)
            fprintf(out, _(" (%s)"), _(junqi_outcome_name(last_outcome)));
        fputc('\n', out);
    }
    write_result_text(out, pos);
}

void junqi_write_result_json(junqi_json *j, const junqi_result *r, unsigned present,
                             const junqi_rules *rules, const junqi_score *sc)
{
    if (r->status == JUNQI_ONGOING) {
        junqi_json_null(j);
        return;
    }
    junqi_json_begin_object(j);
    junqi_json_key(j, "winner");
    junqi_json_string(j, r->status == JUNQI_DECIDED ? junqi_result_text(r, present) : NULL);
    junqi_json_key(j, "draw");
    junqi_json_bool(j, r->status == JUNQI_DRAWN);
    junqi_json_key(j, "reason");
    junqi_json_string(j, junqi_reason_id((junqi_reason)r->reason));
    if (r->reason == JUNQI_REASON_UNKNOWN_CODE) {
        junqi_json_key(j, "code");
        junqi_json_int(j, r->code);
    }
    if (sc)
        junqi_write_score_json(j, rules, sc);
    junqi_json_end_object(j);
}

/* "p": {"marshal": 0.12, ...}: the kinds a hidden piece may be, likeliest
 * first, to six decimals (a kind whose probability rounds to 0 is left out). */
static void write_probs(junqi_json *j, const double *p)
{
    int order[JUNQI_PIECE_KINDS], n = 0;
    for (int k = JUNQI_FLAG; k <= JUNQI_MARSHAL; k++) {
        if (!(p[k] >= 5e-7)) /* rounds to 0 at six decimals */
            continue;
        int at = n++;
        for (; at > 0 && p[order[at - 1]] < p[k]; at--)
            order[at] = order[at - 1];
        order[at] = k;
    }
    junqi_json_key(j, "p");
    junqi_json_begin_object(j);
    for (int i = 0; i < n; i++) {
        junqi_json_key(j, junqi_piece_name((junqi_piece)order[i], JUNQI_NAMES_EN));
        junqi_json_number(j, p[order[i]], 6);
    }
    junqi_json_end_object(j);
}

/* The members of a position object, after any the caller wrote first; with
 * probs, each hidden piece's "p". */
static void position_members(junqi_json *j, const junqi_position *pos, size_t ply,
                             const junqi_point_probs *probs)
{
    char square[4];
    junqi_json_key(j, "ply");
    junqi_json_uint(j, ply);
    junqi_json_key(j, "to_move");
    junqi_json_string(j, pos->to_move < JUNQI_SEATS ? junqi_seat_name(pos->to_move) : NULL);
    junqi_json_key(j, "pieces");
    junqi_json_begin_array(j);
    for (int p = 0; p < pos->board->npoints; p++) {
        uint8_t c = pos->cell[p];
        if (!c)
            continue;
        junqi_json_begin_object(j);
        junqi_json_key(j, "square");
        junqi_json_string(j, junqi_square_name(pos->board, p, square));
        junqi_json_key(j, "seat");
        junqi_json_string(j, junqi_seat_name(JUNQI_CELL_SEAT(c)));
        junqi_json_key(j, "piece");
        junqi_json_string(j, junqi_piece_name(JUNQI_CELL_PIECE(c), JUNQI_NAMES_EN));
        if (likeliest(probs, p) != JUNQI_NONE)
            write_probs(j, (*probs)[p]);
        junqi_json_end_object(j);
    }
    junqi_json_end_array(j);
    junqi_json_key(j, "eliminated");
    junqi_json_begin_array(j);
    for (int s = 0; s < JUNQI_SEATS; s++)
        if ((pos->present & ~pos->alive) & JUNQI_SEAT_BIT(s))
            junqi_json_string(j, junqi_seat_name((junqi_seat)s));
    junqi_json_end_array(j);
    junqi_json_key(j, "result");
    junqi_score sc;
    bool scored = junqi_score_position(pos, &sc);
    junqi_write_result_json(j, &pos->result, pos->present, pos->rules, scored ? &sc : NULL);
    junqi_json_key(j, "rules");
    junqi_json_string(j, pos->rules->text);
}

void junqi_write_position_json(junqi_json *j, const junqi_position *pos, size_t ply)
{
    junqi_json_begin_object(j);
    position_members(j, pos, ply, NULL);
    junqi_json_end_object(j);
}

void junqi_write_source_json(junqi_json *j, const char *source, size_t index)
{
    if (!source)
        return;
    junqi_json_key(j, "source");
    junqi_json_string(j, source);
    junqi_json_key(j, "game");
    if (index > 0)
        junqi_json_uint(j, index);
    else
        junqi_json_null(j);
}

void junqi_write_record_position_json(junqi_json *j, const char *source, size_t index,
                                      const junqi_position *pos, size_t ply)
{
    junqi_write_record_position_json_probs(j, source, index, pos, ply, NULL);
}

void junqi_write_record_position_json_probs(junqi_json *j, const char *source, size_t index,
                                            const junqi_position *pos, size_t ply,
                                            const junqi_point_probs *probs)
{
    junqi_json_begin_object(j);
    junqi_write_source_json(j, source, index);
    position_members(j, pos, ply, probs);
    junqi_json_end_object(j);
}
