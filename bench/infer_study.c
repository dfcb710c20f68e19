/* SPDX-License-Identifier: MIT */
/*
 * infer_study.c - measurements of the hidden-piece inference on the shared
 * real games; not part of CI (scripts/infer-study runs it; docs/engine.md
 * reports the figures).
 *
 *   infer_study views DIRS [STEP]   every seat's view record (written as JGN
 *                                   and read back) of every replay in DIRS
 *                                   (folders separated by ':'), at every ply:
 *                                   the facts leave an assignment and the
 *                                   true setup is one of them; a sample is
 *                                   drawn and checked every STEP plies
 *                                   (default 8)
 *   infer_study fit DIRS OUT.c [W S]  learn the model of infer.h from the
 *                                   training games of DIRS (the split of
 *                                   bench/benchutil.h): formation priors from
 *                                   their setups, behaviour from every second
 *                                   ply; tune the behaviour weight and the
 *                                   smoothing on training positions (or take
 *                                   them, W and S, as given); write the C
 *                                   table (libcore/infer_model.c)
 *   infer_study bits DIRS [SET [PLIES [EVERY [W S]]]]  cross-entropy in bits of the true
 *                                   identities of the hidden pieces, the
 *                                   seat's view at PLIES random plies
 *                                   (default 8) of each game of SET
 *                                   (validation, default; train; all), every
 *                                   seat as viewer: (a) the army's counts
 *                                   less what the viewer sees, in proportion,
 *                                   (b) the exact sets with uniform weights,
 *                                   (c) the model's marginals; by game phase
 *                                   and by piece kind; EVERY: every EVERYth
 *                                   game only; W, S: another behaviour
 *                                   weight and smoothing than the model's
 *   infer_study reuse DIRS [EVERY]  what carrying a seat's samples to its next
 *                                   move would keep (docs/engine.md, "What is
 *                                   left"): at every move of every EVERYth
 *                                   validation game (default 1), the mover's 8
 *                                   samples drawn as the annotation draws them
 *                                   (32 draws, resampled), then checked
 *                                   against the facts the same seat knows at
 *                                   its next move; the share that still
 *                                   agree, by game phase, and the time a
 *                                   move's draws take
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <math.h>

#include "benchutil.h"
#include "../tests/infer_sweep.h"
#include "setup.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- views -------------------------------------------------------------- */

static int cmd_views(const char *dirs, int step)
{
    char **files = bench_list_files(dirs, BENCH_REPLAYS);
    infer_sweep_stats st = {0};
    long games = 0, views = 0;
    double start = now();
    for (char **f = files; *f; f++) {
        junqi_game *g = bench_load(*f);
        if (!g) {
            printf("unreadable: %s\n", *f);
            continue;
        }
        games++;
        long before = st.failures;
        for (int seat = 0; seat < JUNQI_SEATS; seat++) {
            if (!g->seat[seat].present)
                continue;
            junqi_game *view = infer_sweep_view_record(g, seat);
            views++;
            if (!view)
                infer_sweep_fail(&st, "the view record does not read back", seat, 0, *f);
            else
                infer_sweep_view(g, view, seat, step, *f, &st);
            junqi_game_free(view);
        }
        if (st.failures > before)
            printf("failures in %s: %ld\n", *f, st.failures - before);
        junqi_game_free(g);
        free(*f);
    }
    free(files);
    printf("views: %ld games, %ld view records, %ld positions (every ply), %ld samples (every %d "
           "plies): %ld failures (%.0f s)\n", games, views, st.plies, st.samples, step, st.failures,
           now() - start);
    if (st.failures)
        printf("first failure: %s\n", st.first);
    return st.failures != 0;
}


/* ---- fit ---------------------------------------------------------------- */

typedef struct counts {
    double formation[6][5][JUNQI_PIECE_KINDS]; /* flag mirrored to the left headquarters */
    double flag_side[2];
    double behaviour[JUNQI_INFER_PHASES][2][JUNQI_PIECE_KINDS][JUNQI_INFER_CLASSES];
    long formations, observations;
} counts;

