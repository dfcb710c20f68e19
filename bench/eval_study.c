/* SPDX-License-Identifier: MIT */
/*
 * eval_study.c - the evaluation learned from outcomes, and the figures of
 * the engine's judgement on the shared real games; not part of CI
 * (scripts/fit-eval, scripts/fit-winprob and scripts/judge-report run it;
 * docs/engine.md reports the figures). Training and validation games are
 * split as bench/benchutil.h says; fits read training games only.
 *
 *   eval_study collect DIRS OUT STEP   training positions as the annotation
 *                      sees them: every STEPth ply of every decided or drawn
 *                      training game, the mover's view, one assignment of the
 *                      hidden pieces drawn from the mover's posterior, the
 *                      leaf of a depth-1 search (the mover's best move and the
 *                      captures after it); for each, the evaluation's features
 *                      for the mover's team (the score's derivative by every
 *                      weight of junqi_eval_weights), the game phase and the
 *                      team's result; written to OUT (binary, see `record`)
 *   eval_study fit IN OUT.c [PULL]     Texel-style tuning: logistic regression
 *                      of the results on the features (Newton's method, an L2
 *                      pull towards the hand weights chosen on a held-out
 *                      tenth of the training games, or PULL), in centi-material at
 *                      the hand weights' scale (so that the weights left out
 *                      of the fit keep their values), written as the C table
 *                      libcore/eval_weights.c
 *   eval_study scale DIRS STEP OUT.c [THREADS]  the win-probability curve of
 *                      the analysis: every STEPth ply of the training games
 *                      judged as the annotation judges it (view mover, the
 *                      default level), the scale S of P = 1/(1+exp(-score/S))
 *                      that fits the results best (the mean over the samples
 *                      of the best move's curve), written as
 *                      libcore/eval_scale.c
 *   eval_study judge DIRS STEP [THREADS [NODES SAMPLES [SEED [TSV]]]]  the figures on the
 *                      validation games: every STEPth ply judged as the
 *                      annotation judges it; log-loss, Brier score and
 *                      calibration of the win probability before the move
 *                      against the material logistic (fitted on the training
 *                      games) on the same moves, by game phase; first-choice
 *                      and top-3 agreement with the moves played; marks; time;
 *                      with TSV, one line per judged move (result, win
 *                      probability, material logistic's, the best move's mean
 *                      score and its spread, phase, file, ply, seats in play,
 *                      quiet moves, the win probability before its model, the
 *                      mover's expected count of each kind, whether the move
 *                      played was the engine's choice, its loss and the loss's
 *                      standard error: a mark at any thresholds; and the
 *                      samples of the loss's confirmation, 0 for none)
 *                      for later study
 *   eval_study dump DIRS STEP TSV [THREADS]  the same TSV for every STEPth ply
 *                      of the training games at the default level (what
 *                      scripts/winprob-ceiling combined fits the win
 *                      probability's model on)
 *   eval_study lapse DIRS STEP [THREADS]  the lapse of the judged win
 *                      probability (analysis.h JUNQI_ANALYSIS_LAPSE): every
 *                      STEPth ply of the training games judged at the default
 *                      level, the L of L + (1 - 2 L) P that fits their results
 *                      best
 *   eval_study stability DIRS STEP [THREADS [NODES SAMPLES]]  the marks of
 *                      every STEPth ply of the validation games that a
 *                      different seed, or ten times the nodes, removes
 */
#include <math.h>
#include <stddef.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "benchutil.h"
#include "eval.h"
#include "annotate.h"
#include "search.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The weights as an array: every field of junqi_eval_weights is an int16_t. */
#define NW ((int)(sizeof(junqi_eval_weights) / sizeof(int16_t)))
_Static_assert(sizeof(junqi_eval_weights) % sizeof(int16_t) == 0, "weights are int16_t fields");

/* The step of the derivatives (a weight moved by D, the score's change / D). */
#define D 256

/* The hand weights of docs/engine.md: where the fit starts, what it pulls
 * towards, and the piece values of the material logistic. */
static const junqi_eval_weights hand_weights = {
    .seat = 1500,
    .value = {[JUNQI_FLAG] = 0, [JUNQI_LANDMINE] = 200, [JUNQI_BOMB] = 350,
              [JUNQI_ENGINEER] = 150, [JUNQI_LIEUTENANT] = 100, [JUNQI_CAPTAIN] = 150,
              [JUNQI_MAJOR] = 200, [JUNQI_COLONEL] = 280, [JUNQI_BRIGADIER] = 380,
              [JUNQI_MAJOR_GENERAL] = 500, [JUNQI_GENERAL] = 700, [JUNQI_MARSHAL] = 950},
    .engineer_mined = 100,
    .last_engineer = 150,
    .bomb_vs_top = 150,
    .gate_landmine = 60,
    .gate_guard = 30,
    .gate_open = 40,
    .gate_rail = 40,
    .gate_enemy = 300,
    .open_scale = {40, 64, 96, 128},
    .pressure = {[JUNQI_BOMB] = 90, [JUNQI_ENGINEER] = 80, [JUNQI_LIEUTENANT] = 50,
                 [JUNQI_CAPTAIN] = 60, [JUNQI_MAJOR] = 70, [JUNQI_COLONEL] = 80,
                 [JUNQI_BRIGADIER] = 90, [JUNQI_MAJOR_GENERAL] = 100, [JUNQI_GENERAL] = 110,
                 [JUNQI_MARSHAL] = 120},
    .defence = {[JUNQI_BOMB] = 15, [JUNQI_ENGINEER] = 10, [JUNQI_LIEUTENANT] = 10,
                [JUNQI_CAPTAIN] = 15, [JUNQI_MAJOR] = 15, [JUNQI_COLONEL] = 15,
                [JUNQI_BRIGADIER] = 15, [JUNQI_MAJOR_GENERAL] = 10, [JUNQI_GENERAL] = 5,
                [JUNQI_MARSHAL] = 5},
    .camp_own = 10,
    .camp_enemy = 40,
    .rail = 10,
    .centre = 15,
    .advance = 8,
    .stuck = -20,
    .mobility = 2,
    .danger_cap = 1000,
};

