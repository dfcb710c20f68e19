/* SPDX-License-Identifier: MIT */
/*
 * annotate.c - see annotate.h. The steps:
 *   1. replay the game, gathering one analysis request per judged move (and,
 *      for view mover, what the mover knew then);
 *   2. analyse the requests in batches over the threads;
 *   3. judge each move and write the judgement into the record: the [%eval]
 *      comment, the mark, a sentence and the engine's line for marked moves;
 *   4. sum up each seat into tags.
 */
#include "annotate.h"
#include "fpmode.h"
#include "i18n.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"
#include "flip.h"
#include "jgn.h"
#include "movegen.h"
#include "terms.h"
#include "replay.h"
#include "sentences.h"

/* Positions analysed per batch: progress is reported between batches. */
#define BATCH 16

void junqi_annotate_confirming(const junqi_annotate_options *opt, junqi_analysis_request *r)
{
    r->confirm = JUNQI_MARK_CONFIRM * opt->thresholds[0];
    for (int i = 0; i < JUNQI_ANALYSIS_SETTLE; i++)
        r->settle[i] = opt->thresholds[i];
}

junqi_annotate_options junqi_annotate_defaults(void)
{
    junqi_annotate_options o;
    memset(&o, 0, sizeof o);
    o.view = JUNQI_VIEW_MOVER;
    o.limits.nodes = JUNQI_DEFAULT_NODES;
    o.thresholds[0] = 0.05; /* lichess's 0.1, 0.2 and 0.3 of winning chances (2p - 1) */
    o.thresholds[1] = 0.10;
    o.thresholds[2] = 0.15;
    o.only_seat = JUNQI_NO_SEAT;
    o.threads = 1;
    return o;
}

const char *junqi_mark_name(int mark)
{
    switch (mark) {
    case JUNQI_MARK_INACCURACY: return "inaccuracy";
    case JUNQI_MARK_MISTAKE: return "mistake";
    case JUNQI_MARK_BLUNDER: return "blunder";
    default: return NULL;
    }
}

/* What step 1 gathers. */
typedef struct gathered {
    junqi_position *before;       /* the position before each move */
    junqi_infer *knew;            /* view mover: what the mover knew */
    junqi_analysis_request *reqs; /* the judged moves' requests */
    int *req_of;                  /* move -> request index, or -1 */
    int nreqs;
} gathered;

static void gathered_free(gathered *g)
{
    free(g->before);
    free(g->knew);
    free(g->reqs);
    free(g->req_of);
}

/* One tracker per seat, fed every item: what each seat knows. */
typedef struct trackers {
    junqi_infer seat[JUNQI_SEATS];
    bool on;
} trackers;

static void trackers_start(trackers *t, const junqi_game *g, const junqi_position *start)
{
    for (int s = 0; s < JUNQI_SEATS; s++)
        if (g->seat[s].present)
            junqi_infer_start(&t->seat[s], start, g->start == NULL, s, g->info);
}

static void trackers_feed(trackers *t, const junqi_game *g, const junqi_replay *r, bool moved)
{
    for (int s = 0; s < JUNQI_SEATS; s++) {
        if (!g->seat[s].present)
            continue;
        if (moved)
            junqi_infer_move(&t->seat[s], r->last_move, (junqi_outcome)r->last_outcome);
        junqi_infer_sync(&t->seat[s], &r->pos);
        junqi_infer_learn_shown(&t->seat[s], r);
    }
}

/* Step 1: replay, recording each move's position and request. */
static bool gather(junqi_game *g, const junqi_annotate_options *opt, junqi_view_mode view,
                   junqi_annotation *out, gathered *ga)
{
    size_t n = junqi_game_moves(g);
    out->moves = calloc(n ? n : 1, sizeof *out->moves);
    ga->before = calloc(n ? n : 1, sizeof *ga->before);
    ga->knew = view == JUNQI_VIEW_MOVER ? calloc(n ? n : 1, sizeof *ga->knew) : NULL;
    ga->reqs = calloc(n ? n : 1, sizeof *ga->reqs);
    ga->req_of = calloc(n ? n : 1, sizeof *ga->req_of);
    trackers *t = view == JUNQI_VIEW_MOVER ? malloc(sizeof *t) : NULL;
    junqi_replay r;
    bool ok = out->moves && ga->before && ga->reqs && ga->req_of &&
              (view == JUNQI_VIEW_ALL || (ga->knew && t)) && junqi_replay_start(&r, g, NULL, NULL);
    if (!ok)
        goto done;
    if (t)
        trackers_start(t, g, &r.pos);
    size_t k = 0;
    for (size_t i = 0; i < g->main.nitems; i++) {
        const junqi_item *it = &g->main.items[i];
        if (it->kind == JUNQI_ITEM_MOVE) {
            junqi_move_judgement *j = &out->moves[k];
            uint8_t c = r.pos.cell[it->move.from];
            j->ply = r.pos.moves + 1;
            j->item = i;
            j->seat = c ? (uint8_t)JUNQI_CELL_SEAT(c) : it->seat;
            j->best.from = JUNQI_NO_POINT;
            ga->req_of[k] = -1;
            bool judge = c && !junqi_position_over(&r.pos) && junqi_check_move(&r.pos, it->move, NULL) == JUNQI_LEGAL &&
                         (opt->only_seat == JUNQI_NO_SEAT || opt->only_seat == j->seat);
            if (judge && !junqi_position_shows(&r.pos, view == JUNQI_VIEW_ALL ? 0xFu : JUNQI_SEAT_BIT(j->seat))) {
                out->unshown++;
                judge = false;
            }
            if (judge) {
                ga->before[k] = r.pos;
                junqi_analysis_request *q = &ga->reqs[ga->nreqs];
                *q = (junqi_analysis_request){.pos = &ga->before[k], .view = view, .samples = opt->samples,
                                              .seed = opt->seed, .limits = opt->limits, .played = it->move};
                junqi_annotate_confirming(opt, q);
                if (t) {
                    ga->knew[k] = t->seat[j->seat];
                    junqi_infer_solve(&ga->knew[k], false);
                    q->infer = &ga->knew[k];
                }
                ga->req_of[k] = ga->nreqs++;
            }
            k++;
        }
        junqi_replay_next(&r);
        if (t)
            trackers_feed(t, g, &r, it->kind == JUNQI_ITEM_MOVE);
    }
    out->nmoves = k;
done:
    free(t);
    return ok;
}

