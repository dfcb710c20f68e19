/* SPDX-License-Identifier: MIT */
/*
 * test_play.c - play levels and the move choice (play.h), and the search
 * hooks they and the engine protocol use (search.h: stop, progress,
 * weights): the levels' budgets and styles, the default level playing the
 * analysis's best move, easy's deliberate mistakes deterministic for a
 * seed, a stop callback ending a search after depth 1, progress after every
 * iteration with the job's index; a stop request (junqi_stop) ending the
 * go of report.h from another thread, as python/junqi's Ctrl-C does.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include "play.h"
#include "report.h"
#include "testutil.h"

#define GAME "tests/data/perft/replays/jgs-000150.jgs"

static junqi_game *real_game(void)
{
    junqi_game *g = load_replay(source_path(GAME));
    assert_non_null(g);
    return g;
}

static void seek(junqi_replay *r, const junqi_game *g, size_t ply)
{
    assert_true(junqi_replay_start(r, g, NULL, NULL));
    junqi_replay_seek(r, ply);
}

static bool same_move(junqi_move a, junqi_move b)
{
    return a.from == b.from && a.to == b.to;
}

static uint64_t budget(const junqi_level *l)
{
    return l->nodes * (uint64_t)l->samples;
}

static void levels_are_named_and_ordered_by_budget(void **state)
{
    (void)state;
    const junqi_level *easy = junqi_level_get("easy"), *normal = junqi_level_get("normal"),
                      *def = junqi_level_get("default"), *expert = junqi_level_get("expert");
    assert_non_null(easy);
    assert_non_null(normal);
    assert_ptr_equal(def, junqi_level_default());
    assert_non_null(expert);
    assert_null(junqi_level_get("hard"));
    assert_string_equal(junqi_level_names(), "easy, normal, default or expert");
    assert_true(budget(easy) < budget(normal) && budget(normal) < budget(def) && budget(def) < budget(expert));
    assert_int_equal(def->nodes, JUNQI_DEFAULT_NODES);
    assert_int_equal(def->samples, JUNQI_DEFAULT_SAMPLES);
    assert_true(easy->temperature > 0 && easy->blunder_permille > 0 && easy->multipv > 1);
    assert_int_equal(normal->temperature + normal->blunder_permille + def->temperature + expert->temperature, 0);
}

static void the_expert_style_values_its_flag_guard_more(void **state)
{
    (void)state;
    junqi_eval_weights w;
    junqi_level_weights(junqi_level_default(), &w);
    assert_memory_equal(&w, &junqi_eval_default_weights, sizeof w);
    junqi_level_weights(junqi_level_get("expert"), &w);
    const junqi_eval_weights *d = &junqi_eval_default_weights;
    assert_true(w.gate_landmine > d->gate_landmine);
    assert_true(w.defence[JUNQI_CAPTAIN] > d->defence[JUNQI_CAPTAIN]);
    assert_true(w.advance > d->advance);
    assert_int_equal(w.value[JUNQI_MARSHAL], d->value[JUNQI_MARSHAL]);
}

static junqi_play_request request(const junqi_game *g, const junqi_replay *r, const char *level,
                                  uint64_t seed)
{
    junqi_play_request req = {g, &r->pos, r->moves, NULL, junqi_level_get(level), -1, 0, seed,
                              {.nodes = 3000}, 1, NULL};
    return req;
}

/* The analysis of r's position (after `ply` moves of g) with the mover's
 * knowledge: `samples` samples (0: the default), seed 3, `nodes` a search. */
static void analyse_as_mover(const junqi_game *g, const junqi_replay *r, size_t ply, int samples, uint64_t nodes,
                             junqi_analysis *out)
{
    static junqi_infer inf;
    junqi_infer_replay(&inf, g, NULL, ply, r->pos.to_move, g->info, NULL);
    junqi_infer_solve(&inf, false);
    junqi_analysis_request ar = {.pos = &r->pos, .infer = &inf, .view = JUNQI_VIEW_MOVER, .samples = samples,
                                 .seed = 3, .limits = {.nodes = nodes}, .played = {JUNQI_NO_POINT, JUNQI_NO_POINT}};
    assert_true(junqi_analyze_many(&ar, 1, 1, out));
}