/* The curve's scale that went with the hand weights (docs/engine.md). */
#define HAND_SCALE 1664.0

/* One training position. */
typedef struct record {
    float label;   /* the mover's team's result: 1, 1/2, 0 */
    int16_t phase; /* junqi_infer_phase() */
    int16_t game;  /* index of its game (for the held-out split) */
    float f[NW];   /* d score / d weight, for the mover's team */
} record;

/* The offset of the plies measured in a game: a hash of its file's base
 * name (so the same games give the same plies however their folder is
 * written), mixed so that it does not follow the validation split's
 * residue. */
static size_t ply_offset(const char *path, int step)
{
    return (size_t)((bench_name_hash(path) * 2654435761u) >> 8) % (size_t)step;
}

/* A game of a study: its record, how it ended, and the plies studied, every
 * STEPth from first (a hash of the file's name) up to end (none when the
 * game was not decided: it has no label). */
typedef struct {
    junqi_game *game;
    junqi_result result;
    size_t first, end;
} studied_game;

/* Load file f when it is one of `set`'s games and replay it to its end into
 * *sg; false when it is not in the set or does not load. The caller frees
 * sg->game. */
static bool study_game(const char *f, bench_set set, int step, studied_game *sg)
{
    sg->game = bench_in_set(f, set) ? bench_load(f) : NULL;
    if (!sg->game)
        return false;
    junqi_replay r;
    junqi_replay_start(&r, sg->game, NULL, NULL);
    junqi_replay_run(&r);
    sg->result = r.pos.result;
    sg->first = ply_offset(f, step);
    sg->end = bench_label(&sg->result, 1) >= 0 ? junqi_game_moves(sg->game) : 0;
    return true;
}

/* ---- collect ------------------------------------------------------------ */

/* The score of pos for `side` with weights w. */
static int score_with(const junqi_position *pos, unsigned side, const junqi_eval_weights *w)
{
    static _Thread_local junqi_eval_tables t;
    junqi_eval_state st;
    junqi_eval_tables_init(&t, pos, w);
    junqi_eval_state_init(&t, pos, &st);
    return junqi_eval_score(&t, &st, pos, side);
}

static void features(const junqi_position *pos, unsigned side, float *f)
{
    junqi_eval_weights w = hand_weights;
    int16_t *x = (int16_t *)&w;
    int base = score_with(pos, side, &w);
    for (int i = 0; i < NW; i++) {
        int16_t keep = x[i];
        x[i] = (int16_t)(keep + D);
        f[i] = (float)(score_with(pos, side, &w) - base) / D;
        x[i] = keep;
    }
}

/* The mover's view at ply: one posterior assignment, searched to depth 1;
 * the leaf of its line into *leaf, the mover's team into *side. False when
 * there is none (the game is over there or on the line). */
static bool training_leaf(const junqi_game *g, size_t ply, junqi_searcher *s, junqi_position *leaf,
                          unsigned *side)
{
    static junqi_infer inf;
    static junqi_infer_draws d;
    junqi_position pos;
    bench_position_at(g, ply, &pos);
    if (junqi_position_over(&pos))
        return false;
    int pick;
    junqi_infer_replay(&inf, g, NULL, ply, pos.to_move, g->info, NULL);
    if (!junqi_infer_solve(&inf, false) || !junqi_infer_draw(&inf, NULL, ply * 977 + 1, 4, &d) ||
        junqi_infer_resample(&d, ply, 1, &pick) != 1)
        return false;
    junqi_infer_place(&inf, d.kinds[pick], &pos, leaf);
    junqi_search_limits lim = {.depth = 1, .hash_mb = 4};
    junqi_search_result res;
    if (junqi_searcher_run(s, leaf, &lim, &res) != JUNQI_SEARCH_OK)
        return false;
    *side = res.side;
    for (int i = 0; i < res.lines[0].pv_len; i++) {
        junqi_undo u;
        junqi_make(leaf, res.lines[0].pv[i], &u);
        if (junqi_position_over(leaf))
            return false;
    }
    return true;
}

static int cmd_collect(const char *dirs, const char *out, int step)
{
    char **files = bench_list_files(dirs, BENCH_REPLAYS);
    FILE *fp = fopen(out, "wb");
    if (!fp)
        return 1;
    junqi_searcher *s = junqi_searcher_new(4);
    long n = 0, games = 0;
    double start = now();
    for (char **f = files; *f; f++) {
        studied_game sg;
        if (!study_game(*f, BENCH_TRAIN, step, &sg))
            continue;
        for (size_t ply = sg.first; ply < sg.end; ply += (size_t)step) {
            junqi_position leaf;
            unsigned side;
            if (!training_leaf(sg.game, ply, s, &leaf, &side))
                continue;
            record rec = {(float)bench_label(&sg.result, side), (int16_t)junqi_infer_phase((uint32_t)ply),
                          (int16_t)games, {0}};
            features(&leaf, side, rec.f);
            fwrite(&rec, sizeof rec, 1, fp);
            n++;
        }
        games++;
        junqi_game_free(sg.game);
    }
    fclose(fp);
    junqi_searcher_free(s);
    printf("collect: %ld positions of %ld training games (every %d plies) in %.0f s\n", n, games, step,
           now() - start);
    return 0;
}