static void count_formations(const junqi_game *g, counts *c)
{
    for (int s = 0; s < JUNQI_SEATS; s++) {
        if (!g->seat[s].present || !g->seat[s].setup_known)
            continue;
        const uint8_t(*f)[5] = g->seat[s].setup;
        int right = f[5][3] == JUNQI_FLAG;
        if (!right && f[5][1] != JUNQI_FLAG)
            continue; /* no flag in a headquarters: not a valid formation */
        c->flag_side[right]++;
        c->formations++;
        for (int r = 0; r < 6; r++)
            for (int col = 0; col < 5; col++)
                if (f[r][right ? 4 - col : col] != JUNQI_NONE)
                    c->formation[r][col][f[r][right ? 4 - col : col]]++;
    }
}

/* Behaviour: every second ply, every piece of every seat (the counts are
 * public, so one tracking serves). */
static void count_behaviour(const junqi_game *g, counts *c)
{
    static junqi_replay r;
    static junqi_infer inf;
    if (!junqi_replay_start(&r, g, NULL, NULL))
        return;
    junqi_position start = r.pos;
    junqi_infer_start(&inf, &r.pos, true, JUNQI_NO_SEAT, JUNQI_DARK);
    for (size_t i = 0; i <= g->main.nitems; i++) {
        if ((i == g->main.nitems || g->main.items[i].kind == JUNQI_ITEM_MOVE) && r.pos.moves % 2 == 0 &&
            !junqi_position_over(&r.pos)) {
            int phase = junqi_infer_phase(inf.ply);
            for (int k = 0; k < inf.npieces; k++) {
                const junqi_infer_piece *p = &inf.piece[k];
                int kind = JUNQI_CELL_PIECE(start.cell[p->start]);
                c->behaviour[phase][p->point != JUNQI_NO_POINT][kind][junqi_infer_class(p)]++;
                c->observations++;
            }
        }
        if (i == g->main.nitems)
            break;
        uint32_t before = r.pos.moves;
        junqi_replay_next(&r);
        if (r.pos.moves != before)
            junqi_infer_move(&inf, r.last_move, (junqi_outcome)r.last_outcome);
        junqi_infer_sync(&inf, &r.pos);
    }
}

/* The model from the counts (add-half smoothing over what the setup rules
 * allow for the prior, add-one over the classes for the behaviour). */
static void model_from_counts(const counts *c, junqi_infer_model *m)
{
    for (int r = 0; r < 6; r++)
        for (int col = 0; col < 5; col++) {
            unsigned allowed = junqi_setup_allowed(r + 1, col + 1);
            if (r == 5 && col == 3)
                allowed &= ~(1u << JUNQI_FLAG); /* the flag stands on the left */
            double total = 0, n = 0;
            for (int k = JUNQI_FLAG; k <= JUNQI_MARSHAL; k++)
                if (allowed & (1u << k)) {
                    total += c->formation[r][col][k];
                    n++;
                }
            for (int k = 0; k < JUNQI_PIECE_KINDS; k++)
                m->prior[r][col][k] = (allowed & (1u << k))
                                          ? (float)log((c->formation[r][col][k] + 0.5) / (total + 0.5 * n))
                                          : -60.0f;
        }
    double sides = c->flag_side[0] + c->flag_side[1];
    m->flag_left = (float)log((c->flag_side[0] + 0.5) / (sides + 1));
    m->flag_right = (float)log((c->flag_side[1] + 0.5) / (sides + 1));
    for (int ph = 0; ph < JUNQI_INFER_PHASES; ph++)
        for (int on = 0; on < 2; on++)
            for (int k = 0; k < JUNQI_PIECE_KINDS; k++) {
                double total = 0;
                for (int cl = 0; cl < JUNQI_INFER_CLASSES; cl++)
                    total += c->behaviour[ph][on][k][cl];
                for (int cl = 0; cl < JUNQI_INFER_CLASSES; cl++)
                    m->behaviour[ph][on][k][cl] =
                        (float)log((c->behaviour[ph][on][k][cl] + 1) / (total + JUNQI_INFER_CLASSES));
            }
}

/* ---- bits --------------------------------------------------------------- */

enum { METHODS = 3 }; /* (a) counts, (b) exact sets, (c) the model */

typedef struct bits {
    double sum[METHODS], n;
    double phase[JUNQI_INFER_PHASES][METHODS], nphase[JUNQI_INFER_PHASES];
    double kind[JUNQI_PIECE_KINDS][METHODS], nkind[JUNQI_PIECE_KINDS];
    double ess;
    long positions;
} bits;

