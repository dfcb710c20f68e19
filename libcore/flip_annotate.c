/* SPDX-License-Identifier: MIT */
/*
 * flip_annotate.c - annotating flip games (flip_search.h,
 * docs/annotation.md "Flip games"): every action judged by the loss of
 * expected win probability against the engine's best, flips included, in
 * the annotation record and the comment style of annotate.h.
 *
 * One search per judged action, of the position before it as the players
 * saw it: the search gives every root action its exact value, so the
 * played action's value comes from the same search as the best one's.
 * For a marked flip the engine then searches each of its outcomes and
 * names the one that cost most ("38 % of the time it turns up north's
 * marshal"). Searches run one after another, each spread over the threads,
 * so the result depends on the game and the limits only.
 */
#include "flip_search.h"
#include "fpmode.h"
#include "i18n.h"
#include "sentences.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flip_replay.h"

/* The positions before each action of the main line, and where the actions are. */
typedef struct gathered {
    junqi_flip *before;
    size_t n;
} gathered;

static bool gather(junqi_game *g, junqi_annotation *out, gathered *ga)
{
    junqi_flip_replay r;
    size_t moves = junqi_game_moves(g);
    if (!junqi_flip_replay_start(&r, g, NULL, NULL))
        return false;
    out->moves = calloc(moves + 1, sizeof *out->moves);
    ga->before = malloc((moves + 1) * sizeof *ga->before);
    if (!out->moves || !ga->before)
        return false;
    for (size_t i = 0; i < g->main.nitems; i++) {
        if (g->main.items[i].kind == JUNQI_ITEM_MOVE) {
            junqi_move_judgement *j = &out->moves[ga->n];
            ga->before[ga->n] = r.pos;
            j->ply = r.pos.st.moves + 1;
            j->item = i;
            j->seat = r.pos.st.to_move;
            ga->n++;
        }
        junqi_flip_replay_next(&r);
    }
    out->nmoves = ga->n;
    return true;
}

static double to_score(double p)
{
    p = fmin(fmax(p, 1e-6), 1 - 1e-6);
    return JUNQI_EVAL_LOGISTIC_SCALE * log(p / (1 - p));
}

/* The played action's value among the search's root actions; -1 if it is not one. */
static int find_action(const junqi_flip_search_result *res, junqi_action played)
{
    for (int i = 0; i < res->nactions; i++)
        if (junqi_action_equal(res->actions[i], played))
            return i;
    return -1;
}

static junqi_action item_action(const junqi_flip *pos, const junqi_item *it)
{
    junqi_action a = it->flip ? junqi_action_flip(it->move.from) : junqi_action_move(it->move.from, it->move.to);
    if (it->part)
        a.part = it->part & 0x1F;
    a.drop = it->drop;
    return junqi_flip_normalize(pos, a);
}

static junqi_move as_move(junqi_action a)
{
    return (junqi_move){a.from, a.to};
}

/* Judge action j of the game from the search of the position before it. */
static void judge(junqi_move_judgement *j, const junqi_flip *before, const junqi_flip_search_result *res,
                  junqi_action played, const double thresholds[3])
{
    int k = find_action(res, played);
    j->judged = k >= 0;
    if (!j->judged)
        return;
    j->winprob_before = res->value[0];
    j->winprob_after = res->value[k];
    j->eval_before = to_score(j->winprob_before);
    j->eval_after = to_score(j->winprob_after);
    j->loss = fmax(0, j->winprob_before - j->winprob_after);
    j->mark = k == 0 ? JUNQI_MARK_NONE : junqi_annotate_mark(j->loss, thresholds);
    j->best = as_move(res->actions[0]);
    j->pv_len = res->pv_len;
    for (int i = 0; i < res->pv_len; i++)
        j->pv[i] = as_move(res->pv[i]);
    junqi_flip after = *before;
    junqi_flip_undo u;
    int colour = before->st.colour[j->seat];
    uint8_t d = before->cell[res->actions[0].to];
    j->missed_flag = k != 0 && d && !junqi_flip_down(d) && junqi_flip_piece(d) == JUNQI_FLAG &&
                     before->rules->flag_win != JUNQI_FLAG_NO_WIN;
    if (!junqi_flip_down(before->cell[played.to]) && played.kind == JUNQI_ACT_MOVE) {
        junqi_flip_make(&after, played, 0, &u);
        j->allows_flag = colour < 2 && !junqi_flip_over(&after) && junqi_flip_flag_open(&after, colour);
    }
    j->depth = res->depth;
    j->nodes = res->nodes;
}