/* ---- fit ---------------------------------------------------------------- */

/* Solve A x = b (n x n, A symmetric positive definite) in place by Cholesky. */
static bool solve(double *A, double *b, int n)
{
    for (int j = 0; j < n; j++) {
        double d = A[j * n + j];
        for (int k = 0; k < j; k++)
            d -= A[j * n + k] * A[j * n + k];
        if (!(d > 0))
            return false;
        A[j * n + j] = sqrt(d);
        for (int i = j + 1; i < n; i++) {
            double v = A[i * n + j];
            for (int k = 0; k < j; k++)
                v -= A[i * n + k] * A[j * n + k];
            A[i * n + j] = v / A[j * n + j];
        }
    }
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < i; k++)
            b[i] -= A[i * n + k] * b[k];
        b[i] /= A[i * n + i];
    }
    for (int i = n - 1; i >= 0; i--) {
        for (int k = i + 1; k < n; k++)
            b[i] -= A[k * n + i] * b[k];
        b[i] /= A[i * n + i];
    }
    return true;
}

static double log_loss_of(const record *r, long n, const double *beta, bool (*use)(const record *))
{
    double sum = 0;
    long k = 0;
    for (long i = 0; i < n; i++) {
        if (!use(&r[i]))
            continue;
        double z = 0;
        for (int j = 0; j < NW; j++)
            z += beta[j] * r[i].f[j];
        double p = 1 / (1 + exp(-z));
        p = p < 1e-9 ? 1e-9 : p > 1 - 1e-9 ? 1 - 1e-9 : p;
        sum -= r[i].label * log(p) + (1 - r[i].label) * log(1 - p);
        k++;
    }
    return k ? sum / (double)k : 0;
}

static bool held_out(const record *r) { return r->game % 10 == 0; }
static bool fitted(const record *r) { return r->game % 10 != 0; }
static bool every(const record *r) { (void)r; return true; }

/* Is weight i fitted? Not the cap on a flag's danger (set by hand: it
 * keeps a threat worth less than the capture); not the value of a seat in
 * the game, which is what
 * taking a flag wins: it stays as set by hand, so that the search keeps
 * finding flag captures (the fit alone halves it, and the tactic check then
 * falls from 99.6 % to 79 %: docs/engine.md); not the flag's value (the
 * seat's term says the same), nor the pressure multipliers open_scale[]
 * (the score is their product with the pressure weights, which a linear fit
 * of both at once cannot follow). */
static bool pinned[NW]; /* held at their floor by the constrained fit */

static bool fitted_weight(int i)
{
    if (pinned[i])
        return false;
    const junqi_eval_weights *w = &hand_weights;
    const int16_t *at = (const int16_t *)w + i;
    return at != &w->seat && at != &w->value[JUNQI_FLAG] && at != &w->danger_cap &&
           !(at >= w->open_scale && at < w->open_scale + 4);
}

/* Newton's method on the penalised log-likelihood: per position,
 * lambda * mean(f_a^2) * (beta_a - prior_a)^2 for each fitted weight a (a
 * pull towards the hand weights in the features' own units); the others
 * stay at the prior. */
static void newton(const record *r, long n, bool (*use)(const record *), double lambda, const double *prior,
                   double *beta)
{
    static double H[NW * NW], g[NW], scale[NW];
    memcpy(beta, prior, sizeof(double) * NW);
    long used = 0;
    memset(scale, 0, sizeof scale);
    for (long i = 0; i < n; i++)
        if (use(&r[i])) {
            used++;
            for (int a = 0; a < NW; a++)
                scale[a] += (double)r[i].f[a] * r[i].f[a];
        }
    for (int a = 0; a < NW; a++)
        scale[a] = used ? scale[a] / (double)used : 0;
    for (int it = 0; it < 25; it++) {
        memset(H, 0, sizeof H);
        memset(g, 0, sizeof g);
        long k = 0;
        for (long i = 0; i < n; i++) {
            if (!use(&r[i]))
                continue;
            k++;
            double z = 0;
            for (int j = 0; j < NW; j++)
                z += beta[j] * r[i].f[j];
            double p = 1 / (1 + exp(-z)), w = p * (1 - p), e = r[i].label - p;
            for (int a = 0; a < NW; a++) {
                if (r[i].f[a] == 0 || !fitted_weight(a))
                    continue;
                g[a] += e * r[i].f[a];
                for (int b = 0; b <= a; b++)
                    H[a * NW + b] += w * r[i].f[a] * r[i].f[b];
            }
        }
        for (int a = 0; a < NW; a++) {
            for (int b = 0; b < a; b++)
                H[b * NW + a] = H[a * NW + b] = fitted_weight(b) ? H[a * NW + b] : 0;
            double pull = lambda * (double)k * (scale[a] > 0 ? scale[a] : 1);
            if (!fitted_weight(a)) {
                for (int b = 0; b < NW; b++)
                    H[a * NW + b] = H[b * NW + a] = 0;
                g[a] = 0;
            }
            H[a * NW + a] += pull + 1e-9;
            g[a] -= pull * (beta[a] - prior[a]);
        }
        if (!solve(H, g, NW))
            break;
        double step = 0;
        for (int a = 0; a < NW; a++) {
            beta[a] += g[a];
            step += fabs(g[a]);
        }
        if (step < 1e-9)
            break;
    }
}