/* Step 2: the analyses, in batches so that progress can be reported and a
 * stop request heard (limits.stop: false, the annotation is not made; the
 * batch under way ends soon too, each search at its depth 1). */
static bool analyse(const gathered *ga, const junqi_annotate_options *opt, junqi_analysis *res)
{
    for (int at = 0; at < ga->nreqs; at += BATCH) {
        int n = ga->nreqs - at < BATCH ? ga->nreqs - at : BATCH;
        if (opt->limits.stop && opt->limits.stop(opt->limits.ctx))
            return false;
        if (!junqi_analyze_many(ga->reqs + at, n, opt->threads, res + at))
            return false;
        if (opt->progress)
            opt->progress(opt->progress_ctx, (size_t)(at + n), (size_t)ga->nreqs);
    }
    return true;
}

/* After the move played: can the next seat take a flag of the mover's team? */
static bool allows_flag_capture(const junqi_position *before, junqi_move played, unsigned team)
{
    junqi_position pos = *before;
    junqi_undo u;
    junqi_make(&pos, played, &u);
    if (junqi_position_over(&pos) || (pos.side[pos.to_move] & team))
        return false;
    junqi_move moves[JUNQI_MAX_MOVES];
    int n = junqi_generate_moves(&pos, moves);
    for (int i = 0; i < n; i++) {
        uint8_t d = pos.cell[moves[i].to];
        if (d && JUNQI_CELL_PIECE(d) == JUNQI_FLAG && (team & JUNQI_SEAT_BIT(JUNQI_CELL_SEAT(d))) &&
            junqi_move_outcome(&pos, moves[i]) != JUNQI_ATTACKER_LOSES)
            return true;
    }
    return false;
}

/* The engine's line, kept while it is legal on the real position. */
static int legal_prefix(const junqi_position *before, const junqi_analysis_line *line, junqi_move *pv)
{
    junqi_position pos = *before;
    int n = 0;
    for (int i = 0; i < line->pv_len; i++) {
        if (junqi_check_move(&pos, line->pv[i], NULL) != JUNQI_LEGAL)
            break;
        junqi_undo u;
        junqi_make(&pos, line->pv[i], &u);
        pv[n++] = line->pv[i];
        if (junqi_position_over(&pos))
            break;
    }
    return n;
}

int junqi_annotate_mark(double loss, const double thresholds[3])
{
    return loss >= thresholds[2]   ? JUNQI_MARK_BLUNDER
           : loss >= thresholds[1] ? JUNQI_MARK_MISTAKE
           : loss >= thresholds[0] ? JUNQI_MARK_INACCURACY
                                   : JUNQI_MARK_NONE;
}

/* Step 3a: one move's judgement from its analysis. */
static void judge(junqi_move_judgement *j, const junqi_position *before, const junqi_analysis *a,
                  junqi_view_mode view, junqi_info_mode info, const double thresholds[3], junqi_move played)
{
    if (a->status != JUNQI_SEARCH_OK || !a->has_played || a->nlines == 0)
        return;
    j->judged = true;
    j->winprob_before = a->winprob;
    j->winprob_after = a->played_winprob;
    j->eval_before = a->eval;
    j->eval_after = a->played_eval;
    j->spread = a->played_spread;
    j->loss = a->winprob > a->played_winprob ? a->winprob - a->played_winprob : 0;
    j->loss_error = a->loss_error;
    j->samples = a->confirmed ? a->confirmed : a->samples;
    j->depth = a->depth;
    j->nodes = a->nodes;
    j->best = a->lines[0].move;
    j->pv_len = legal_prefix(before, &a->lines[0], j->pv);
    /* only what survives the spread over the samples is marked */
    double sure = junqi_analysis_sure_loss(j->loss, j->loss_error);
    j->mark = a->played_line == 0 ? JUNQI_MARK_NONE : junqi_annotate_mark(sure, thresholds);
    bool takes_flag = before->cell[played.to] && JUNQI_CELL_PIECE(before->cell[played.to]) == JUNQI_FLAG;
    j->missed_flag = !takes_flag && junqi_analysis_flag_captures(before, view == JUNQI_VIEW_ALL || info == JUNQI_OPEN,
                                                                 &j->flag_capture, 1);
    j->allows_flag = allows_flag_capture(before, played, before->side[JUNQI_CELL_SEAT(before->cell[played.from])]);
}

