/* SPDX-License-Identifier: MIT */
/*
 * analysis.c - sampling, searching and aggregating. See analysis.h.
 *
 * The steps for a batch of requests:
 *   A1. samples: each request's positions (view mover: assignments drawn
 *       from the mover's posterior, infer.h; view all: the position itself),
 *       made on the threads, one request per job;
 *   A2. phase 1: every sample searched with a quarter of its budget (of
 *       time: of what is left after A1, see timing), for the candidate
 *       moves (its best lines);
 *   A3. candidates: per request, the moves phase 1 chose most often, the
 *       move played and every capture of a flag the mover can see;
 *   A4. phase 2: every sample searched again, with what phase 1 left of its budget,
 *       over the candidates only, all of them as lines of one search (so all
 *       are valued at the same depth); unless the caller stopped the search
 *       (limits.stop, e.g. the engine protocol's `stop` during `go infinite`)
 *       in phase 1: a stop asks for the answer now, and a phase 2 started
 *       stopped would value the candidates at depth 1 only, so phase 1's own
 *       lines value them (a candidate that a sample does not list is valued
 *       there at that sample's last line, see candidate_values);
 *   A5. aggregate: each candidate's value is its mean win probability over
 *       the samples (each with the lapse, JUNQI_ANALYSIS_LAPSE), the best
 *       move the candidate of the best mean (one move for every sample: no
 *       strategy fusion); the means are then mapped by the win probability's
 *       model (junqi_winprob_model: the same increasing map for every
 *       candidate of the request, from the mover's expected counts of A1);
 *   A6. confirm: a loss of the move played that reaches the request's
 *       `confirm` within its error is measured again on JUNQI_CONFIRM_SAMPLES
 *       fresh samples (A1 with another stream of the seed), searched as in
 *       A4 over the best move and the move played only, each with its share
 *       of JUNQI_CONFIRM_COST times A4's nodes (more samples serve better
 *       than deeper searches), in rounds while a decision of the caller's
 *       is still open (see "confirmation" below). Why: A5's best is the
 *       largest of several means of the same 8 samples, which biases its
 *       loss up, and 8 samples resampled from draws of effective size ~6
 *       leave an error that moved half of the marks across a threshold with
 *       another seed (docs/engine.md, "Judging").
 */
#include "analysis.h"
#include "fpmode.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "movegen.h"

