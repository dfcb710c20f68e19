/* SPDX-License-Identifier: MIT */
/*
 * analysis.c - sampling, searching and aggregating. See analysis.h.
 */
#include "analysis.h"

#include <stdlib.h>
#include <string.h>

/* Where a request's searches are in the flat job list. */
typedef struct plan {
    int first;    /* index of its first sample */
    int samples;  /* samples (jobs with the full root) */
    bool played;  /* the move played is judged too (phase 2) */
    junqi_search_status status;
} plan;

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Is the position searched as it is (view all, no knowledge given, or a
 * finished game, which leaves nothing hidden to judge) rather than sampled? */
static bool as_is(const junqi_analysis_request *r)
{
    return r->view == JUNQI_VIEW_ALL || !r->infer || junqi_position_over(r->pos);
}

static int sample_count(const junqi_analysis_request *r)
{
    if (as_is(r))
        return 1;
    if (r->samples <= 0)
        return JUNQI_DEFAULT_SAMPLES;
    return r->samples < JUNQI_MAX_SAMPLES ? r->samples : JUNQI_MAX_SAMPLES;
}

static bool played_is_legal(const junqi_analysis_request *r)
{
    return r->played.from != JUNQI_NO_POINT &&
           junqi_check_move(r->pos, r->played, NULL) == JUNQI_LEGAL;
}

/* Fill positions[0..p->samples) with the request's samples. */
static junqi_search_status make_samples(const junqi_analysis_request *r, const plan *p,
                                        junqi_position *positions)
{
    if (as_is(r)) {
        positions[0] = *r->pos;
        return JUNQI_SEARCH_OK;
    }
    uint64_t rng = mix64(r->seed ^ mix64(r->pos->hash + r->pos->moves));
    uint8_t kinds[JUNQI_INFER_MAX_PIECES];
    for (int j = 0; j < p->samples; j++) {
        if (!junqi_infer_sample(r->infer, &rng, kinds))
            return JUNQI_SEARCH_HIDDEN;
        junqi_infer_place(r->infer, kinds, r->pos, &positions[j]);
    }
    return JUNQI_SEARCH_OK;
}

/* The mean of x[0..n) and the mean absolute deviation from it. */
static void mean_spread(const double *x, int n, double *mean, double *spread)
{
    double sum = 0, dev = 0;
    for (int i = 0; i < n; i++)
        sum += x[i];
    *mean = n ? sum / n : 0;
    for (int i = 0; i < n; i++)
        dev += x[i] > *mean ? x[i] - *mean : *mean - x[i];
    *spread = n ? dev / n : 0;
}

/* Add sample line l (rank `rank` in its sample) to the candidate lines. */
static void count_line(junqi_analysis_line *c, int *nc, int max, const junqi_search_line *l,
                       int rank)
{
    int i = 0;
    while (i < *nc && !(c[i].move.from == l->pv[0].from && c[i].move.to == l->pv[0].to))
        i++;
    if (i == *nc) {
        if (*nc == max)
            return;
        memset(&c[i], 0, sizeof c[i]);
        c[i].move = l->pv[0];
        c[i].pv_len = l->pv_len;
        memcpy(c[i].pv, l->pv, (size_t)l->pv_len * sizeof l->pv[0]);
        (*nc)++;
    }
    c[i].votes += rank == 0;
    c[i].listed++;
    c[i].eval += l->score;
    c[i].winprob += junqi_eval_winprob(l->score);
}

/* More votes, then more listings, then a higher mean; else first seen. */
static bool line_before(const junqi_analysis_line *a, const junqi_analysis_line *b)
{
    if (a->votes != b->votes)
        return a->votes > b->votes;
    if (a->listed != b->listed)
        return a->listed > b->listed;
    return a->eval > b->eval;
}

static void rank_lines(junqi_analysis *out, const junqi_search_result *res, int k, int want)
{
    enum { MAX_CANDIDATES = JUNQI_MAX_SAMPLES * JUNQI_MAX_MULTIPV };
    static _Thread_local junqi_analysis_line cand[MAX_CANDIDATES];
    int nc = 0;
    for (int j = 0; j < k; j++)
        for (int l = 0; l < res[j].nlines; l++)
            count_line(cand, &nc, MAX_CANDIDATES, &res[j].lines[l], l);
    for (int i = 0; i < nc; i++) {
        cand[i].eval /= cand[i].listed;
        cand[i].winprob /= cand[i].listed;
    }
    for (int i = 1; i < nc; i++) { /* stable insertion sort: ties keep first-seen order */
        junqi_analysis_line x = cand[i];
        int j = i;
        for (; j > 0 && line_before(&x, &cand[j - 1]); j--)
            cand[j] = cand[j - 1];
        cand[j] = x;
    }
    out->nlines = nc < want ? nc : want;
    memcpy(out->lines, cand, (size_t)out->nlines * sizeof cand[0]);
}

/* Summarise k searches (their scores) into mean, spread and win probability. */
static void summarise(const junqi_search_result *res, int k, double *eval, double *spread,
                      double *winprob)
{
    double x[JUNQI_MAX_SAMPLES], w = 0;
    for (int j = 0; j < k; j++) {
        x[j] = res[j].score;
        w += junqi_eval_winprob(res[j].score);
    }
    mean_spread(x, k, eval, spread);
    *winprob = k ? w / k : 0.5;
}