/* A growing sentence. */
typedef struct text {
    char s[512];
    size_t n;
} text;

__attribute__((format(printf, 2, 3)))
static void say(text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(t->s + t->n, sizeof t->s - t->n, fmt, ap);
    va_end(ap);
    if (w > 0)
        t->n = t->n + (size_t)w < sizeof t->s ? t->n + (size_t)w : sizeof t->s - 1;
}

const junqi_sentence junqi_sentences[JUNQI_SAY_COUNT] = {
    [JUNQI_SAY_MISSED_FLAG] = {NULL, N_(" Missed a flag capture: %s takes the flag.")},
    [JUNQI_SAY_INACCURACY] = {NULL, N_(" Inaccuracy:")},
    [JUNQI_SAY_MISTAKE] = {NULL, N_(" Mistake:")},
    [JUNQI_SAY_BLUNDER] = {NULL, N_(" Blunder:")},
    /* one English sentence, the players' two words: 反弹 (bounced off a bigger piece or a
     * landmine) and 被炸 (taken with a bomb) */
    [JUNQI_SAY_BOUNCED_OFF] = {"bounced off", NC_("bounced off", " loses the %s.")},
    [JUNQI_SAY_BOMBED] = {"bombed", NC_("bombed", " loses the %s.")},
    [JUNQI_SAY_BETTER_FLIES] = {NULL, N_(" Better %s: the engineer flies to %s (%.2f instead of %.2f).")},
    [JUNQI_SAY_BETTER_TO] = {NULL, N_(" Better %s, to %s (%.2f instead of %.2f).")},
    [JUNQI_SAY_ALLOWS_FLAG] = {NULL, N_(" This lets the flag be captured next move.")},
    [JUNQI_SAY_FLIP_LOSES] = {NULL, N_(" loses %.2f.")},
    [JUNQI_SAY_FLIP_BETTER] = {NULL, N_(" Better %s (%.2f instead of %.2f).")},
    [JUNQI_SAY_FLIP_ALLOWS_FLAG] = {NULL, N_(" This lets the flag be taken next action.")},
    [JUNQI_SAY_FLIP_AVERAGE] = {NULL, N_(" the flip loses %.2f on average")},
    [JUNQI_SAY_TURNS_UP_COLOUR] = {NULL, N_("; %.0f %% of the time it turns up a %s %s")},
    [JUNQI_SAY_TURNS_UP_SEAT] = {NULL, N_("; %.0f %% of the time it turns up %s's %s")},
    [JUNQI_SAY_SENTENCE_END] = {"end of a sentence", NC_("end of a sentence", ".")},
};

const char *junqi_say(junqi_sentence_id id)
{
    const junqi_sentence *s = &junqi_sentences[id];
    if (!s->context)
        return _(s->msgid);
    char glued[128]; /* C_()'s key, glued at run time */
    snprintf(glued, sizeof glued, "%s\004%s", s->context, s->msgid);
    return junqi_i18n_pgettext(glued, s->msgid);
}

junqi_sentence_id junqi_say_mark(int mark)
{
    return mark == JUNQI_MARK_MISTAKE ? JUNQI_SAY_MISTAKE
           : mark == JUNQI_MARK_BLUNDER ? JUNQI_SAY_BLUNDER : JUNQI_SAY_INACCURACY;
}

/* What the move itself cost: the mover's piece removed in its own attack. */
static void describe_loss(text *t, const junqi_position *before, junqi_move played)
{
    uint8_t a = before->cell[played.from], d = before->cell[played.to];
    junqi_outcome o = junqi_move_outcome(before, played);
    const char *piece = _(junqi_piece_words(JUNQI_CELL_PIECE(a)));
    if (d && o == JUNQI_ATTACKER_LOSES)
        say(t, junqi_say(JUNQI_SAY_BOUNCED_OFF), piece);
    else if (d && o == JUNQI_BOTH_REMOVED &&
             junqi_piece_rank(JUNQI_CELL_PIECE(a)) > junqi_piece_rank(JUNQI_CELL_PIECE(d)))
        say(t, junqi_say(JUNQI_SAY_BOMBED), piece);
}

/* Whether m is an engineer's railway run that turns (飞, seed 000's
 * terminology): the same run is one no other piece may make for its turn. */
static bool flies(const junqi_position *pos, junqi_move m)
{
    uint8_t a = pos->cell[m.from];
    if (JUNQI_CELL_PIECE(a) != JUNQI_ENGINEER)
        return false;
    junqi_position other = *pos;
    other.cell[m.from] = JUNQI_CELL(JUNQI_CELL_SEAT(a), JUNQI_LIEUTENANT);
    junqi_move_check check;
    return junqi_check_move(&other, m, &check) == JUNQI_ILLEGAL_RAIL_TURN;
}

/* The better move, with where it goes by the players' name of the point
 * ("to east's flag corner", "至东家旗角"; terms.h) and 飞 for an engineer's
 * turning run. */