/* The names of the weights, in struct order, for the generated file. */
static void weight_names(char names[NW][32])
{
    int i = 0;
    snprintf(names[i++], 32, "seat");
    for (int k = 0; k < JUNQI_PIECE_KINDS; k++)
        snprintf(names[i++], 32, "value[%d]", k);
    static const char *const mid[] = {"engineer_mined", "last_engineer", "bomb_vs_top", "gate_landmine",
                                      "gate_guard", "gate_open", "gate_rail", "gate_enemy"};
    for (size_t k = 0; k < sizeof mid / sizeof *mid; k++)
        snprintf(names[i++], 32, "%s", mid[k]);
    for (int k = 0; k < 4; k++)
        snprintf(names[i++], 32, "open_scale[%d]", k);
    for (int k = 0; k < JUNQI_PIECE_KINDS; k++)
        snprintf(names[i++], 32, "pressure[%d]", k);
    for (int k = 0; k < JUNQI_PIECE_KINDS; k++)
        snprintf(names[i++], 32, "defence[%d]", k);
    static const char *const tail[] = {"camp_own", "camp_enemy", "rail", "centre", "advance", "stuck", "mobility",
                                       "danger_cap"};
    for (size_t k = 0; k < sizeof tail / sizeof *tail; k++)
        snprintf(names[i++], 32, "%s", tail[k]);
}

static bool write_weights(const char *path, const int16_t *w, long n, double loss, double hand, double lambda)
{
    char names[NW][32];
    weight_names(names);
    FILE *out = fopen(path, "w");
    if (!out)
        return false;
    fprintf(out, "/* SPDX-License-Identifier: MIT */\n"
                 "/*\n * eval_weights.c - the evaluation's weights (eval.h), fitted to the results of\n"
                 " * the training games. GENERATED by scripts/fit-eval (bench/eval_study.c): do\n"
                 " * not edit. %ld positions; log-loss %.4f (the hand weights: %.4f); L2 pull\n"
                 " * %.0e towards the hand weights (docs/engine.md, \"Evaluation\", says why\n"
                 " * this pull and explains every field).\n */\n"
                 "#include \"eval.h\"\n\nconst junqi_eval_weights junqi_eval_default_weights = {\n",
            n, loss, hand, lambda);
    junqi_eval_weights x;
    memcpy(&x, w, sizeof x);
    fprintf(out, "    .seat = %d,\n    .value = {", x.seat);
    for (int k = 0; k < JUNQI_PIECE_KINDS; k++)
        fprintf(out, "%s%d", k ? ", " : "", x.value[k]);
    fprintf(out, "},\n");
    for (int i = 1 + JUNQI_PIECE_KINDS; i < 9 + JUNQI_PIECE_KINDS; i++)
        fprintf(out, "    .%s = %d,\n", names[i], w[i]);
    const struct {
        const char *name;
        const int16_t *v;
        int n;
    } arrays[] = {{"open_scale", x.open_scale, 4}, {"pressure", x.pressure, JUNQI_PIECE_KINDS},
                  {"defence", x.defence, JUNQI_PIECE_KINDS}};
    for (size_t a = 0; a < 3; a++) {
        fprintf(out, "    .%s = {", arrays[a].name);
        for (int k = 0; k < arrays[a].n; k++)
            fprintf(out, "%s%d", k ? ", " : "", arrays[a].v[k]);
        fprintf(out, "},\n");
    }
    for (int i = (int)(offsetof(junqi_eval_weights, camp_own) / sizeof(int16_t)); i < NW; i++)
        fprintf(out, "    .%s = %d,\n", names[i], w[i]);
    fprintf(out, "};\n");
    return fclose(out) == 0;
}

/* The floor of weight i (centi-material), or INT16_MIN for none: weights
 * whose meaning is a sign keep it, so that the engine does not learn from
 * the results' accidents (players guard the gates of flags that are under
 * attack, so a guarded gate "predicts" a loss) to empty its gates or run
 * from its flag: the pieces' values (at least 50), what stands on a gate,
 * the pressure of enemy pieces on a flag, the defenders near their flag and
 * the advance into enemy arms (at least 2, so that the expert level's larger
 * shares stay larger). */
static int floor_of(int i)
{
    const junqi_eval_weights *h = &hand_weights;
    const int16_t *at = (const int16_t *)h + i;
    if (at > &h->value[JUNQI_FLAG] && at <= &h->value[JUNQI_MARSHAL])
        return 50;
    if (at >= h->pressure && at < h->pressure + JUNQI_PIECE_KINDS)
        return *at > 0 ? 0 : INT16_MIN;
    if (at >= h->defence && at < h->defence + JUNQI_PIECE_KINDS)
        return *at > 0 ? 2 : INT16_MIN;
    if (at == &h->gate_landmine)
        return 10;
    if (at == &h->advance)
        return 2;
    if (at == &h->gate_guard || at == &h->gate_open || at == &h->gate_rail || at == &h->gate_enemy)
        return 0;
    return INT16_MIN;
}

