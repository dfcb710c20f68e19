/* SPDX-License-Identifier: MIT */
/*
 * annotread.h - reading back the annotation a record carries: what
 * junqi_annotate() (annotate.h) wrote into it, in the JGN forms of
 * docs/annotation.md, for programs that show an annotated game without
 * annotating it again (the HTML page of junqi-render).
 *
 * What is read: each main-line move's `[%eval BEFORE AFTER SCORE]` command
 * (in the comment right after the move), its mark (the one its sentences
 * name, else the NAG $6, $2 or $4 when the engine's line is there: a mark
 * of the record's own, or one a user changed, is not the engine's), the
 * engine's line (the move's last variation, which the annotator writes for
 * marked moves, when its first move is the better move the sentences name:
 * a variation of the record's own is not), and the
 * summary tags per seat (NorthAccuracy, NorthAverageLoss,
 * NorthInaccuracies, NorthMistakes, NorthBlunders, and the same for East,
 * South and West). What the record does not keep (depths, nodes, the
 * spread, the flag findings) is left zero.
 */
#ifndef JUNQI_ANNOTREAD_H
#define JUNQI_ANNOTREAD_H

#include <stdbool.h>

#include "annotate.h"
#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Read the annotation of record g into *out (free it with
 * junqi_annotation_free()). The moves' seats are the record's: settle it
 * first (junqi_game_settle(), replay.h). One judgement per main-line move, in order,
 * judged when its comment holds an [%eval] command with three numbers;
 * winprob_before, winprob_after (0..1), eval_after (centi-material: SCORE
 * × 100) and loss = max(0, before − after); the mark; best and pv from the
 * engine's line (as far as its moves are on the board);
 * and each seat's summary from its tags (moves counts the seat's judged
 * moves). Returns false, with *out empty, when no move carries an [%eval]
 * (the record is not annotated) or memory runs out.
 */
bool junqi_annotation_read(const junqi_game *g, junqi_annotation *out);

#ifdef __cplusplus
}
#endif

#endif