static void describe_best(text *t, const junqi_position *before, const junqi_move_judgement *j)
{
    const junqi_board *b = before->board;
    char move[8], where[128];
    int owner = b->point[j->best.to].arm;
    junqi_point_phrase(b, j->best.to, owner < JUNQI_SEATS ? junqi_flag_column(before, owner) : 0,
                       junqi_i18n_names(), where, sizeof where);
    junqi_move_name(b, j->best, move);
    if (flies(before, j->best))
        say(t, junqi_say(JUNQI_SAY_BETTER_FLIES), move, where, j->winprob_before, j->winprob_after);
    else
        say(t, junqi_say(JUNQI_SAY_BETTER_TO), move, where, j->winprob_before, j->winprob_after);
}

void junqi_eval_command(char *buf, const junqi_move_judgement *j)
{
    char pawns[32];
    snprintf(pawns, sizeof pawns, "%+.2f", j->eval_after / 100.0);
    snprintf(buf, JUNQI_EVAL_COMMAND_SIZE, "[%%eval %.2f %.2f %s]", j->winprob_before, j->winprob_after,
             strcmp(pawns, "-0.00") == 0 ? "+0.00" : pawns); /* what rounds to zero has no sign */
}

void junqi_item_add_mark(junqi_item *it, int mark)
{
    for (int k = 0; k < it->nnags; k++)
        if (junqi_nag_assesses_move(it->nags[k]))
            return; /* the record's own: the engine's verdict is then in its comment alone */
    if (!mark || it->nnags >= JUNQI_MAX_NAGS)
        return;
    memmove(it->nags + 1, it->nags, it->nnags);
    it->nags[0] = (uint8_t)mark;
    it->nnags++;
}

/* Step 3b: the comment (and variation) of one judged move. */
static bool write_judgement(junqi_game *g, const junqi_move_judgement *j, const junqi_position *before)
{
    junqi_item *it = &g->main.items[j->item];
    const junqi_board *b = before->board;
    text t = {{0}, 0};
    char eval[JUNQI_EVAL_COMMAND_SIZE];
    junqi_eval_command(eval, j);
    say(&t, "%s", eval);
    char move[8];
    if (j->missed_flag)
        say(&t, junqi_say(JUNQI_SAY_MISSED_FLAG), junqi_move_name(b, j->flag_capture, move));
    if (j->mark) {
        say(&t, "%s", junqi_say(junqi_say_mark(j->mark)));
        describe_loss(&t, before, it->move);
        if (j->best.from != JUNQI_NO_POINT)
            describe_best(&t, before, j);
    }
    if (j->allows_flag)
        say(&t, "%s", junqi_say(JUNQI_SAY_ALLOWS_FLAG));
    junqi_item_add_mark(it, j->mark);
    if (!junqi_line_add_comment(&g->main, j->item + 1, t.s, JUNQI_NOWHERE))
        return false;
    if (!j->mark || j->pv_len == 0)
        return true;
    junqi_line *v = junqi_item_add_variation(it);
    if (!v)
        return false;
    junqi_position pos = *before;
    for (int i = 0; i < j->pv_len; i++) {
        junqi_item m;
        memset(&m, 0, sizeof m);
        m.kind = JUNQI_ITEM_MOVE;
        m.seat = pos.to_move;
        m.move = j->pv[i];
        m.outcome = (uint8_t)junqi_move_outcome(&pos, j->pv[i]);
        m.outcome_known = true;
        m.next_seat = JUNQI_NO_SEAT;
        m.flag_shown[0] = m.flag_shown[1] = JUNQI_NO_POINT;
        m.defender_marshal_died = -1;
        m.loc = JUNQI_NOWHERE;
        junqi_undo u;
        junqi_make(&pos, j->pv[i], &u);
        if (!junqi_line_add_item(v, &m))
            return false;
    }
    return true;
}

/* Comments were appended after the record's own: order them by place,
 * keeping the record's first at each place (a stable sort). */
typedef struct ordered_comment {
    junqi_comment c;
    size_t index;
} ordered_comment;

static int by_place(const void *a, const void *b)
{
    const ordered_comment *x = a, *y = b;
    if (x->c.before != y->c.before)
        return x->c.before < y->c.before ? -1 : 1;
    return x->index < y->index ? -1 : 1;
}

bool junqi_line_sort_comments(junqi_line *l)
{
    ordered_comment *o = malloc((l->ncomments + 1) * sizeof *o);
    if (!o)
        return false;
    for (size_t i = 0; i < l->ncomments; i++)
        o[i] = (ordered_comment){l->comments[i], i};
    qsort(o, l->ncomments, sizeof *o, by_place);
    for (size_t i = 0; i < l->ncomments; i++)
        l->comments[i] = o[i].c;
    free(o);
    return true;
}

/* An annotation's comment, in parts: its [%eval] command from start to end, with its arguments
 * (args, args_len), and the annotator's sentences after it up to sentences_end
 * (find_sentences_end()); what the text holds before start and after sentences_end is a user's. */
typedef struct eval_span {
    const char *start, *end, *args, *sentences_end;
    size_t args_len;
} eval_span;

