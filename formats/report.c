/* SPDX-License-Identifier: MIT */
/*
 * report.c - see report.h.
 *
 * The string calls all take the same steps: parse the names they were
 * given (seat, rule set), find the position they ask for, and write the
 * same JSON as the tools into a memory stream (open_memstream) whose text
 * they hand over.
 */
#include "report.h"
#include "i18n.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "flip_out.h"
#include "flip_replay.h"
#include "flip_search.h"
#include "flipnote.h"
#include "formation.h"
#include "gamejson.h"
#include "infer.h"
#include "jgn.h"
#include "perft.h"
#include "position_out.h"
#include "posnote.h"
#include "replay.h"
#include "score.h"
#include "setup.h"

/* ---- a record's plies, and replaying to one ----------------------------------- */

/* A flip record's plies (flip_replay.h): from its set position's ply, if any. */
static junqi_plies flip_plies(const junqi_game *g, const junqi_rules *rules)
{
    junqi_plies p = {g->flip_start ? g->flip_start->st.moves : 0, 0, junqi_game_moves(g), {0}, false, false};
    p.last = p.first + p.moves;
    junqi_flip_replay r;
    if (!junqi_flip_replay_start(&r, g, rules, NULL))
        return p;
    while (!junqi_flip_over(&r.pos) && junqi_flip_replay_next(&r))
        ;
    if (junqi_flip_over(&r.pos) && r.moves < p.moves) {
        p.ended = true;
        p.end = r.pos.st.result;
        p.last = p.first + r.moves;
    }
    return p;
}

junqi_plies junqi_record_plies(const junqi_game *g, const junqi_rules *rules)
{
    if (junqi_rules_flip(g->rules))
        return flip_plies(g, rules);
    junqi_plies p = {g->start ? g->start->moves : 0, 0, junqi_game_moves(g), {0}, false, false};
    p.last = p.first + p.moves;
    junqi_replay r;
    if (!junqi_replay_start(&r, g, rules, NULL))
        return p;
    while (!junqi_position_over(&r.pos) && junqi_replay_next(&r))
        ;
    if (junqi_position_over(&r.pos) && r.moves < p.moves) {
        p.ended = true;
        p.end = r.pos.result;
        p.last = p.first + r.moves;
    }
    return p;
}

bool junqi_plies_stop(junqi_plies *p, size_t illegal)
{
    if (!illegal || p->first + illegal - 1 >= p->last)
        return false;
    p->last = p->first + illegal - 1;
    p->ended = false;
    return p->cut = true;
}

bool junqi_record_check_ply_as(const junqi_game *g, const junqi_plies *p, long ply, const char *name,
                               const char *text, char *err, size_t n)
{
    if (ply < 0 || ((size_t)ply >= p->first && (size_t)ply <= p->last))
        return true;
    size_t later = p->first + p->moves - p->last;
    /* a ply past the record's last move is past the end, cut or not, as the tools check it */
    bool cut = p->cut && (size_t)ply <= p->first + p->moves;
    if (cut && (size_t)ply > p->last)
        /* TRANSLATORS: here and in the next messages the first %s is how the user gave the
           ply, kept as it is: the tools' option "--ply", the Python binding's argument "ply";
           the second %s is the number, as it was typed ("193", "0193", "99999999999"). */
        snprintf(err, n, _("%s %s: the game never had that position: the move after ply %zu is illegal"), name,
                 text, p->last);
    else if ((size_t)ply < p->first)
        snprintf(err, n, _("%s %s is before the record's start: it starts from a set position at "
                           "ply %zu and has plies %zu to %zu"), name, text, p->first, p->first, p->last);
    else if (p->ended && !p->cut)
        snprintf(err, n,
                 P_("%s %s is past the end: the game ended at ply %zu (%s); the record's "
                    "%zu later move is not part of it",
                    "%s %s is past the end: the game ended at ply %zu (%s); the record's "
                    "%zu later moves are not part of it", later),
                 name, text, p->last, _(junqi_result_text(&p->end, junqi_game_present(g))), later);
    else if (p->first)
        snprintf(err, n,
                 P_("%s %s is past the end: the record has plies %zu to %zu (%zu move from a "
                    "set position)",
                    "%s %s is past the end: the record has plies %zu to %zu (%zu moves from a "
                    "set position)", p->moves),
                 name, text, p->first, p->first + p->moves, p->moves);
    else
        snprintf(err, n, P_("%s %s is past the end: the game has %zu move",
                            "%s %s is past the end: the game has %zu moves", p->moves),
                 name, text, p->moves);
    return false;
}

bool junqi_record_check_ply(const junqi_game *g, const junqi_plies *p, long ply, const char *name, char *err,
                            size_t n)
{
    char text[32];
    snprintf(text, sizeof text, "%ld", ply);
    return junqi_record_check_ply_as(g, p, ply, name, text, err, n);
}

bool junqi_record_check_view(const junqi_game *g, int seat, const char *name, char *err, size_t n)
{
    /* a seat whose pieces the record holds (an open or double-open game's view record) can be shown */
    if (seat < 0 || seat >= JUNQI_SEATS || g->view >= JUNQI_SEATS || (junqi_seat)seat == g->view ||
        g->seat[seat].setup_known)
        return true;
    /* TRANSLATORS: the first %s is how the user gave the view, kept as it is: the tools' option
       "--view", the Python binding's argument "view"; the second the seat asked for, as it was
       typed ("north"); the third the seat whose record it is; the fourth the second again, as
       the messages name a seat. */
    snprintf(err, n, _("%s %s: the record is %s's view, which does not hold %s's pieces"), name,
             junqi_seat_name((junqi_seat)seat), _(junqi_seat_name(g->view)), _(junqi_seat_name((junqi_seat)seat)));
    return false;
}

void junqi_record_seek(junqi_replay *r, const junqi_plies *p, long ply)
{
    if (ply >= 0) {
        junqi_replay_seek(r, (size_t)ply - p->first);
        return;
    }
    junqi_replay_seek(r, p->moves);
    junqi_replay_run(r); /* the end includes events after the last move */
}

bool junqi_record_locate(const junqi_game *g, const junqi_rules *rules, const junqi_plies *p, long ply,
                         junqi_record_at *at)
{
    bool to_end = ply < 0 && !p->ended && !p->cut;
    at->moves = (ply < 0 ? p->last : (size_t)ply) - p->first;
    at->flip = junqi_rules_flip(g->rules);
    if (at->flip) {
        if (!junqi_flip_replay_start(&at->f, g, rules, NULL))
            return false;
        junqi_flip_replay_seek(&at->f, at->moves);
        if (to_end)
            junqi_flip_replay_run(&at->f); /* the end includes events after the last action */
        return true;
    }
    if (!junqi_replay_start(&at->r, g, rules, NULL))
        return false;
    junqi_record_seek(&at->r, p, to_end ? -1 : (long)(p->first + at->moves));
    return true;
}

static void hand_position(const junqi_replay *r, int view, bool last, junqi_position_fn fn, void *ctx)
{
    junqi_position shown;
    const junqi_position *pos = &r->pos;
    if (view != JUNQI_NO_SEAT) {
        junqi_replay_view(r, view, &shown); /* with the pieces the rules showed */
        pos = &shown;
    }
    fn(ctx, r, pos, last);
}