static void add_bits(bits *b, int phase, int kind, const double *p)
{
    for (int m = 0; m < METHODS; m++) {
        double x = -log2(p[m] > 1e-12 ? p[m] : 1e-12);
        b->sum[m] += x;
        b->phase[phase][m] += x;
        b->kind[kind][m] += x;
    }
    b->n++;
    b->nphase[phase]++;
    b->nkind[kind]++;
}

/* One viewer at one ply: every piece on the board the viewer cannot see. */
static void score_view(const junqi_game *g, size_t ply, int viewer, const junqi_infer_model *model,
                       int ndraws, bool exact, bits *b)
{
    static junqi_infer inf, ex;
    static junqi_infer_draws d;
    static double p[JUNQI_INFER_MAX_PIECES][JUNQI_PIECE_KINDS];
    static junqi_position pos, view, start;
    junqi_replay r;
    if (!junqi_replay_start(&r, g, NULL, NULL))
        return;
    start = r.pos;
    if (!junqi_infer_replay(&inf, g, NULL, ply, viewer, g->info, &pos) || junqi_position_over(&pos) ||
        !((pos.alive >> viewer) & 1) || !junqi_infer_solve(&inf, false))
        return;
    ex = inf;
    if (exact && !junqi_infer_solve(&ex, true))
        return;
    if (!junqi_infer_draw(&inf, model, ply * 4 + (uint64_t)viewer, ndraws, &d))
        return;
    junqi_infer_marginals(&inf, model, &d, p);
    junqi_position_view(&view, &pos, viewer, g->info);
    b->positions++;
    b->ess += d.ess;
    int phase = junqi_infer_phase((uint32_t)ply);
    for (int s = 0; s < JUNQI_SEATS; s++) {
        double left[JUNQI_PIECE_KINDS], total = 0; /* (a): the army less what the viewer sees */
        for (int k = JUNQI_FLAG; k <= JUNQI_MARSHAL; k++)
            left[k] = junqi_piece_count((junqi_piece)k);
        for (int q = 0; q < pos.board->npoints; q++)
            if (view.cell[q] && JUNQI_CELL_SEAT(view.cell[q]) == s && JUNQI_CELL_PIECE(view.cell[q]) != JUNQI_UNKNOWN)
                left[JUNQI_CELL_PIECE(view.cell[q])]--;
        for (int k = JUNQI_FLAG; k <= JUNQI_MARSHAL; k++)
            total += left[k] > 0 ? left[k] : 0;
        for (int i = inf.first[s]; i < inf.first[s + 1]; i++) {
            int q = inf.piece[i].point;
            if (q == JUNQI_NO_POINT || JUNQI_CELL_PIECE(view.cell[q]) != JUNQI_UNKNOWN)
                continue;
            int t = JUNQI_CELL_PIECE(start.cell[inf.piece[i].start]);
            double probs[METHODS] = {left[t] / total,
                                     (ex.piece[i].kinds >> t & 1) ? 1.0 / __builtin_popcount(ex.piece[i].kinds) : 0,
                                     p[i][t]};
            add_bits(b, phase, t, probs);
        }
    }
}

/* The plies a game is measured at: `plies` of them, spread by a hash of its file name. */
static size_t pick_ply(const char *path, size_t moves, int j)
{
    uint64_t h = 1469598103934665603ull;
    for (const char *c = path; *c; c++)
        h = (h ^ (uint8_t)*c) * 1099511628211ull;
    h ^= (uint64_t)(j + 1) * 0x9E3779B97F4A7C15ull;
    h = (h ^ (h >> 31)) * 0xBF58476D1CE4E5B9ull;
    return moves ? (size_t)((h >> 7) % moves) : 0;
}

static void measure(char **files, bench_set set, int plies, const junqi_infer_model *model, int ndraws,
                    bool exact, int every, bits *b)
{
    memset(b, 0, sizeof *b);
    int k = 0;
    for (char **f = files; *f; f++) {
        if (!bench_in_set(*f, set) || k++ % every)
            continue;
        junqi_game *g = bench_load(*f);
        if (!g)
            continue;
        size_t moves = junqi_game_moves(g);
        for (int j = 0; j < plies; j++)
            for (int v = 0; v < JUNQI_SEATS; v++)
                if (g->seat[v].present)
                    score_view(g, pick_ply(*f, moves, j), v, model, ndraws, exact, b);
        junqi_game_free(g);
    }
}