/* The [%eval] command of a comment's text into *e (but sentences_end); false when the text holds
 * none. A command may stand anywhere in a comment (docs/jgn.md, as PGN's commands do;
 * junqi_annotation_read() reads it there): other tools write it after spaces
 * ({ [%eval 0.17] }, break5 C1) or after another command ({ [%clk 0:00:30] [%eval 0.17] }, as
 * chess servers export clocks with evaluations, annot3 C1), and a hand may type words before it.
 * Missing any of them mixed another's annotation with this one. */
static bool eval_command(const char *text, eval_span *e)
{
    char name[32];
    for (const char *s = text; (e->start = strstr(s, "[%")) != NULL;) {
        if (!junqi_jgn_next_command(&s, name, &e->args, &e->args_len))
            return false;
        if (strcmp(name, "eval") == 0) {
            e->end = s;
            return true;
        }
    }
    return false;
}

/* Whether comment c is one an annotation wrote: it holds the [%eval] command (junqi_eval_command),
 * whatever else it holds. */
static bool eval_comment(const junqi_comment *c)
{
    eval_span e;
    return eval_command(c->text, &e);
}

/* The move that comment i of line l follows when the comment is an annotation's: an [%eval]
 * comment right after a move of the line; else NULL. */
static junqi_item *judged_item(const junqi_line *l, size_t i)
{
    const junqi_comment *c = &l->comments[i];
    junqi_item *it = c->before > 0 && c->before <= l->nitems ? &l->items[c->before - 1] : NULL;
    return it && it->kind == JUNQI_ITEM_MOVE && eval_comment(c) ? it : NULL;
}

/* The length of the square's name at s as junqi_square_name() writes it ("h5", "q17", a
 * mountain "bM"), 0 when none starts there. */
static size_t square_at(const char *s)
{
    if (*s < 'a' || *s > 'q')
        return 0;
    if (s[1] == 'M')
        return 2;
    if (s[1] < '1' || s[1] > '9')
        return 0;
    return s[2] >= '0' && s[2] <= '9' ? 3 : 2;
}

static bool alnum(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* The squares of the last move the sentences of an annotation's comment name (text: what
 * follows its [%eval] command) into from and to (to: "" for a flip, "c8^"): a move as
 * junqi_move_name() writes it ("h5-h6") or a flip game's action as flip_annotate.c does
 * ("c7>c8", "c7xc8", "c8^"). That last one is the better move of the mark's sentence
 * (" Better %s ..."; flip games: also " Missed a flag capture: %s ...", the best action):
 * the squares are written alike in every language, where the words around them are not.
 * False when the text names no move. */
static bool named_move(const char *text, char from[4], char to[4])
{
    bool found = false;
    for (const char *s = text; *s; s++) {
        size_t f = s == text || !alnum(s[-1]) ? square_at(s) : 0;
        if (!f || !s[f] || !strchr(JUNQI_FLIP_SEPARATORS "x^", s[f]))
            continue;
        size_t t = s[f] == '^' ? 0 : square_at(s + f + 1);
        if ((s[f] != '^' && !t) || alnum(s[f + 1 + t]))
            continue;
        memcpy(from, s, f), from[f] = '\0';
        memcpy(to, s + f + 1, t), to[t] = '\0';
        found = true;
        s += f + t;
    }
    return found;
}

/* Whether variation v is the engine's line an annotation wrote with the sentence text: its first
 * move is the move the sentence names (named_move()). An empty one (a flip game's line that
 * stops before a flip the record cannot tell) holds nothing of the record's and goes with it. */
static bool engine_line(const junqi_board *b, const junqi_line *v, const char *text)
{
    char from[4], to[4], name[4];
    if (!named_move(text, from, to))
        return false;
    if (v->nitems == 0)
        return true;
    const junqi_item *m = &v->items[0];
    if (m->kind != JUNQI_ITEM_MOVE || strcmp(junqi_square_name(b, m->move.from, name), from) != 0)
        return false;
    bool flip = m->flip || m->move.from == m->move.to;
    return flip ? !*to : strcmp(junqi_square_name(b, m->move.to, name), to) == 0;
}

/* The mark an annotation's sentence text names by its words, in English or in this run's
 * language; JUNQI_MARK_NONE when it names none in them (another language's, or no mark). */
static int named_mark(const char *text)
{
    static const int marks[] = {JUNQI_MARK_INACCURACY, JUNQI_MARK_MISTAKE, JUNQI_MARK_BLUNDER};
    for (size_t k = 0; k < sizeof marks / sizeof marks[0]; k++)
        if (strstr(text, junqi_sentences[junqi_say_mark(marks[k])].msgid) ||
            strstr(text, junqi_say(junqi_say_mark(marks[k]))))
            return marks[k];
    return JUNQI_MARK_NONE;
}

/* The most a %s of the annotator's sentences (sentences.h) stands for: a move, a piece, a point's
 * name (terms.h). */
#define SENTENCE_WORDS_MAX 160

static const char *format_end(const char *fmt, const char *s);

/* The end of a number as printf's %.2f or %.0f writes it at s; NULL when none starts there. */
static const char *number_end(const char *s)
{
    const char *p = s + (*s == '-' || *s == '+');
    size_t digits = strspn(p, "0123456789");
    if (!digits)
        return NULL;
    p += digits;
    return *p == '.' && p[1] >= '0' && p[1] <= '9' ? p + 1 + strspn(p + 1, "0123456789") : p;
}