bool junqi_replay_each(const junqi_game *g, const junqi_rules *rules, long ply, int view,
                       const junqi_plies *plies, junqi_position_fn fn, void *ctx)
{
    junqi_plies p = plies ? *plies : junqi_record_plies(g, rules);
    junqi_replay r;
    if (!junqi_replay_start(&r, g, rules, NULL))
        return false;
    if (ply >= 0 && (size_t)ply > p.last)
        return true;
    if (ply != JUNQI_REPORT_ALL) {
        junqi_record_seek(&r, &p, ply == JUNQI_REPORT_END && p.cut ? (long)p.last : ply);
        hand_position(&r, view, true, fn, ctx);
        return true;
    }
    for (size_t at = p.first; at <= p.last; at++) {
        junqi_record_seek(&r, &p, at == p.first + p.moves ? -1 : (long)at);
        hand_position(&r, view, at == p.last, fn, ctx);
    }
    return true;
}

bool junqi_flip_replay_each(const junqi_game *g, const junqi_rules *rules, long ply, int view,
                            const junqi_plies *plies, junqi_flip_position_fn fn, void *ctx)
{
    junqi_plies p = plies ? *plies : junqi_record_plies(g, rules);
    junqi_flip_replay r;
    if (!junqi_flip_replay_start(&r, g, rules, NULL))
        return false;
    size_t from = ply == JUNQI_REPORT_ALL ? p.first : ply < 0 ? p.last : (size_t)ply;
    size_t to = ply == JUNQI_REPORT_ALL ? p.last : from;
    for (size_t at = from; at <= to && at <= p.last; at++) {
        junqi_flip_replay_seek(&r, at - p.first);
        if (at == p.first + p.moves && ply < 0)
            junqi_flip_replay_run(&r); /* the end includes events after the last action */
        junqi_flip shown;
        if (view != JUNQI_NO_SEAT)
            junqi_flip_view(&shown, &r.pos); /* both seats see the same: face-down identities hidden */
        fn(ctx, &r, view != JUNQI_NO_SEAT ? &shown : &r.pos, at == to);
    }
    return true;
}

/* ---- validation ----------------------------------------------------------- */

/* A note for a surrender that the rule set's scoring does not allow (QQ: none in 20 moves). */
static void note_early_surrender(const junqi_game *g, const junqi_rules *rules, junqi_diags *d)
{
    const junqi_scoring *s = rules->scoring;
    int seat;
    size_t moves;
    long item = s ? junqi_score_early_surrender(s, g, &seat, &moves) : -1;
    if (item >= 0)
        junqi_diags_add(d, JUNQI_CODE_EARLY_SURRENDER, -1, g->main.items[item].loc,
                        P_("%s surrendered after %zu move: %s allows no surrender within the "
                           "first %d moves",
                           "%s surrendered after %zu moves: %s allows no surrender within the "
                           "first %d moves", moves),
                        _(junqi_seat_name((junqi_seat)seat)), moves, s->platform, s->surrender_moves);
}


/* Whether some assignment of the hidden pieces agrees with the first `ply`
 * moves of g (propagation only: a false is a proof): as seat g->view saw
 * them, or for a record of no seat's view, with every identity it shows as
 * a fact (JUNQI_OPEN: what any seat saw is part of it). */
static bool agrees_to(junqi_infer *inf, const junqi_game *g, const junqi_rules *rules, size_t ply)
{
    bool seat = g->view != JUNQI_NO_SEAT;
    return junqi_infer_replay(inf, g, rules, ply, seat ? g->view : JUNQI_SOUTH, seat ? g->info : JUNQI_OPEN, NULL) &&
           junqi_infer_solve(inf, false);
}

/* A record with hidden pieces is one some game could have given: the
 * hidden pieces can have identities that agree with every move and outcome
 * (libcore/infer.h; issue 12 asked for a view record that breaks the
 * inference to be said). Its pieces are hidden when it is a seat's record
 * of a dark game, or starts from a position with pieces shown as `?`.
 * The first move after which none do is the error, found by bisection
 * (agreement only shrinks as moves are added). Returns whether the record
 * has hidden pieces that agree: *inf then holds what was inferred at its
 * end (junqi_summary's knowledge). */
static bool check_assignment(const junqi_game *g, const junqi_rules *rules, size_t moves, junqi_diags *d,
                             junqi_infer *inf)
{
    bool hidden = g->view != JUNQI_NO_SEAT || (g->start && !junqi_position_complete(g->start));
    if (!hidden)
        return false;
    if (agrees_to(inf, g, rules, moves))
        return true;
    size_t good = 0, bad = moves; /* agrees after `good` moves, not after `bad` */
    if (!agrees_to(inf, g, rules, 0))
        bad = 0;
    while (bad > good + 1) {
        size_t mid = good + (bad - good) / 2;
        *(agrees_to(inf, g, rules, mid) ? &good : &bad) = mid;
    }
    junqi_loc loc = JUNQI_NOWHERE;
    for (size_t i = 0, seen = 0; bad && i < g->main.nitems && seen < bad; i++)
        if (g->main.items[i].kind == JUNQI_ITEM_MOVE && ++seen == bad)
            loc = g->main.items[i].loc;
    int move = bad ? (int)(junqi_game_first_number(g) - 1 + bad) : -1;
    if (g->view == JUNQI_NO_SEAT)
        junqi_diags_add(d, JUNQI_CODE_NO_ASSIGNMENT, move, loc,
                        _("no identities of the hidden pieces agree with the record up to this move: "
                          "no game could have given it"));
    else
        junqi_diags_add(d, JUNQI_CODE_NO_ASSIGNMENT, move, loc,
                        _("no identities of the hidden pieces agree with %s's record up to this move: "
                          "no game could have given it"),
                        _(junqi_seat_name(g->view)));
    return false;
}

bool junqi_check_item(const junqi_source *src, const junqi_input *in, const junqi_rules *rules,
                      junqi_diags *d, junqi_summary *out)
{
    junqi_summary s = {.source = in->name, .index = in->index, .kind = in->kind};
    if (in->kind == JUNQI_INPUT_RECORD) {
        junqi_replay r;
        s.has_board = true;
        s.board = in->game->board;
        s.seats = junqi_game_present(in->game);
        s.rules = rules ? rules : in->game->rules;
        s.flip = junqi_rules_flip(in->game->rules);
        junqi_flip_replay f;
        if (s.flip && (s.replayed = junqi_flip_replay_start(&f, in->game, rules, d))) {
            junqi_flip_replay_run(&f); /* the flip games' checks (flip_replay.h) */
            s.moves = f.moves;
            s.illegal = f.illegal;
            s.end.result = f.pos.st.result;
            s.end.present = JUNQI_SEAT_BIT(JUNQI_SOUTH) | JUNQI_SEAT_BIT(JUNQI_NORTH);
            s.end.rules = s.rules = f.pos.rules;
        } else if (!s.flip && (s.replayed = junqi_replay_start(&r, in->game, rules, d))) {
            junqi_replay_run(&r);
            note_early_surrender(in->game, r.pos.rules, d);
            if (!r.illegal)
                s.inferred = check_assignment(in->game, r.pos.rules, r.moves, d, &s.knowledge);
            s.moves = r.moves;
            s.illegal = r.illegal;
            s.end = r.pos;
            s.rules = r.pos.rules;
        }
    } else if (in->kind == JUNQI_INPUT_FORMATION) {
        junqi_formation_check_under(&in->formation, rules, in->formation.name, d);
        s.formation = in->formation.name;
        s.rules = rules; /* the rule set checked against, if given: a formation has none of its own */
        s.has_board = in->formation.has_board || rules; /* a formation that names none: the board checked on */
        s.board = in->formation.has_board || !rules ? in->formation.board : rules->board;
    }
    junqi_input_place_diags(in, d, 0);
    if (src)
        junqi_source_attach_lines(src, d, 0);
    s.errors = d->errors;
    for (size_t i = 0; i < d->n; i++)
        s.warnings += d->items[i].severity == JUNQI_SEV_WARNING;
    if (out)
        *out = s;
    return s.errors == 0;
}