static void the_default_level_plays_the_analysis_best_move(void **state)
{
    (void)state;
    junqi_game *g = real_game();
    static junqi_replay r;
    static junqi_play_result played;
    static junqi_analysis plain;
    for (size_t ply = 20; ply <= 60; ply += 20) {
        seek(&r, g, ply);
        junqi_play_request req = request(g, &r, "default", 3);
        assert_true(junqi_play(&req, &played));
        assert_int_equal(played.view, JUNQI_VIEW_MOVER);
        assert_int_equal(played.viewer, r.pos.to_move);
        analyse_as_mover(g, &r, ply, 0, 3000, &plain);
        assert_int_equal(played.analysis.status, JUNQI_SEARCH_OK);
        assert_int_equal(played.line, 0);
        assert_true(same_move(played.move, plain.lines[0].move));
        assert_true(played.analysis.eval == plain.eval);
    }
    junqi_game_free(g);
}

/* View mover: the expected counts weigh every piece on the board once
 * (the draws' weights sum to 1), so they add up to the mover's team's
 * pieces less the others', which the mover knows; its own kinds are exact. */
static void the_expected_counts_add_up_to_the_pieces_on_the_board(void **state)
{
    (void)state;
    junqi_game *g = real_game();
    static junqi_replay r;
    static junqi_analysis a;
    for (size_t ply = 20; ply <= 100; ply += 40) {
        seek(&r, g, ply);
        analyse_as_mover(g, &r, ply, 4, 2000, &a);
        assert_int_equal(a.status, JUNQI_SEARCH_OK);
        double sum = 0, pieces = 0;
        for (int k = 0; k < JUNQI_PIECE_KINDS; k++)
            sum += a.counts[k];
        for (int p = 0; p < r.pos.board->npoints; p++)
            if (r.pos.cell[p])
                pieces += (a.side >> JUNQI_CELL_SEAT(r.pos.cell[p]) & 1) ? 1 : -1;
        assert_float_equal(sum, pieces, 1e-9);
        assert_float_equal(a.counts[JUNQI_NONE], 0, 0);
        assert_float_equal(a.counts[JUNQI_UNKNOWN], 0, 0);
    }
    junqi_game_free(g);
}

/* easy's choices over the positions of a game, for a seed. */
static void easy_moves(const junqi_game *g, uint64_t seed, junqi_move *out, int n)
{
    static junqi_replay r;
    static junqi_play_result res;
    for (int i = 0; i < n; i++) {
        seek(&r, g, (size_t)(4 * i + 1));
        junqi_play_request req = request(g, &r, "easy", seed);
        req.limits.nodes = 0; /* the level's own budget */
        assert_true(junqi_play(&req, &res));
        assert_int_equal(res.analysis.status, JUNQI_SEARCH_OK);
        assert_int_equal(junqi_check_move(&r.pos, res.move, NULL), JUNQI_LEGAL);
        out[i] = res.move;
    }
}

static void easy_errs_on_purpose_and_is_deterministic_for_a_seed(void **state)
{
    (void)state;
    enum { N = 24 };
    junqi_game *g = real_game();
    junqi_move a[N], b[N], c[N];
    easy_moves(g, 1, a, N);
    easy_moves(g, 1, b, N);
    easy_moves(g, 2, c, N);
    int differ = 0, not_best = 0;
    static junqi_replay r;
    static junqi_play_result best;
    for (int i = 0; i < N; i++) {
        assert_true(same_move(a[i], b[i]));
        differ += !same_move(a[i], c[i]);
        seek(&r, g, (size_t)(4 * i + 1));
        junqi_play_request req = request(g, &r, "normal", 1);
        assert_true(junqi_play(&req, &best));
        not_best += !same_move(a[i], best.move);
    }
    assert_true(differ > 0);       /* another seed, other choices */
    assert_true(not_best >= N / 4); /* easy leaves the best move often */
    junqi_game_free(g);
}