/* format_end() for a %s at s, the rest of the format fmt: the shortest words that let the rest
 * match. */
static const char *words_end(const char *fmt, const char *s)
{
    for (size_t n = 1; n <= SENTENCE_WORDS_MAX && s[n - 1]; n++) {
        const char *e = format_end(fmt, s + n);
        if (e)
            return e;
    }
    return NULL;
}

/* The end of what printf format fmt (a sentence of the annotator's, or its translation: %s, %1$s
 * words, %.2f and %.0f a number, %% a '%') writes at the start of s; NULL when s does not start
 * so. */
static const char *format_end(const char *fmt, const char *s)
{
    while (*fmt) {
        if (fmt[0] != '%' || fmt[1] == '%') {
            if (*s != *fmt)
                return NULL;
            fmt += fmt[0] == '%' ? 2 : 1;
            s++;
            continue;
        }
        const char *conversion = fmt + 1 + strspn(fmt + 1, "0123456789$.");
        fmt = conversion + 1;
        if (*conversion == 's')
            return words_end(fmt, s);
        if (!(s = number_end(s)))
            return NULL;
    }
    return s;
}

/* The end of sentence id at s, as English or this run's language writes it; NULL when it is not
 * there. */
static const char *sentence_end(junqi_sentence_id id, const char *s)
{
    const char *e = format_end(junqi_sentences[id].msgid, s);
    return e ? e : format_end(junqi_say(id), s);
}

/* The end of flip_annotate.c's sentence of a flip's loss at s (its average loss, what it turns
 * up, the sentence's end: read as one, since a %s that ends a part stops only at what follows it),
 * in English or this run's language; NULL when it is not there. */
static const char *flip_loss_end(const char *s)
{
    static const junqi_sentence_id turns_up[] = {JUNQI_SAY_TURNS_UP_COLOUR, JUNQI_SAY_TURNS_UP_SEAT,
                                                 JUNQI_SAY_COUNT /* no such part */};
    const char *e = sentence_end(JUNQI_SAY_FLIP_AVERAGE, s);
    char sentence[256];
    for (size_t k = 0; e && k < sizeof turns_up / sizeof turns_up[0]; k++) {
        bool part = turns_up[k] != JUNQI_SAY_COUNT;
        snprintf(sentence, sizeof sentence, "%s%s", part ? junqi_sentences[turns_up[k]].msgid : "",
                 junqi_sentences[JUNQI_SAY_SENTENCE_END].msgid);
        const char *end = format_end(sentence, e);
        snprintf(sentence, sizeof sentence, "%s%s", part ? junqi_say(turns_up[k]) : "",
                 junqi_say(JUNQI_SAY_SENTENCE_END));
        end = end ? end : format_end(sentence, e);
        if (end)
            return end;
    }
    return NULL;
}

/* The end of the annotator's sentences right after e's [%eval] command into e->sentences_end
 * (the command's end when none is there). Words that match none of them, in English or this run's
 * language, but hold the command's two win probabilities in their order are a mark's sentence in
 * another language ("(0.42 instead of 0.32)" in every one): all the words are then taken for the
 * annotator's, as they were before a user's words were kept (annotation.md). */
static void find_sentences_end(eval_span *e)
{
    const char *s = e->end;
    for (bool more = true; more;) {
        more = false;
        for (int k = 0; k < JUNQI_SAY_PLAIN && !more; k++) {
            const char *next = sentence_end((junqi_sentence_id)k, s);
            more = next != NULL;
            s = more ? next : s;
        }
        const char *flip = more ? NULL : flip_loss_end(s);
        more = more || flip;
        s = flip ? flip : s;
    }
    e->sentences_end = s;
    char args[64], before[16], after[16];
    snprintf(args, sizeof args, "%.*s", (int)(e->args_len < sizeof args ? e->args_len : sizeof args - 1), e->args);
    if (s != e->end || sscanf(args, "%15s %15s", before, after) != 2)
        return;
    const char *b = strstr(s, before);
    if (b && strstr(b + strlen(before), after))
        e->sentences_end = s + strlen(s);
}

/* Keep in an annotation's comment text only what a user wrote around the command and the
 * annotator's sentences (e): the words before and after them, joined by a space, without the
 * blanks at the joins and the ends (annot3 C2: clearing dropped the whole comment, and the words
 * with it). In place: the words only move towards the start. False when no word is left. */
static bool keep_users_words(char *text, const eval_span *e)
{
    static const char blanks[] = " \t\r\n";
    size_t lead = strspn(text, blanks), head = (size_t)(e->start - text);
    while (head > lead && strchr(blanks, text[head - 1]))
        head--;
    const char *tail = e->sentences_end + strspn(e->sentences_end, blanks);
    size_t tail_len = strlen(tail);
    while (tail_len && strchr(blanks, tail[tail_len - 1]))
        tail_len--;
    size_t n = head > lead ? head - lead : 0;
    memmove(text, text + lead, n);
    if (n && tail_len)
        text[n++] = ' ';
    memmove(text + n, tail, tail_len);
    text[n + tail_len] = '\0';
    return n + tail_len > 0;
}