static int cmd_fit(const char *in, const char *out, double forced)
{
    FILE *fp = fopen(in, "rb");
    if (!fp)
        return 1;
    fseek(fp, 0, SEEK_END);
    long n = ftell(fp) / (long)sizeof(record);
    fseek(fp, 0, SEEK_SET);
    record *r = malloc((size_t)n * sizeof *r);
    if (!r || fread(r, sizeof *r, (size_t)n, fp) != (size_t)n)
        return 1;
    fclose(fp);
    const int16_t *hand = (const int16_t *)&hand_weights;
    double prior[NW], beta[NW], best[NW], start[NW];
    for (int i = 0; i < NW; i++)
        start[i] = prior[i] = hand[i] / HAND_SCALE;
    double hand_loss = log_loss_of(r, n, prior, held_out), best_loss = 1e9, best_lambda = 0;
    printf("fit: %ld positions; the hand weights (S = %.0f): held-out log-loss %.4f\n", n, HAND_SCALE,
           hand_loss);
    static const double lambdas[] = {1, 0.3, 0.1, 0.03, 0.01, 0.003, 0.001};
    for (size_t l = 0; l < sizeof lambdas / sizeof *lambdas; l++) {
        newton(r, n, fitted, lambdas[l], prior, beta);
        double loss = log_loss_of(r, n, beta, held_out);
        printf("  L2 pull %.0e: held-out log-loss %.4f\n", lambdas[l], loss);
        if (loss < best_loss) {
            best_loss = loss;
            best_lambda = lambdas[l];
        }
    }
    if (forced > 0) {
        printf("pull %.0e given (the held-out best is %.0e)\n", forced, best_lambda);
        best_lambda = forced;
    }
    /* the fit on every training position, pinning the weights that fall
     * below their floors at the floor and fitting the others again */
    for (int round = 0; round < 10; round++) {
        newton(r, n, every, best_lambda, prior, best);
        int pins = 0;
        for (int i = 0; i < NW; i++)
            if (!pinned[i] && fitted_weight(i) && best[i] * HAND_SCALE < floor_of(i) - 0.5) {
                pinned[i] = true;
                prior[i] = floor_of(i) / HAND_SCALE;
                pins++;
            }
        if (!pins)
            break;
    }
    /* back to centi-material at the hand weights' scale, so that the weights
     * left out of the fit keep their hand values */
    double S = HAND_SCALE;
    int16_t w[NW];
    for (int i = 0; i < NW; i++) {
        double v = best[i] * S;
        w[i] = (int16_t)(v > 30000 ? 30000 : v < -30000 ? -30000 : lround(v));
    }
    double fitted_beta[NW];
    for (int i = 0; i < NW; i++)
        fitted_beta[i] = w[i] / S;
    double all = log_loss_of(r, n, fitted_beta, every);
    printf("chosen L2 pull %.0e; log-loss on all training positions %.4f (hand %.4f)\n", best_lambda, all,
           log_loss_of(r, n, start, every));
    char names[NW][32];
    weight_names(names);
    for (int i = 0; i < NW; i++)
        if (w[i] != hand[i])
            printf("  %-16s %6d -> %6d\n", names[i], hand[i], w[i]);
    bool ok = write_weights(out, w, n, all, log_loss_of(r, n, start, every), best_lambda);
    free(r);
    printf(ok ? "wrote %s\n" : "cannot write %s\n", out);
    return !ok;
}

/* ---- judged moves: scale and judge ---------------------------------------- */

/* One judged move of a measurement. */
typedef struct judged {
    double label, winprob, material, best_score, spread;
    int phase, nlines, mark;
    bool agree, top3, has;
    double loss, error;
    const char *file;                 /* the replay (a path of the file list) */
    size_t ply;
    double counts[JUNQI_PIECE_KINDS]; /* junqi_analysis.counts */
    int seats;                        /* junqi_analysis.seats */
    int quiet;                        /* moves since the last combat (junqi_position.quiet) */
    double value;                     /* junqi_analysis.value: winprob before the model */
    int confirmed;                    /* junqi_analysis.confirmed: samples of the loss's confirmation */
} judged;

/* The material difference (default values) of pos for side, true identities. */
static double material_of(const junqi_position *pos, unsigned side)
{
    double m = 0;
    for (int p = 0; p < pos->board->npoints; p++) {
        uint8_t c = pos->cell[p];
        if (c)
            m += ((side >> JUNQI_CELL_SEAT(c)) & 1 ? 1 : -1) *
                 hand_weights.value[JUNQI_CELL_PIECE(c)];
    }
    return m;
}

/* Judge every STEPth ply of the games of `set` as the annotation does. */
static long judge_games(char **files, bench_set set, int step, int threads, junqi_search_limits lim,
                        int samples, uint64_t seed, judged **out, double *seconds)
{
    long cap = 1024, n = 0;
    judged *j = malloc((size_t)cap * sizeof *j);
    double busy = 0;
    for (char **f = files; *f; f++) {
        studied_game sg;
        if (!study_game(*f, set, step, &sg))
            continue;
        size_t k = 0;
        static bench_job jobs[1024];
        static junqi_analysis_request reqs[1024];
        static junqi_analysis res[1024];
        for (size_t ply = sg.first; ply < sg.end && k < 1024; ply += (size_t)step) {
            bench_prepare(&jobs[k], sg.game, ply, JUNQI_VIEW_MOVER, &reqs[k]);
            reqs[k].limits = lim;
            reqs[k].samples = samples;
            reqs[k].seed = seed;
            if (!junqi_position_over(&jobs[k].pos))
                k++;
        }
        double start = now();
        junqi_analyze_many(reqs, (int)k, threads, res);
        busy += now() - start;
        for (size_t i = 0; i < k; i++) {
            if (res[i].status != JUNQI_SEARCH_OK || !res[i].has_played)
                continue;
            if (n == cap)
                j = realloc(j, (size_t)(cap *= 2) * sizeof *j);
            const junqi_analysis *a = &res[i];
            bool top3 = a->played_line < 3; /* its rank among every candidate, not only the lines given */
            j[n] = (judged){bench_label(&sg.result, a->side), a->winprob, material_of(&jobs[i].pos, a->side),
                            a->eval, a->spread, junqi_infer_phase((uint32_t)jobs[i].pos.moves), a->nlines, 0,
                            a->played_line == 0, top3, true, a->winprob - a->played_winprob, a->loss_error,
                            *f, jobs[i].pos.moves, {0}, a->seats, jobs[i].pos.quiet, a->value,
                            a->confirmed};
            memcpy(j[n++].counts, a->counts, sizeof a->counts);
        }
        junqi_game_free(sg.game);
    }
    *out = j;
    *seconds = busy;
    return n;
}