static int stop_calls;
static bool stop_at_once(void *ctx)
{
    (void)ctx;
    stop_calls++;
    return true;
}

static void a_stop_callback_ends_a_search_after_depth_one(void **state)
{
    (void)state;
    junqi_game *g = real_game();
    static junqi_replay r;
    seek(&r, g, 0);
    junqi_position pos = r.pos; /* the complete start: searched as it is */
    junqi_search_limits lim = {.stop = stop_at_once}; /* no limit but the stop */
    junqi_search_result res;
    assert_int_equal(junqi_search(&pos, &lim, &res), JUNQI_SEARCH_OK);
    assert_int_equal(res.depth, 1);
    assert_true(stop_calls > 0);
    assert_true(res.nlines == 1 && res.lines[0].pv_len >= 1);
    junqi_game_free(g);
}

/* Stopped after phase 1 (analysis.h, A4), the analysis values every
 * candidate over every sample, bounding a sample's unlisted moves by its last
 * line: so its best move is one that some sample found best, never a move that
 * one sample happened to list second (strategy fusion). */
static void a_stopped_analysis_chooses_a_move_some_sample_found_best(void **state)
{
    (void)state;
    junqi_game *g = real_game();
    static junqi_replay r;
    static junqi_infer inf;
    static junqi_analysis a;
    int judged = 0;
    for (size_t ply = 10; ply <= 150; ply += 5) {
        seek(&r, g, ply);
        if (junqi_position_over(&r.pos))
            break;
        junqi_infer_replay(&inf, g, NULL, ply, r.pos.to_move, g->info, NULL);
        junqi_infer_solve(&inf, false);
        junqi_analysis_request ar = {.pos = &r.pos, .infer = &inf, .view = JUNQI_VIEW_MOVER, .samples = 8,
                                     .seed = 5, .limits = {.stop = stop_at_once},
                                     .played = {JUNQI_NO_POINT, JUNQI_NO_POINT}};
        assert_true(junqi_analyze_many(&ar, 1, 1, &a));
        assert_int_equal(a.status, JUNQI_SEARCH_OK);
        assert_true(a.lines[0].votes >= 1);
        judged++;
    }
    assert_true(judged >= 20);
    junqi_game_free(g);
}

/* The analysis of the move played at ply of g: samples 8, 2,000 nodes each,
 * its loss confirmed when it reaches `confirm` within its error (0: never), in rounds while its
 * sure loss is near `settle` (0: one round). */
static void judge_played(const junqi_game *g, size_t ply, junqi_move played, double confirm, double settle,
                         int threads, int multipv, junqi_analysis *a)
{
    static junqi_replay r;
    static junqi_infer inf;
    seek(&r, g, ply);
    junqi_infer_replay(&inf, g, NULL, ply, r.pos.to_move, g->info, NULL);
    junqi_infer_solve(&inf, false);
    junqi_analysis_request ar = {.pos = &r.pos, .infer = &inf, .view = JUNQI_VIEW_MOVER, .samples = 8, .seed = 3,
                                 .limits = {.nodes = 2000, .multipv = multipv}, .played = played,
                                 .confirm = confirm, .settle = {settle}};
    assert_true(junqi_analyze_many(&ar, 1, threads, a));
    assert_int_equal(a->status, JUNQI_SEARCH_OK);
}

/* A loss that reaches the request's `confirm` is measured again on
 * JUNQI_CONFIRM_SAMPLES fresh samples (analysis.h, step 4): the move played
 * is the worst of the first analysis's candidates, so its loss is positive;
 * confirmed, the figures are the two lines', the better one first, and they
 * do not depend on the threads; without `confirm` nothing is confirmed. */