static void aggregate(const junqi_analysis_request *r, const plan *p,
                      const junqi_search_result *best, const junqi_search_result *after,
                      junqi_analysis *out)
{
    memset(out, 0, sizeof *out);
    out->status = p->status;
    if (p->status == JUNQI_SEARCH_OK)
        out->status = best[0].status;
    out->to_move = best[0].to_move;
    out->side = best[0].side;
    if (p->status != JUNQI_SEARCH_OK) {
        out->to_move = r->pos->to_move;
        out->side = r->pos->to_move < JUNQI_SEATS ? r->pos->side[r->pos->to_move] : 0;
    }
    out->samples = p->samples;
    out->depth = JUNQI_MAX_PLY;
    for (int j = 0; j < p->samples; j++) {
        out->nodes += best[j].nodes + (p->played ? after[j].nodes : 0);
        if (best[j].depth < out->depth)
            out->depth = best[j].depth;
        if (p->played && after[j].depth < out->depth)
            out->depth = after[j].depth;
    }
    if (out->status != JUNQI_SEARCH_OK) {
        out->depth = 0;
        out->eval = best[0].score;
        out->winprob = junqi_eval_winprob(best[0].score);
        out->result = best[0].result;
        return;
    }
    summarise(best, p->samples, &out->eval, &out->spread, &out->winprob);
    int want = r->limits.multipv > 0 ? r->limits.multipv : 1;
    rank_lines(out, best, p->samples, want < JUNQI_MAX_MULTIPV ? want : JUNQI_MAX_MULTIPV);
    out->has_played = p->played;
    if (p->played)
        summarise(after, p->samples, &out->played_eval, &out->played_spread,
                  &out->played_winprob);
}

/* If the move played is one of the lines of `best`, fill *after with that
 * line (no second search needed) and return true. */
static bool reuse_line(const junqi_search_result *best, junqi_move played,
                       junqi_search_result *after)
{
    for (int l = 0; l < best->nlines; l++) {
        if (best->lines[l].pv[0].from != played.from || best->lines[l].pv[0].to != played.to)
            continue;
        *after = *best;
        after->score = best->lines[l].score;
        after->lines[0] = best->lines[l];
        after->nlines = 1;
        after->nodes = 0;
        return true;
    }
    return false;
}

/* Phase 2: the moves played, searched (restricted root) in the samples whose
 * lines do not already hold them; res[total + x] is the result for sample x. */
static bool search_played(const junqi_analysis_request *reqs, const plan *plans, int n,
                          junqi_search_job *jobs, int total, int threads,
                          junqi_search_result *res)
{
    int todo = 0, *where = malloc((size_t)(total ? total : 1) * sizeof *where);
    for (int i = 0; where && i < n; i++) {
        if (plans[i].status != JUNQI_SEARCH_OK || !plans[i].played)
            continue;
        for (int x = plans[i].first; x < plans[i].first + plans[i].samples; x++) {
            if (reuse_line(&res[x], reqs[i].played, &res[total + x]))
                continue;
            jobs[total + todo] = jobs[x];
            jobs[total + todo].limits.searchmoves = &reqs[i].played;
            jobs[total + todo].limits.nsearchmoves = 1;
            jobs[total + todo].limits.multipv = 1;
            where[todo++] = x;
        }
    }
    junqi_search_result *found = malloc((size_t)(todo ? todo : 1) * sizeof *found);
    bool ok = where && found && junqi_search_many(jobs + total, todo, threads, found);
    for (int k = 0; ok && k < todo; k++)
        res[total + where[k]] = found[k];
    free(found);
    free(where);
    return ok;
}

bool junqi_analyze_many(const junqi_analysis_request *reqs, int n, int threads,
                        junqi_analysis *out)
{
    plan *plans = calloc((size_t)(n > 0 ? n : 1), sizeof *plans);
    int total = 0;
    for (int i = 0; plans && i < n; i++) {
        plans[i] = (plan){total, sample_count(&reqs[i]), played_is_legal(&reqs[i]),
                          JUNQI_SEARCH_OK};
        total += plans[i].samples;
    }
    junqi_position *positions = malloc((size_t)(total ? total : 1) * sizeof *positions);
    junqi_search_job *jobs = malloc((size_t)(2 * total + 1) * sizeof *jobs);
    junqi_search_result *res = malloc((size_t)(2 * total + 1) * sizeof *res);
    bool ok = plans && positions && jobs && res;
    /* phase 1: every sample's best lines */
    for (int i = 0; ok && i < n; i++) {
        plan *p = &plans[i];
        p->status = make_samples(&reqs[i], p, &positions[p->first]);
        for (int x = p->first; x < p->first + p->samples; x++)
            jobs[x] = (junqi_search_job){p->status == JUNQI_SEARCH_OK ? &positions[x] : NULL,
                                         reqs[i].limits};
    }
    ok = ok && junqi_search_many(jobs, total, threads, res);
    ok = ok && search_played(reqs, plans, n, jobs, total, threads, res);
    for (int i = 0; ok && i < n; i++)
        aggregate(&reqs[i], &plans[i], &res[plans[i].first], &res[total + plans[i].first],
                  &out[i]);
    free(plans);
    free(positions);
    free(jobs);
    free(res);
    return ok;
}