static void int_or_null(junqi_json *j, long v)
{
    if (v < 0)
        junqi_json_null(j);
    else
        junqi_json_int(j, v);
}

void junqi_write_diag_json(junqi_json *j, const char *file, const junqi_diag *g)
{
    junqi_json_begin_object(j);
    junqi_json_key(j, "file");
    junqi_json_string(j, file);
    junqi_json_key(j, "game"); /* the summary's: a many-game file's problems grouped by game */
    int_or_null(j, g->loc.item > 0 ? g->loc.item : -1);
    junqi_json_key(j, "severity");
    junqi_json_string(j, junqi_severity_name(g->severity));
    junqi_json_key(j, "code");
    junqi_json_string(j, junqi_code_name(g->code));
    junqi_json_key(j, "message");
    junqi_json_string(j, g->message);
    junqi_json_key(j, "move");
    int_or_null(j, g->move > 0 ? g->move : -1);
    junqi_json_key(j, "record");
    int_or_null(j, g->loc.record);
    junqi_json_key(j, "offset");
    int_or_null(j, g->loc.offset);
    junqi_json_key(j, "line");
    int_or_null(j, g->loc.line > 0 ? g->loc.line : -1);
    junqi_json_key(j, "column");
    int_or_null(j, g->loc.column > 0 ? g->loc.column : -1);
    junqi_json_end_object(j);
}

static void seats_json(junqi_json *j, unsigned seats)
{
    junqi_json_begin_array(j);
    for (int s = 0; s < JUNQI_SEATS; s++)
        if (seats & JUNQI_SEAT_BIT(s))
            junqi_json_string(j, junqi_seat_name((junqi_seat)s));
    junqi_json_end_array(j);
}

void junqi_write_summary_json(junqi_json *j, const junqi_summary *s)
{
    bool record = s->kind == JUNQI_INPUT_RECORD;
    junqi_json_begin_object(j);
    junqi_json_key(j, "type");
    junqi_json_string(j, "summary");
    junqi_json_key(j, "source");
    junqi_json_string(j, s->source);
    junqi_json_key(j, "game"); /* null, as its diagnostics' say, when the file failed before any item */
    int_or_null(j, s->index > 0 ? (long)s->index : -1);
    junqi_json_key(j, "valid");
    junqi_json_bool(j, s->errors == 0);
    junqi_json_key(j, "errors");
    junqi_json_uint(j, s->errors);
    junqi_json_key(j, "warnings");
    junqi_json_uint(j, s->warnings);
    junqi_json_key(j, "board");
    junqi_json_string(j, s->has_board ? junqi_board_kind_name(s->board) : NULL);
    junqi_json_key(j, "rules");
    junqi_json_string(j, s->rules ? s->rules->text : NULL);
    junqi_json_key(j, "seats");
    if (record)
        seats_json(j, s->seats);
    else
        junqi_json_null(j);
    junqi_json_key(j, "moves");
    int_or_null(j, record && s->replayed ? (long)s->moves : -1);
    junqi_json_key(j, "result");
    junqi_score sc;
    if (record && s->replayed)
        junqi_write_result_json(j, &s->end.result, s->seats, s->rules,
                                !s->flip && junqi_score_position(&s->end, &sc) ? &sc : NULL);
    else
        junqi_json_null(j);
    if (s->kind == JUNQI_INPUT_FORMATION) {
        junqi_json_key(j, "formation");
        junqi_json_string(j, s->formation);
    }
    junqi_json_end_object(j);
}

/* ---- perft ---------------------------------------------------------------- */

static int by_move(const void *a, const void *b)
{
    return strcmp(((const junqi_perft_line *)a)->move, ((const junqi_perft_line *)b)->move);
}

/* The divide's lines, named already: their counts, sorted by name; the total. */
static uint64_t divide_lines(junqi_perft_line *lines, const uint64_t *counts, int count, int *n)
{
    uint64_t total = 0;
    for (int i = 0; i < count; i++)
        total += lines[i].nodes = counts[i];
    qsort(lines, (size_t)count, sizeof lines[0], by_move);
    if (n)
        *n = count;
    return total;
}

/* junqi_perft_lines() that stop (NULL: none) may end early (perft.h). */
static uint64_t perft_lines(junqi_position *pos, int depth, junqi_perft_line *lines, int *n, junqi_perft_stop *stop)
{
    static _Thread_local junqi_move moves[JUNQI_MAX_MOVES];
    static _Thread_local uint64_t counts[JUNQI_MAX_MOVES];
    if (n)
        *n = 0;
    if (!lines || depth < 1)
        return depth < 1 ? 1 : junqi_perft_stoppable(pos, depth, stop);
    int count = junqi_perft_divide_stoppable(pos, depth, moves, counts, stop);
    for (int i = 0; i < count; i++)
        junqi_move_name(pos->board, moves[i], lines[i].move);
    return divide_lines(lines, counts, count, n);
}

uint64_t junqi_perft_lines(junqi_position *pos, int depth, junqi_perft_line *lines, int *n)
{
    return perft_lines(pos, depth, lines, n, NULL);
}

/* junqi_flip_perft_lines() that stop (NULL: none) may end early (perft.h). */
static uint64_t flip_perft_lines(junqi_flip *pos, int depth, junqi_perft_line *lines, int *n, junqi_perft_stop *stop)
{
    static _Thread_local junqi_action actions[JUNQI_MAX_ACTIONS];
    static _Thread_local uint64_t counts[JUNQI_MAX_ACTIONS];
    if (n)
        *n = 0;
    if (!lines || depth < 1)
        return depth < 1 ? 1 : junqi_flip_perft_stoppable(pos, depth, stop);
    int count = junqi_flip_perft_divide_stoppable(pos, depth, actions, counts, stop);
    for (int i = 0; i < count; i++) {
        int outcome = junqi_flip_outcome(pos, actions[i], 0);
        uint8_t shown = junqi_flip_down(pos->cell[actions[i].to]) ? junqi_flip_up(pos->cell[actions[i].to]) : 0;
        junqi_flip_action_name(pos, actions[i], outcome, shown, lines[i].move, sizeof lines[i].move);
    }
    return divide_lines(lines, counts, count, n);
}

uint64_t junqi_flip_perft_lines(junqi_flip *pos, int depth, junqi_perft_line *lines, int *n)
{
    return flip_perft_lines(pos, depth, lines, n, NULL);
}

junqi_perft_status junqi_record_perft(junqi_record_at *at, int depth, junqi_perft_line *lines, int *n,
                                      uint64_t *nodes)
{
    return junqi_record_perft_stoppable(at, depth, lines, n, nodes, NULL);
}