static void a_loss_is_confirmed_on_fresh_samples(void **state)
{
    (void)state;
    junqi_game *g = real_game();
    static junqi_analysis first, plain, one, two;
    int confirmed = 0;
    for (size_t ply = 20; ply <= 120; ply += 20) {
        judge_played(g, ply, (junqi_move){JUNQI_NO_POINT, JUNQI_NO_POINT}, 0, 0, 1, 6, &first);
        junqi_move worst = first.lines[first.nlines - 1].move;
        judge_played(g, ply, worst, 0, 0, 1, 6, &plain);
        judge_played(g, ply, worst, 1e-9, 0, 1, 6, &one);
        judge_played(g, ply, worst, 1e-9, 0, 2, 6, &two);
        assert_int_equal(plain.confirmed, 0);
        assert_memory_equal(&one, &two, sizeof one);
        if (plain.played_line == 0 || plain.winprob <= plain.played_winprob) {
            assert_int_equal(one.confirmed, 0);
            continue;
        }
        confirmed++;
        assert_int_equal(one.confirmed, JUNQI_CONFIRM_SAMPLES);
        assert_true(one.nodes > plain.nodes);
        assert_float_equal(one.winprob, one.lines[0].winprob, 0);
        assert_float_equal(one.played_winprob, one.lines[one.played_line].winprob, 0);
        assert_true(one.winprob >= one.played_winprob);
        assert_true(2 * one.lines[one.played_line].listed >= JUNQI_CONFIRM_SAMPLES);
        assert_true(one.played_line == 0 ? one.loss_error == 0 : one.loss_error > 0);
    }
    assert_true(confirmed >= 3);
    junqi_game_free(g);
}

/* The annotator asks for one line (multipv 1), so the move played's line is
 * not among the first analysis's lines: when the confirmation finds the move
 * played at least as good, it heads the lines whole (its move and its line),
 * not a line that was never filled in (which named a bogus best move). */
static void a_move_played_that_the_confirmation_finds_best_heads_the_lines(void **state)
{
    (void)state;
    junqi_game *g = real_game();
    static junqi_analysis first, one;
    int heads = 0;
    for (size_t ply = 10; ply <= 120; ply += 5) {
        judge_played(g, ply, (junqi_move){JUNQI_NO_POINT, JUNQI_NO_POINT}, 0, 0, 1, 6, &first);
        if (first.nlines < 2)
            continue;
        junqi_move close = first.lines[1].move; /* near the best: the confirmation may put it first */
        judge_played(g, ply, close, 1e-9, 0, 1, 1, &one);
        assert_true(one.lines[0].pv_len > 0 && same_move(one.lines[0].pv[0], one.lines[0].move));
        if (one.confirmed && one.played_line == 0) {
            heads++;
            assert_true(same_move(one.lines[0].move, close));
            assert_float_equal(one.loss_error, 0, 0);
        }
    }
    assert_true(heads >= 1);
    junqi_game_free(g);
}

/* A confirmation whose sure loss lies near one of the request's settle[]
 * takes more rounds of fresh samples, pooled (analysis.h, step 4): with
 * settle at the one-round sure loss itself, at least two rounds, at most
 * JUNQI_CONFIRM_ROUNDS, the same with 1 and 2 threads; it stops early only
 * once the decision is clear of the error; with settle far from it, one. */