/* Newton's method for P = 1/(1+exp(-(a x + b))) on pairs (x, label). */
static void fit_curve(const double *x, const double *y, long n, bool intercept, double *a, double *b)
{
    *a = 1e-3;
    *b = 0;
    for (int it = 0; it < 60; it++) {
        double ga = 0, gb = 0, haa = 0, hab = 0, hbb = 0;
        for (long i = 0; i < n; i++) {
            double s = x[i] / 1000, p = 1 / (1 + exp(-(*a * 1000 * s + *b))), w = p * (1 - p), e = y[i] - p;
            ga += e * s;
            gb += e;
            haa += w * s * s;
            hab += w * s;
            hbb += w;
        }
        if (!intercept) {
            *a += ga / haa / 1000;
            continue;
        }
        double det = haa * hbb - hab * hab;
        *a += (hbb * ga - hab * gb) / det / 1000;
        *b += (haa * gb - hab * ga) / det;
    }
}

/* S is fitted on the best move's mean score over the samples (the analysis
 * reports the mean of the samples' curves, which a fit on each sample's own
 * score would need the samples for; the mean of curves is slightly less
 * extreme than the curve of the mean, which the calibration table shows). */
static int cmd_scale(const char *dirs, int step, const char *out, int threads)
{
    char **files = bench_list_files(dirs, BENCH_REPLAYS);
    judged *j;
    double busy;
    long n = judge_games(files, BENCH_TRAIN, step, threads, (junqi_search_limits){.nodes = JUNQI_DEFAULT_NODES},
                         0, 0, &j, &busy);
    double *x = malloc((size_t)n * sizeof *x), *y = malloc((size_t)n * sizeof *y);
    for (long i = 0; i < n; i++) {
        x[i] = j[i].best_score;
        y[i] = j[i].label;
    }
    double a, b;
    fit_curve(x, y, n, false, &a, &b);
    printf("scale: %ld judged training moves (every %d plies), S = %.0f (%.0f s)\n", n, step, 1 / a, busy);
    FILE *fp = fopen(out, "w");
    if (!fp)
        return 1;
    fprintf(fp, "/* SPDX-License-Identifier: MIT */\n"
                "/*\n * eval_scale.c - the scale of the win-probability curve (eval.h), fitted to\n"
                " * the results of %ld judged moves of the training games. GENERATED by\n"
                " * scripts/fit-winprob (bench/eval_study.c scale): do not edit.\n */\n"
                "#include \"eval.h\"\n\nconst double junqi_eval_logistic_scale = %.0f;\n",
            n, 1 / a);
    return fclose(fp) != 0;
}

static void add_loss(double p, double y, double *ll, double *brier)
{
    p = p < 1e-6 ? 1e-6 : p > 1 - 1e-6 ? 1 - 1e-6 : p;
    *ll -= y * log(p) + (1 - y) * log(1 - p);
    *brier += (p - y) * (p - y);
}

/* The mean log-loss of lapse + (1 - 2 lapse) p over the judged moves. */
static double lapse_loss(const judged *j, long n, double lapse)
{
    double ll = 0, brier = 0;
    for (long i = 0; i < n; i++)
        add_loss(lapse + (1 - 2 * lapse) * j[i].winprob, j[i].label, &ll, &brier);
    return ll / n;
}

/* The lapse of the judged win probability (analysis.h JUNQI_ANALYSIS_LAPSE):
 * every STEPth ply of the training games judged as the annotation judges it
 * (with the lapse of this build), the lapse L of L + (1 - 2 L) P that fits
 * their results best, found by golden-section search on 0 .. 0.2 (the
 * log-loss is convex in L). Measured with a build whose lapse is 0, it is
 * the constant to write; with another, it says what is left to correct. */
static int cmd_lapse(const char *dirs, int step, int threads)
{
    char **files = bench_list_files(dirs, BENCH_REPLAYS);
    judged *j;
    double busy, lo = 0, hi = 0.2;
    long n = judge_games(files, BENCH_TRAIN, step, threads, (junqi_search_limits){.nodes = JUNQI_DEFAULT_NODES},
                         0, 0, &j, &busy);
    const double g = (sqrt(5) - 1) / 2;
    for (int it = 0; it < 60; it++) {
        double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
        if (lapse_loss(j, n, a) < lapse_loss(j, n, b))
            hi = b;
        else
            lo = a;
    }
    double lapse = (lo + hi) / 2;
    printf("lapse: %ld judged training moves (every %d plies): L = %.4f, log-loss %.4f (%.4f without; %.0f s)\n", n,
           step, lapse, lapse_loss(j, n, lapse), lapse_loss(j, n, 0), busy);
    return 0;
}

