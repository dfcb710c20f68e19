/* SPDX-License-Identifier: MIT */
/*
 * test_annotate.c - annotating games: every judged move gets its [%eval],
 * marks follow the thresholds, marked moves get the engine's line as a
 * legal variation, summaries add up, the annotated record reads back, and
 * the output does not depend on the number of threads; a stop request
 * ends it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "annotate.h"
#include "jgn.h"
#include "testutil.h"

static junqi_annotate_options quick(junqi_view_mode view, int threads)
{
    junqi_annotate_options o = junqi_annotate_defaults();
    o.view = view;
    o.view_given = true;
    o.limits.nodes = 2000;
    o.samples = 2;
    o.threads = threads;
    return o;
}

static char *annotated_text(const char *rel, junqi_annotate_options o, junqi_annotation *a)
{
    junqi_game *g = load_replay(source_path(rel));
    assert_non_null(g);
    assert_true(junqi_annotate(g, &o, a));
    char *text = junqi_jgn_to_string(g);
    junqi_game_free(g);
    return text;
}

/* The [%eval] command's evaluation has no sign where it rounds to zero: a
 * flip game's mean of chance outcomes of -0.0001 wrote "-0.00" */
static void the_eval_command_writes_no_negative_zero(void **state)
{
    (void)state;
    static const struct {
        double eval_after;
        const char *want;
    } cases[] = {{-0.01, "[%eval 0.50 0.25 +0.00]"}, {-0.0, "[%eval 0.50 0.25 +0.00]"},
                 {-0.6, "[%eval 0.50 0.25 -0.01]"}, {120, "[%eval 0.50 0.25 +1.20]"}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        junqi_move_judgement j = {.winprob_before = 0.5, .winprob_after = 0.25, .eval_after = cases[k].eval_after};
        char buf[JUNQI_EVAL_COMMAND_SIZE];
        junqi_eval_command(buf, &j);
        assert_string_equal(buf, cases[k].want);
    }
}

static void every_move_is_judged_and_marked_by_its_loss(void **state)
{
    (void)state;
    junqi_annotation a;
    junqi_annotate_options o = quick(JUNQI_VIEW_ALL, 2);
    char *text = annotated_text("tests/data/qq/jgs-002724.jgs", o, &a);
    assert_int_equal(a.nmoves, 15);
    int judged = 0, marks = 0;
    for (size_t i = 0; i < a.nmoves; i++) {
        const junqi_move_judgement *j = &a.moves[i];
        assert_int_equal(j->ply, i + 1);
        if (!j->judged)
            continue;
        judged++;
        assert_true(j->winprob_before >= 0 && j->winprob_before <= 1);
        assert_true(j->loss >= 0);
        assert_true(j->loss <= j->winprob_before + 1e-9);
        double sure = junqi_analysis_sure_loss(j->loss, j->loss_error);
        int want = sure >= o.thresholds[2]   ? JUNQI_MARK_BLUNDER
                   : sure >= o.thresholds[1] ? JUNQI_MARK_MISTAKE
                   : sure >= o.thresholds[0] ? JUNQI_MARK_INACCURACY
                                             : JUNQI_MARK_NONE;
        assert_int_equal(j->mark, want);
        marks += j->mark != 0;
    }
    assert_true(judged >= 13);
    /* one [%eval] per judged move */
    int evals = 0;
    for (const char *s = text; (s = strstr(s, "[%eval ")); s++)
        evals++;
    assert_int_equal(evals, judged);
    /* the annotated record reads back to itself and validates */
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_game *back = junqi_jgn_parse(text, strlen(text), "annotated", 0, &d);
    assert_non_null(back);
    char *again = junqi_jgn_to_string(back);
    assert_string_equal(again, text);
    junqi_replay r;
    junqi_replay_start(&r, back, NULL, &d);
    junqi_replay_run(&r);
    assert_int_equal(d.errors, 0);
    assert_non_null(junqi_game_tag(back, "NorthAccuracy"));
    (void)marks;
    junqi_game_free(back);
    junqi_diags_free(&d);
    junqi_annotation_free(&a);
    free(text);
    free(again);
}

/* Issue 12 §3: a move is judged by its value averaged over the samples,
 * so the engine's own choice loses exactly nothing (the mean of each
 * sample's own best, which no move reaches, is gone), every loss is the
 * best candidate's mean less the move played's, and a mark survives the
 * spread over the samples. */