/* A marked flip: the outcome that cost most, and how often it comes. */
static void describe_flip(FILE *t, const junqi_flip *before, junqi_action played, const junqi_move_judgement *j,
                          const junqi_annotate_options *opt)
{
    uint8_t shown[2 * JUNQI_PIECE_KINDS];
    double prob[2 * JUNQI_PIECE_KINDS], value[2 * JUNQI_PIECE_KINDS];
    int depth = j->depth > 1 ? j->depth - 1 : 1;
    uint64_t nodes = opt->limits.nodes ? opt->limits.nodes / 8 : JUNQI_FLIP_DEFAULT_NODES / 8;
    int n = junqi_flip_chance_outcomes(before, played, depth, nodes, shown, prob, value), worst = -1;
    for (int i = 0; i < n; i++)
        if (j->winprob_before - value[i] >= opt->thresholds[0] &&
            (worst < 0 || prob[i] * (j->winprob_before - value[i]) > prob[worst] * (j->winprob_before - value[worst])))
            worst = i;
    fprintf(t, junqi_say(JUNQI_SAY_FLIP_AVERAGE), j->loss);
    if (worst >= 0) {
        int colour = junqi_flip_colour(shown[worst]), seat = junqi_flip_seat_of(before, colour);
        const char *piece = _(junqi_piece_words((junqi_piece)junqi_flip_piece(shown[worst])));
        if (seat == JUNQI_NO_SEAT)
            fprintf(t, junqi_say(JUNQI_SAY_TURNS_UP_COLOUR), 100 * prob[worst], _(junqi_colour_name(colour)), piece);
        else
            fprintf(t, junqi_say(JUNQI_SAY_TURNS_UP_SEAT), 100 * prob[worst], _(junqi_seat_name((junqi_seat)seat)),
                    piece);
    }
    fputs(junqi_say(JUNQI_SAY_SENTENCE_END), t);
}

/* The engine's line as a variation: its best action (and the reply), flips named from the deal when known. */
static bool add_variation(junqi_item *it, const junqi_flip *before, const junqi_move_judgement *j)
{
    junqi_line *v = junqi_item_add_variation(it);
    if (!v)
        return false;
    junqi_flip pos = *before;
    for (int i = 0; i < j->pv_len && !junqi_flip_over(&pos); i++) {
        junqi_action a = j->pv[i].from == j->pv[i].to ? junqi_action_flip(j->pv[i].from)
                                                      : junqi_flip_normalize(&pos, junqi_action_move(j->pv[i].from, j->pv[i].to));
        bool known = junqi_flip_piece(pos.cell[a.to]) != JUNQI_UNKNOWN;
        if (junqi_flip_down(pos.cell[a.to]) && !known)
            break; /* what a flip of an unknown piece shows is not the record's to say */
        junqi_flip_undo u;
        junqi_item m;
        junqi_flip_make(&pos, a, 0, &u);
        junqi_flip_action_item(&pos, a, &u, &m);
        if (!junqi_line_add_item(v, &m))
            return false;
    }
    return true;
}

/* An action as prose names it: "c8^" for a flip, the record's separator for the outcome of an
 * attack on a face-up piece ("c7>c8"), "x" when the target is face down. */