static void print_bits(const bits *b)
{
    static const char *const names[METHODS] = {"(a) counts", "(b) exact sets", "(c) model"};
    printf("%ld positions, %.0f hidden pieces; mean effective sample size %.1f\n", b->positions, b->n,
           b->positions ? b->ess / (double)b->positions : 0);
    for (int m = 0; m < METHODS; m++)
        printf("%-16s %.3f bits per piece (%.1f%% below (a))\n", names[m], b->sum[m] / b->n,
               100 * (1 - b->sum[m] / b->sum[0]));
    static const char *const phases[] = {"plies 0-39", "plies 40-99", "plies 100-199", "plies 200+"};
    printf("%-16s %8s %8s %8s %8s\n", "phase", "pieces", "(a)", "(b)", "(c)");
    for (int ph = 0; ph < JUNQI_INFER_PHASES; ph++)
        if (b->nphase[ph])
            printf("%-16s %8.0f %8.3f %8.3f %8.3f\n", phases[ph], b->nphase[ph], b->phase[ph][0] / b->nphase[ph],
                   b->phase[ph][1] / b->nphase[ph], b->phase[ph][2] / b->nphase[ph]);
    printf("%-16s %8s %8s %8s %8s\n", "kind", "pieces", "(a)", "(b)", "(c)");
    for (int k = JUNQI_FLAG; k <= JUNQI_MARSHAL; k++)
        if (b->nkind[k])
            printf("%-16s %8.0f %8.3f %8.3f %8.3f\n", junqi_piece_name((junqi_piece)k, JUNQI_NAMES_EN),
                   b->nkind[k], b->kind[k][0] / b->nkind[k], b->kind[k][1] / b->nkind[k],
                   b->kind[k][2] / b->nkind[k]);
}

static int cmd_bits(const char *dirs, const char *set, int plies, int every, double weight, double smoothing)
{
    char **files = bench_list_files(dirs, BENCH_REPLAYS);
    bench_set which = strcmp(set, "train") == 0 ? BENCH_TRAIN : strcmp(set, "all") == 0 ? BENCH_ALL
                                                                                           : BENCH_VALIDATION;
    static bits b;
    static junqi_infer_model m;
    m = junqi_infer_default_model;
    if (weight >= 0)
        m.behaviour_weight = (float)weight;
    if (smoothing >= 0)
        m.smoothing = (float)smoothing;
    double start = now();
    measure(files, which, plies, &m, 128, true, every, &b);
    printf("bits: %s games (every %d), %d plies each, every seat's view, 128 draws; behaviour weight "
           "%.2f, smoothing %.3f (%.0f s)\n", set, every, plies, m.behaviour_weight, m.smoothing, now() - start);
    print_bits(&b);
    return 0;
}

/* ---- writing the model -------------------------------------------------- */

/* Write an array of floats with dimensions dims[0..ndims) as nested C initialisers. */
static void write_floats(FILE *out, const float *x, const int *dims, int ndims, int indent)
{
    int stride = 1;
    for (int d = 1; d < ndims; d++)
        stride *= dims[d];
    fprintf(out, "%*s{", indent, "");
    for (int i = 0; i < dims[0]; i++) {
        if (ndims == 1) {
            fprintf(out, "%s%.4ff", i ? ", " : "", x[i]);
            continue;
        }
        fputc('\n', out);
        write_floats(out, x + i * stride, dims + 1, ndims - 1, indent + 2);
        fputc(',', out);
    }
    if (ndims > 1)
        fprintf(out, "\n%*s", indent, "");
    fputc('}', out);
}