static void the_engines_own_choice_loses_nothing_and_marks_survive_the_spread(void **state)
{
    (void)state;
    junqi_annotation a;
    junqi_annotate_options o = quick(JUNQI_VIEW_MOVER, 2);
    o.samples = 6;
    char *text = annotated_text("tests/data/perft/replays/jgs-000281.jgs", o, &a);
    int own = 0, judged = 0;
    for (size_t i = 0; i < a.nmoves; i++) {
        const junqi_move_judgement *j = &a.moves[i];
        if (!j->judged)
            continue;
        judged++;
        assert_true(j->winprob_after <= j->winprob_before + 1e-12);
        assert_true(j->loss_error >= 0);
        if (j->mark)
            assert_true(junqi_analysis_sure_loss(j->loss, j->loss_error) >= o.thresholds[0]);
        if (j->loss == 0) {
            own++;
            assert_int_equal(j->mark, JUNQI_MARK_NONE);
        }
    }
    assert_true(judged > 30 && own > 0);
    junqi_annotation_free(&a);
    free(text);
}

/* A choice between equal outcomes is no mistake: south's flag falls next
 * move whatever south does (north's marshal stands beside it and nothing
 * can stop it), so every move of south loses nothing. */
static void a_lost_position_has_no_mistakes(void **state)
{
    (void)state;
    junqi_game *g = junqi_game_new(JUNQI_TWO_PLAYER);
    assert_non_null(g);
    junqi_position *pos = malloc(sizeof *pos);
    assert_non_null(pos);
    junqi_position_init(pos, junqi_board_get(JUNQI_TWO_PLAYER), junqi_rules_get("standard"),
                        JUNQI_SEAT_BIT(JUNQI_SOUTH) | JUNQI_SEAT_BIT(JUNQI_NORTH));
    put_piece(pos, "b1", JUNQI_SOUTH, JUNQI_FLAG);
    put_piece(pos, "e6", JUNQI_SOUTH, JUNQI_LIEUTENANT);
    put_piece(pos, "b2", JUNQI_NORTH, JUNQI_MARSHAL);
    put_piece(pos, "b12", JUNQI_NORTH, JUNQI_FLAG);
    put_piece(pos, "a12", JUNQI_NORTH, JUNQI_LANDMINE);
    put_piece(pos, "c12", JUNQI_NORTH, JUNQI_LANDMINE);
    put_piece(pos, "a11", JUNQI_NORTH, JUNQI_LANDMINE);
    put_piece(pos, "c11", JUNQI_NORTH, JUNQI_LANDMINE);
    pos->to_move = JUNQI_SOUTH;
    pos->hash = junqi_position_hash(pos);
    g->start = pos;
    g->seat[JUNQI_SOUTH].present = g->seat[JUNQI_NORTH].present = true;
    g->info = JUNQI_OPEN;
    junqi_item m = {.kind = JUNQI_ITEM_MOVE, .seat = JUNQI_SOUTH, .next_seat = JUNQI_NO_SEAT,
                    .flag_shown = {JUNQI_NO_POINT, JUNQI_NO_POINT}, .defender_marshal_died = -1,
                    .loc = JUNQI_NOWHERE};
    assert_true(junqi_move_parse(pos->board, "e6-e5", 5, &m.move));
    assert_true(junqi_game_add_item(g, &m));
    junqi_annotation a;
    junqi_annotate_options o = quick(JUNQI_VIEW_ALL, 1);
    assert_true(junqi_annotate(g, &o, &a));
    assert_true(a.moves[0].judged);
    assert_true(a.moves[0].winprob_before < JUNQI_ANALYSIS_LAPSE + 0.01); /* lost: only the lapse is left */
    assert_true(a.moves[0].loss < 1e-6);
    assert_int_equal(a.moves[0].mark, JUNQI_MARK_NONE);
    junqi_annotation_free(&a);
    junqi_game_free(g);
}