static void a_confirmation_takes_rounds_while_a_decision_is_open(void **state)
{
    (void)state;
    junqi_game *g = real_game();
    static junqi_analysis first, one, more, more2, far;
    int open = 0;
    for (size_t ply = 20; ply <= 120; ply += 20) {
        judge_played(g, ply, (junqi_move){JUNQI_NO_POINT, JUNQI_NO_POINT}, 0, 0, 1, 6, &first);
        junqi_move worst = first.lines[first.nlines - 1].move;
        judge_played(g, ply, worst, 1e-9, 0, 1, 6, &one);
        double sure = junqi_analysis_sure_loss(one.winprob - one.played_winprob, one.loss_error);
        if (!one.confirmed || one.played_line == 0 || one.loss_error <= 0 || sure <= 0)
            continue; /* no decision near a settle[] above 0 */
        open++;
        judge_played(g, ply, worst, 1e-9, sure, 1, 6, &more);
        judge_played(g, ply, worst, 1e-9, sure, 2, 6, &more2);
        judge_played(g, ply, worst, 1e-9, sure + 1, 1, 6, &far);
        assert_memory_equal(&more, &more2, sizeof more);
        assert_int_equal(far.confirmed, JUNQI_CONFIRM_SAMPLES);
        assert_true(more.confirmed >= 2 * JUNQI_CONFIRM_SAMPLES);
        assert_true(more.confirmed <= JUNQI_CONFIRM_ROUNDS * JUNQI_CONFIRM_SAMPLES);
        assert_int_equal(more.confirmed % JUNQI_CONFIRM_SAMPLES, 0);
        assert_true(more.nodes > one.nodes);
        double now = junqi_analysis_sure_loss(more.winprob - more.played_winprob, more.loss_error);
        if (more.confirmed < JUNQI_CONFIRM_ROUNDS * JUNQI_CONFIRM_SAMPLES && more.played_line > 0)
            assert_true(fabs(now - sure) >= JUNQI_SETTLE_ERRORS * more.loss_error);
    }
    assert_true(open >= 3);
    junqi_game_free(g);
}

typedef struct seen {
    atomic_int calls;
    atomic_int jobs;      /* bit per job index */
    int last_depth[4];    /* per job: depths arrive in order */
    atomic_bool out_of_order;
} seen;

static void note_progress(void *ctx, int job, const junqi_search_result *partial)
{
    seen *s = ctx;
    atomic_fetch_add(&s->calls, 1);
    atomic_fetch_or(&s->jobs, 1 << job);
    if (partial->depth != s->last_depth[job] + 1 || partial->nodes == 0 || partial->nlines < 1)
        atomic_store(&s->out_of_order, true);
    s->last_depth[job] = partial->depth;
}

static void progress_follows_every_iteration_of_every_job(void **state)
{
    (void)state;
    junqi_game *g = real_game();
    static junqi_replay r;
    static junqi_position pos[4];
    for (int i = 0; i < 4; i++) {
        seek(&r, g, (size_t)(10 * i));
        pos[i] = r.pos;
    }
    seen s = {0};
    junqi_search_job jobs[4];
    for (int i = 0; i < 4; i++)
        jobs[i] = (junqi_search_job){&pos[i], {.depth = 3, .progress = note_progress, .ctx = &s}};
    junqi_search_result res[4];
    assert_true(junqi_search_many(jobs, 4, 2, res));
    assert_int_equal(atomic_load(&s.calls), 12);
    assert_int_equal(atomic_load(&s.jobs), 0xF);
    assert_false(atomic_load(&s.out_of_order));
    for (int i = 0; i < 4; i++)
        assert_int_equal(s.last_depth[i], 3);
    junqi_game_free(g);
}

static void view_all_needs_every_piece_and_a_finished_game_has_no_move(void **state)
{
    (void)state;
    junqi_game *g = real_game();
    junqi_game_to_view(g, JUNQI_EAST);
    static junqi_replay r;
    static junqi_play_result res;
    seek(&r, g, 8);
    junqi_play_request req = request(g, &r, "normal", 0);
    req.view = JUNQI_VIEW_ALL;
    assert_true(junqi_play(&req, &res));
    assert_int_equal(res.analysis.status, JUNQI_SEARCH_HIDDEN);
    assert_int_equal(res.move.from, JUNQI_NO_POINT);
    junqi_game_free(g);
    g = real_game();
    seek(&r, g, junqi_game_moves(g));
    assert_true(junqi_position_over(&r.pos));
    req = request(g, &r, "expert", 0);
    assert_true(junqi_play(&req, &res));
    assert_int_equal(res.move.from, JUNQI_NO_POINT);
    assert_int_equal(res.line, -1);
    junqi_game_free(g);
}

