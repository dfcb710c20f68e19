/* SPDX-License-Identifier: MIT */
/*
 * annotate.h - annotating a game as a coach would: every move judged by the
 * engine, mistakes marked, the better move and its line given, and a
 * summary per seat.
 *
 * Design note: annotation is one pass to gather requests and one batch of
 * analyses (analysis.h), spread over threads by junqi_analyze_many(), so the
 * result depends only on the game, the level and the seed, never on the
 * number of threads. For each move of the main line the request is the
 * complete position before the move, with the move played; with view mover
 * it also carries what the mover knew then (infer.h: one tracker per seat,
 * fed every move and event of the game).
 *
 * Judging a move (docs/annotation.md; analysis.h says how the values come
 * about):
 *   before = the mover's team's win probability with the best move, the
 *            mean over the samples of what the mover knew,
 *   after  = the same mean for the move played,
 *   loss   = max(0, before - after), with its standard error over the
 *            samples, loss_error;
 *            a loss that reaches JUNQI_MARK_CONFIRM of the lowest threshold
 *            within its error is measured again on more, fresh samples, and
 *            on more while its mark could go either way (analysis.h,
 *            step 4: the thresholds are the request's settle[]); those
 *            figures are the move's;
 *   mark   = by the sure loss, loss - JUNQI_SURE_ERRORS * loss_error
 *            (junqi_analysis_sure_loss; so a mark another
 *            seed would likely not give is not given): ?? (blunder) when it
 *            is >= thresholds[2], ? (mistake) when >= thresholds[1], ?!
 *            (inaccuracy) when >= thresholds[0]; the engine's own choice is
 *            never marked;
 *   move accuracy = 100 * exp(-4 * loss), a seat's accuracy the mean over
 *   its judged moves (0 loss: 100; 0.10: 67; 0.30: 30).
 */
#ifndef JUNQI_ANNOTATE_H
#define JUNQI_ANNOTATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis.h"
#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

/** How a game is annotated. Start from junqi_annotate_defaults(). */
typedef struct junqi_annotate_options {
    junqi_view_mode view;       /**< whose knowledge judges each move */
    bool view_given;            /**< false: mover for dark games, all for open ones */
    int samples;                /**< view mover: samples per position (0: the default) */
    uint64_t seed;              /**< view mover: the seed of the samples */
    junqi_search_limits limits; /**< per search (default: JUNQI_DEFAULT_NODES nodes); its
                                     stop ends the annotation (junqi_annotate()) */
    double thresholds[3];       /**< inaccuracy, mistake, blunder: win-probability losses */
    int only_seat;              /**< judge only this seat's moves; JUNQI_NO_SEAT: all */
    int threads;                /**< threads for the analyses (1..) */
    /** Called as positions finish (done of total), from the calling thread; may be NULL. */
    void (*progress)(void *ctx, size_t done, size_t total);
    void *progress_ctx;
} junqi_annotate_options;

/**
 * The share of the lowest threshold at which a move's loss is confirmed on
 * fresh samples before a mark is decided (junqi_analysis_request.confirm;
 * a loss that reaches it within its error is): low enough that a loss the
 * confirmation would mark is seldom missed, high enough that few moves pay
 * for it (14 % of the validation moves at the default thresholds; at 0.5
 * of the threshold without the error, 15 % would pay and the marks another
 * seed removes fall only from 39 % to 37 %: docs/engine.md, "Judging"
 * step 6).
 */
#define JUNQI_MARK_CONFIRM 0.8

/** Set how request r confirms a move's loss for opt's annotation: r->confirm at
 *  JUNQI_MARK_CONFIRM of its lowest threshold, r->settle its thresholds. */
void junqi_annotate_confirming(const junqi_annotate_options *opt, junqi_analysis_request *r);

/** The defaults: view by the game's mode, thresholds 0.05 / 0.10 / 0.15 (the win-probability
 *  losses of lichess's 0.1 / 0.2 / 0.3 of winning chances 2p - 1; docs/annotation.md), one thread. */
junqi_annotate_options junqi_annotate_defaults(void);

/** Move marks, as NAGs. */
enum {
    JUNQI_MARK_NONE = 0,
    JUNQI_MARK_MISTAKE = 2,    /**< ? */
    JUNQI_MARK_BLUNDER = 4,    /**< ?? */
    JUNQI_MARK_INACCURACY = 6  /**< ?! */
};