static void summaries_add_up_the_judged_moves(void **state)
{
    (void)state;
    junqi_annotation a;
    char *text = annotated_text("tests/data/perft/replays/jgs-000029.jgs", quick(JUNQI_VIEW_ALL, 2), &a);
    int moves[JUNQI_SEATS] = {0}, marks[JUNQI_SEATS][7] = {{0}};
    for (size_t i = 0; i < a.nmoves; i++)
        if (a.moves[i].judged) {
            moves[a.moves[i].seat]++;
            marks[a.moves[i].seat][a.moves[i].mark]++;
        }
    for (int s = 0; s < JUNQI_SEATS; s++) {
        assert_int_equal(a.seat[s].moves, moves[s]);
        assert_int_equal(a.seat[s].inaccuracies, marks[s][JUNQI_MARK_INACCURACY]);
        assert_int_equal(a.seat[s].mistakes, marks[s][JUNQI_MARK_MISTAKE]);
        assert_int_equal(a.seat[s].blunders, marks[s][JUNQI_MARK_BLUNDER]);
        if (moves[s])
            assert_true(a.seat[s].accuracy > 0 && a.seat[s].accuracy <= 100);
    }
    assert_true(moves[JUNQI_NORTH] > 50 && moves[JUNQI_SOUTH] > 50);
    junqi_annotation_free(&a);
    free(text);
}

static void output_does_not_depend_on_the_number_of_threads(void **state)
{
    (void)state;
    junqi_annotation a1, a2;
    char *one = annotated_text("tests/data/qq/jgs-002724.jgs", quick(JUNQI_VIEW_MOVER, 1), &a1);
    char *two = annotated_text("tests/data/qq/jgs-002724.jgs", quick(JUNQI_VIEW_MOVER, 2), &a2);
    assert_string_equal(one, two);
    junqi_annotation_free(&a1);
    junqi_annotation_free(&a2);
    free(one);
    free(two);
}

static void only_the_chosen_seat_is_judged(void **state)
{
    (void)state;
    junqi_annotation a;
    junqi_annotate_options o = quick(JUNQI_VIEW_ALL, 2);
    o.only_seat = JUNQI_EAST;
    char *text = annotated_text("tests/data/qq/jgs-002724.jgs", o, &a);
    for (size_t i = 0; i < a.nmoves; i++)
        assert_int_equal(a.moves[i].judged, a.moves[i].seat == JUNQI_EAST);
    assert_null(strstr(text, "NorthAccuracy"));
    assert_non_null(strstr(text, "EastAccuracy"));
    junqi_annotation_free(&a);
    free(text);
}

/* A stop request (limits.stop) ends the annotation: false, nothing kept,
 * and the game without a comment of it (junqi-analyze drops it on Ctrl-C). */
static void a_stop_request_ends_the_annotation(void **state)
{
    (void)state;
    junqi_game *g = load_replay(source_path("tests/data/qq/jgs-002724.jgs"));
    assert_non_null(g);
    junqi_stop *stop = junqi_stop_new();
    assert_non_null(stop);
    junqi_stop_request(stop);
    junqi_annotate_options o = quick(JUNQI_VIEW_MOVER, 2);
    o.limits.stop = junqi_stop_requested;
    o.limits.ctx = stop;
    junqi_annotation a;
    assert_false(junqi_annotate(g, &o, &a));
    assert_int_equal(a.nmoves, 0);
    assert_null(a.moves);
    char *after = junqi_jgn_to_string(g);
    assert_null(strstr(after, "[%eval"));
    assert_null(strstr(after, "Annotator"));
    junqi_stop_free(stop);
    junqi_game_free(g);
    free(after);
}

/* A record of jgs-000029 annotated (its fourth move given a mark, a comment and a variation of
 * its own first), annotator named `annotator` (NULL: no Annotator tag); *plain: the record with
 * only its own, as JGN. The quick annotation marks a move at least (asserted). */
static junqi_game *annotated_own(const char *annotator, char **plain)
{
    junqi_game *g = load_replay(source_path("tests/data/qq/jgs-000029.jgs"));
    assert_non_null(g);
    junqi_game_settle(g); /* as junqi_annotate() does: the record as it writes it */
    junqi_item *own = &g->main.items[3], played = *own; /* a variation of the move played */
    own->nags[own->nnags++] = 1; /* "!": the record's own mark */
    assert_true(junqi_line_add_comment(&g->main, 4, "the record's own", JUNQI_NOWHERE));
    junqi_line *v = junqi_item_add_variation(own);
    assert_non_null(v);
    assert_true(junqi_line_add_item(v, &played));
    *plain = junqi_jgn_to_string(g);
    junqi_annotation a;
    junqi_annotate_options o = quick(JUNQI_VIEW_MOVER, 1);
    assert_true(junqi_annotate(g, &o, &a));
    int marks = 0;
    for (size_t i = 0; i < a.nmoves; i++)
        marks += a.moves[i].mark != 0 && a.moves[i].pv_len > 0;
    assert_true(marks > 0);
    junqi_annotation_free(&a);
    if (annotator)
        assert_true(junqi_game_set_tag(g, "Annotator", annotator));
    else
        junqi_game_remove_tag(g, "Annotator");
    return g;
}