static bool write_model(const char *path, const junqi_infer_model *m, const counts *c, long games)
{
    FILE *out = fopen(path, "w");
    if (!out)
        return false;
    fprintf(out, "/* SPDX-License-Identifier: MIT */\n"
                 "/*\n * infer_model.c - the model of infer.h learned from real games. GENERATED by\n"
                 " * scripts/fit-infer (bench/infer_study.c fit): do not edit. %ld training games\n"
                 " * of ../shared/data (the split of bench/benchutil.h), %ld formations, %ld\n"
                 " * behaviour observations (every second ply, every piece).\n */\n"
                 "#include \"infer.h\"\n\n"
                 "const junqi_infer_model junqi_infer_default_model = {\n",
            games, c->formations, c->observations);
    static const int prior_dims[] = {6, 5, JUNQI_PIECE_KINDS},
                     behaviour_dims[] = {JUNQI_INFER_PHASES, 2, JUNQI_PIECE_KINDS, JUNQI_INFER_CLASSES};
    fprintf(out, "    .prior =\n");
    write_floats(out, &m->prior[0][0][0], prior_dims, 3, 4);
    fprintf(out, ",\n    .flag_left = %.4ff,\n    .flag_right = %.4ff,\n    .behaviour =\n", m->flag_left,
            m->flag_right);
    write_floats(out, &m->behaviour[0][0][0][0], behaviour_dims, 4, 4);
    fprintf(out, ",\n    .behaviour_weight = %.2ff,\n    .smoothing = %.3ff,\n};\n", m->behaviour_weight,
            m->smoothing);
    return fclose(out) == 0;
}

static int cmd_fit(const char *dirs, const char *out, double weight, double smoothing)
{
    char **files = bench_list_files(dirs, BENCH_REPLAYS);
    static counts c;
    static junqi_infer_model m;
    long games = 0;
    double start = now();
    for (char **f = files; *f; f++) {
        if (!bench_in_set(*f, BENCH_TRAIN))
            continue;
        junqi_game *g = bench_load(*f);
        if (!g)
            continue;
        games++;
        count_formations(g, &c);
        count_behaviour(g, &c);
        junqi_game_free(g);
    }
    model_from_counts(&c, &m);
    printf("fit: %ld training games, %ld formations (flag left %.0f, right %.0f), %ld behaviour "
           "observations (%.0f s)\n", games, c.formations, c.flag_side[0], c.flag_side[1], c.observations,
           now() - start);
    m.behaviour_weight = (float)weight;
    m.smoothing = (float)smoothing;
    if (weight > 0)
        goto write; /* given: no tuning */
    /* the two free parameters, on a twentieth of the training games */
    static const float weights[] = {0.25f, 0.5f, 0.75f}, smooth[] = {0.1f, 0.2f, 0.3f};
    double best = 1e30;
    junqi_infer_model trial = m;
    for (size_t a = 0; a < sizeof weights / sizeof *weights; a++)
        for (size_t e = 0; e < sizeof smooth / sizeof *smooth; e++) {
            trial.behaviour_weight = weights[a];
            trial.smoothing = smooth[e];
            static bits b;
            measure(files, BENCH_TRAIN, 2, &trial, 64, false, 20, &b);
            double x = b.sum[2] / b.n;
            printf("  behaviour weight %.2f, smoothing %.3f: %.4f bits per hidden piece (%.0f pieces)\n",
                   trial.behaviour_weight, trial.smoothing, x, b.n);
            if (x < best) {
                best = x;
                m.behaviour_weight = trial.behaviour_weight;
                m.smoothing = trial.smoothing;
            }
        }
    printf("chosen: behaviour weight %.2f, smoothing %.3f\n", m.behaviour_weight, m.smoothing);
write:
    if (!write_model(out, &m, &c, games)) {
        fprintf(stderr, "infer_study: cannot write %s\n", out);
        return 1;
    }
    printf("wrote %s\n", out);
    return 0;
}

/* ---- reuse --------------------------------------------------------------- */

enum { REUSE_SAMPLES = 8 };

/* What seat `viewer` knows after `ply` moves of g, solved; false when its
 * position is over or the seat is out. */
static bool knowledge_at(const junqi_game *g, size_t ply, int viewer, junqi_infer *inf, junqi_position *pos)
{
    return junqi_infer_replay(inf, g, NULL, ply, viewer, g->info, pos) && !junqi_position_over(pos) &&
           ((pos->alive >> viewer) & 1) && junqi_infer_solve(inf, false);
}

typedef struct reuse_tally {
    long moves[JUNQI_INFER_PHASES], kept[JUNQI_INFER_PHASES], all_kept, none_kept;
    double draw_seconds;
} reuse_tally;

/* The seat to move after each ply of g's moves (mover[0..moves]; JUNQI_SEATS
 * once the game is over), from one replay. */
static void movers_of(const junqi_game *g, size_t moves, uint8_t *mover)
{
    static junqi_replay r;
    junqi_replay_start(&r, g, NULL, NULL);
    for (size_t ply = 0; ply <= moves; ply++) {
        junqi_replay_seek(&r, ply);
        mover[ply] = junqi_position_over(&r.pos) ? JUNQI_SEATS : r.pos.to_move;
    }
}