/** What the annotation found about one move of the main line. */
typedef struct junqi_move_judgement {
    size_t ply;             /**< the move's number (1-based) */
    size_t item;            /**< its index in the main line */
    uint8_t seat;           /**< the mover */
    bool judged;            /**< false: not judged (--only-seat, or no analysis) */
    double winprob_before;  /**< the mover's team, with the engine's best move (0..1) */
    double winprob_after;   /**< the mover's team, after the move played */
    double eval_before;     /**< centi-material, the mover's team, best move */
    double eval_after;      /**< centi-material, after the move played */
    double spread;          /**< view mover: standard deviation of the move played's score over
                                 the samples, centi-material */
    double loss;            /**< max(0, winprob_before - winprob_after) */
    double loss_error;      /**< the standard error of the loss over the samples */
    int samples;            /**< the samples behind winprob_before, winprob_after and the loss:
                                 the analysis's, or its confirmation's (analysis.h, step 4) */
    int mark;               /**< a JUNQI_MARK_* NAG, or 0 */
    junqi_move best;        /**< the engine's choice; from = JUNQI_NO_POINT: none */
    int pv_len;             /**< the engine's line, legal on the real position */
    junqi_move pv[JUNQI_MAX_PLY];
    bool missed_flag;       /**< a flag capture (of a flag the mover could see) was there */
    junqi_move flag_capture; /**< that capture */
    bool allows_flag;       /**< after the move an enemy can capture the mover's team's flag */
    int depth;              /**< the analysis's depth, plies */
    uint64_t nodes;         /**< its nodes */
} junqi_move_judgement;

/** A seat's summary. */
typedef struct junqi_seat_summary {
    int moves;              /**< judged moves */
    double accuracy;        /**< mean move accuracy, 0..100 (see the design note) */
    double average_loss;    /**< mean win-probability loss */
    int inaccuracies, mistakes, blunders;
} junqi_seat_summary;

/** The annotation of one game. Free with junqi_annotation_free(). */
typedef struct junqi_annotation {
    junqi_move_judgement *moves; /**< one per move of the main line, in order; owned */
    size_t nmoves;
    junqi_seat_summary seat[JUNQI_SEATS];
    junqi_view_mode view;        /**< the view used */
    uint64_t nodes;              /**< nodes of every search */
    size_t unshown;              /**< moves left unjudged because the record does not show
                                      what judging them needs: with view all, a piece of
                                      unknown kind; with view mover, a piece of the mover's
                                      own (a seat's view record: another seat's move) */
} junqi_annotation;

/**
 * Annotate game g in place and describe it in *out: each judged move gets a
 * comment `[%eval BEFORE AFTER SCORE]` (BEFORE: the mover's team's win
 * probability with the best move, AFTER: with the move played, both means
 * over the samples of what the mover knew; SCORE: the engine's evaluation
 * of the move played for the mover's team, the mean over the samples of
 * its search score, in pieces of 100 centi-material, signed, e.g. -1.20)
 * with, for marked moves, a sentence ("Mistake: loses
 * the brigadier. Better g5-g6.") and the engine's line as a variation; the
 * mark as a NAG; missed flag captures and moves that let the flag be taken
 * are named. Summary tags per seat are set: NorthAccuracy, NorthAverageLoss,
 * NorthInaccuracies, NorthMistakes, NorthBlunders (and East…, South…,
 * West…), plus Annotator. Returns false when the game cannot be replayed,
 * or out of memory or threads, or when opt->limits.stop asked it to stop
 * (polled between batches of positions, and by the searches of the batch
 * under way, which end at their depth 1: a caller's Ctrl-C ends it soon);
 * *out is then empty, and g has no comment of it.
 */
bool junqi_annotate(junqi_game *g, const junqi_annotate_options *opt, junqi_annotation *out);

/**
 * The `[%eval WINPROB_BEFORE WINPROB_AFTER EVAL_AFTER]` command that opens
 * judgement j's comment (docs/annotation.md: the win probabilities with two
 * decimals, the evaluation in material units signed, "+0.00" for anything
 * that rounds to zero: never "-0.00"), into buf (JUNQI_EVAL_COMMAND_SIZE
 * bytes, NUL-terminated). Shared by junqi_annotate() and
 * junqi_flip_annotate() (flip_search.h).
 */
void junqi_eval_command(char *buf, const junqi_move_judgement *j);

/** The size of junqi_eval_command()'s buffer. */
#define JUNQI_EVAL_COMMAND_SIZE 64

/**
 * Give move `it` the NAG of mark (JUNQI_MARK_*; none for JUNQI_MARK_NONE)
 * as its first NAG, unless the move already has a move-assessment NAG of
 * its own ($1 to $6: !, ?, !!, ??, !?, ?!, PGN's move assessments): the
 * annotator never gives a move a second one, so a mark the user set by hand
 * (the engine wrote ?!, the user made it ?) stays alone and the engine's
 * verdict is then in its comment only (docs/annotation.md); nor when the
 * move has JUNQI_MAX_NAGS already. Shared by junqi_annotate() and
 * junqi_flip_annotate().
 */
void junqi_item_add_mark(junqi_item *it, int mark);

/** Free what junqi_annotate() put into *a. */
void junqi_annotation_free(junqi_annotation *a);