static void assert_strips_to(junqi_game *g, unsigned what, const char *want)
{
    junqi_game_strip(g, what);
    char *text = junqi_jgn_to_string(g);
    assert_string_equal(text, want);
    free(text);
}

/* junqi-replay --strip annotation: another annotator's annotation, or one without an Annotator
 * tag, is removed as junqi-analyze's own is (junqi_annotation_clear() left them, so that a second
 * run mixed its [%eval] comments with theirs): the record's own mark, comment and variation
 * stay. */
static void stripping_the_annotation_removes_any_annotators(void **state)
{
    (void)state;
    const char *annotators[] = {"Other engine", NULL, "junqi-analyze"};
    for (size_t k = 0; k < 3; k++) {
        char *plain;
        junqi_game *g = annotated_own(annotators[k], &plain);
        assert_strips_to(g, JUNQI_STRIP_ANNOTATION, plain);
        junqi_game_free(g);
        free(plain);
    }
}

/* junqi_annotation_clear() leaves another annotator's game as it is, and junqi_annotation_other()
 * finds its first [%eval] comment (junqi-analyze refuses the game there); a game of
 * junqi-analyze's own, or one whose Annotator wrote no [%eval] comment, has none. */
static void another_annotation_is_found_and_not_cleared(void **state)
{
    (void)state;
    const char *annotators[] = {"Other engine", NULL};
    for (size_t k = 0; k < 2; k++) {
        char *plain;
        junqi_game *g = annotated_own(annotators[k], &plain);
        const junqi_comment *c = junqi_annotation_other(g);
        assert_non_null(c);
        assert_int_equal(strncmp(c->text, "[%eval ", 7), 0);
        char *before = junqi_jgn_to_string(g);
        junqi_annotation_clear(g);
        char *after = junqi_jgn_to_string(g);
        assert_string_equal(after, before);
        free(before);
        free(after);
        junqi_game_free(g);
        free(plain);
    }
    char *plain;
    junqi_game *g = annotated_own("junqi-analyze", &plain);
    assert_null(junqi_annotation_other(g));
    junqi_game_strip(g, JUNQI_STRIP_ANNOTATION);
    assert_null(junqi_annotation_other(g));
    assert_true(junqi_game_set_tag(g, "Annotator", "a coach")); /* comments of its own only */
    assert_null(junqi_annotation_other(g));
    junqi_game_free(g);
    free(plain);
}

/* --strip comments,nags,variations: every one of them, the annotation's and the record's (the
 * variations' own comments and NAGs too); the tags stay. */
static void stripping_comments_nags_and_variations_removes_them_all(void **state)
{
    (void)state;
    char *plain;
    junqi_game *g = annotated_own("Other engine", &plain);
    junqi_game_strip(g, JUNQI_STRIP_COMMENTS | JUNQI_STRIP_NAGS | JUNQI_STRIP_VARIATIONS);
    char *text = junqi_jgn_to_string(g);
    const char *moves = strstr(text, "\n\n");
    assert_non_null(moves);
    assert_null(strpbrk(moves, "{}()?!$"));
    assert_non_null(strstr(text, "[Annotator \"Other engine\"]"));
    junqi_game *bare = load_replay(source_path("tests/data/qq/jgs-000029.jgs"));
    junqi_game_settle(bare);
    char *want = junqi_jgn_to_string(bare);
    assert_string_equal(moves, strstr(want, "\n\n"));
    free(want);
    free(text);
    junqi_game_free(bare);
    junqi_game_free(g);
    free(plain);
}

/* The first move annotated_own()'s annotation marked (not the record's own "!" at item 3). */
static size_t engine_marked_move(const junqi_game *g)
{
    size_t marked = 0;
    while (marked < g->main.nitems &&
           (g->main.items[marked].kind != JUNQI_ITEM_MOVE || !g->main.items[marked].nnags || marked == 3))
        marked++;
    assert_true(marked < g->main.nitems);
    return marked;
}

/* The engine's line and the mark go by what the comment's sentence names, not by the NAG now
 * first (break3 B5): a mark deleted by hand left its line, which a second annotation doubled; a
 * line deleted by hand took the record's own variation with it; and the engine's line is found
 * among the variations, not only last: one a user added after it left it to be doubled (break7 F3). */
