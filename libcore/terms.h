/* SPDX-License-Identifier: MIT */
/*
 * terms.h - the players' own words: the names Junqi players give the points
 * of an arm and of the centre, and the words they use for play, in
 * simplified and traditional Chinese and in English, with where each comes
 * from. docs/terms.md is the glossary a reader sees; tests/test_terms.c
 * checks that it lists every term of this table with the same words.
 *
 * The point names follow seed 000, section 认识棋盘 (docs/terms.md sums it
 * up): every arm's six rows are 锋线 二线 三线 四线 底线 端线 from the
 * front, its columns 左边路 中路 右边路 from the owner's left, and most of
 * its points have a name of their own (棋眉, 咽部, 左腹, 旗台, 左前营 …).
 * Names are seen from the arm's owner (an arm's left is its owner's left)
 * and come from the board data (board.h: each point's arm, row and column),
 * so both boards share them. Three pairs depend on where the owner's flag
 * stands: the corner, the bottom and the stand on the flag's side are 旗角,
 * 旗底, 旗台 and the others 虚角, 虚底, 虚台, and the rear camp above the
 * flag is 旗营; while the flag's headquarters is not known they are named
 * by side (左角, 右角, 左底, 右底, 左台, 右台, 左底营, 右底营).
 *
 * The strings are data a translation can use as they are (docs/terms.md);
 * they never change with the language of the messages.
 */
#ifndef JUNQI_TERMS_H
#define JUNQI_TERMS_H

#include <stdbool.h>
#include <stddef.h>

#include "board.h"
#include "piece.h"
#include "position.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A term of the glossary. */
typedef enum junqi_term {
    JUNQI_TERM_NONE = 0,
    /* the rows of an arm, front (1) to back (6) */
    JUNQI_TERM_FRONT_ROW, JUNQI_TERM_SECOND_ROW, JUNQI_TERM_THIRD_ROW, JUNQI_TERM_FOURTH_ROW,
    JUNQI_TERM_BASE_ROW, JUNQI_TERM_END_ROW,
    /* its columns: 1, 2-4, 5 from the owner's left */
    JUNQI_TERM_LEFT_FLANK, JUNQI_TERM_MIDDLE, JUNQI_TERM_RIGHT_FLANK,
    /* named stations */
    JUNQI_TERM_BROW, JUNQI_TERM_THROAT, JUNQI_TERM_LEFT_BELLY, JUNQI_TERM_RIGHT_BELLY,
    JUNQI_TERM_NAVEL,
    JUNQI_TERM_LEFT_CORNER, JUNQI_TERM_RIGHT_CORNER, JUNQI_TERM_FLAG_CORNER,
    JUNQI_TERM_EMPTY_CORNER,
    JUNQI_TERM_LEFT_BOTTOM, JUNQI_TERM_RIGHT_BOTTOM, JUNQI_TERM_FLAG_BOTTOM,
    JUNQI_TERM_EMPTY_BOTTOM,
    JUNQI_TERM_LEFT_STAND, JUNQI_TERM_RIGHT_STAND, JUNQI_TERM_FLAG_STAND, JUNQI_TERM_EMPTY_STAND,
    JUNQI_TERM_MIDDLE_STAND, JUNQI_TERM_MIDDLE_BOTTOM,
    /* the five camps */
    JUNQI_TERM_LEFT_FRONT_CAMP, JUNQI_TERM_RIGHT_FRONT_CAMP, JUNQI_TERM_MIDDLE_CAMP,
    JUNQI_TERM_LEFT_REAR_CAMP, JUNQI_TERM_RIGHT_REAR_CAMP, JUNQI_TERM_FLAG_CAMP,
    JUNQI_TERM_HEADQUARTERS,
    /* the four-player board's centre */
    JUNQI_TERM_CENTRE, JUNQI_TERM_STAR_POINT, JUNQI_TERM_EDGE_PALACE, JUNQI_TERM_MIDDLE_PALACE,
    JUNQI_TERM_TIANYUAN,
    /* kinds of points and lines */
    JUNQI_TERM_STATION, JUNQI_TERM_CAMP, JUNQI_TERM_RAILWAY, JUNQI_TERM_ROAD,
    JUNQI_TERM_ARC, JUNQI_TERM_MOUNTAIN,
    /* seats, as players name them, and the seats round one */
    JUNQI_TERM_NORTH, JUNQI_TERM_EAST, JUNQI_TERM_SOUTH, JUNQI_TERM_WEST,
    JUNQI_TERM_NEXT_SEAT, JUNQI_TERM_PARTNER, JUNQI_TERM_PREVIOUS_SEAT,
    /* combat and play */
    JUNQI_TERM_CAPTURE, JUNQI_TERM_TRADE, JUNQI_TERM_BOUNCE, JUNQI_TERM_FLY,
    JUNQI_TERM_LIGHTNING, JUNQI_TERM_LEADING_PIECE, JUNQI_TERM_TAKE_FLAG, JUNQI_TERM_FLAG_SHOWN,
    JUNQI_TERM_BLOCK, JUNQI_TERM_SEAL, JUNQI_TERM_BREAK, JUNQI_TERM_ATTRITION,
    JUNQI_TERM_BOARD_CONTROL, JUNQI_TERM_VITAL_POINT, JUNQI_TERM_REAL_MOVE,
    JUNQI_TERM_FEINT, JUNQI_TERM_TRICK, JUNQI_TERM_FLOURISH, JUNQI_TERM_TURN_ORDER,
    /* ways to play */
    JUNQI_TERM_DARK, JUNQI_TERM_DOUBLE_OPEN, JUNQI_TERM_OPEN, JUNQI_TERM_FLIP,
    JUNQI_TERM_FOUR_DARK, JUNQI_TERM_DUEL,
    JUNQI_TERMS /**< the number of values above, JUNQI_TERM_NONE included */
} junqi_term;