static void report(const judged *j, long n, double ma, double mb)
{
    static const char *const phases[] = {"plies 0-39", "plies 40-99", "plies 100-199", "plies 200+", "all"};
    printf("%-14s %7s %9s %9s %9s %9s\n", "phase", "moves", "log-loss", "material", "Brier", "material");
    for (int ph = 0; ph <= JUNQI_INFER_PHASES; ph++) {
        double ll = 0, br = 0, mll = 0, mbr = 0, k = 0;
        for (long i = 0; i < n; i++) {
            if (ph < JUNQI_INFER_PHASES && j[i].phase != ph)
                continue;
            add_loss(j[i].winprob, j[i].label, &ll, &br);
            add_loss(1 / (1 + exp(-(ma * j[i].material + mb))), j[i].label, &mll, &mbr);
            k++;
        }
        if (k)
            printf("%-14s %7.0f %9.4f %9.4f %9.4f %9.4f\n", phases[ph], k, ll / k, mll / k, br / k, mbr / k);
    }
    printf("calibration (win probability before the move):\n%-12s %7s %9s %9s\n", "bucket", "moves", "predicted",
           "won");
    double cal = 0;
    for (int b = 0; b < 10; b++) {
        double k = 0, p = 0, w = 0;
        for (long i = 0; i < n; i++)
            if ((int)(j[i].winprob * 10) == b || (b == 9 && j[i].winprob >= 1)) {
                k++;
                p += j[i].winprob;
                w += j[i].label;
            }
        if (k)
            printf("%.1f-%.1f      %7.0f %9.3f %9.3f\n", b / 10.0, (b + 1) / 10.0, k, p / k, w / k);
        cal += k ? fabs(p - w) : 0;
    }
    printf("calibration error (moves-weighted mean |predicted - won|): %.3f\n", cal / n);
}

/* The mark a judged move gets (the annotation's rule, annotate.h). */
static int mark_of_judged(const judged *j)
{
    junqi_annotate_options o = junqi_annotate_defaults();
    double sure = junqi_analysis_sure_loss(j->loss, j->error);
    int mark = j->agree ? JUNQI_MARK_NONE : junqi_annotate_mark(sure, o.thresholds);
    return mark == JUNQI_MARK_BLUNDER ? 3 : mark == JUNQI_MARK_MISTAKE ? 2 : mark == JUNQI_MARK_INACCURACY ? 1 : 0;
}

/* One line per judged move into path (the TSV of cmd_judge); false, said on stderr, if it cannot be written. */
static bool dump_judged(const char *path, const judged *j, long n, double ma, double mb)
{
    FILE *fp = fopen(path, "w");
    if (!fp) {
        perror(path);
        return false;
    }
    fprintf(fp, "label\twinprob\tmaterial_p\teval\tspread\tphase\tfile\tply\tseats\tquiet\tvalue");
    for (int k = JUNQI_FLAG; k <= JUNQI_MARSHAL; k++)
        fprintf(fp, "\t%s", junqi_piece_name(k, JUNQI_NAMES_EN));
    fputs("\tagree\tloss\terror\tconfirmed\n", fp);
    for (long i = 0; i < n; i++) {
        const char *base = strrchr(j[i].file, '/');
        fprintf(fp, "%.1f\t%.6f\t%.6f\t%.1f\t%.1f\t%d\t%s\t%zu\t%d\t%d\t%.6f", j[i].label, j[i].winprob,
                1 / (1 + exp(-(ma * j[i].material + mb))), j[i].best_score, j[i].spread, j[i].phase,
                base ? base + 1 : j[i].file, j[i].ply, j[i].seats, j[i].quiet, j[i].value);
        for (int k = JUNQI_FLAG; k <= JUNQI_MARSHAL; k++)
            fprintf(fp, "\t%.4f", j[i].counts[k]);
        fprintf(fp, "\t%d\t%.6f\t%.6f\t%d\n", j[i].agree, j[i].loss, j[i].error, j[i].confirmed);
    }
    if (ferror(fp) | fclose(fp)) {
        fprintf(stderr, "%s: write failed\n", path);
        return false;
    }
    return true;
}

/* The material logistic P = 1/(1+exp(-(a m + b))) fitted on every STEPth
 * ply of the training games of files; returns the positions it read. */
static long fit_material(char **files, int step, double *a, double *b)
{
    long cap = 1 << 16, m = 0;
    double *x = malloc((size_t)cap * sizeof *x), *y = malloc((size_t)cap * sizeof *y);
    for (char **f = files; *f; f++) {
        studied_game sg;
        if (!study_game(*f, BENCH_TRAIN, step, &sg))
            continue;
        for (size_t ply = sg.first; ply < sg.end; ply += (size_t)step) {
            junqi_position pos;
            bench_position_at(sg.game, ply, &pos);
            if (junqi_position_over(&pos))
                continue;
            if (m == cap) {
                x = realloc(x, (size_t)(cap *= 2) * sizeof *x);
                y = realloc(y, (size_t)cap * sizeof *y);
            }
            unsigned side = pos.side[pos.to_move];
            x[m] = material_of(&pos, side);
            y[m++] = bench_label(&sg.result, side);
        }
        junqi_game_free(sg.game);
    }
    fit_curve(x, y, m, true, a, b);
    free(x);
    free(y);
    return m;
}

static int cmd_judge(const char *dirs, int step, int threads, uint64_t nodes, int samples, uint64_t seed,
                     const char *tsv)
{
    char **files = bench_list_files(dirs, BENCH_REPLAYS);
    double ma, mb;
    long m = fit_material(files, step, &ma, &mb);
    judged *j;
    double busy;
    junqi_search_limits lim = {.nodes = nodes};
    long n = judge_games(files, BENCH_VALIDATION, step, threads, lim, samples, seed, &j, &busy);
    printf("judge: %ld validation moves (every %d plies), %llu nodes per sample, %d samples, seed %llu, %d "
           "threads; material logistic from %ld training positions: scale %.0f, intercept %.3f\n",
           n, step, (unsigned long long)nodes, samples ? samples : JUNQI_DEFAULT_SAMPLES,
           (unsigned long long)seed, threads, m, 1 / ma, mb);
    report(j, n, ma, mb);
    bool written = !tsv || dump_judged(tsv, j, n, ma, mb);
    double agree = 0, top3 = 0, marks[3] = {0};
    for (long i = 0; i < n; i++) {
        agree += j[i].agree;
        top3 += j[i].top3;
        int mark = mark_of_judged(&j[i]);
        for (int k = 0; k < 3; k++)
            marks[k] += mark > k;
    }
    printf("agreement: first choice %.1f%%, top 3 %.1f%%\n", 100 * agree / n, 100 * top3 / n);
    junqi_annotate_options o = junqi_annotate_defaults();
    printf("marked (loss less 1.5 errors): >= %.2f %.1f%%, >= %.2f %.1f%%, >= %.2f %.1f%%\n", o.thresholds[0],
           100 * marks[0] / n, o.thresholds[1], 100 * marks[1] / n, o.thresholds[2], 100 * marks[2] / n);
    printf("time: %.3f s per judged move (%.0f s in all)\n", busy / n, busy);
    return !written;
}