static void a_hand_edited_annotation_is_cleared_by_its_sentence(void **state)
{
    (void)state;
    for (int edit = 0; edit < 3; edit++) {
        char *plain;
        junqi_game *g = annotated_own("junqi-analyze", &plain);
        junqi_item *it = &g->main.items[engine_marked_move(g)];
        assert_true(it->nvariations == 1 && it->nnags == 1);
        junqi_item played = *it;
        played.nnags = 0, played.variations = NULL, played.nvariations = 0;
        if (edit == 0) { /* the mark deleted, the comment and line kept */
            it->nnags = 0;
        } else { /* the line deleted (1) or kept (2), the mark kept; a variation of the record's own put in */
            junqi_line *own = &it->variations[0];
            if (edit == 1)
                junqi_line_clear(own);
            else
                assert_non_null(own = junqi_item_add_variation(it));
            assert_true(junqi_line_add_item(own, &played));
            assert_true(junqi_line_add_comment(own, 1, "alt", JUNQI_NOWHERE));
        }
        junqi_annotation_clear(g);
        char *text = junqi_jgn_to_string(g);
        assert_null(strstr(text, "[%eval"));
        assert_int_equal(it->nnags, 0);
        assert_int_equal(it->nvariations, (size_t)(edit > 0));
        if (edit)
            assert_int_equal(it->variations[0].nitems, 1);
        if (edit)
            assert_non_null(strstr(text, "{alt}"));
        free(text);
        junqi_game_free(g);
        free(plain);
    }
}

/* A sentence that names no mark (a missed flag capture said alone) wrote no line: a variation of
 * the record's own that starts with the move it names, the capture, stays. */
static void a_missed_flag_capture_alone_takes_no_variation(void **state)
{
    (void)state;
    junqi_game *g = load_replay(source_path("tests/data/qq/jgs-000029.jgs"));
    assert_non_null(g);
    junqi_item *it = &g->main.items[3], played = *it; /* 4. h4-h5 */
    junqi_line *v = junqi_item_add_variation(it);
    assert_true(v && junqi_line_add_item(v, &played));
    assert_true(junqi_line_add_comment(&g->main, 4, "[%eval 0.50 0.10 -3.00] Missed a flag capture: h4-h5 takes the flag.",
                                       JUNQI_NOWHERE));
    junqi_game_strip(g, JUNQI_STRIP_ANNOTATION);
    assert_int_equal(it->nvariations, 1);
    assert_int_equal(g->main.ncomments, 0);
    junqi_game_free(g);
}

/* A comment that holds a second [%eval] ({[%eval …] [%eval 0.11] note}, a hand's) loses both: the
 * second was kept as a user's command, and the next clearing dropped the comment whole, words and
 * all, so that two runs gave two records (break7 F11). */
static void a_second_eval_in_a_comment_goes_with_the_first(void **state)
{
    (void)state;
    junqi_game *g = load_replay(source_path("tests/data/qq/jgs-000029.jgs"));
    assert_non_null(g);
    assert_true(junqi_line_add_comment(&g->main, 4, "[%eval 0.46 0.46 -2.25] [%eval 0.11] note", JUNQI_NOWHERE));
    junqi_game_strip(g, JUNQI_STRIP_ANNOTATION);
    assert_int_equal(g->main.ncomments, 1);
    assert_string_equal(g->main.comments[0].text, "note");
    junqi_game_free(g);
}

/* Another tool's [%eval] comment that opens with a space ({ [%eval 0.17] [%clk 0:00:30] }, as
 * chess servers write them, or a hand's) is an annotation too: junqi-analyze refuses the game
 * rather than mixing its comments with it and taking its Annotator tag, and --strip annotation
 * removes it (break5 C1); and so is one whose [%eval] follows another command
 * ({ [%clk 0:00:30] [%eval 0.17] }, as chess servers export clocks with evaluations; annot3 C1). */