junqi_perft_status junqi_record_perft_stoppable(junqi_record_at *at, int depth, junqi_perft_line *lines, int *n,
                                                uint64_t *nodes, junqi_stop *stop)
{
    *nodes = 0;
    *n = 0;
    if (at->flip && !junqi_flip_identities_known(&at->f.pos))
        return JUNQI_PERFT_NO_DEAL;
    if (!at->flip && !junqi_position_complete(&at->r.pos))
        return JUNQI_PERFT_INCOMPLETE;
    junqi_perft_stop hook = {junqi_stop_requested, stop, false};
    junqi_perft_stop *s = stop ? &hook : NULL;
    *nodes = at->flip ? flip_perft_lines(&at->f.pos, depth, lines, n, s) : perft_lines(&at->r.pos, depth, lines, n, s);
    if (!hook.stopped)
        return JUNQI_PERFT_COUNTED;
    *nodes = 0;
    *n = 0;
    return JUNQI_PERFT_STOPPED;
}

void junqi_write_perft_json(junqi_json *j, int depth, uint64_t nodes, const junqi_perft_line *lines,
                            int n)
{
    junqi_json_begin_object(j);
    junqi_json_key(j, "depth");
    junqi_json_int(j, depth);
    junqi_json_key(j, "nodes");
    junqi_json_uint(j, nodes);
    if (lines) {
        junqi_json_key(j, "divide");
        junqi_json_begin_object(j);
        for (int i = 0; i < n; i++) {
            junqi_json_key(j, lines[i].move);
            junqi_json_uint(j, lines[i].nodes);
        }
        junqi_json_end_object(j);
    }
    junqi_json_end_object(j);
}

/* ---- go ------------------------------------------------------------------- */

/* The line of the move r chose, whose eval, winprob, spread and pv the
 * outputs give; NULL for a level's deliberate move outside the lines, which
 * no search valued (and for no move). */
static const junqi_analysis_line *chosen_line(const junqi_play_result *r)
{
    return r->line >= 0 && r->line < r->analysis.nlines ? &r->analysis.lines[r->line] : NULL;
}

int junqi_play_pv(const junqi_play_result *r, const junqi_move **pv)
{
    *pv = r->line >= 0 ? r->analysis.lines[r->line].pv : &r->move;
    return r->line >= 0 ? r->analysis.lines[r->line].pv_len : r->move.from != JUNQI_NO_POINT;
}

void junqi_write_moves_json(junqi_json *j, const junqi_board *b, const junqi_move *moves, int n)
{
    char name[8];
    junqi_json_begin_array(j);
    for (int i = 0; i < n; i++)
        junqi_json_string(j, junqi_move_name(b, moves[i], name));
    junqi_json_end_array(j);
}

static void number_or_null(junqi_json *j, bool null, double v, int decimals)
{
    if (null)
        junqi_json_null(j);
    else
        junqi_json_number(j, v, decimals);
}

static void go_lines_json(junqi_json *j, const junqi_analysis *a, const junqi_board *b)
{
    char name[8];
    junqi_json_begin_array(j);
    for (int i = 0; i < a->nlines; i++) {
        junqi_json_begin_object(j);
        junqi_json_key(j, "move");
        junqi_json_string(j, junqi_move_name(b, a->lines[i].move, name));
        junqi_json_key(j, "eval");
        junqi_json_number(j, a->lines[i].eval, 0);
        junqi_json_key(j, "winprob");
        junqi_json_number(j, a->lines[i].winprob, 3);
        junqi_json_key(j, "votes");
        junqi_json_int(j, a->lines[i].votes);
        junqi_json_key(j, "pv");
        junqi_write_moves_json(j, b, a->lines[i].pv, a->lines[i].pv_len);
        junqi_json_end_object(j);
    }
    junqi_json_end_array(j);
}

void junqi_write_go_json(junqi_json *j, const junqi_play_result *r, const junqi_level *level,
                         const junqi_position *pos)
{
    const junqi_board *b = pos->board;
    char name[8];
    const junqi_analysis *a = &r->analysis;
    const junqi_move *pv;
    int pv_len = junqi_play_pv(r, &pv);
    bool over = a->status == JUNQI_SEARCH_GAME_OVER;
    junqi_json_begin_object(j);
    junqi_json_key(j, "bestmove");
    junqi_json_string(j, pv_len ? junqi_move_name(b, r->move, name) : NULL);
    junqi_json_key(j, "result"); /* null while the game goes on */
    junqi_json_string(j, over ? junqi_result_text(&a->result, pos->present) : NULL);
    junqi_json_key(j, "reason");
    junqi_json_string(j, over && a->result.reason != JUNQI_REASON_NONE
                             ? junqi_reason_id((junqi_reason)a->result.reason) : NULL);
    const junqi_analysis_line *l = chosen_line(r);
    junqi_json_key(j, "eval"); /* the chosen move's (a->eval is the best line's) */
    number_or_null(j, !l, l ? l->eval : 0, 0);
    junqi_json_key(j, "winprob");
    number_or_null(j, !l, l ? l->winprob : 0, 3);
    junqi_json_key(j, "pv");
    junqi_write_moves_json(j, b, pv, pv_len);
    junqi_json_key(j, "depth");
    junqi_json_int(j, a->depth);
    junqi_json_key(j, "nodes");
    junqi_json_uint(j, a->nodes);
    junqi_json_key(j, "to_move");
    junqi_json_string(j, a->to_move < JUNQI_SEATS ? junqi_seat_name(a->to_move) : NULL);
    junqi_json_key(j, "view");
    junqi_json_string(j, r->view == JUNQI_VIEW_ALL ? "all" : "mover");
    junqi_json_key(j, "level");
    junqi_json_string(j, level->name);
    junqi_json_key(j, "samples");
    junqi_json_int(j, a->samples);
    junqi_json_key(j, "spread");
    number_or_null(j, !l, l ? l->spread : 0, 1);
    junqi_json_key(j, "multipv");
    go_lines_json(j, a, b);
    junqi_json_end_object(j);
}

static void moves_text(FILE *out, const junqi_board *b, const junqi_move *moves, int n)
{
    char name[8];
    for (int i = 0; i < n; i++)
        fprintf(out, " %s", junqi_move_name(b, moves[i], name));
}

void junqi_write_go_text(FILE *out, const junqi_play_result *r, const junqi_level *level,
                         const junqi_position *pos)
{
    const junqi_board *b = pos->board;
    char name[8], result[96];
    const junqi_analysis *a = &r->analysis;
    const junqi_move *pv;
    int pv_len = junqi_play_pv(r, &pv);
    if (a->status == JUNQI_SEARCH_GAME_OVER || !pv_len) {
        fputs("bestmove (none)\n", out);
        fprintf(out, _("the game is over: %s\n"), junqi_result_describe(&a->result, pos->present, result, sizeof result));
        return;
    }
    const junqi_analysis_line *l = chosen_line(r); /* its figures, not the best line's */
    fprintf(out, "bestmove %s\n", junqi_move_name(b, r->move, name));
    if (l)
        fprintf(out, "eval %.0f\nwinprob %.3f\n", l->eval, l->winprob);
    fputs("pv", out);
    moves_text(out, b, pv, pv_len);
    fprintf(out, "\ndepth %d\nnodes %llu\nlevel %s\n", a->depth, (unsigned long long)a->nodes, level->name);
    if (r->view == JUNQI_VIEW_MOVER)
        fprintf(out, "samples %d\n", a->samples);
    if (r->view == JUNQI_VIEW_MOVER && l)
        fprintf(out, "spread %.1f\n", l->spread);
    for (int i = 0; a->nlines > 1 && i < a->nlines; i++) {
        fprintf(out, "multipv %d %s eval %.0f winprob %.3f votes %d pv", i + 1,
                junqi_move_name(b, a->lines[i].move, name), a->lines[i].eval, a->lines[i].winprob,
                a->lines[i].votes);
        moves_text(out, b, a->lines[i].pv, a->lines[i].pv_len);
        fputc('\n', out);
    }
}