/* A seat's view record holds what that seat knew: at its own turns it is
 * played with that knowledge; at another seat's turn, whose pieces it does
 * not show, nothing is searched (it was, with the record seat's knowledge
 * standing in for the mover's). */
static void a_view_record_is_played_only_at_the_turns_of_seats_it_shows(void **state)
{
    (void)state;
    junqi_game *g = real_game();
    junqi_game_to_view(g, JUNQI_EAST);
    static junqi_replay r;
    static junqi_play_result res;
    int played = 0, refused = 0;
    for (size_t ply = 4; ply < 12; ply++) {
        seek(&r, g, ply);
        junqi_play_request req = request(g, &r, "normal", 0);
        assert_true(junqi_play(&req, &res));
        assert_int_equal(res.view, JUNQI_VIEW_MOVER);
        if (r.pos.to_move == JUNQI_EAST) {
            assert_int_equal(res.analysis.status, JUNQI_SEARCH_OK);
            assert_int_equal(res.viewer, JUNQI_EAST);
            assert_int_not_equal(res.move.from, JUNQI_NO_POINT);
            played++;
        } else {
            assert_int_equal(res.analysis.status, JUNQI_SEARCH_HIDDEN);
            assert_int_equal(res.viewer, JUNQI_NO_SEAT);
            assert_int_equal(res.move.from, JUNQI_NO_POINT);
            assert_int_equal(junqi_go_status_of(&res), JUNQI_GO_NOT_THE_MOVERS);
            refused++;
        }
    }
    assert_true(played >= 2 && refused >= 4);
    junqi_game_free(g);
}

/* What the check of a seat's record inferred at its end (junqi_check_item's
 * summary) is what view mover infers for that seat there, and a go takes it
 * (junqi_play_request's known) rather than infer it again, with the same
 * result; a knowledge that is not the one needed (another seat's, another
 * ply's) is left alone. --go inferred twice: in the check and in the play. */
static void a_go_takes_the_knowledge_its_check_inferred(void **state)
{
    (void)state;
    junqi_game *g = real_game();
    junqi_game_to_view(g, JUNQI_EAST);
    static junqi_summary s;
    static junqi_infer mine;
    junqi_input in = {.name = "<test>", .kind = JUNQI_INPUT_RECORD, .game = g};
    junqi_diags d;
    junqi_diags_init(&d);
    assert_true(junqi_check_item(NULL, &in, NULL, &d, &s));
    junqi_diags_free(&d);
    assert_true(s.inferred);
    assert_true(junqi_infer_replay(&mine, g, NULL, s.moves, JUNQI_EAST, g->info, NULL));
    assert_true(junqi_infer_solve(&mine, false));
    assert_memory_equal(&s.knowledge, &mine, sizeof mine);
    static junqi_replay r;
    static junqi_play_result plain, taken;
    size_t ply = 4;
    for (seek(&r, g, ply); r.pos.to_move != JUNQI_EAST; seek(&r, g, ++ply)) /* east's turn */
        assert_true(ply < 12);
    assert_true(junqi_infer_replay(&mine, g, NULL, ply, JUNQI_EAST, g->info, NULL) && junqi_infer_solve(&mine, false));
    junqi_play_request req = request(g, &r, "normal", 7);
    assert_true(junqi_play(&req, &plain));
    req.known = &mine;
    assert_true(junqi_play(&req, &taken));
    assert_memory_equal(&plain, &taken, sizeof plain);
    mine.consistent = false; /* taken: a knowledge that contradicts itself has no sample */
    assert_true(junqi_play(&req, &taken));
    assert_int_equal(taken.analysis.status, JUNQI_SEARCH_HIDDEN);
    mine.viewer = JUNQI_WEST; /* another seat's: inferred again */
    assert_true(junqi_play(&req, &taken));
    assert_memory_equal(&plain, &taken, sizeof plain);
    assert_true(junqi_infer_replay(&mine, g, NULL, ply - 1, JUNQI_EAST, g->info, NULL)); /* another ply's */
    mine.consistent = false;
    assert_true(junqi_play(&req, &taken));
    assert_memory_equal(&plain, &taken, sizeof plain);
    junqi_game_free(g);
}

