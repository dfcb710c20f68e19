/* SPDX-License-Identifier: MIT */
/*
 * piece.h - seats, teams and pieces, with their English and Chinese names.
 *
 * Facts from docs/rules.md ("Shared by every rule set": the 25
 * pieces per seat and their ranks) and docs/qq-format.md (seat
 * numbering equals QQ's colour numbering: 0 yellow = north, 1 blue = east,
 * 2 green = south, 3 purple = west).
 */
#ifndef JUNQI_PIECE_H
#define JUNQI_PIECE_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A seat. The values equal QQ's colour codes, so files map directly. */
typedef enum junqi_seat {
    JUNQI_NORTH = 0,
    JUNQI_EAST = 1,
    JUNQI_SOUTH = 2,
    JUNQI_WEST = 3,
    JUNQI_NO_SEAT = 4 /**< "nobody": the game is over, or not applicable */
} junqi_seat;

/** Number of seats on any board (two-player boards use south and north). */
#define JUNQI_SEATS 4

/**
 * A piece kind. The order is chosen so that engineer .. marshal have the
 * consecutive ranks 1 .. 9 (see junqi_piece_rank). JUNQI_UNKNOWN stands for a
 * piece whose identity a seat's view does not know.
 */
typedef enum junqi_piece {
    JUNQI_NONE = 0,
    JUNQI_FLAG,
    JUNQI_LANDMINE,
    JUNQI_BOMB,
    JUNQI_ENGINEER,
    JUNQI_LIEUTENANT,
    JUNQI_CAPTAIN,
    JUNQI_MAJOR,
    JUNQI_COLONEL,
    JUNQI_BRIGADIER,
    JUNQI_MAJOR_GENERAL,
    JUNQI_GENERAL,
    JUNQI_MARSHAL,
    JUNQI_UNKNOWN,
    JUNQI_PIECE_KINDS /**< number of values above, JUNQI_NONE included */
} junqi_piece;

/** Pieces per seat at the start: 25 (rules.md). */
#define JUNQI_ARMY_SIZE 25

/** How a piece name is written: the values of the shared `--names` option. */
typedef enum junqi_names {
    JUNQI_NAMES_ZH,      /**< 司令 … 工兵, 炸弹, 地雷, 军旗 */
    JUNQI_NAMES_ZH_HANT, /**< 司令 … 工兵, 炸彈, 地雷, 軍旗 */
    JUNQI_NAMES_SHORT,   /**< one character: 司 军 师 旅 团 营 连 排 兵 炸 雷 旗 */
    JUNQI_NAMES_EN,      /**< marshal … flag */
    JUNQI_NAMES_RANK     /**< 9 … 1, B, L, F */
} junqi_names;

/**
 * Rank of a piece in combat: engineer 1 .. marshal 9; 0 for the flag,
 * landmine, bomb, none and unknown, which have no rank (rules.md).
 */
int junqi_piece_rank(junqi_piece p);

/** How many of piece p each seat starts with (rules.md); 0 for none/unknown. */
int junqi_piece_count(junqi_piece p);

/** True for landmines and the flag, which never move (rules.md). */
bool junqi_piece_is_immobile(junqi_piece p);

/**
 * Name of a piece in the given style. Returns a static UTF-8 string, never
 * NULL ("" for JUNQI_NONE; "unknown" / "?" / "暗" for JUNQI_UNKNOWN).
 */
const char *junqi_piece_name(junqi_piece p, junqi_names style);

/**
 * A piece's name in English prose, for messages: "major general", "unknown
 * piece", else as JUNQI_NAMES_EN ("marshal"); plurals add an "s". Static.
 * (JUNQI_NAMES_EN gives the code names of JSON, "major_general".)
 */
const char *junqi_piece_words(junqi_piece p);

/** The same with its article: "a marshal", "an engineer", "an unknown piece". Static. */
const char *junqi_piece_a(junqi_piece p);

/**
 * Parse a piece name in any accepted style: English (marshal … flag,
 * "unknown"), Chinese full names and one-character forms in simplified and
 * traditional script, rank digits 1-9 and B, L, F. Returns JUNQI_NONE when
 * the text (of length len bytes, need not be NUL-terminated) is no piece name.
 */
junqi_piece junqi_piece_parse(const char *text, size_t len);

/** English seat name ("north" …); "none" for JUNQI_NO_SEAT. Static string. */
const char *junqi_seat_name(junqi_seat s);

/**
 * The seats of mask `seats` as English text in seat order, "north, south",
 * into buf (n bytes, NUL-terminated, truncated if short); "none" for an
 * empty mask. Returns buf.
 */
char *junqi_seat_list(unsigned seats, char *buf, size_t n);

/** Parse "north"/"east"/"south"/"west" (also n/e/s/w); JUNQI_NO_SEAT if not. */
junqi_seat junqi_seat_parse(const char *text);

/** The partner seat in a four-player game: the opposite seat. */
static inline junqi_seat junqi_seat_opposite(junqi_seat s) { return (junqi_seat)((s + 2) & 3); }

/** Bit of a seat in a seat mask (masks are unsigned, bit s = seat s). */
#define JUNQI_SEAT_BIT(s) (1u << (s))

/**
 * Parse a `--names` value ("zh", "zh-Hant", "short", "en", "rank").
 * Returns false if the text is none of them; *out is then unchanged.
 */
bool junqi_names_parse(const char *text, junqi_names *out);

#ifdef __cplusplus
}
#endif

#endif