/* junqi_go_write() of a flip game: one search of the position as the players see it. */
static junqi_go_status flip_go_write(FILE *out, bool json, const junqi_play_request *req, const junqi_flip *pos)
{
    static _Thread_local junqi_flip_search_result res;
    static _Thread_local junqi_flip view;
    if (junqi_flip_search(pos, &req->limits, req->threads, 0.0, &res) == JUNQI_SEARCH_NO_MEMORY)
        return JUNQI_GO_NO_MEMORY;
    junqi_flip_view(&view, pos);
    if (json) {
        junqi_json j;
        junqi_json_init(&j, out);
        junqi_flip_write_go_json(&j, &view, &res, req->limits.multipv);
        fputc('\n', out);
    } else
        junqi_flip_write_go_text(out, &view, &res, req->limits.multipv);
    return JUNQI_GO_WRITTEN;
}

junqi_go_status junqi_go_status_of(const junqi_play_result *r)
{
    if (r->analysis.status != JUNQI_SEARCH_HIDDEN)
        return JUNQI_GO_WRITTEN;
    if (r->view == JUNQI_VIEW_ALL)
        return JUNQI_GO_NOT_SHOWN;
    return r->viewer == JUNQI_NO_SEAT ? JUNQI_GO_NOT_THE_MOVERS : JUNQI_GO_NO_ASSIGNMENT;
}

const char *junqi_go_status_message(junqi_go_status status, const junqi_position *pos, const char *how_mover,
                                    char *buf, size_t n)
{
    if (status == JUNQI_GO_NOT_SHOWN)
        snprintf(buf, n, _("the record does not show every piece: use %s"), how_mover);
    else if (status == JUNQI_GO_NO_ASSIGNMENT)
        snprintf(buf, n, "%s", _("no assignment of the hidden pieces agrees with the record"));
    else if (status == JUNQI_GO_NOT_THE_MOVERS) /* pos is read only here: a formation game's */
        /* TRANSLATORS: both %s are the seat to move, as the messages name a seat ("north") */
        snprintf(buf, n, _("%s is to move, and the record does not show %s's pieces: what that seat knew "
                           "is not in it"), _(junqi_seat_name(pos->to_move)), _(junqi_seat_name(pos->to_move)));
    else
        snprintf(buf, n, "%s", _("out of memory"));
    return buf;
}

junqi_go_status junqi_go_write(FILE *out, bool json, const junqi_play_request *req, const junqi_record_at *at)
{
    if (at->flip)
        return flip_go_write(out, json, req, &at->f.pos);
    junqi_play_request q = *req;
    q.pos = &at->r.pos;
    q.ply = at->moves;
    junqi_play_result *r = malloc(sizeof *r);
    if (!r || !junqi_play(&q, r)) {
        free(r);
        return JUNQI_GO_NO_MEMORY;
    }
    junqi_go_status status = junqi_go_status_of(r);
    const junqi_level *level = q.level ? q.level : junqi_level_default();
    if (status == JUNQI_GO_WRITTEN && json) {
        junqi_json j;
        junqi_json_init(&j, out);
        junqi_write_go_json(&j, r, level, &at->r.pos);
        fputc('\n', out);
    } else if (status == JUNQI_GO_WRITTEN)
        junqi_write_go_text(out, r, level, &at->r.pos);
    free(r);
    return status;
}

/* ---- string calls: arguments and output ------------------------------------ */

void junqi_free(void *p)
{
    free(p);
}

/* How the string calls name a ply in their messages: as their argument, `ply` (the
 * tools say "--ply", their option). */
#define REPORT_PLY "ply"