/** What the glossary says about one term. Static data. */
typedef struct junqi_term_info {
    const char *id;      /**< stable snake_case name (JSON, docs), e.g. "flag_stand" */
    const char *zh;      /**< simplified Chinese, e.g. "旗台" */
    const char *zh_hant; /**< traditional Chinese, e.g. "旗臺" */
    const char *en;      /**< English, e.g. "flag stand" */
    const char *source;  /**< where the term comes from, e.g. "seed 000 §认识棋盘" */
} junqi_term_info;

/** The glossary entry of term t (JUNQI_TERM_NONE gives empty strings). Never NULL. */
const junqi_term_info *junqi_term_get(junqi_term t);

/**
 * Term t in the script of a `--names` style: simplified Chinese for zh and
 * short, traditional for zh-Hant, English for en and rank. Static string.
 */
const char *junqi_term_text(junqi_term t, junqi_names style);

/** What a point is called. */
typedef struct junqi_point_terms {
    int seat;           /**< the owner of the point's arm, or JUNQI_NO_SEAT in the centre */
    junqi_term row;     /**< 锋线 … 端线, or JUNQI_TERM_NONE in the centre */
    junqi_term column;  /**< 左边路, 中路 or 右边路, or JUNQI_TERM_NONE in the centre */
    junqi_term name;    /**< the point's own name (棋眉, 旗台, 左前营, 大本营, 星位, 中宫 …),
                             or JUNQI_TERM_NONE when it has none (it is then named by its row
                             and column, e.g. 锋线左边路) */
} junqi_point_terms;

/**
 * The names of point p of board b (0 <= p < b->npoints), seen from the
 * owner of its arm. `flag_column` is the column (2 or 4, owner's frame) of
 * the headquarters that holds the owner's flag, or 0 when it is not known:
 * it decides 旗角/虚角, 旗底/虚底, 旗台/虚台 and 旗营 (see the file comment).
 */
junqi_point_terms junqi_point_terms_of(const junqi_board *b, int p, int flag_column);

/**
 * The column (2 or 4, in the owner's frame) of the headquarters on which
 * seat's flag stands in pos, or 0 when pos does not show it there (no such
 * flag, or the flag is unknown in a seat's view).
 */
int junqi_flag_column(const junqi_position *pos, int seat);

/**
 * Write the name of point p as a phrase in the script of `style` into buf
 * (n bytes, always NUL-terminated): the owner and the point's name,
 * "南家旗台", "南家旗臺", "south's flag stand"; a point without a name of
 * its own by its row and column, "北家锋线左边路", "north's front row, left
 * flank"; a centre point alone, "中宫", "the middle palace". `flag_column`
 * as for junqi_point_terms_of(). Returns the length of the whole phrase
 * (as snprintf: a result >= n means it was cut).
 */
int junqi_point_phrase(const junqi_board *b, int p, int flag_column, junqi_names style, char *buf,
                       size_t n);

#ifdef __cplusplus
}
#endif

#endif