/* The TSV of cmd_judge for every STEPth ply of the training games, at
 * the default level (what scripts/winprob-ceiling combined fits on). */
static int cmd_dump(const char *dirs, int step, const char *tsv, int threads)
{
    char **files = bench_list_files(dirs, BENCH_REPLAYS);
    double ma, mb, busy;
    fit_material(files, step, &ma, &mb);
    judged *j;
    long n = judge_games(files, BENCH_TRAIN, step, threads, (junqi_search_limits){.nodes = JUNQI_DEFAULT_NODES},
                         0, 0, &j, &busy);
    if (!dump_judged(tsv, j, n, ma, mb))
        return 1;
    printf("dump: %ld training moves (every %d plies) to %s (%.0f s)\n", n, step, tsv, busy);
    return 0;
}

/* Of the ? and ?? marks of a, the share that b does not give (same moves). */
static void compare_marks(const judged *a, const judged *b, long n, const char *what)
{
    double marked = 0, gone = 0, any = 0, any_gone = 0;
    for (long i = 0; i < n; i++) {
        int ma = mark_of_judged(&a[i]), mb = mark_of_judged(&b[i]);
        any += ma > 0;
        any_gone += ma > 0 && mb == 0;
        marked += ma >= 2;
        gone += ma >= 2 && mb < 2;
    }
    printf("%s: of %.0f ? and ?? marks %.0f (%.0f%%) are not ? or ?? there; of %.0f marks of any kind %.0f "
           "(%.0f%%) are gone\n", what, marked, gone, marked ? 100 * gone / marked : 0, any, any_gone,
           any ? 100 * any_gone / any : 0);
}

/* Marks that another seed, or ten times the nodes, removes: every STEPth
 * ply of the validation games judged three times. */
static int cmd_stability(const char *dirs, int step, int threads, uint64_t nodes, int samples)
{
    char **files = bench_list_files(dirs, BENCH_REPLAYS);
    judged *base, *seed, *deep;
    double t0, t1, t2;
    junqi_search_limits lim = {.nodes = nodes}, big = {.nodes = 10 * nodes};
    long n0 = judge_games(files, BENCH_VALIDATION, step, threads, lim, samples, 0, &base, &t0);
    long n1 = judge_games(files, BENCH_VALIDATION, step, threads, lim, samples, 1, &seed, &t1);
    long n2 = judge_games(files, BENCH_VALIDATION, step, threads, big, samples, 0, &deep, &t2);
    printf("stability: %ld validation moves (every %d plies), %llu nodes per sample, %d samples\n", n0, step,
           (unsigned long long)nodes, samples ? samples : JUNQI_DEFAULT_SAMPLES);
    if (n0 != n1 || n0 != n2) {
        printf("the runs judged different moves (%ld, %ld, %ld)\n", n0, n1, n2);
        return 1;
    }
    compare_marks(base, seed, n0, "seed 1 instead of 0");
    compare_marks(base, deep, n0, "ten times the nodes");
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 5 && strcmp(argv[1], "collect") == 0)
        return cmd_collect(argv[2], argv[3], atoi(argv[4]));
    if (argc >= 4 && strcmp(argv[1], "fit") == 0)
        return cmd_fit(argv[2], argv[3], argc > 4 ? atof(argv[4]) : 0);
    if (argc >= 5 && strcmp(argv[1], "scale") == 0)
        return cmd_scale(argv[2], atoi(argv[3]), argv[4], argc > 5 ? atoi(argv[5]) : 2);
    if (argc >= 4 && strcmp(argv[1], "judge") == 0)
        return cmd_judge(argv[2], atoi(argv[3]), argc > 4 ? atoi(argv[4]) : 2,
                         argc > 5 ? strtoull(argv[5], NULL, 10) : JUNQI_DEFAULT_NODES,
                         argc > 6 ? atoi(argv[6]) : 0, argc > 7 ? strtoull(argv[7], NULL, 10) : 0,
                         argc > 8 ? argv[8] : NULL);
    if (argc >= 5 && strcmp(argv[1], "dump") == 0)
        return cmd_dump(argv[2], atoi(argv[3]), argv[4], argc > 5 ? atoi(argv[5]) : 2);
    if (argc >= 4 && strcmp(argv[1], "lapse") == 0)
        return cmd_lapse(argv[2], atoi(argv[3]), argc > 4 ? atoi(argv[4]) : 2);
    if (argc >= 4 && strcmp(argv[1], "stability") == 0)
        return cmd_stability(argv[2], atoi(argv[3]), argc > 4 ? atoi(argv[4]) : 2,
                             argc > 5 ? strtoull(argv[5], NULL, 10) : JUNQI_DEFAULT_NODES, argc > 6 ? atoi(argv[6]) : 0);
    fprintf(stderr, "usage: see the comment at the top of bench/eval_study.c\n");
    return 2;
}
