/* SPDX-License-Identifier: MIT */
/*
 * play.c - play levels and the move choice. See play.h; the levels'
 * figures are in docs/protocol.md ("Levels").
 */
#include "play.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "i18n.h"
#include "infer.h"
#include "movegen.h"

/* The levels, weakest first (docs/protocol.md, "Levels", gives the matches
 * that rank them). Strength grows slowly with the budget in dark games (about
 * 30 Elo per doubling of nodes and samples together, measured at small
 * budgets), so the levels' budgets are far apart: easy's a few milliseconds
 * per move, expert's twenty times normal's. */
static const junqi_level levels[] = {
    {"easy", 3000, 3, 4, 150, 100, 100, 100, 100},
    {"normal", 20000, 6, 1, 0, 0, 100, 100, 100},
    {"default", JUNQI_DEFAULT_NODES, JUNQI_DEFAULT_SAMPLES, 1, 0, 0, 100, 100, 100},
    {"expert", 150000, 16, 1, 0, 0, 200, 125, 125},
};

const junqi_level *junqi_level_get(const char *name)
{
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++)
        if (strcmp(levels[i].name, name) == 0)
            return &levels[i];
    return NULL;
}

const junqi_level *junqi_level_default(void)
{
    return &levels[2];
}

const char *junqi_level_names(void)
{
    static _Thread_local char list[64];
    const char *names[sizeof levels / sizeof levels[0]];
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++)
        names[i] = levels[i].name;
    return junqi_i18n_alternatives(list, sizeof list, names, sizeof levels / sizeof levels[0]);
}

/* pct percent of v, rounded to the nearest (the fitted weights include
 * small ones, which truncation would leave unchanged at 125 %). */
static int16_t percent(int16_t v, int pct)
{
    return (int16_t)lround(v * pct / 100.0);
}

void junqi_level_weights(const junqi_level *level, junqi_eval_weights *w)
{
    *w = junqi_eval_default_weights;
    w->gate_landmine = percent(w->gate_landmine, level->mine_guard_pct);
    for (int k = 0; k < JUNQI_PIECE_KINDS; k++)
        w->defence[k] = percent(w->defence[k], level->defence_pct);
    w->advance = percent(w->advance, level->advance_pct);
}

junqi_view_mode junqi_play_default_view(const junqi_game *g)
{
    return g->info == JUNQI_OPEN && g->view == JUNQI_NO_SEAT ? JUNQI_VIEW_ALL : JUNQI_VIEW_MOVER;
}

/* ---- the level's choice ------------------------------------------------- */

/* splitmix64: the next number of the stream *state. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* A uniform number in [0, 1). */
static double next_unit(uint64_t *state)
{
    return (double)(next_random(state) >> 11) * (1.0 / 9007199254740992.0);
}

/* A line drawn with weight exp((eval - best eval) / temperature). */
static int loose_line(const junqi_analysis *a, int temperature, uint64_t *rng)
{
    double w[JUNQI_MAX_MULTIPV], total = 0, best = a->lines[0].eval;
    for (int i = 1; i < a->nlines; i++)
        if (a->lines[i].eval > best)
            best = a->lines[i].eval;
    for (int i = 0; i < a->nlines; i++)
        total += w[i] = exp((a->lines[i].eval - best) / temperature);
    double x = next_unit(rng) * total;
    for (int i = 0; i < a->nlines; i++)
        if ((x -= w[i]) < 0)
            return i;
    return 0;
}