static void an_eval_comment_after_spaces_is_an_annotation(void **state)
{
    (void)state;
    const char *texts[] = {" \n[%eval 0.17] [%clk 0:00:30] ", " [%clk 0:00:30] [%eval 0.17] ",
                           "[%clk 0:00:30][%eval 0.41 0.12 -3.00]"};
    for (size_t k = 0; k < sizeof texts / sizeof texts[0]; k++) {
        junqi_game *g = load_replay(source_path("tests/data/qq/jgs-000029.jgs"));
        assert_non_null(g);
        assert_true(junqi_game_set_tag(g, "Annotator", "Other engine"));
        assert_true(junqi_line_add_comment(&g->main, 4, texts[k], JUNQI_NOWHERE));
        const junqi_comment *c = junqi_annotation_other(g);
        assert_non_null(c);
        assert_ptr_equal(c, &g->main.comments[0]);
        junqi_game_strip(g, JUNQI_STRIP_ANNOTATION);
        for (size_t i = 0; i < g->main.ncomments; i++)
            assert_null(strstr(g->main.comments[i].text, "[%eval"));
        assert_null(junqi_game_tag(g, "Annotator"));
        junqi_game_free(g);
    }
}

/* A mark the user changed by hand (the engine wrote ?!, the user made it ?) stayed, as a mark the
 * annotation did not write, and the next run put its own beside it: two move assessments on one
 * move (annot3 D2). The annotator gives no move a second one ($1 to $6): the user's stays alone,
 * the engine's verdict is in its comment (and its line and summary) only; and so for a mark the
 * record had before any annotation. */
static void a_mark_changed_by_hand_stays_alone(void **state)
{
    (void)state;
    char *plain;
    junqi_game *g = annotated_own("junqi-analyze", &plain);
    size_t marked = engine_marked_move(g);
    uint8_t engine = g->main.items[marked].nags[0];
    uint8_t user = engine == JUNQI_MARK_MISTAKE ? JUNQI_MARK_BLUNDER : JUNQI_MARK_MISTAKE;
    g->main.items[marked].nags[0] = user;
    junqi_annotation a;
    junqi_annotate_options o = quick(JUNQI_VIEW_MOVER, 1);
    assert_true(junqi_annotate(g, &o, &a));
    const junqi_item *it = &g->main.items[marked];
    assert_int_equal(it->nnags, 1);
    assert_int_equal(it->nags[0], user);
    assert_int_equal(it->nvariations, 1); /* the engine's line, as before */
    bool judged = false;
    for (size_t i = 0; i < a.nmoves; i++)
        judged |= a.moves[i].item == marked && a.moves[i].mark == engine;
    assert_true(judged); /* the verdict stands, in the comment and the summary */
    junqi_annotation_free(&a);
    junqi_item before = {.kind = JUNQI_ITEM_MOVE, .nags = {JUNQI_MARK_INACCURACY}, .nnags = 1};
    junqi_item_add_mark(&before, JUNQI_MARK_BLUNDER);
    assert_int_equal(before.nnags, 1);
    assert_int_equal(before.nags[0], JUNQI_MARK_INACCURACY);
    before.nags[0] = 10; /* $10, a position's assessment, is not a move's */
    junqi_item_add_mark(&before, JUNQI_MARK_BLUNDER);
    assert_int_equal(before.nnags, 2);
    assert_int_equal(before.nags[0], JUNQI_MARK_BLUNDER);
    junqi_game_free(g);
    free(plain);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_eval_command_writes_no_negative_zero),
        cmocka_unit_test(every_move_is_judged_and_marked_by_its_loss),
        cmocka_unit_test(the_engines_own_choice_loses_nothing_and_marks_survive_the_spread),
        cmocka_unit_test(a_lost_position_has_no_mistakes),
        cmocka_unit_test(summaries_add_up_the_judged_moves),
        cmocka_unit_test(output_does_not_depend_on_the_number_of_threads),
        cmocka_unit_test(only_the_chosen_seat_is_judged),
        cmocka_unit_test(a_stop_request_ends_the_annotation),
        cmocka_unit_test(stripping_the_annotation_removes_any_annotators),
        cmocka_unit_test(another_annotation_is_found_and_not_cleared),
        cmocka_unit_test(stripping_comments_nags_and_variations_removes_them_all),
        cmocka_unit_test(a_hand_edited_annotation_is_cleared_by_its_sentence),
        cmocka_unit_test(a_missed_flag_capture_alone_takes_no_variation),
        cmocka_unit_test(a_second_eval_in_a_comment_goes_with_the_first),
        cmocka_unit_test(an_eval_comment_after_spaces_is_an_annotation),
        cmocka_unit_test(a_mark_changed_by_hand_stays_alone),
    };
    return cmocka_run_group_tests_name("annotate", tests, NULL, NULL);
}
