/* SPDX-License-Identifier: MIT */
/*
 * sentences.h - the sentences an annotation writes after its [%eval]
 * command (docs/annotation.md): one table, which the writers of formation
 * games (annotate.c) and flip games (flip_annotate.c) take their messages
 * from, and which clearing an earlier annotation reads back by, to tell
 * them from the words a user typed into the same comment (annotate.c,
 * strip_annotation). A sentence changed here is changed for all three.
 * Internal to libjunqi: not installed.
 */
#ifndef JUNQI_SENTENCES_H
#define JUNQI_SENTENCES_H

#include <stdbool.h>
#include <stddef.h>

#include "board.h"
#include "game.h"

/** The sentences, in the order clearing tries them. The comment after each is what its
 *  conversions stand for. */
typedef enum junqi_sentence_id {
    JUNQI_SAY_MISSED_FLAG,      /* the move that takes the flag */
    JUNQI_SAY_INACCURACY,       /* the mark's words: JUNQI_SAY_INACCURACY + junqi_say_mark() */
    JUNQI_SAY_MISTAKE,
    JUNQI_SAY_BLUNDER,
    JUNQI_SAY_BOUNCED_OFF,      /* the mover's piece, lost attacking a bigger one or a landmine (反弹) */
    JUNQI_SAY_BOMBED,           /* the mover's piece, taken with a bomb (被炸) */
    JUNQI_SAY_BETTER_FLIES,     /* the better move, where it goes, the two win probabilities */
    JUNQI_SAY_BETTER_TO,        /* the same for a move that is no engineer's turning run */
    JUNQI_SAY_ALLOWS_FLAG,
    JUNQI_SAY_FLIP_LOSES,       /* a flip game's move: its loss */
    JUNQI_SAY_FLIP_BETTER,      /* the better action, the two win probabilities */
    JUNQI_SAY_FLIP_ALLOWS_FLAG,
    JUNQI_SAY_PLAIN,            /* the sentences above are one part each; those below are parts of one */
    JUNQI_SAY_FLIP_AVERAGE = JUNQI_SAY_PLAIN, /* a flip's average loss */
    JUNQI_SAY_TURNS_UP_COLOUR,  /* how often, a colour, a piece: what the flip turns up at worst */
    JUNQI_SAY_TURNS_UP_SEAT,    /* how often, a seat, a piece */
    JUNQI_SAY_SENTENCE_END,     /* the full stop after those parts */
    JUNQI_SAY_COUNT
} junqi_sentence_id;

/** One sentence: its msgid (an English printf format that starts with a space) and the
 *  context of the msgid, or NULL (i18n.h's C_). */
typedef struct junqi_sentence {
    const char *context, *msgid;
} junqi_sentence;

#ifdef __cplusplus
extern "C" {
#endif

/* Everything below is hidden (not exported from libjunqi.so): internal, no ABI. */

/** The sentences, indexed by junqi_sentence_id. */
__attribute__((visibility("hidden"))) extern const junqi_sentence junqi_sentences[JUNQI_SAY_COUNT];

/** Sentence `id` in this run's language (static): the printf format to write. */
__attribute__((visibility("hidden"))) const char *junqi_say(junqi_sentence_id id);

/** The sentence of mark (JUNQI_MARK_MISTAKE, _BLUNDER or _INACCURACY, annotate.h):
 *  JUNQI_SAY_MISTAKE, _BLUNDER or _INACCURACY. */
__attribute__((visibility("hidden"))) junqi_sentence_id junqi_say_mark(int mark);

/** What an annotation wrote at a move (junqi_annotation_at()). */
typedef struct junqi_annotation_wrote {
    int mark;  /**< the engine's mark (JUNQI_MARK_*), whether or not the move still carries it */
    long line; /**< the index of the move's variation that is the engine's line, -1: none */
    bool nag;  /**< the move's first NAG is the engine's mark */
} junqi_annotation_wrote;

/** The annotator's sentences of an annotation's comment text `comment` (what follows its
 *  [%eval] command, up to the first words that are none of them) into buf (n bytes, cut to fit);
 *  false when the comment holds no [%eval] command. */
__attribute__((visibility("hidden"))) bool junqi_annotation_sentences(const char *comment, char *buf, size_t n);

/** What an annotation wrote at move `it` (on board b) with its sentences `sentences`
 *  (junqi_annotation_sentences()): keyed on what they say, not on what the move holds now, so
 *  that a mark or a variation of the record's own, or one a user changed, is not taken for the
 *  engine's. Used to clear an annotation and to read it back (annotread.c). */
__attribute__((visibility("hidden"))) junqi_annotation_wrote junqi_annotation_at(const junqi_board *b,
                                                                          const junqi_item *it,
                                                                          const char *sentences);

#ifdef __cplusplus
}
#endif

#endif