static void a_stop_request_is_off_until_requested_and_then_stays_on(void **state)
{
    (void)state;
    junqi_stop *stop = junqi_stop_new();
    assert_non_null(stop);
    assert_false(junqi_stop_requested(stop));
    junqi_stop_request(stop);
    assert_true(junqi_stop_requested(stop));
    junqi_stop_request(stop);
    assert_true(junqi_stop_requested(stop));
    junqi_stop_free(stop);
    junqi_stop_free(NULL);
}

/* The first record of file `rel` of the source tree; the caller frees it. */
static junqi_game *first_record(const char *rel)
{
    char err[256];
    junqi_source *src = junqi_source_open(source_path(rel), 0, err, sizeof err);
    assert_non_null(src);
    junqi_game *g = NULL;
    junqi_free(junqi_report_next(src, &g, err, sizeof err));
    junqi_source_close(src);
    assert_non_null(g);
    return g;
}

/* junqi_report_go_stoppable() at ply of g, view `view`, with the limits
 * nodes or movetime (ms), on two threads; its JSON (the caller frees it
 * with junqi_free). */
static char *go(const junqi_game *g, long ply, const char *view, uint64_t nodes, int movetime, junqi_stop *stop)
{
    char err[256];
    char *json = junqi_report_go_stoppable(g, ply, NULL, false, NULL, view, 0, JUNQI_REPORT_NO_SEED, 0, nodes,
                                           movetime, 0, 2, stop, err, sizeof err);
    assert_non_null(json);
    return json;
}

/* Requested before the call, a stop ends every search of a go of 20
 * seconds after its depth 1: view all and view mover of a formation game,
 * and a flip game's; a stop not requested changes nothing. */
static void a_requested_stop_ends_a_go_after_depth_one(void **state)
{
    (void)state;
    junqi_game *g = real_game(), *flip = first_record("tests/data/flip/fanqi.jgn");
    junqi_stop *stop = junqi_stop_new();
    char err[256], *json = go(g, 50, "mover", 2000, 0, stop);
    char *plain = junqi_report_go(g, 50, NULL, false, NULL, "mover", 0, 0, 0, 2000, 0, 0, 2, err, sizeof err);
    assert_string_equal(json, plain);
    junqi_free(plain);
    junqi_free(json);
    junqi_stop_request(stop);
    const junqi_game *games[] = {g, g, flip};
    const char *views[] = {"all", "mover", NULL};
    for (int i = 0; i < 3; i++) {
        json = go(games[i], i < 2 ? 50 : 20, views[i], 0, 20000, stop);
        assert_non_null(strstr(json, "\"depth\":1,"));
        assert_null(strstr(json, "\"bestmove\":null"));
        junqi_free(json);
    }
    junqi_stop_free(stop);
    junqi_game_free(flip);
    junqi_game_free(g);
}

/* A seed of 0 given is a seed given (junqi_go_check_flip, the rule of
 * junqi-analyze --go and of junqi_report_go): a flip game refuses it as it
 * refuses any, and so does view all; none (JUNQI_REPORT_NO_SEED) is taken.
 * It was taken silently by junqi_report_go, which could not tell it from
 * none, while junqi-analyze --go --seed 0 refused it. */
