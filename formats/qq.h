/* SPDX-License-Identifier: MIT */
/*
 * qq.h - importer for QQ 四国军棋 binary files: replays (.jgs, .jqs) and
 * formations (.jql).
 *
 * The layouts are those of docs/qq-format.md. Files are
 * recognised by their content, never by their name. Every read is
 * bounds-checked: any byte string, however damaged, gives either a record
 * or a NULL/false result with at least one error, never a crash.
 *
 * Diagnostics (junqi_diags, see diag.h) carry a short kebab-case code and a
 * junqi_loc whose offset is the byte offset of the field concerned; for a
 * record it is the record's offset 0x19C + 10·K and loc.record = K.
 * Codes used:
 *   errors   "truncated", "bad-magic", "bad-piece-code", "bad-point",
 *            "bad-record", "bad-event", "bad-seat", "out-of-memory"
 *   warnings "header-mismatch", "unfinished", "after-game-over",
 *            "comment-index", "bad-trailer", "bad-encoding"
 */
#ifndef JUNQI_QQ_H
#define JUNQI_QQ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

/** What kind of QQ file a byte string is. */
typedef enum junqi_qq_kind {
    JUNQI_QQ_NONE = 0,  /**< not a QQ file */
    JUNQI_QQ_REPLAY,    /**< a replay (.jgs or .jqs): starts with "QQGame JQS" */
    JUNQI_QQ_FORMATION  /**< a formation (.jql): starts with "QQGame JQL File\0" */
} junqi_qq_kind;

/**
 * Detect a QQ file by content: the magic "QQGame JQS" (10 bytes) of a
 * replay, or "QQGame JQL File" plus NUL (16 bytes) of a formation
 * (docs/qq-format.md). Never looks at a file name. data may be
 * NULL when len is 0. A file that ends inside a magic, after at least its
 * first 6 bytes "QQGame", is that kind cut short (a replay while the two
 * magics agree, up to "QQGame JQ"), for its reader to say where it ends.
 * Returns JUNQI_QQ_NONE for anything else.
 */
junqi_qq_kind junqi_qq_detect(const uint8_t *data, size_t len);

/**
 * Read a .jgs/.jqs replay (docs/qq-format.md, "Replay") of len
 * bytes at data (NULL allowed when len is 0). The input is only read.
 *
 * Returns a new record that the caller frees with junqi_game_free(): board
 * JUNQI_FOUR_PLAYER, rule set "qq", dark information, tag Source; seat k is
 * colour k, present unless its block's id is FF FF 00 00 or its colour is
 * 0xFF; present seats have their player name (GBK decoded to UTF-8) and
 * setup (setup_loc.offset = the layout's offset); saved_by is byte 0x0F when
 * it is a seat. Every one of the N records becomes one item, in file order,
 * with loc = {0x19C + 10·K, K, -1, -1}; moves have seat JUNQI_NO_SEAT (the
 * replay engine knows the mover). Comments are attached before the item
 * with their record index.
 *
 * Returns NULL on a fatal structural error, each reported to d as an error:
 * "bad-magic" (not a replay), "truncated" (the file ends inside the header,
 * a player block, or the records that N at 0x1A announces), "bad-piece-code"
 * (a layout byte above 0x0D), "bad-point" (a (p, q) not on the four-player
 * board), "bad-record" (byte 0 neither 0x5F nor 0xF5), "bad-event" (an
 * unknown event type), "bad-seat" (an event's colour byte outside 0..3, or
 * its next colour neither 0..3 nor 0xFF), "out-of-memory".
 *
 * Non-fatal problems, the record still returned:
 *   error   "truncated": the 8-byte end marker after the records is cut;
 *   warning "header-mismatch": 0x10 or 0x12 disagrees with N, the number of
 *           players at 0x19 disagrees with the seats present, or a present
 *           block's colour is not its slot;
 *   warning "unfinished": no game-over event (a cut or partial replay);
 *   warning "after-game-over": records follow the first game-over event;
 *   warning "comment-index": a comment's record index k > N (kept at the end);
 *   warning "bad-trailer": bytes after the end marker that are not (wholly)
 *           a comment block; they are ignored;
 *   warning "bad-encoding": a name or comment that is not valid GBK (invalid
 *           bytes become U+FFFD).
 * d may be NULL, in which case diagnostics are dropped.
 */
junqi_game *junqi_qq_read_replay(const uint8_t *data, size_t len, junqi_diags *d);

/**
 * Read a 50-byte .jql formation (docs/qq-format.md, "Formation
 * file") of len bytes at data into setup[row][col]: junqi_piece codes in the
 * owner's frame, row 0 = front, col 0 = owner's left, JUNQI_NONE at camps.
 * Does not check the setup rules (piece counts, placement).
 *
 * Returns true on success. Returns false, leaving setup unchanged, on a
 * structural error reported to d (which may be NULL) with its byte offset:
 * "truncated" (fewer than 50 bytes), "bad-magic" (the 16-byte magic or the
 * 57 04 00 00 that follows is wrong), "bad-piece-code" (a code above 0x0D).
 * Extra bytes after the 50 give a "bad-trailer" warning and are ignored.
 */
bool junqi_qq_read_formation(const uint8_t *data, size_t len, uint8_t setup[6][5], junqi_diags *d);

/**
 * The junqi_piece for a QQ piece code (docs/qq-format.md): 00
 * empty (JUNQI_NONE), 01 unknown, 02 flag, 03 landmine, 04 bomb, 05 marshal,
 * 06 general, 07 major general, 08 brigadier, 09 colonel, 0A major, 0B
 * captain, 0C lieutenant, 0D engineer. Returns -1 for any other code.
 */
int junqi_qq_piece(uint8_t code);

#ifdef __cplusplus
}
#endif

#endif