static void action_text(const junqi_flip *pos, junqi_action a, char *buf)
{
    char from[4], to[4];
    junqi_square_name(pos->board, a.from, from);
    if (a.kind == JUNQI_ACT_FLIP) {
        sprintf(buf, "%s^", from);
        return;
    }
    a = junqi_flip_normalize(pos, a);
    uint8_t d = pos->cell[a.to];
    int outcome = !d ? 0 : junqi_flip_down(d) ? -1 : (int)junqi_flip_outcome(pos, a, 0);
    sprintf(buf, "%s%c%s", from, outcome < 0 ? 'x' : JUNQI_FLIP_SEPARATORS[outcome], junqi_square_name(pos->board, a.to, to));
}

static bool write_judgement(junqi_game *g, const junqi_move_judgement *j, const junqi_flip *before,
                            const junqi_annotate_options *opt)
{
    junqi_item *it = &g->main.items[j->item];
    junqi_action played = item_action(before, it);
    char best[32], *comment = NULL;
    size_t len = 0;
    FILE *t = open_memstream(&comment, &len);
    if (!t)
        return false;
    char eval[JUNQI_EVAL_COMMAND_SIZE];
    junqi_eval_command(eval, j);
    fputs(eval, t);
    junqi_action b = j->best.from == j->best.to ? junqi_action_flip(j->best.from) : junqi_action_move(j->best.from, j->best.to);
    action_text(before, b, best);
    if (j->missed_flag)
        fprintf(t, junqi_say(JUNQI_SAY_MISSED_FLAG), best);
    if (j->mark && !j->missed_flag) {
        fputs(junqi_say(junqi_say_mark(j->mark)), t);
        if (played.kind == JUNQI_ACT_FLIP || junqi_flip_down(before->cell[played.to]))
            describe_flip(t, before, played, j, opt);
        else
            fprintf(t, junqi_say(JUNQI_SAY_FLIP_LOSES), j->loss);
        fprintf(t, junqi_say(JUNQI_SAY_FLIP_BETTER), best, j->winprob_before, j->winprob_after);
    }
    if (j->allows_flag)
        fputs(junqi_say(JUNQI_SAY_FLIP_ALLOWS_FLAG), t);
    junqi_item_add_mark(it, j->mark);
    bool ok = fclose(t) == 0 && junqi_line_add_comment(&g->main, j->item + 1, comment, JUNQI_NOWHERE);
    free(comment);
    if (!ok)
        return false;
    return !j->mark || add_variation(it, before, j);
}

bool junqi_flip_annotate(junqi_game *g, const junqi_annotate_options *opt, junqi_annotation *out)
{
    memset(out, 0, sizeof *out);
    junqi_flip_game_settle(g);
    out->view = JUNQI_VIEW_ALL;
    junqi_fp_mode fp = junqi_fp_double_begin(); /* the same marks on x87 (fpmode.h) */
    gathered ga = {0};
    bool ok = gather(g, out, &ga);
    junqi_flip_search_result *res = ok ? malloc(sizeof *res) : NULL;
    ok = ok && res;
    if (ok) /* an earlier annotation's, replaced */
        junqi_annotation_clear(g);
    for (size_t k = 0; ok && k < ga.n; k++) {
        junqi_move_judgement *j = &out->moves[k];
        if (opt->only_seat != JUNQI_NO_SEAT && j->seat != opt->only_seat)
            continue;
        if (opt->limits.stop && opt->limits.stop(opt->limits.ctx)) { /* stopped: not made */
            ok = false;
            break;
        }
        if (junqi_flip_search(&ga.before[k], &opt->limits, opt->threads, 0.0, res) == JUNQI_SEARCH_NO_MEMORY) {
            ok = false;
            break;
        }
        out->nodes += res->nodes;
        judge(j, &ga.before[k], res, item_action(&ga.before[k], &g->main.items[j->item]), opt->thresholds);
        if (j->judged)
            ok = write_judgement(g, j, &ga.before[k], opt);
        if (opt->progress)
            opt->progress(opt->progress_ctx, k + 1, ga.n);
    }
    ok = ok && junqi_line_sort_comments(&g->main) && junqi_annotation_summarise(g, out);
    free(res);
    free(ga.before);
    if (!ok)
        junqi_annotation_free(out);
    junqi_fp_end(fp);
    return ok;
}