/* What an annotation wrote at move `it`, keyed on what its sentences say, not on what the record
 * holds now (a mark or a line may have been deleted or changed by hand). The sentence is a mark's
 * when it names the mark by its words, or, where it names none in the languages known here
 * (another language's; a flip game's missed flag capture, which names no mark), when the first
 * NAG is a mark. The engine's line, when it goes with a mark's sentence, is the last variation whose
 * first move is the move the sentence names: the annotator wrote it last, and a user may have
 * added variations after it (break7 F3); the mark, the first NAG, is the annotation's when
 * it is the one the sentence names, or, with no mark named, when the engine's line was there. A
 * comment that is the command alone, or a sentence of no mark (a missed flag capture named
 * alone), marked nothing: a mark and a variation of the record's own are the record's. */
junqi_annotation_wrote junqi_annotation_at(const junqi_board *b, const junqi_item *it, const char *sentences)
{
    junqi_annotation_wrote w = {JUNQI_MARK_NONE, -1, false};
    if (!*sentences)
        return w;
    int named = named_mark(sentences);
    bool nag = it->nnags && junqi_mark_name(it->nags[0]);
    for (size_t v = it->nvariations; (named || nag) && w.line < 0 && v-- > 0;)
        if (engine_line(b, &it->variations[v], sentences))
            w.line = (long)v;
    w.nag = nag && (named ? it->nags[0] == named : w.line >= 0);
    w.mark = named ? named : w.nag ? it->nags[0] : JUNQI_MARK_NONE;
    return w;
}

/* The sentences of e (find_sentences_end() done) into buf (n bytes, cut to fit). */
static void copy_sentences(const eval_span *e, char *buf, size_t n)
{
    size_t len = (size_t)(e->sentences_end - e->end);
    snprintf(buf, n, "%.*s", (int)(len < n ? len : n - 1), e->end);
}

bool junqi_annotation_sentences(const char *comment, char *buf, size_t n)
{
    eval_span e;
    if (!eval_command(comment, &e))
        return false;
    find_sentences_end(&e);
    copy_sentences(&e, buf, n);
    return true;
}

/* Drop what an annotation wrote at move `it` beside its comment (junqi_annotation_at(), its
 * sentences): the engine's line and its mark. */
static void drop_judgement(const junqi_board *b, junqi_item *it, const char *sentences)
{
    junqi_annotation_wrote w = junqi_annotation_at(b, it, sentences);
    if (w.line >= 0) {
        junqi_line_clear(&it->variations[w.line]);
        it->nvariations--;
        memmove(it->variations + w.line, it->variations + w.line + 1,
                (it->nvariations - (size_t)w.line) * sizeof *it->variations);
    }
    if (w.nag) {
        it->nnags--;
        memmove(it->nags, it->nags + 1, it->nnags);
    }
}

/* The summary tags: a seat's name, then what it sums up (NorthAccuracy …). */
static const char *const tag_seats[JUNQI_SEATS] = {"North", "East", "South", "West"};
static const char *const tag_sums[] = {"Accuracy", "AverageLoss", "Inaccuracies", "Mistakes", "Blunders"};
#define TAG_SUMS (sizeof tag_sums / sizeof tag_sums[0])

/* junqi_game_strip()'s JUNQI_STRIP_ANNOTATION: the [%eval] comments of the main line with what
 * each wrote beside it, the Annotator and the summary tags, whoever the annotator. */
static void strip_annotation(junqi_game *g)
{
    const junqi_board *b = junqi_board_get(g->board);
    junqi_line *l = &g->main;
    size_t kept = 0;
    for (size_t i = 0; i < l->ncomments; i++) {
        junqi_item *it = judged_item(l, i);
        eval_span e;
        if (!it || !eval_command(l->comments[i].text, &e)) {
            l->comments[kept++] = l->comments[i];
            continue;
        }
        char sentences[1024];
        find_sentences_end(&e);
        copy_sentences(&e, sentences, sizeof sentences);
        drop_judgement(b, it, sentences);
        bool words = keep_users_words(l->comments[i].text, &e);
        /* a second [%eval] in it is no user's either: kept, the next run dropped it (break7 F11) */
        while (words && eval_command(l->comments[i].text, &e)) {
            find_sentences_end(&e);
            words = keep_users_words(l->comments[i].text, &e);
        }
        if (words)
            l->comments[kept++] = l->comments[i];
        else
            free(l->comments[i].text);
    }
    l->ncomments = kept;
    junqi_game_remove_tag(g, "Annotator");
    char name[32];
    for (int s = 0; s < JUNQI_SEATS; s++)
        for (size_t k = 0; k < TAG_SUMS; k++) {
            snprintf(name, sizeof name, "%s%s", tag_seats[s], tag_sums[k]);
            junqi_game_remove_tag(g, name);
        }
}

/* junqi_game_strip()'s comments, NAGs and variations of line l and of the variations it keeps. */
static void strip_line(junqi_line *l, unsigned what)
{
    if (what & JUNQI_STRIP_COMMENTS) {
        for (size_t i = 0; i < l->ncomments; i++)
            free(l->comments[i].text);
        l->ncomments = 0;
    }
    for (size_t i = 0; i < l->nitems; i++) {
        junqi_item *it = &l->items[i];
        if (what & JUNQI_STRIP_NAGS)
            it->nnags = 0;
        if (what & JUNQI_STRIP_VARIATIONS)
            while (it->nvariations)
                junqi_line_clear(&it->variations[--it->nvariations]);
        for (size_t v = 0; v < it->nvariations; v++)
            strip_line(&it->variations[v], what);
    }
}