static void *fail(char *err, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void *fail(char *err, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (err && n)
        vsnprintf(err, n, _(fmt), ap);
    va_end(ap);
    return NULL;
}

/* A text written through a memory stream. */
typedef struct membuf {
    char *text;
    size_t len;
    FILE *fp;
    junqi_json j;
} membuf;

static bool mem_open(membuf *m, char *err, size_t n)
{
    m->text = NULL;
    m->len = 0;
    if (!(m->fp = open_memstream(&m->text, &m->len)))
        return fail(err, n, "out of memory") != NULL;
    junqi_json_init(&m->j, m->fp);
    return true;
}

/* Finish the text: it, or NULL (and nothing kept) when !ok or writing failed. */
static char *mem_close(membuf *m, bool ok, char *err, size_t n)
{
    if (ferror(m->fp))
        ok = !fail(err, n, "out of memory");
    if (fclose(m->fp) != 0 && ok)
        ok = !fail(err, n, "out of memory");
    if (!ok) {
        free(m->text);
        return NULL;
    }
    return m->text;
}

/* NULL or "all": every seat's information (JUNQI_NO_SEAT); else a seat of
 * game g (one that takes no part has no view of it, and a seat's record is
 * shown from that seat only: junqi_record_check_view, as the tools' --view). */
static bool parse_view(const junqi_game *g, const char *view, int *seat, char *err, size_t n)
{
    *seat = JUNQI_NO_SEAT;
    if (!view || strcmp(view, "all") == 0)
        return true;
    if ((*seat = junqi_seat_parse(view)) == JUNQI_NO_SEAT)
        return fail(err, n, "unknown view '%s' (all, north, east, south or west)", view) != NULL;
    return junqi_game_check_seat(g, *seat, "view", err, n) && junqi_record_check_view(g, *seat, "view", err, n);
}

/* A rule string (rules.h); NULL: the record's own rule set. */
static bool parse_rules(const char *text, const junqi_rules **rules, char *err, size_t n)
{
    *rules = NULL;
    return !text || junqi_rules_parse(text, JUNQI_RULES_ANY_BOARD, rules, err, n);
}

/* How the calls here name rule set r (NULL: none) in a sentence: "rule set 'qq'". */
static const char *rules_who(const junqi_rules *r, char *who, size_t n)
{
    snprintf(who, n, _("rule set '%s'"), r ? r->text : "");
    return who;
}

/* Whether rule set r (NULL: the record's own) can replay record g; the
 * reason in err when not. The tools call such a --rules a usage error
 * (cli.h, junqi_cli_apply_rules), so every call here refuses it too, rather
 * than answer under rules that do not fit (a diagnostic, positions). */
static bool rules_fit(const junqi_game *g, const junqi_rules *r, char *err, size_t n)
{
    char who[512];
    return junqi_game_check_rules(g, r, rules_who(r, who, sizeof who), err, err ? n : 0);
}

/* ... for record g: a rule set that does not fit it is refused. */
static bool parse_record_rules(const junqi_game *g, const char *text, const junqi_rules **rules,
                               char *err, size_t n)
{
    return parse_rules(text, rules, err, n) && rules_fit(g, *rules, err, n);
}


/* ---- string calls: records --------------------------------------------------- */

/* g settled and, for a seat, turned into its view: a copy, or NULL on OOM. */
static junqi_game *settled_copy(const junqi_game *g, int seat)
{
    junqi_game *c = junqi_game_copy(g);
    if (!c)
        return NULL;
    junqi_game_settle(c);
    if (seat != JUNQI_NO_SEAT)
        junqi_game_to_view(c, (junqi_seat)seat);
    return c;
}

static bool record_json(junqi_json *j, const junqi_game *g, int seat)
{
    junqi_game *c = settled_copy(g, seat);
    if (c)
        junqi_write_game_json(j, c);
    junqi_game_free(c);
    return c != NULL;
}

char *junqi_report_record(const junqi_game *g, const char *view, char *err, size_t n)
{
    int seat;
    membuf m;
    if (!parse_view(g, view, &seat, err, n) || !mem_open(&m, err, n))
        return NULL;
    bool ok = record_json(&m.j, g, seat) || fail(err, n, "out of memory");
    return mem_close(&m, ok, err, n);
}

char *junqi_report_jgn(const junqi_game *g, const char *view, char *err, size_t n)
{
    int seat;
    if (!parse_view(g, view, &seat, err, n))
        return NULL;
    junqi_game *c = settled_copy(g, seat);
    char *text = c ? junqi_jgn_to_string(c) : NULL;
    junqi_game_free(c);
    return text ? text : fail(err, n, "out of memory");
}

static void diags_json(junqi_json *j, const char *file, const junqi_diags *d)
{
    junqi_json_begin_array(j);
    for (size_t i = 0; i < d->n; i++)
        junqi_write_diag_json(j, file, &d->items[i]);
    junqi_json_end_array(j);
}

static void formation_json(junqi_json *j, const junqi_formation *f)
{
    char layout[JUNQI_SETUP_TEXT];
    junqi_setup_format(f->setup, layout);
    junqi_json_begin_object(j);
    junqi_json_key(j, "name");
    junqi_json_string(j, f->name);
    junqi_json_key(j, "board");
    junqi_json_string(j, f->has_board ? junqi_board_kind_name(f->board) : NULL);
    junqi_json_key(j, "setup");
    junqi_json_string(j, layout);
    junqi_json_end_object(j);
}

/* The item object of junqi_report_next(). False when out of memory. */
static bool item_json(junqi_json *j, const junqi_input *in, const junqi_diags *d)
{
    static const char *const types[] = {[JUNQI_INPUT_UNKNOWN] = "error", [JUNQI_INPUT_RECORD] = "record",
                                        [JUNQI_INPUT_FORMATION] = "formation", [JUNQI_INPUT_EMPTY] = "empty"};
    junqi_json_begin_object(j);
    junqi_json_key(j, "type");
    junqi_json_string(j, types[in->kind]);
    junqi_json_key(j, "source");
    junqi_json_string(j, in->name);
    junqi_json_key(j, "game");
    junqi_json_uint(j, in->index);
    junqi_json_key(j, "diagnostics");
    diags_json(j, in->name, d);
    bool ok = true;
    if (in->kind == JUNQI_INPUT_RECORD) {
        junqi_json_key(j, "record");
        ok = record_json(j, in->game, JUNQI_NO_SEAT);
    } else if (in->kind == JUNQI_INPUT_FORMATION) {
        junqi_json_key(j, "formation");
        formation_json(j, &in->formation);
    }
    junqi_json_end_object(j);
    return ok;
}

/* Whether rules r fit the record or formation of item in (any other item:
 * yes); when not, err names the item and why, as junqi-validate's usage
 * error does (a four-player formation under 'standard' was valid). */
static bool item_rules_fit(const junqi_input *in, const junqi_rules *r, char *err, size_t n)
{
    char why[640], who[512], label[JUNQI_INPUT_LABEL_SIZE];
    const char *named = rules_who(r, who, sizeof who);
    bool fits = in->kind == JUNQI_INPUT_FORMATION ? junqi_formation_check_rules(&in->formation, r, named, why, sizeof why)
                : in->kind == JUNQI_INPUT_RECORD    ? rules_fit(in->game, r, why, sizeof why)
                                                    : true;
    if (fits)
        return true;
    if (err && n)
        snprintf(err, n, "%s: %s", junqi_input_label(in, label, sizeof label), why);
    return false;
}

/* Whether rules r (NULL: none) fit the record of item in, which then plays
 * under them (junqi_game_set_rules), as a tool's --rules applies to every
 * record it reads; err as item_rules_fit() says it when not. */
static bool item_take_rules(junqi_input *in, const junqi_rules *r, char *err, size_t n)
{
    if (!item_rules_fit(in, r, err, n))
        return false;
    if (r && in->kind == JUNQI_INPUT_RECORD && in->game)
        junqi_game_set_rules(in->game, r); /* cannot fail: item_rules_fit() checked what it checks */
    return true;
}

char *junqi_report_next(junqi_source *src, junqi_game **game, char *err, size_t n)
{
    return junqi_report_next_rules(src, NULL, game, err, n);
}

char *junqi_report_next_rules(junqi_source *src, const char *rules, junqi_game **game, char *err, size_t n)
{
    *game = NULL;
    if (err && n)
        err[0] = '\0';
    const junqi_rules *r;
    if (!parse_rules(rules, &r, err, n))
        return NULL;
    if (r) /* a record that states no board is on rules' board, as the tools' --rules reads it */
        junqi_source_assume_rules(src, r);
    junqi_input in;
    junqi_diags d;
    junqi_diags_init(&d);
    char *text = NULL;
    membuf m;
    junqi_read_status rc = junqi_source_next(src, &in, &d);
    if (rc != JUNQI_READ_END && !in.name)
        fail(err, n, "out of memory");
    else if (rc != JUNQI_READ_END && item_take_rules(&in, r, err, n) && mem_open(&m, err, n)) {
        bool ok = item_json(&m.j, &in, &d) || fail(err, n, "out of memory");
        if ((text = mem_close(&m, ok, err, n)))
            *game = in.game, in.game = NULL;
    }
    junqi_input_free(&in);
    junqi_diags_free(&d);
    return text;
}

junqi_game *junqi_report_read_jgn(const char *jgn, size_t len, const char *source, size_t index, char *err,
                                  size_t n)
{
    if (err && n)
        err[0] = '\0';
    junqi_source *src = junqi_source_memory(jgn, len, source, 0);
    if (!src)
        return fail(err, n, "out of memory");
    junqi_input in;
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_game *g = NULL;
    junqi_read_status rc = junqi_source_next(src, &in, &d);
    if (rc == JUNQI_READ_OK && in.kind == JUNQI_INPUT_RECORD && in.game) {
        g = in.game, in.game = NULL;
        g->source_index = index;
    } else {
        const junqi_diag *first = NULL;
        for (size_t i = 0; i < d.n && !first; i++)
            first = d.items[i].severity == JUNQI_SEV_ERROR && d.items[i].message ? &d.items[i] : NULL;
        fail(err, n, "%s: %s", junqi_source_name(src), first ? first->message : _("the input holds no record"));
    }
    if (rc != JUNQI_READ_END)
        junqi_input_free(&in);
    junqi_diags_free(&d);
    junqi_source_close(src);
    return g;
}

/* An item's diagnostics and summary, one JSON object per line. */
static void check_lines(FILE *out, junqi_json *j, const junqi_source *src, const junqi_input *in,
                        const junqi_rules *rules, junqi_diags *d)
{
    junqi_summary s;
    junqi_check_item(src, in, rules, d, &s);
    for (size_t i = 0; i < d->n; i++) {
        junqi_json_init(j, out); /* a new document on each line */
        junqi_write_diag_json(j, in->name, &d->items[i]);
        fputc('\n', out);
    }
    junqi_json_init(j, out);
    junqi_write_summary_json(j, &s);
    fputc('\n', out);
}

char *junqi_report_validate(junqi_source *src, const char *rules, char *err, size_t n)
{
    const junqi_rules *r;
    membuf m;
    if (!parse_rules(rules, &r, err, n) || !mem_open(&m, err, n))
        return NULL;
    if (r) /* a record that states no board is on rules' board, as junqi-validate --rules reads it */
        junqi_source_assume_rules(src, r);
    bool ok = true;
    for (;;) {
        junqi_input in;
        junqi_diags d;
        junqi_diags_init(&d);
        junqi_read_status rc = junqi_source_next(src, &in, &d);
        ok = rc == JUNQI_READ_END || item_rules_fit(&in, r, err, n);
        if (rc != JUNQI_READ_END && ok)
            check_lines(m.fp, &m.j, src, &in, r, &d);
        junqi_diags_free(&d);
        junqi_input_free(&in);
        if (!ok || rc == JUNQI_READ_END || rc == JUNQI_READ_FAILED)
            break;
    }
    return mem_close(&m, ok, err, n);
}

/* Record g as an input item of junqi_check_item (it is only read). */
static junqi_input record_input(const junqi_game *g)
{
    return (junqi_input){.name = (char *)(g->source ? g->source : "<record>"), .index = g->source_index,
                         .kind = JUNQI_INPUT_RECORD, .game = (junqi_game *)g};
}

/* The plies of g under r; unless lenient, stopped before its first illegal
 * move, after which its positions never happened (docs/conventions.md). */
static junqi_plies legal_plies(const junqi_game *g, const junqi_rules *r, bool lenient)
{
    junqi_plies p = junqi_record_plies(g, r);
    if (lenient)
        return p;
    junqi_input in = record_input(g);
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_summary s;
    junqi_check_item(NULL, &in, r, &d, &s);
    junqi_diags_free(&d);
    junqi_plies_stop(&p, s.illegal);
    return p;
}

char *junqi_report_check(const junqi_game *g, const char *rules, char *err, size_t n)
{
    const junqi_rules *r;
    membuf m;
    if (!parse_record_rules(g, rules, &r, err, n) || !mem_open(&m, err, n))
        return NULL;
    junqi_input in = record_input(g);
    junqi_diags d;
    junqi_diags_init(&d);
    check_lines(m.fp, &m.j, NULL, &in, r, &d);
    junqi_diags_free(&d);
    return mem_close(&m, true, err, n);
}

/* ---- string calls: positions ------------------------------------------------ */

typedef struct positions_job {
    FILE *out;
    junqi_json *j;
    bool notation;
    bool oom;
} positions_job;

/* Write one line of notation text (NULL: out of memory). */
static void notation_line(positions_job *job, char *text)
{
    job->oom |= !text;
    fputs(text ? text : "", job->out);
    free(text);
}

static void write_one_position(void *ctx, const junqi_replay *r, const junqi_position *pos, bool last)
{
    (void)last;
    positions_job *job = ctx;
    if (!job->notation) {
        junqi_json_init(job->j, job->out); /* a new document on each line */
        junqi_write_record_position_json(job->j, r->game->source, r->game->source_index, pos, pos->moves);
    } else
        notation_line(job, junqi_pos_format(pos));
    fputc('\n', job->out);
}

static void write_one_flip_position(void *ctx, const junqi_flip_replay *r, const junqi_flip *pos, bool last)
{
    (void)last;
    positions_job *job = ctx;
    if (!job->notation) {
        junqi_json_init(job->j, job->out);
        junqi_flip_write_record_position_json(job->j, r->game->source, r->game->source_index, pos);
    } else
        notation_line(job, junqi_flip_pos_format(pos));
    fputc('\n', job->out);
}

static char *positions(const junqi_game *g, long ply, const char *view, const char *rules, bool lenient,
                       bool notation, char *err, size_t n)
{
    int seat;
    const junqi_rules *r;
    membuf m;
    if (!parse_view(g, view, &seat, err, n) || !parse_record_rules(g, rules, &r, err, n))
        return NULL;
    junqi_plies p = legal_plies(g, r, lenient);
    if ((ply != JUNQI_REPORT_ALL && !junqi_record_check_ply(g, &p, ply, REPORT_PLY, err, n)) || !mem_open(&m, err, n))
        return NULL;
    positions_job job = {m.fp, &m.j, notation, false};
    bool ok = junqi_rules_flip(g->rules)
                  ? junqi_flip_replay_each(g, r, ply, seat, &p, write_one_flip_position, &job) ||
                        fail(err, n, "the flip record cannot be replayed (junqi-validate says why)")
                  : junqi_replay_each(g, r, ply, seat, &p, write_one_position, &job) ||
                        fail(err, n, "the record cannot be replayed: a seat has no arm on its board "
                                     "(junqi-validate says more)");
    if (job.oom)
        ok = !fail(err, n, "out of memory");
    return mem_close(&m, ok, err, n);
}

char *junqi_report_positions(const junqi_game *g, long ply, const char *view, const char *rules, bool lenient,
                             char *err, size_t n)
{
    return positions(g, ply, view, rules, lenient, false, err, n);
}

char *junqi_report_notation(const junqi_game *g, long ply, const char *view, const char *rules, bool lenient,
                            char *err, size_t n)
{
    return positions(g, ply, view, rules, lenient, true, err, n);
}

/* The position of g that junqi-analyze searches at ply `ply` of its plies
 * (legal_plies; -1: the end), replayed into *at. */
static bool locate(junqi_record_at *at, const junqi_game *g, const junqi_rules *rules, long ply, bool lenient,
                   char *err, size_t n)
{
    junqi_plies p = legal_plies(g, rules, lenient);
    if (!junqi_record_check_ply(g, &p, ply, REPORT_PLY, err, n))
        return false;
    if (junqi_record_locate(g, rules, &p, ply, at))
        return true;
    if (junqi_rules_flip(g->rules))
        return fail(err, n, "the flip record cannot be replayed (junqi-validate says why)") != NULL;
    return fail(err, n, "the record cannot be replayed (junqi-validate says why)") != NULL;
}

/* A perft count as its JSON line (junqi_write_perft_json). */
static char *perft_text(int depth, uint64_t total, const junqi_perft_line *lines, int count, char *err, size_t n)
{
    membuf m;
    if (!mem_open(&m, err, n))
        return NULL;
    junqi_write_perft_json(&m.j, depth, total, lines, count);
    fputc('\n', m.fp);
    return mem_close(&m, true, err, n);
}

/* perft of the located position as its JSON line, or NULL when it cannot be counted or stop (NULL: none)
 * ended the count (err says why). */
static char *perft_at(junqi_record_at *at, int depth, bool divide, junqi_stop *stop, char *err, size_t n)
{
    static _Thread_local junqi_perft_line lines[JUNQI_PERFT_LINES];
    int count;
    uint64_t total;
    junqi_perft_status status = junqi_record_perft_stoppable(at, depth, divide ? lines : NULL, &count, &total, stop);
    if (status == JUNQI_PERFT_NO_DEAL)
        return fail(err, n, "perft needs the identities of the face-down pieces, and they are unknown here: a record "
                            "without a Deal, or a position of the players' view (# or *?)");
    if (status == JUNQI_PERFT_INCOMPLETE)
        return fail(err, n, "perft needs a complete position, and this one has pieces of unknown kind (a seat's "
                            "view of a dark game)");
    if (status == JUNQI_PERFT_STOPPED)
        return fail(err, n, "perft stopped before the end of its count");
    return perft_text(depth, total, divide ? lines : NULL, count, err, n);
}

char *junqi_report_perft(const junqi_game *g, long ply, const char *rules, bool lenient, int depth, bool divide,
                         char *err, size_t n)
{
    return junqi_report_perft_stoppable(g, ply, rules, lenient, depth, divide, NULL, err, n);
}

char *junqi_report_perft_stoppable(const junqi_game *g, long ply, const char *rules, bool lenient, int depth,
                                   bool divide, junqi_stop *stop, char *err, size_t n)
{
    static _Thread_local junqi_record_at at;
    const junqi_rules *r;
    if (depth < 0 || depth > 64)
        return fail(err, n, "perft takes a depth from 0 to 64, not %d", depth);
    if (!parse_record_rules(g, rules, &r, err, n) || !locate(&at, g, r, ply, lenient, err, n))
        return NULL;
    return perft_at(&at, depth, divide, stop, err, n);
}

/* The request of a go call from its plain arguments, or false (err says why);
 * *given: which of those that play formation games only were given
 * (JUNQI_GO_GIVEN_*), for junqi_go_check_flip(). */
static bool go_request(junqi_play_request *req, unsigned *given, const char *level, const char *view,
                       int samples, uint64_t seed, int depth, uint64_t nodes, int movetime, int multipv,
                       int threads, char *err, size_t n)
{
    bool seeded = seed != JUNQI_REPORT_NO_SEED;
    *given = (level ? JUNQI_GO_GIVEN_LEVEL : 0u) | (view ? JUNQI_GO_GIVEN_VIEW : 0u) |
             (samples ? JUNQI_GO_GIVEN_SAMPLES : 0u) | (seeded ? JUNQI_GO_GIVEN_SEED : 0u);
    req->view = -1;
    req->samples = samples;
    req->seed = seeded ? seed : 0;
    req->threads = threads;
    req->limits.depth = depth;
    req->limits.nodes = nodes;
    req->limits.movetime = movetime;
    req->limits.multipv = multipv;
    if (level && !(req->level = junqi_level_get(level)))
        return fail(err, n, "unknown level '%s' (known: %s)", level, junqi_level_names()) != NULL;
    if (view && strcmp(view, "all") != 0 && strcmp(view, "mover") != 0)
        return fail(err, n, "view takes all or mover, not '%s'", view) != NULL;
    if (view)
        req->view = strcmp(view, "all") == 0 ? JUNQI_VIEW_ALL : JUNQI_VIEW_MOVER;
    if (samples < 0 || samples > JUNQI_MAX_SAMPLES)
        return fail(err, n, "samples takes 0 to %d (0: the level's), not %d", JUNQI_MAX_SAMPLES, samples) != NULL;
    if (seeded && seed > (uint64_t)JUNQI_MAX_SEED) /* the tools' and the protocol's ranges (play.h) */
        return fail(err, n, "seed takes 0 to %ld, not %llu", JUNQI_MAX_SEED, (unsigned long long)seed) != NULL;
    if (req->view == JUNQI_VIEW_ALL && (samples || seeded)) /* as junqi-analyze's --view all (--seed 0 too) */
        return fail(err, n, "samples and seed belong to view mover (view all searches one position)") != NULL;
    if (depth < 0 || depth > JUNQI_MAX_PLY - 1) /* one message per argument: the caller learns which */
        return fail(err, n, "depth takes 0 to %d (0: none), not %d", JUNQI_MAX_PLY - 1, depth) != NULL;
    if (nodes > (uint64_t)JUNQI_MAX_NODES)
        return fail(err, n, "nodes takes 0 to %lld (0: none), not %llu", (long long)JUNQI_MAX_NODES,
                    (unsigned long long)nodes) != NULL;
    if (multipv < 0 || multipv > JUNQI_MAX_MULTIPV)
        return fail(err, n, "multipv takes 0 to %d (0: none), not %d", JUNQI_MAX_MULTIPV, multipv) != NULL;
    if (movetime < 0 || movetime > JUNQI_MAX_MOVETIME)
        return fail(err, n, "movetime takes 0 to %d milliseconds (0: none), not %d", JUNQI_MAX_MOVETIME,
                    movetime) != NULL;
    if (threads < 1 || threads > 64)
        return fail(err, n, "threads takes 1 to 64, not %d", threads) != NULL;
    return true;
}

bool junqi_go_check_flip(unsigned given, char *err, size_t n)
{
    static const char *const names[] = {"level", "view", "samples", "seed"}; /* the JUNQI_GO_GIVEN_* bits */
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
        if (given & (1u << i)) {
            /* TRANSLATORS: %s is level, view, samples or seed, the Python binding's go() arguments */
            if (err && n)
                snprintf(err, n, _("%s plays formation games; a flip game takes nodes, depth or movetime"),
                         names[i]);
            return false;
        }
    return true;
}

char *junqi_report_go(const junqi_game *g, long ply, const char *rules, bool lenient, const char *level,
                      const char *view, int samples, uint64_t seed, int depth, uint64_t nodes,
                      int movetime, int multipv, int threads, char *err, size_t n)
{
    return junqi_report_go_stoppable(g, ply, rules, lenient, level, view, samples, seed, depth, nodes, movetime,
                                     multipv, threads, NULL, err, n);
}

char *junqi_report_go_stoppable(const junqi_game *g, long ply, const char *rules, bool lenient, const char *level,
                                const char *view, int samples, uint64_t seed, int depth, uint64_t nodes,
                                int movetime, int multipv, int threads, junqi_stop *stop, char *err, size_t n)
{
    static _Thread_local junqi_record_at at;
    junqi_play_request req = {.game = g};
    unsigned given;
    if (!parse_record_rules(g, rules, &req.rules, err, n) ||
        !go_request(&req, &given, level, view, samples, seed, depth, nodes, movetime, multipv, threads, err, n))
        return NULL;
    if (stop) {
        req.limits.stop = junqi_stop_requested;
        req.limits.ctx = stop;
    }
    if (junqi_rules_flip(g->rules) && !junqi_go_check_flip(given, err, n))
        return NULL;
    membuf m;
    if (!locate(&at, g, req.rules, ply, lenient, err, n) || !mem_open(&m, err, n))
        return NULL;
    junqi_go_status status = junqi_go_write(m.fp, true, &req, &at);
    if (status != JUNQI_GO_WRITTEN && err && n)
        junqi_go_status_message(status, &at.r.pos, "view mover", err, n);
    return mem_close(&m, status == JUNQI_GO_WRITTEN, err, n);
}