/* The mover's samples at ply, checked at the same seat's next move. */
static void reuse_at(const junqi_game *g, size_t ply, size_t moves, const uint8_t *mover, reuse_tally *t)
{
    static junqi_infer now_inf, next_inf;
    static junqi_infer_draws d;
    static junqi_position pos;
    int seat = mover[ply], index[REUSE_SAMPLES];
    size_t next = ply + 1;
    while (next < moves && mover[next] != seat && mover[next] < JUNQI_SEATS)
        next++;
    if (seat >= JUNQI_SEATS || next >= moves || mover[next] != seat ||
        !knowledge_at(g, ply, seat, &now_inf, &pos) || !knowledge_at(g, next, seat, &next_inf, &pos))
        return;
    double start = now();
    if (!junqi_infer_draw(&now_inf, NULL, ply * 4 + (uint64_t)seat, 4 * REUSE_SAMPLES, &d))
        return;
    int k = junqi_infer_resample(&d, ply, REUSE_SAMPLES, index), kept = 0;
    t->draw_seconds += now() - start;
    for (int j = 0; j < k; j++)
        kept += junqi_infer_check(&next_inf, d.kinds[index[j]]);
    int phase = junqi_infer_phase((uint32_t)ply);
    t->moves[phase]++;
    t->kept[phase] += kept;
    t->all_kept += kept == k;
    t->none_kept += kept == 0;
}

static int cmd_reuse(const char *dirs, int every)
{
    char **files = bench_list_files(dirs, BENCH_REPLAYS);
    static reuse_tally t;
    int k = 0;
    for (char **f = files; *f; f++) {
        if (!bench_in_set(*f, BENCH_VALIDATION) || k++ % every)
            continue;
        junqi_game *g = bench_load(*f);
        size_t moves = g ? junqi_game_moves(g) : 0;
        uint8_t *mover = malloc(moves + 1);
        if (mover)
            movers_of(g, moves, mover);
        for (size_t ply = 0; mover && ply < moves; ply++)
            reuse_at(g, ply, moves, mover, &t);
        free(mover);
        junqi_game_free(g);
    }
    long n = 0, kept = 0;
    static const char *const phases[] = {"plies 0-39", "plies 40-99", "plies 100-199", "plies 200+"};
    printf("%-16s %8s %14s\n", "phase", "moves", "samples kept");
    for (int p = 0; p < JUNQI_INFER_PHASES; p++) {
        printf("%-16s %8ld %13.1f%%\n", phases[p], t.moves[p],
               t.moves[p] ? 100.0 * (double)t.kept[p] / (REUSE_SAMPLES * (double)t.moves[p]) : 0);
        n += t.moves[p];
        kept += t.kept[p];
    }
    printf("%-16s %8ld %13.1f%%\n", "all", n, n ? 100.0 * (double)kept / (REUSE_SAMPLES * (double)n) : 0);
    printf("all 8 kept at %.1f%% of the moves, none at %.1f%%; a move's draws take %.2f ms\n",
           n ? 100.0 * (double)t.all_kept / (double)n : 0, n ? 100.0 * (double)t.none_kept / (double)n : 0,
           n ? 1000 * t.draw_seconds / (double)n : 0);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 3 && strcmp(argv[1], "reuse") == 0)
        return cmd_reuse(argv[2], argc > 3 ? atoi(argv[3]) : 1);
    if (argc >= 3 && strcmp(argv[1], "views") == 0)
        return cmd_views(argv[2], argc > 3 ? atoi(argv[3]) : 8);
    if (argc >= 4 && strcmp(argv[1], "fit") == 0)
        return cmd_fit(argv[2], argv[3], argc > 5 ? atof(argv[4]) : 0, argc > 5 ? atof(argv[5]) : 0);
    if (argc >= 3 && strcmp(argv[1], "bits") == 0)
        return cmd_bits(argv[2], argc > 3 ? argv[3] : "validation", argc > 4 ? atoi(argv[4]) : 8,
                        argc > 5 ? atoi(argv[5]) : 1, argc > 6 ? atof(argv[6]) : -1, argc > 7 ? atof(argv[7]) : -1);
    fprintf(stderr, "usage: see the comment at the top of bench/infer_study.c\n");
    return 2;
}