/** The JUNQI_MARK_* of a win-probability loss under thresholds (inaccuracy, mistake, blunder). */
int junqi_annotate_mark(double loss, const double thresholds[3]);

/**
 * Sum the judged moves of *out into its seat summaries (moves, accuracy,
 * average loss, marks; see the design note) and set g's summary tags
 * (NorthAccuracy … and Annotator). False when out of memory.
 */
bool junqi_annotation_summarise(junqi_game *g, junqi_annotation *out);

/**
 * Remove from g what an earlier annotation by junqi-analyze wrote, so that
 * annotating an annotated game gives what annotating its record gives
 * (another --seed, a larger budget, --only-seat): when g's Annotator tag is
 * "junqi-analyze", what junqi_game_strip() removes with
 * JUNQI_STRIP_ANNOTATION. A game another annotator evaluated (another
 * Annotator, or none, and an [%eval] comment: junqi_annotation_other()) is
 * left as it is: annotating it would mix the two annotations, which
 * junqi-analyze refuses. junqi_annotate() and junqi_flip_annotate() call it
 * before they write their first judgement.
 */
void junqi_annotation_clear(junqi_game *g);

/**
 * The first comment of g's main line that another annotation wrote: an
 * [%eval] comment right after a move (junqi_eval_command()) in a game whose
 * Annotator tag is not "junqi-analyze", or that has none; NULL when there is
 * none (a game of junqi-analyze's annotation, or one no annotator
 * evaluated, whatever comments of its own it has). Annotating such a game
 * would put this run's [%eval] comments beside the other's under the
 * Annotator "junqi-analyze", and a later run would clear both as its own
 * (docs/annotation.md): junqi-analyze refuses it, located at this comment,
 * and junqi_game_strip() with JUNQI_STRIP_ANNOTATION removes it. The
 * comment belongs to g.
 */
const junqi_comment *junqi_annotation_other(const junqi_game *g);

/**
 * Whether g carries an annotation, whoever the annotator: an Annotator tag,
 * or an [%eval] comment right after a move of its main line (what
 * junqi_game_strip() with JUNQI_STRIP_ANNOTATION finds to remove).
 */
bool junqi_game_annotated(const junqi_game *g);

/** What junqi_game_strip() removes (or'ed): `junqi-replay --strip`'s words. */
enum {
    JUNQI_STRIP_COMMENTS = 1,   /**< comments: every comment, of the main line and the variations */
    JUNQI_STRIP_NAGS = 2,       /**< nags: every move's NAGs, marks included */
    JUNQI_STRIP_VARIATIONS = 4, /**< variations: every variation, the engine's lines included */
    JUNQI_STRIP_ANNOTATION = 8  /**< annotation: what an annotation wrote, whoever the annotator */
};

/**
 * Remove from g what `what` (JUNQI_STRIP_* or'ed) names, as pgn-extract's
 * -C, -N and -V do for chess (JUNQI_STRIP_COMMENTS, _NAGS, _VARIATIONS:
 * all of them, in the main line and the variations kept).
 * JUNQI_STRIP_ANNOTATION removes what an annotation wrote, whatever its
 * Annotator tag (the code junqi_annotation_clear() runs for
 * junqi-analyze's own): each comment right after a move of the main line
 * that holds an [%eval] command (anywhere in its text, as JGN's commands
 * may stand: docs/jgn.md); where its sentence is a mark's (it
 * names the mark, " Inaccuracy:", " Mistake:", " Blunder:", in English or
 * the language of this run; or, naming none in those, another language's
 * or a flip game's missed flag capture, the move's first NAG is a mark),
 * the engine's line, the last variation, when its first move is the move
 * the sentence names last (the better move, written alike in every
 * language), and the first NAG when it is the mark the sentence names (with
 * none named: when the engine's line was there); the Annotator tag and the
 * seats' summary tags (NorthAccuracy ...). Of such a comment only the
 * command and the annotator's sentences after it go (its messages, in
 * English or the language of this run, or in a third language words that
 * repeat the command's two win probabilities, read from right after the
 * command up to the first words that are none of them): the words a user
 * typed before and after those stay as a comment of their own at its place
 * (docs/annotation.md). The record's own comments, NAGs and
 * variations stay, a hand-edited annotation's too (a mark deleted by hand
 * leaves the record's own NAG after it; a line deleted by hand, the
 * record's own variation on another move). Cannot fail.
 */
void junqi_game_strip(junqi_game *g, unsigned what);

/** Put a line's comments in the order of their places, the earlier first at one place (stable). False on OOM. */
bool junqi_line_sort_comments(junqi_line *l);

/** "inaccuracy", "mistake", "blunder" or NULL for a JUNQI_MARK_* value. */
const char *junqi_mark_name(int mark);

#ifdef __cplusplus
}
#endif

#endif