void junqi_game_strip(junqi_game *g, unsigned what)
{
    if (what & JUNQI_STRIP_ANNOTATION) /* first: it reads the comments, NAGs and lines it drops */
        strip_annotation(g);
    strip_line(&g->main, what);
}

void junqi_annotation_clear(junqi_game *g)
{
    const char *annotator = junqi_game_tag(g, "Annotator");
    if (annotator && strcmp(annotator, "junqi-analyze") == 0)
        strip_annotation(g);
}

bool junqi_game_annotated(const junqi_game *g)
{
    if (junqi_game_tag(g, "Annotator"))
        return true;
    for (size_t i = 0; i < g->main.ncomments; i++)
        if (judged_item(&g->main, i))
            return true;
    return false;
}

const junqi_comment *junqi_annotation_other(const junqi_game *g)
{
    const char *annotator = junqi_game_tag(g, "Annotator");
    if (annotator && strcmp(annotator, "junqi-analyze") == 0)
        return NULL;
    for (size_t i = 0; i < g->main.ncomments; i++)
        if (judged_item(&g->main, i))
            return &g->main.comments[i];
    return NULL;
}

/* Step 4: the summaries, into out and into tags. */
bool junqi_annotation_summarise(junqi_game *g, junqi_annotation *out)
{
    double loss[JUNQI_SEATS] = {0}, accuracy[JUNQI_SEATS] = {0};
    for (size_t i = 0; i < out->nmoves; i++) {
        const junqi_move_judgement *j = &out->moves[i];
        if (!j->judged || j->seat >= JUNQI_SEATS)
            continue;
        junqi_seat_summary *s = &out->seat[j->seat];
        s->moves++;
        loss[j->seat] += j->loss;
        accuracy[j->seat] += 100.0 * exp(-4.0 * j->loss);
        s->inaccuracies += j->mark == JUNQI_MARK_INACCURACY;
        s->mistakes += j->mark == JUNQI_MARK_MISTAKE;
        s->blunders += j->mark == JUNQI_MARK_BLUNDER;
    }
    bool ok = junqi_game_set_tag(g, "Annotator", "junqi-analyze");
    for (int s = 0; s < JUNQI_SEATS && ok; s++) {
        junqi_seat_summary *sum = &out->seat[s];
        if (!sum->moves)
            continue;
        sum->accuracy = accuracy[s] / sum->moves;
        sum->average_loss = loss[s] / sum->moves;
        char name[32], value[32];
        const struct {
            double v;
            const char *fmt;
        } tags[TAG_SUMS] = {{sum->accuracy, "%.1f"}, {sum->average_loss, "%.3f"}, {sum->inaccuracies, "%.0f"},
                            {sum->mistakes, "%.0f"}, {sum->blunders, "%.0f"}}; /* tag_sums' order */
        for (size_t k = 0; k < TAG_SUMS && ok; k++) {
            snprintf(name, sizeof name, "%s%s", tag_seats[s], tag_sums[k]);
            snprintf(value, sizeof value, tags[k].fmt, tags[k].v);
            ok = junqi_game_set_tag(g, name, value);
        }
    }
    return ok;
}

bool junqi_annotate(junqi_game *g, const junqi_annotate_options *opt, junqi_annotation *out)
{
    memset(out, 0, sizeof *out);
    junqi_fp_mode fp = junqi_fp_double_begin(); /* the same marks on x87 (fpmode.h) */
    junqi_game_settle(g);
    junqi_view_mode view = opt->view_given ? opt->view : g->info == JUNQI_OPEN ? JUNQI_VIEW_ALL : JUNQI_VIEW_MOVER;
    out->view = view;
    gathered ga = {0};
    junqi_analysis *res = NULL;
    bool ok = gather(g, opt, view, out, &ga) && (res = calloc((size_t)ga.nreqs + 1, sizeof *res)) &&
              analyse(&ga, opt, res);
    if (ok) /* an earlier annotation's, replaced (once it is sure there is one to replace it) */
        junqi_annotation_clear(g);
    for (size_t k = 0; ok && k < out->nmoves; k++) {
        junqi_move_judgement *j = &out->moves[k];
        if (ga.req_of[k] < 0)
            continue;
        const junqi_analysis *a = &res[ga.req_of[k]];
        out->nodes += a->nodes;
        judge(j, &ga.before[k], a, view, g->info, opt->thresholds, g->main.items[j->item].move);
        if (j->judged)
            ok = write_judgement(g, j, &ga.before[k]);
    }
    ok = ok && junqi_line_sort_comments(&g->main) && junqi_annotation_summarise(g, out);
    gathered_free(&ga);
    free(res);
    if (!ok)
        junqi_annotation_free(out);
    junqi_fp_end(fp);
    return ok;
}

void junqi_annotation_free(junqi_annotation *a)
{
    free(a->moves);
    memset(a, 0, sizeof *a);
}