/* The level's move from the analysis of pos; sets out->move and out->line. */
static void choose(const junqi_level *lv, const junqi_position *pos, uint64_t seed,
                   junqi_play_result *out)
{
    const junqi_analysis *a = &out->analysis;
    out->move = (junqi_move){JUNQI_NO_POINT, JUNQI_NO_POINT};
    out->line = -1;
    if (a->status != JUNQI_SEARCH_OK || a->nlines == 0)
        return;
    uint64_t rng = seed ^ (pos->hash + pos->moves) ^ 0x504C4159ull; /* "PLAY" */
    junqi_move moves[JUNQI_MAX_MOVES];
    if (lv->blunder_permille > 0 && next_random(&rng) % 1000 < (uint64_t)lv->blunder_permille &&
        pos->to_move == a->to_move) {
        int n = junqi_generate_moves(pos, moves);
        if (n > 0) {
            out->move = moves[next_random(&rng) % (uint64_t)n];
            for (int i = 0; i < a->nlines; i++)
                if (a->lines[i].move.from == out->move.from && a->lines[i].move.to == out->move.to)
                    out->line = i;
            return;
        }
    }
    out->line = lv->temperature > 0 ? loose_line(a, lv->temperature, &rng) : 0;
    out->move = a->lines[out->line].move;
}

/* ---- one request -------------------------------------------------------- */

/* The request's search limits with the level's budget and style filled in. */
static junqi_search_limits level_limits(const junqi_play_request *req, const junqi_level *lv,
                                        const junqi_eval_weights *style)
{
    junqi_search_limits l = req->limits;
    if (!l.depth && !l.nodes && !l.movetime)
        l.nodes = lv->nodes;
    if (l.multipv < lv->multipv)
        l.multipv = lv->multipv;
    if (!l.weights)
        l.weights = style;
    return l;
}

/* Whether req->known is the knowledge that view mover needs for `viewer`:
 * what junqi_infer_replay() of req->game to req->pos for that seat under the
 * game's mode, then junqi_infer_solve(), gives. */
static bool known_fits(const junqi_play_request *req, int viewer)
{
    const junqi_infer *k = req->known;
    return k && k->viewer == viewer && k->mode == req->game->info && k->rules == req->pos->rules &&
           k->board == req->pos->board && k->ply == req->pos->moves;
}

/* The viewer's knowledge at req->pos, solved: req->known when it fits, else
 * inferred into a new *made (freed by the caller). NULL when out of memory. */
static const junqi_infer *knowledge(const junqi_play_request *req, int viewer, junqi_infer **made)
{
    *made = NULL;
    if (known_fits(req, viewer))
        return req->known;
    if (!(*made = malloc(sizeof **made)))
        return NULL;
    junqi_infer_replay(*made, req->game, req->rules, req->ply, viewer, req->game->info, NULL);
    junqi_infer_solve(*made, false);
    return *made;
}

bool junqi_play(const junqi_play_request *req, junqi_play_result *out)
{
    const junqi_level *lv = req->level ? req->level : junqi_level_default();
    junqi_eval_weights style;
    junqi_level_weights(lv, &style);
    memset(out, 0, sizeof *out);
    out->view = req->view >= 0 ? (junqi_view_mode)req->view : junqi_play_default_view(req->game);
    out->viewer = JUNQI_NO_SEAT;
    junqi_analysis_request ar = {.pos = req->pos, .view = out->view,
                                 .samples = req->samples ? req->samples : lv->samples, .seed = req->seed,
                                 .limits = level_limits(req, lv, &style), .played = {JUNQI_NO_POINT, JUNQI_NO_POINT}};
    junqi_infer *inf = NULL;
    if (junqi_position_over(req->pos))
        ar.view = JUNQI_VIEW_ALL; /* nothing to sample: the result is the game's */
    else if (out->view == JUNQI_VIEW_MOVER) {
        if (!junqi_position_shows(req->pos, JUNQI_SEAT_BIT(req->pos->to_move))) {
            out->analysis.status = JUNQI_SEARCH_HIDDEN; /* not what the mover knew: see play.h */
            choose(lv, req->pos, req->seed, out);
            return true;
        }
        out->viewer = req->pos->to_move;
        if (!(ar.infer = knowledge(req, out->viewer, &inf)))
            return false;
    }
    bool ok = junqi_analyze_many(&ar, 1, req->threads, &out->analysis);
    free(inf);
    if (ok)
        choose(lv, req->pos, req->seed, out);
    return ok;
}