static void a_seed_of_zero_given_is_refused_where_a_seed_does_not_apply(void **state)
{
    (void)state;
    char err[256] = "";
    assert_true(junqi_go_check_flip(0, err, sizeof err));
    assert_false(junqi_go_check_flip(JUNQI_GO_GIVEN_SEED, NULL, 0));
    assert_false(junqi_go_check_flip(JUNQI_GO_GIVEN_SEED | JUNQI_GO_GIVEN_SAMPLES, err, sizeof err));
    assert_string_equal(err, "samples plays formation games; a flip game takes nodes, depth or movetime");
    junqi_game *flip = first_record("tests/data/flip/fanqi.jgn"), *g = real_game();
    assert_null(junqi_report_go(flip, 10, NULL, false, NULL, NULL, 0, 0, 1, 0, 0, 0, 1, err, sizeof err));
    assert_string_equal(err, "seed plays formation games; a flip game takes nodes, depth or movetime");
    char *json = junqi_report_go(flip, 10, NULL, false, NULL, NULL, 0, JUNQI_REPORT_NO_SEED, 1, 0, 0, 0, 1, err,
                                 sizeof err);
    assert_non_null(json);
    junqi_free(json);
    assert_null(junqi_report_go(g, 50, NULL, false, NULL, "all", 0, 0, 1, 0, 0, 0, 1, err, sizeof err));
    assert_string_equal(err, "samples and seed belong to view mover (view all searches one position)");
    assert_null(junqi_report_go(g, 50, NULL, false, NULL, NULL, 0, JUNQI_REPORT_NO_SEED - 1, 1, 0, 0, 0, 1, err,
                                sizeof err));
    assert_string_equal(err, "seed takes 0 to 2147483647, not 18446744073709551614");
    junqi_game_free(flip);
    junqi_game_free(g);
}

typedef struct go_job {
    const junqi_game *g;
    junqi_stop *stop;
    char *json;
} go_job;

static void *go_thread(void *arg)
{
    go_job *job = arg;
    job->json = go(job->g, 50, "mover", 0, 20000, job->stop);
    return NULL;
}

/* A go of 20 seconds on a thread of its own, stopped from this one a fifth
 * of a second in, ends at once with a move: what python/junqi does at Ctrl-C. */
static void a_stop_from_another_thread_ends_a_long_go_at_once(void **state)
{
    (void)state;
    go_job job = {real_game(), junqi_stop_new(), NULL};
    double start = junqi_search_clock();
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, go_thread, &job), 0);
    nanosleep(&(struct timespec){0, 200000000}, NULL);
    junqi_stop_request(job.stop);
    pthread_join(t, NULL);
    assert_true(junqi_search_clock() - start < 5.0);
    assert_non_null(strstr(job.json, "\"bestmove\":\""));
    junqi_free(job.json);
    junqi_stop_free(job.stop);
    junqi_game_free((junqi_game *)job.g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(levels_are_named_and_ordered_by_budget),
        cmocka_unit_test(the_expert_style_values_its_flag_guard_more),
        cmocka_unit_test(the_default_level_plays_the_analysis_best_move),
        cmocka_unit_test(the_expected_counts_add_up_to_the_pieces_on_the_board),
        cmocka_unit_test(easy_errs_on_purpose_and_is_deterministic_for_a_seed),
        cmocka_unit_test(a_stop_callback_ends_a_search_after_depth_one),
        cmocka_unit_test(a_stopped_analysis_chooses_a_move_some_sample_found_best),
        cmocka_unit_test(a_loss_is_confirmed_on_fresh_samples),
        cmocka_unit_test(a_move_played_that_the_confirmation_finds_best_heads_the_lines),
        cmocka_unit_test(a_confirmation_takes_rounds_while_a_decision_is_open),
        cmocka_unit_test(progress_follows_every_iteration_of_every_job),
        cmocka_unit_test(view_all_needs_every_piece_and_a_finished_game_has_no_move),
        cmocka_unit_test(a_view_record_is_played_only_at_the_turns_of_seats_it_shows),
        cmocka_unit_test(a_go_takes_the_knowledge_its_check_inferred),
        cmocka_unit_test(a_stop_request_is_off_until_requested_and_then_stays_on),
        cmocka_unit_test(a_requested_stop_ends_a_go_after_depth_one),
        cmocka_unit_test(a_stop_from_another_thread_ends_a_long_go_at_once),
        cmocka_unit_test(a_seed_of_zero_given_is_refused_where_a_seed_does_not_apply),
    };
    return cmocka_run_group_tests_name("play", tests, NULL, NULL);
}