/* Where a request's searches are in the flat job lists. */
typedef struct plan {
    int first;    /* index of its first sample */
    int samples;  /* samples (searches per phase) */
    bool played;  /* the request gives a legal move played */
    junqi_search_status status;
    int ncand;    /* candidates for phase 2 */
    junqi_move cand[JUNQI_MAX_MULTIPV];
    bool stopped; /* the caller stopped phase 1 (limits.stop): no phase 2 */
    double counts[JUNQI_PIECE_KINDS]; /* junqi_analysis.counts */
    double ess;   /* the draws' effective sample size (junqi_analysis_error_inflation) */
    const junqi_winprob_model *model; /* the board's (junqi_winprob_model_of) */
} plan;

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static bool same_move(junqi_move a, junqi_move b)
{
    return a.from == b.from && a.to == b.to;
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

/* ---- A1: samples -------------------------------------------------------- */

/* +1 for a piece of `side` (a seat mask), -1 for another's. */
static double team_sign(unsigned side, int seat)
{
    return (side >> seat) & 1 ? 1 : -1;
}

/* counts[] of junqi_analysis from the position as it is (view all). */
static void position_counts(const junqi_position *pos, double *counts)
{
    memset(counts, 0, JUNQI_PIECE_KINDS * sizeof *counts);
    if (pos->to_move >= JUNQI_SEATS)
        return;
    for (int p = 0; p < pos->board->npoints; p++)
        if (pos->cell[p] && JUNQI_CELL_PIECE(pos->cell[p]) != JUNQI_UNKNOWN)
            counts[JUNQI_CELL_PIECE(pos->cell[p])] += team_sign(pos->side[pos->to_move], JUNQI_CELL_SEAT(pos->cell[p]));
}

/* junqi_analysis.seats of pos. */
static int seats_in_play(const junqi_position *pos)
{
    int n = 0;
    for (int s = 0; pos->to_move < JUNQI_SEATS && s < JUNQI_SEATS; s++)
        n += (pos->alive >> s & 1) ? (int)team_sign(pos->side[pos->to_move], s) : 0;
    return n;
}

/* counts[] of junqi_analysis from the weighted draws d of the mover's knowledge. */
static void draw_counts(const junqi_infer *inf, unsigned side, const junqi_infer_draws *d, double *counts)
{
    memset(counts, 0, JUNQI_PIECE_KINDS * sizeof *counts);
    for (int k = 0; k < d->n; k++)
        for (int i = 0; i < inf->npieces; i++)
            if (inf->piece[i].point != JUNQI_NO_POINT)
                counts[d->kinds[k][i]] += d->weight[k] * team_sign(side, inf->piece[i].seat);
}

/* Fill positions[0..p->samples) with the request's samples: K of
 * JUNQI_ANALYSIS_DRAWS_PER_SAMPLE * K draws from the posterior, chosen by
 * systematic resampling; they depend on the seed and the position only.
 * Also fills p->counts and p->model. */
static junqi_search_status make_samples(const junqi_analysis_request *r, plan *p, junqi_position *positions)
{
    p->model = junqi_winprob_model_of(r->pos->board->kind);
    if (as_is(r)) {
        positions[0] = *r->pos;
        position_counts(r->pos, p->counts);
        p->ess = 1;
        return JUNQI_SEARCH_OK;
    }
    static _Thread_local junqi_infer_draws d;
    uint64_t seed = mix64(r->seed ^ mix64(r->pos->hash + r->pos->moves));
    int n = JUNQI_ANALYSIS_DRAWS_PER_SAMPLE * p->samples, index[JUNQI_MAX_SAMPLES];
    if (!junqi_infer_draw(r->infer, NULL, seed, n < JUNQI_INFER_MAX_DRAWS ? n : JUNQI_INFER_MAX_DRAWS, &d))
        return JUNQI_SEARCH_HIDDEN;
    junqi_infer_resample(&d, seed ^ 0x53414D504C45ull, p->samples, index); /* "SAMPLE" */
    draw_counts(r->infer, r->pos->side[r->pos->to_move], &d, p->counts);
    p->ess = d.ess;
    for (int j = 0; j < p->samples; j++)
        junqi_infer_place(r->infer, d.kinds[index[j]], r->pos, &positions[j]);
    return JUNQI_SEARCH_OK;
}

/* The requests' samples, one request per job on `threads` threads. */
typedef struct sampling {
    const junqi_analysis_request *reqs;
    plan *plans;
    junqi_position *positions;
    int n;
    atomic_int next;
} sampling;

static void *sample_worker(void *arg)
{
    sampling *s = arg;
    for (int i; (i = atomic_fetch_add(&s->next, 1)) < s->n;)
        s->plans[i].status = make_samples(&s->reqs[i], &s->plans[i], &s->positions[s->plans[i].first]);
    return NULL;
}

static void sample_all(sampling *s, int threads)
{
    pthread_t tid[64];
    int started = 0;
    for (int t = 1; t < threads && t < s->n && t < 64; t++)
        if (pthread_create(&tid[started], NULL, sample_worker, s) == 0)
            started++;
    sample_worker(s);
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
}

/* ---- A2, A4: the two phases' limits -------------------------------------- */

/*
 * Time. A request's limits.movetime is its samples' share of the batch's
 * wall clock, drawing the samples included: the batch is meant to take
 * W = sum of movetime x samples / threads (threads at most the searches),
 * which is the caller's whole move when it shared a move's time out
 * evenly. Each phase's searches get their share of what is left of W
 * when the phase starts: phase 1 a quarter of it, phase 2 all of it less
 * a tenth kept back for the searches' own overheads and the checks of the
 * clock every 1024 nodes. So the time the drawing took, and any overrun
 * of phase 1, is taken from every sample alike: with shares fixed in
 * advance it came off the last samples of phase 2, which the caller's
 * deadline (tools/engine.c) then cut at depth 1 (at 100 ms a move, 3 of 8).
 */
typedef struct timing {
    double start; /* junqi_search_clock() when the batch began */
    double wall;  /* W in seconds; 0: no request has a movetime */
} timing;

static timing timing_start(const junqi_analysis_request *reqs, const plan *plans, int n, int threads)
{
    timing t = {junqi_search_clock(), 0};
    int searches = 0;
    for (int i = 0; i < n; i++) {
        t.wall += reqs[i].limits.movetime / 1000.0 * plans[i].samples;
        searches += plans[i].samples;
    }
    int used = threads < searches ? threads : searches;
    t.wall /= used > 1 ? used : 1;
    return t;
}

/* The part of its movetime each search of phase `phase` gets now. */
static double time_share(const timing *t, int phase)
{
    if (t->wall <= 0)
        return 0;
    double left = t->wall - (junqi_search_clock() - t->start);
    double part = left > 0 ? left / t->wall : 0;
    return phase == 1 ? part / 4 : part * 0.9;
}

/* The limits of phase `phase` (1 or 2) for a sample whose phase 1 took
 * `spent` nodes: a budget of nodes is the sample's, phase 1 taking a
 * quarter and phase 2 what phase 1 left (at least 500 nodes); a movetime
 * gives each search its `share` of it (at least 1 ms; see timing); each
 * phase completes depth 1 whatever the budget; a depth limit holds for
 * phase 2, phase 1 searching a ply less. Phase 1 lists two lines at
 * least. */
static junqi_search_limits phase_limits(const junqi_search_limits *l, int phase, uint64_t spent, double share)
{
    junqi_search_limits p = *l;
    uint64_t nodes = phase == 1 ? p.nodes / 4 : p.nodes > spent ? p.nodes - spent : 0;
    int ms = (int)(p.movetime * share);
    if (p.nodes)
        p.nodes = nodes > 500 ? nodes : 500;
    if (p.movetime)
        p.movetime = ms > 1 ? ms : 1;
    if (phase == 1 && p.depth > 1 && !p.nodes && !p.movetime)
        p.depth--;
    if (phase == 1)
        p.multipv = p.multipv > 1 ? p.multipv : 2;
    return p;
}

/* ---- A3: candidates ----------------------------------------------------- */

int junqi_analysis_flag_captures(const junqi_position *pos, bool all_known, junqi_move *out, int max)
{
    junqi_move moves[JUNQI_MAX_MOVES];
    int n = junqi_generate_moves(pos, moves), k = 0;
    for (int i = 0; i < n && k < max; i++) {
        uint8_t d = pos->cell[moves[i].to];
        if (d && JUNQI_CELL_PIECE(d) == JUNQI_FLAG && junqi_move_outcome(pos, moves[i]) != JUNQI_ATTACKER_LOSES &&
            (all_known || junqi_flag_revealed(pos, JUNQI_CELL_SEAT(d))))
            out[k++] = moves[i];
    }
    return k;
}

static bool has_candidate(const plan *p, junqi_move m)
{
    for (int c = 0; c < p->ncand; c++)
        if (same_move(p->cand[c], m))
            return true;
    return false;
}

/* Candidates: the moves of phase 1's lines by votes (best line of a
 * sample), then listings, first seen first; the move played and the flag
 * captures the mover can see are always among them. */
static void choose_candidates(const junqi_analysis_request *r, plan *p, const junqi_search_result *res,
                              int max)
{
    junqi_move seen[JUNQI_MAX_SAMPLES * JUNQI_MAX_MULTIPV];
    int score[JUNQI_MAX_SAMPLES * JUNQI_MAX_MULTIPV], n = 0;
    for (int j = 0; j < p->samples; j++)
        for (int l = 0; l < res[j].nlines; l++) {
            int i = 0;
            while (i < n && !same_move(seen[i], res[j].lines[l].pv[0]))
                i++;
            if (i == n) {
                seen[n] = res[j].lines[l].pv[0];
                score[n++] = 0;
            }
            score[i] += l == 0 ? 1000 : 1;
        }
    junqi_move must[JUNQI_MAX_MULTIPV];
    int nmust = junqi_analysis_flag_captures(r->pos, as_is(r), must, JUNQI_MAX_MULTIPV - 1);
    if (p->played)
        must[nmust++] = r->played;
    p->ncand = 0;
    for (int m = 0; m < nmust && p->ncand < max; m++)
        if (!has_candidate(p, must[m]))
            p->cand[p->ncand++] = must[m];
    while (p->ncand < max) {
        int best = -1;
        for (int i = 0; i < n; i++)
            if (!has_candidate(p, seen[i]) && (best < 0 || score[i] > score[best]))
                best = i;
        if (best < 0)
            break;
        p->cand[p->ncand++] = seen[best];
    }
}

/* ---- A5: aggregation ---------------------------------------------------- */

/* Candidate c's values over the samples of phase 2 (res[0..k)): its scores
 * and win probabilities, where the sample has it as a line. With `bound`
 * (phase 1's lines stand in for phase 2's: the caller stopped the search), a
 * sample that does not list c values it at its last line's score, the most
 * an unlisted move can score in a search that lists its best lines: so every
 * candidate is valued over every sample, and a move that one sample happens
 * to list is not preferred for that sample's knowledge (strategy fusion).
 * n counts the samples that list c. */
#define VALUES_MAX (JUNQI_CONFIRM_SAMPLES * JUNQI_CONFIRM_ROUNDS)
_Static_assert(JUNQI_MAX_SAMPLES <= VALUES_MAX, "a request's samples fit the per-sample arrays");
typedef struct values {
    int n;
    double score[VALUES_MAX], wp[VALUES_MAX];
    bool has[VALUES_MAX];
    const junqi_search_line *first;
} values;

static void set_value(values *v, int j, int score)
{
    v->has[j] = true;
    v->score[j] = score;
    v->wp[j] = JUNQI_ANALYSIS_LAPSE + (1 - 2 * JUNQI_ANALYSIS_LAPSE) * junqi_eval_winprob(score);
}

static void candidate_values(const junqi_search_result *res, int k, junqi_move c, bool bound, values *v)
{
    memset(v, 0, sizeof *v);
    for (int j = 0; j < k; j++) {
        for (int l = 0; l < res[j].nlines && !v->has[j]; l++)
            if (same_move(res[j].lines[l].pv[0], c)) {
                set_value(v, j, res[j].lines[l].score);
                v->n++;
                if (!v->first)
                    v->first = &res[j].lines[l];
            }
        if (bound && !v->has[j] && res[j].nlines > 0)
            set_value(v, j, res[j].lines[res[j].nlines - 1].score);
    }
}

/* Mean and standard deviation of x over the samples v has. */
static void moments(const values *v, const double *x, int k, double *mean, double *sd)
{
    double sum = 0, sq = 0;
    int n = 0;
    for (int j = 0; j < k; j++)
        if (v->has[j]) {
            sum += x[j];
            n++;
        }
    *mean = n ? sum / n : 0;
    for (int j = 0; j < k; j++)
        if (v->has[j])
            sq += (x[j] - *mean) * (x[j] - *mean);
    *sd = n > 1 ? sqrt(sq / (n - 1)) : 0;
}

/* The standard error of mean(a - b) over the samples both have. */
static double paired_error(const values *a, const values *b, int k)
{
    double d[VALUES_MAX], sum = 0, sq = 0;
    int n = 0;
    for (int j = 0; j < k; j++)
        if (a->has[j] && b->has[j])
            sum += d[n++] = a->wp[j] - b->wp[j];
    if (n < 2)
        return 0;
    double mean = sum / n;
    for (int i = 0; i < n; i++)
        sq += (d[i] - mean) * (d[i] - mean);
    return sqrt(sq / (n - 1) / n);
}

double junqi_analysis_error_inflation(int samples, double ess)
{
    double independent = fmin(samples, fmax(ess, 1));
    return samples > 1 ? sqrt(samples / independent) : 1;
}

double junqi_analysis_sure_loss(double loss, double error)
{
    return loss - JUNQI_SURE_ERRORS * error;
}

/* v kept off 0 and 1, where its logit is infinite. */
static double inside(double v)
{
    return fmin(fmax(v, 1e-6), 1 - 1e-6);
}

/* Each board's model: fitted where there are real games to fit it on */
static const junqi_winprob_model identity_model = {.engine = 1};
static const junqi_winprob_model *const board_models[] = {
    [JUNQI_TWO_PLAYER] = &identity_model,
    [JUNQI_FOUR_PLAYER] = &junqi_winprob_default_model,
};

const junqi_winprob_model *junqi_winprob_model_of(junqi_board_kind kind)
{
    return board_models[kind];
}

/* The model's map (junqi_winprob_model) of mean value v, at a position whose
 * other terms add up to z. */
static double calibrated(const junqi_winprob_model *m, double z, double v)
{
    double x = inside(v);
    return 1 / (1 + exp(-(m->engine * log(x / (1 - x)) + z)));
}

/* The model's terms of a position besides the engine's value. */
static double position_terms(const junqi_winprob_model *m, const junqi_analysis *a)
{
    double z = m->bias + m->seats * a->seats;
    for (int k = 0; k < JUNQI_PIECE_KINDS; k++)
        z += m->count[k] * a->counts[k];
    return z;
}

/* The ratio of a change of calibrated values to the change of the means it
 * maps, between means u and v: the secant, or the slope where they meet. */
static double calibrated_slope(const junqi_winprob_model *m, double z, double u, double v)
{
    if (fabs(u - v) > 1e-9)
        return (calibrated(m, z, u) - calibrated(m, z, v)) / (u - v);
    double p = calibrated(m, z, u), x = inside(u);
    return m->engine * p * (1 - p) / (x * (1 - x));
}

/* The standard error of the calibrated loss between the values of the best
 * move and of the move played over k paired samples whose draws have the
 * effective size ess (junqi_analysis_error_inflation), mapped as the means
 * are, by the model's slope between them. */
static double loss_error(const junqi_winprob_model *m, double z, const values *best, const values *played, int k,
                         double ess)
{
    double mb, mp, sd;
    moments(best, best->wp, k, &mb, &sd);
    moments(played, played->wp, k, &mp, &sd);
    return paired_error(best, played, k) * junqi_analysis_error_inflation(k, ess) * calibrated_slope(m, z, mb, mp);
}

/* Map the mean values of lines[0..n) by the model, keeping them in mean[]. */
static void calibrate_lines(const junqi_winprob_model *m, double z, junqi_analysis_line *lines, int n, double *mean)
{
    for (int i = 0; i < n && i < JUNQI_MAX_MULTIPV; i++) {
        mean[i] = lines[i].winprob;
        lines[i].winprob = calibrated(m, z, mean[i]);
    }
}

/* Better line first: higher mean win probability, then higher mean score,
 * then more votes (phase 1's best), then candidate order. */
static bool line_before(const junqi_analysis_line *a, const junqi_analysis_line *b)
{
    if (a->winprob != b->winprob)
        return a->winprob > b->winprob;
    if (a->eval != b->eval)
        return a->eval > b->eval;
    return a->votes > b->votes;
}

/* Line l's figures from its values v over k samples: the means and spread. */
static void line_figures(junqi_analysis_line *l, const values *v, int k)
{
    double sd;
    l->listed = v->n;
    moments(v, v->score, k, &l->eval, &l->spread);
    moments(v, v->wp, k, &l->winprob, &sd);
}

/* A new line l for move, its line that of the first sample listing it (v->n > 0). */
static void line_start(junqi_analysis_line *l, junqi_move move, const values *v)
{
    memset(l, 0, sizeof *l);
    l->move = move;
    l->pv_len = v->first->pv_len;
    memcpy(l->pv, v->first->pv, (size_t)l->pv_len * sizeof l->pv[0]);
}

/* The lines of the candidates a sample in two or more has (a candidate
 * that is legal in few samples is no choice for the mover), best first. */
static int rank_candidates(const plan *p, const junqi_search_result *first, const junqi_search_result *res,
                           junqi_analysis_line *lines, values *vals)
{
    int n = 0;
    for (int c = 0; c < p->ncand; c++) {
        values *v = &vals[n];
        candidate_values(res, p->samples, p->cand[c], p->stopped, v);
        if (v->n == 0 || (!p->stopped && 2 * v->n < p->samples))
            continue;
        junqi_analysis_line *l = &lines[n];
        line_start(l, p->cand[c], v);
        line_figures(l, v, p->samples);
        for (int j = 0; j < p->samples; j++)
            l->votes += first[j].nlines > 0 && same_move(first[j].lines[0].pv[0], l->move);
        int at = n++;
        for (; at > 0 && line_before(l, &lines[at - 1]); at--) {
            junqi_analysis_line tl = lines[at];
            lines[at] = lines[at - 1];
            lines[at - 1] = tl;
            values tv = vals[at];
            vals[at] = vals[at - 1];
            vals[at - 1] = tv;
            l = &lines[at - 1];
        }
    }
    return n;
}

static void aggregate(const junqi_analysis_request *r, const plan *p, const junqi_search_result *first,
                      const junqi_search_result *res, junqi_analysis *out)
{
    static _Thread_local junqi_analysis_line lines[JUNQI_MAX_MULTIPV];
    static _Thread_local values vals[JUNQI_MAX_MULTIPV];
    memset(out, 0, sizeof *out);
    bool searched = p->status == JUNQI_SEARCH_OK || p->status == JUNQI_SEARCH_GAME_OVER;
    out->status = p->status;
    out->to_move = searched ? first[0].to_move : r->pos->to_move;
    out->side = searched ? first[0].side : r->pos->to_move < JUNQI_SEATS ? r->pos->side[r->pos->to_move] : 0;
    out->samples = p->samples;
    memcpy(out->counts, p->counts, sizeof out->counts);
    out->seats = seats_in_play(r->pos);
    out->depth = JUNQI_MAX_PLY;
    for (int j = 0; p->status == JUNQI_SEARCH_OK && j < p->samples; j++) {
        out->nodes += first[j].nodes + res[j].nodes;
        out->depth = res[j].depth < out->depth ? res[j].depth : out->depth;
    }
    if (out->status != JUNQI_SEARCH_OK) {
        out->depth = 0;
        out->eval = first[0].score;
        out->winprob = junqi_eval_winprob(first[0].score);
        out->result = first[0].result;
        return;
    }
    int n = rank_candidates(p, first, res, lines, vals);
    if (n <= 0) { /* no candidate is legal in half the samples: no move to give */
        out->status = JUNQI_SEARCH_HIDDEN;
        return;
    }
    const junqi_winprob_model *m = p->model;
    double z = position_terms(m, out), mean[JUNQI_MAX_MULTIPV];
    calibrate_lines(m, z, lines, n, mean);
    int want = r->limits.multipv > 0 ? r->limits.multipv : 1, keep = n < want ? n : want;
    out->nlines = keep;
    memcpy(out->lines, lines, (size_t)keep * sizeof lines[0]);
    out->eval = lines[0].eval;
    out->spread = lines[0].spread;
    out->winprob = lines[0].winprob;
    out->value = mean[0];
    for (int i = 0; p->played && i < n; i++)
        if (same_move(lines[i].move, r->played)) {
            out->has_played = true;
            out->played_line = i;
            out->played_eval = lines[i].eval;
            out->played_spread = lines[i].spread;
            out->played_winprob = lines[i].winprob;
            out->loss_error = loss_error(m, z, &vals[0], &vals[i], p->samples, p->ess);
        }
}

/* ---- A6: confirming a loss ---------------------------------------------- */

/*
 * A confirmation pools rounds of JUNQI_CONFIRM_SAMPLES fresh samples, each
 * round from its own stream of the seed (so its draws are independent of
 * the others': the pooled draws' effective size is the rounds' sum). It
 * takes another round, up to JUNQI_CONFIRM_ROUNDS, while the sure loss
 * (loss less JUNQI_SURE_ERRORS errors) lies within JUNQI_SETTLE_ERRORS
 * errors of one of the request's settle[]: the caller's decision there
 * could go either way, and
 * each round narrows the error by the square root of the rounds (sequential
 * sampling: the few losses near a decision pay for it, docs/engine.md,
 * "Judging" step 6). Each candidate's line is the one the first sample
 * that lists it gives, kept from its round.
 */
typedef struct confirmation {
    int of;                    /* the request's index in the batch */
    plan p;                    /* this round's samples; the two candidates */
    values best, played;       /* their values over the rounds so far */
    junqi_search_line line[2]; /* their lines (values.first points here) */
    int samples, rounds;       /* pooled so far */
    double ess;                /* the pooled draws' effective size */
    bool done;                 /* a round failed: no more rounds */
} confirmation;

_Static_assert(JUNQI_CONFIRM_SAMPLES <= JUNQI_MAX_SAMPLES, "a round's samples fit make_samples's arrays");

/* Does request r's analysis a have a loss to confirm on fresh samples? */
static bool wants_confirmation(const junqi_analysis_request *r, const plan *p, const junqi_analysis *a)
{
    return r->confirm > 0 && !as_is(r) && !r->limits.movetime && !p->stopped && a->status == JUNQI_SEARCH_OK &&
           a->has_played && a->played_line > 0 && a->winprob - a->played_winprob + a->loss_error >= r->confirm;
}

/* A round's nodes per sample for a request of k samples of n nodes each
 * (JUNQI_CONFIRM_COST); 0 (no limit) stays so. */
static uint64_t round_nodes(uint64_t n, int k)
{
    uint64_t times = (uint64_t)k * JUNQI_CONFIRM_COST;
    if (n == 0 || n > UINT64_MAX / times)
        return n;
    uint64_t share = n * times / JUNQI_CONFIRM_SAMPLES;
    return share < 1 ? 1 : share < n ? share : n;
}

/* Round `round` of the confirmation of request r: its samples from the
 * round's stream of the seed, with the confirmation's budget. */
static junqi_analysis_request round_request(const junqi_analysis_request *r, int round)
{
    junqi_analysis_request q = *r;
    q.samples = JUNQI_CONFIRM_SAMPLES;
    q.limits.nodes = round_nodes(r->limits.nodes, sample_count(r));
    q.seed = mix64(r->seed ^ 0x434F4E4649524Dull ^ (uint64_t)round << 56); /* "CONFIRM" */
    return q;
}

/* Add the values `round` of a round of k samples to pooled v, from sample at on. */
static void pool_values(const values *round, int k, int at, values *v, junqi_search_line *line)
{
    for (int j = 0; j < k && at + j < VALUES_MAX; j++)
        if (round->has[j]) {
            v->has[at + j] = true;
            v->score[at + j] = round->score[j];
            v->wp[at + j] = round->wp[j];
        }
    v->n += round->n;
    if (!v->first && round->first) {
        *line = *round->first;
        v->first = line;
    }
}

/* The calibrated loss of c's pooled values and its error; false when the
 * move played comes out at least as good. */
static bool pooled_loss(const confirmation *c, const junqi_analysis *a, double *loss, double *error)
{
    const junqi_winprob_model *m = c->p.model;
    double z = position_terms(m, a), mb, mp, sd;
    moments(&c->best, c->best.wp, c->samples, &mb, &sd);
    moments(&c->played, c->played.wp, c->samples, &mp, &sd);
    *loss = calibrated(m, z, mb) - calibrated(m, z, mp);
    *error = loss_error(m, z, &c->best, &c->played, c->samples, c->ess);
    return mp < mb;
}

/* Does c want another round: is its sure loss within JUNQI_SETTLE_ERRORS
 * errors of one of request r's settle[] (and the caller has not stopped)? */
static bool unsettled(const junqi_analysis_request *r, const confirmation *c, const junqi_analysis *a)
{
    double loss, error;
    if (c->done || c->rounds >= JUNQI_CONFIRM_ROUNDS || (r->limits.stop && r->limits.stop(r->limits.ctx)) ||
        !pooled_loss(c, a, &loss, &error))
        return false;
    double sure = junqi_analysis_sure_loss(loss, error);
    for (int i = 0; i < JUNQI_ANALYSIS_SETTLE; i++)
        if (r->settle[i] > 0 && fabs(sure - r->settle[i]) < JUNQI_SETTLE_ERRORS * error)
            return true;
    return false;
}

/* Put the confirmation c's pooled values into a: the two lines' figures
 * (the move played's line started from the confirmation's when multipv kept
 * it out of a's lines, so it is whole should it come first), calibrated as
 * step A5 does, the loss's error from these samples; the move played first
 * when it comes out at least as good. Only for c->samples > 0. */
static void apply_confirmation(const confirmation *c, junqi_analysis *a)
{
    const junqi_winprob_model *m = c->p.model;
    double z = position_terms(m, a), mean[2], loss, error;
    bool worse = pooled_loss(c, a, &loss, &error);
    junqi_analysis_line *lb = &a->lines[0], *lp = &a->lines[a->played_line];
    if (a->played_line >= a->nlines)
        line_start(lp, c->p.cand[1], &c->played);
    line_figures(lb, &c->best, c->samples);
    line_figures(lp, &c->played, c->samples);
    mean[0] = lb->winprob;
    mean[1] = lp->winprob;
    lb->winprob = calibrated(m, z, mean[0]);
    lp->winprob = calibrated(m, z, mean[1]);
    a->loss_error = error;
    a->confirmed = c->samples;
    if (!worse) { /* the move played is as good: it is the best */
        junqi_analysis_line t = *lb;
        *lb = *lp;
        *lp = t;
        a->played_line = 0;
        a->loss_error = 0;
    }
    a->eval = lb->eval;
    a->spread = lb->spread;
    a->winprob = lb->winprob;
    a->value = fmax(mean[0], mean[1]);
    a->played_eval = a->lines[a->played_line].eval;
    a->played_spread = a->lines[a->played_line].spread;
    a->played_winprob = a->lines[a->played_line].winprob;
}

/* The searches of a round: each sample over the two candidates, with the
 * round's budget. */
static void confirmation_jobs(const junqi_analysis_request *q, const plan *p, int n, junqi_position *positions,
                              junqi_search_job *jobs)
{
    for (int i = 0; i < n; i++)
        for (int x = p[i].first; x < p[i].first + p[i].samples; x++) {
            junqi_search_limits l = q[i].limits;
            l.searchmoves = p[i].cand;
            l.nsearchmoves = p[i].ncand;
            l.multipv = p[i].ncand;
            jobs[x] = (junqi_search_job){p[i].status == JUNQI_SEARCH_OK ? &positions[x] : NULL, l};
        }
}

/* Pool a round's results res into the confirmations c[0..m) it served. A
 * round that drew no samples, or that values either move in fewer than half
 * of its samples (a move legal in few samples is no choice, as in A5), is
 * left out and ends the rounds. */
static void pool_round(confirmation **c, int m, const junqi_search_result *res, junqi_analysis *out)
{
    static _Thread_local values best, played;
    for (int k = 0; k < m; k++) {
        confirmation *ck = c[k];
        const junqi_search_result *r = &res[ck->p.first];
        int n = ck->p.samples;
        if (ck->p.status != JUNQI_SEARCH_OK) {
            ck->done = true;
            continue;
        }
        for (int x = 0; x < n; x++)
            out[ck->of].nodes += r[x].nodes;
        candidate_values(r, n, ck->p.cand[0], false, &best);
        candidate_values(r, n, ck->p.cand[1], false, &played);
        if (2 * best.n < n || 2 * played.n < n) {
            ck->done = true;
            continue;
        }
        pool_values(&best, n, ck->samples, &ck->best, &ck->line[0]);
        pool_values(&played, n, ck->samples, &ck->played, &ck->line[1]);
        ck->samples += n;
        ck->ess += ck->p.ess;
        ck->rounds++;
    }
}

/* One round for the confirmations c[0..m) (requests reqs): draw, search,
 * pool. False when out of memory. */
static bool confirmation_round(const junqi_analysis_request *reqs, confirmation **c, int m, int threads,
                               junqi_analysis *out)
{
    int total = m * JUNQI_CONFIRM_SAMPLES;
    junqi_analysis_request *q = malloc((size_t)m * sizeof *q);
    plan *p = malloc((size_t)m * sizeof *p);
    junqi_position *positions = malloc((size_t)total * sizeof *positions);
    junqi_search_job *jobs = malloc((size_t)total * sizeof *jobs);
    junqi_search_result *res = malloc((size_t)total * sizeof *res);
    bool ok = q && p && positions && jobs && res;
    for (int k = 0; ok && k < m; k++) {
        q[k] = round_request(&reqs[c[k]->of], c[k]->rounds);
        p[k] = c[k]->p;
        p[k].first = k * JUNQI_CONFIRM_SAMPLES;
    }
    if (ok) {
        sampling s = {q, p, positions, m, 0};
        sample_all(&s, threads < 1 ? 1 : threads);
        confirmation_jobs(q, p, m, positions, jobs);
        ok = junqi_search_many(jobs, total, threads, res);
    }
    for (int k = 0; ok && k < m; k++)
        c[k]->p = p[k];
    if (ok)
        pool_round(c, m, res, out);
    free(q);
    free(p);
    free(positions);
    free(jobs);
    free(res);
    return ok;
}

/* Step A6 for the requests whose loss asks for it; false when out of memory. */
static bool confirm_losses(const junqi_analysis_request *reqs, const plan *plans, int n, int threads,
                           junqi_analysis *out)
{
    int m = 0;
    for (int i = 0; i < n; i++)
        m += wants_confirmation(&reqs[i], &plans[i], &out[i]);
    if (!m)
        return true;
    confirmation *c = calloc((size_t)m, sizeof *c);
    confirmation **open = malloc((size_t)m * sizeof *open);
    bool ok = c && open;
    for (int i = 0, k = 0; ok && i < n; i++)
        if (wants_confirmation(&reqs[i], &plans[i], &out[i])) {
            c[k] = (confirmation){.of = i, .p = {.samples = JUNQI_CONFIRM_SAMPLES, .played = true, .ncand = 2}};
            c[k].p.cand[0] = out[i].lines[0].move;
            c[k++].p.cand[1] = reqs[i].played;
        }
    for (int k = 0; ok && k < m; k++)
        open[k] = &c[k];
    for (int left = m; ok && left > 0;) {
        ok = confirmation_round(reqs, open, left, threads, out);
        int still = 0;
        for (int k = 0; ok && k < left; k++)
            if (unsettled(&reqs[open[k]->of], open[k], &out[open[k]->of]))
                open[still++] = open[k];
        left = still;
    }
    for (int k = 0; ok && k < m; k++)
        if (c[k].samples > 0)
            apply_confirmation(&c[k], &out[c[k].of]);
    free(c);
    free(open);
    return ok;
}

/* ---- the batch ---------------------------------------------------------- */

/* Jobs of one phase: every sample of every request that has samples (in
 * phase 2 with candidates, after phase 1's results first[]). */
static void phase_jobs(const junqi_analysis_request *reqs, const plan *plans, int n,
                       junqi_position *positions, int phase, const junqi_search_result *first,
                       const timing *clock, junqi_search_job *jobs)
{
    double share = time_share(clock, phase);
    for (int i = 0; i < n; i++) {
        const plan *p = &plans[i];
        for (int x = p->first; x < p->first + p->samples; x++) {
            junqi_search_limits l = phase_limits(&reqs[i].limits, phase, phase == 2 ? first[x].nodes : 0, share);
            if (phase == 2) {
                l.searchmoves = p->cand;
                l.nsearchmoves = p->ncand;
                l.multipv = p->ncand;
            }
            bool search = p->status == JUNQI_SEARCH_OK && (phase == 1 || (p->ncand > 0 && !p->stopped));
            jobs[x] = (junqi_search_job){search ? &positions[x] : NULL, l};
        }
    }
}

bool junqi_analyze_many(const junqi_analysis_request *reqs, int n, int threads,
                        junqi_analysis *out)
{
    junqi_fp_mode fp = junqi_fp_double_begin(); /* the same judgements on x87, threads included (fpmode.h) */
    plan *plans = calloc((size_t)(n > 0 ? n : 1), sizeof *plans);
    int total = 0;
    for (int i = 0; plans && i < n; i++) {
        plans[i] = (plan){.first = total, .samples = sample_count(&reqs[i]), .played = played_is_legal(&reqs[i])};
        total += plans[i].samples;
    }
    junqi_position *positions = malloc((size_t)(total ? total : 1) * sizeof *positions);
    junqi_search_job *jobs = malloc((size_t)(total ? total : 1) * sizeof *jobs);
    junqi_search_result *res = malloc((size_t)(2 * total + 1) * sizeof *res);
    bool ok = plans && positions && jobs && res;
    timing clock = ok ? timing_start(reqs, plans, n, threads) : (timing){0, 0};
    if (ok) { /* A1 */
        sampling s = {reqs, plans, positions, n, 0};
        sample_all(&s, threads < 1 ? 1 : threads);
    }
    if (ok) { /* A2 */
        phase_jobs(reqs, plans, n, positions, 1, NULL, &clock, jobs);
        ok = junqi_search_many(jobs, total, threads, res);
    }
    for (int i = 0; ok && i < n; i++) /* A3 */
        if (plans[i].status == JUNQI_SEARCH_OK && res[plans[i].first].status == JUNQI_SEARCH_OK) {
            int want = reqs[i].limits.multipv > JUNQI_ANALYSIS_CANDIDATES ? reqs[i].limits.multipv
                                                                         : JUNQI_ANALYSIS_CANDIDATES;
            choose_candidates(&reqs[i], &plans[i], &res[plans[i].first],
                              want < JUNQI_MAX_MULTIPV ? want : JUNQI_MAX_MULTIPV);
        } else if (plans[i].status == JUNQI_SEARCH_OK) {
            plans[i].status = res[plans[i].first].status; /* no search: over, or hidden pieces */
        }
    if (ok) { /* A4 */
        for (int i = 0; i < n; i++)
            plans[i].stopped = reqs[i].limits.stop && reqs[i].limits.stop(reqs[i].limits.ctx);
        phase_jobs(reqs, plans, n, positions, 2, res, &clock, jobs);
        ok = junqi_search_many(jobs, total, threads, res + total);
    }
    for (int i = 0; ok && i < n; i++) /* stopped: phase 1's lines value the candidates */
        for (int x = plans[i].first; plans[i].stopped && x < plans[i].first + plans[i].samples; x++) {
            res[total + x] = res[x];
            res[total + x].nodes = 0;
        }
    for (int i = 0; ok && i < n; i++) /* A5 */
        aggregate(&reqs[i], &plans[i], &res[plans[i].first], &res[total + plans[i].first], &out[i]);
    ok = ok && confirm_losses(reqs, plans, n, threads, out); /* A6 */
    free(plans);
    free(positions);
    free(jobs);
    free(res);
    junqi_fp_end(fp);
    return ok;
}
