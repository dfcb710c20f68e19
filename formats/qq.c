/* SPDX-License-Identifier: MIT */
/*
 * qq.c - see qq.h. Every layout fact comes from docs/qq-format.md.
 *
 * Design note: the reader checks sizes before it reads. junqi_qq_read_replay
 * first makes sure the whole fixed part (header, player blocks, reserved
 * bytes) and all N records are inside the buffer; after that every record,
 * block and field read is at a fixed offset below that bound. Only the
 * trailer (end marker and comment block) is checked piece by piece.
 */
#include "qq.h"
#include "i18n.h"
#include "text.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Replay layout (qq-formats.md, "Replay (.jgs and .jqs: the same format)"). */
#define QQ_MAGIC "QQGame JQS"
#define QQ_MAGIC_LEN 10
#define QQ_OFF_SAVED_BY 0x0F
#define QQ_OFF_START 0x10     /* u16: start of records - 16 */
#define QQ_OFF_END 0x12       /* u16: end of records - 16 */
#define QQ_OFF_PLAYERS 0x19   /* number of players */
#define QQ_OFF_COUNT 0x1A     /* u16: N */
#define QQ_OFF_BLOCKS 0x1C
#define QQ_BLOCK_SIZE 88
#define QQ_BLOCK_COLOUR 4
#define QQ_BLOCK_NAME 12
#define QQ_NAME_SIZE 20
#define QQ_BLOCK_LAYOUT 32
#define QQ_LAYOUT_SIZE 30
#define QQ_OFF_RESERVED 0x17C
#define QQ_RESERVED_SIZE 32
#define QQ_OFF_RECORDS 0x19C
#define QQ_RECORD_SIZE 10
#define QQ_END_MARKER 8
#define QQ_RECORD_MOVE 0x5F
#define QQ_RECORD_EVENT 0xF5

/* Comment block (qq-formats.md, "Comment block"). */
#define QQ_COMMENT_HEAD 20    /* u32 count and 16 further bytes */
#define QQ_COMMENT_SIZE 216   /* u32 record index and 212 bytes of text */
#define QQ_COMMENT_TEXT 212

/* Formation file (qq-formats.md, "Formation file (.jql, 50 bytes)"). */
#define QQ_JQL_MAGIC "QQGame JQL File" /* with its NUL: 16 bytes */
#define QQ_JQL_MAGIC_LEN 16
#define QQ_PREFIX_LEN 6 /* "QQGame": the bytes of a magic that tell a file cut inside it a QQ file */
#define QQ_JQL_CODE "\x57\x04\x00\x00"
#define QQ_JQL_CODE_LEN 4
#define QQ_JQL_LAYOUT 20
#define QQ_JQL_SIZE 50

/* A named field of a fixed layout, for "the file ends inside ..." messages. */
typedef struct qq_field {
    size_t off, size;
    const char *name;
} qq_field;

static const qq_field header_fields[] = {
    {0x00, 10, N_("the magic")},
    {0x0A, 4, N_("the unused bytes")},
    {0x0E, 1, N_("the constant byte")},
    {0x0F, 1, N_("the saving seat's colour")},
    {0x10, 2, N_("the start-of-records field")},
    {0x12, 2, N_("the end-of-records field")},
    {0x14, 4, N_("the constant 01 00 01 00")},
    {0x18, 1, N_("the byte at 0x18")},
    {0x19, 1, N_("the number of players")},
    {0x1A, 2, N_("the record count N")},
};

static const qq_field block_fields[] = {
    {0, 4, N_("id")},
    {4, 1, N_("colour")},
    {5, 7, N_("unused bytes")},
    {12, 20, N_("nickname")},
    {32, 30, N_("layout")},
    {62, 26, N_("other data")},
};

static const qq_field jql_fields[] = {
    {0, QQ_JQL_MAGIC_LEN, N_("the magic")},
    {16, QQ_JQL_CODE_LEN, N_("the magic 57 04 00 00")},
    {20, QQ_LAYOUT_SIZE, N_("the layout")},
};

/* The state of one replay read. */
typedef struct qq_reader {
    const uint8_t *data;
    size_t len;
    junqi_diags *d;
    junqi_game *g;
    const junqi_board *board;
    size_t n;      /* N, the number of records */
    size_t moves;  /* move records read so far */
    size_t over;   /* index of the first game-over event, or SIZE_MAX */
} qq_reader;

static const uint8_t empty_input[1];

static junqi_loc at(size_t off)
{
    return (junqi_loc){(long)off, -1, -1, -1, 0};
}

static size_t record_offset(size_t k)
{
    return QQ_OFF_RECORDS + QQ_RECORD_SIZE * k;
}

static junqi_loc record_loc(size_t k)
{
    return (junqi_loc){(long)record_offset(k), (int)k, -1, -1, 0};
}

static unsigned u16(const uint8_t *p)
{
    return (unsigned)p[0] | (unsigned)p[1] << 8;
}

static uint32_t u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static const qq_field *find_field(const qq_field *f, size_t nf, size_t off)
{
    for (size_t i = 0; i + 1 < nf; i++)
        if (off < f[i].off + f[i].size)
            return &f[i];
    return &f[nf - 1];
}

int junqi_qq_piece(uint8_t code)
{
    static const int8_t pieces[] = {
        JUNQI_NONE,     JUNQI_UNKNOWN,  JUNQI_FLAG,          JUNQI_LANDMINE, JUNQI_BOMB,
        JUNQI_MARSHAL,  JUNQI_GENERAL,  JUNQI_MAJOR_GENERAL, JUNQI_BRIGADIER, JUNQI_COLONEL,
        JUNQI_MAJOR,    JUNQI_CAPTAIN,  JUNQI_LIEUTENANT,    JUNQI_ENGINEER,
    };
    return code < sizeof pieces ? pieces[code] : -1;
}

junqi_qq_kind junqi_qq_detect(const uint8_t *data, size_t len)
{
    if (!data)
        return JUNQI_QQ_NONE;
    if (len >= QQ_JQL_MAGIC_LEN && memcmp(data, QQ_JQL_MAGIC, QQ_JQL_MAGIC_LEN) == 0)
        return JUNQI_QQ_FORMATION;
    if (len >= QQ_MAGIC_LEN && memcmp(data, QQ_MAGIC, QQ_MAGIC_LEN) == 0)
        return JUNQI_QQ_REPLAY;
    /* a file cut inside its magic: "QQGame" and more of one magic, and nothing after it, is that
     * QQ file cut short, for its reader to say so; until the byte that tells the two ("QQGame JQ",
     * then S or L) it is taken for a replay, the more common */
    if (len >= QQ_PREFIX_LEN && len < QQ_JQL_MAGIC_LEN && memcmp(data, QQ_JQL_MAGIC, len) == 0)
        return len > QQ_MAGIC_LEN - 1 ? JUNQI_QQ_FORMATION : JUNQI_QQ_REPLAY;
    if (len >= QQ_PREFIX_LEN && len < QQ_MAGIC_LEN && memcmp(data, QQ_MAGIC, len) == 0)
        return JUNQI_QQ_REPLAY;
    return JUNQI_QQ_NONE;
}

/* Report running out of memory. */
static void out_of_memory(junqi_diags *d)
{
    junqi_diags_add(d, JUNQI_CODE_OUT_OF_MEMORY, -1, JUNQI_NOWHERE,
                    "out of memory while reading the QQ file");
}

/*
 * Decode a 30-byte layout at bytes (file offset off) into out, in the
 * owner's frame. `whose` names the layout in messages. False, with a
 * "bad-piece-code" error, if a byte is no piece code.
 */
static bool decode_layout(const uint8_t *bytes, size_t off, const char *whose, junqi_diags *d,
                          uint8_t out[6][5])
{
    for (int i = 0; i < QQ_LAYOUT_SIZE; i++) {
        int p = junqi_qq_piece(bytes[i]);
        if (p < 0) {
            junqi_diags_add(d, JUNQI_CODE_BAD_PIECE_CODE, -1, at(off + (size_t)i),
                            "byte %d of %s (offset 0x%zX; row %d, column %d) is 0x%02X, "
                            "which is no QQ piece code (00 to 0D)",
                            i, whose, off + (size_t)i, i / 5 + 1, i % 5 + 1, bytes[i]);
            return false;
        }
        out[i / 5][i % 5] = (uint8_t)p;
    }
    return true;
}

/*
 * Check a magic of size n at offset off against the bytes the file has
 * (len of them in all); `what` names the magic and `kind` what the file
 * should be (a junqi_qq_detect value: 1 a replay, 2 a formation). False
 * with a "bad-magic" error on a mismatch, which names the other kind when
 * the file's first magic says it is that; a magic cut short by the end of
 * the file is not a mismatch.
 */
static bool check_magic(const uint8_t *data, size_t len, size_t off, const char *magic, size_t n,
                        const char *what, int kind, junqi_diags *d)
{
    static const char *const kinds[] = {"", N_("a QQ replay"), N_("a QQ formation")};
    static const char *const found[] = {"", N_(" (it is a QQ replay)"), N_(" (it is a QQ formation)")};
    size_t have = len <= off ? 0 : len - off < n ? len - off : n;
    if (have == 0 || memcmp(data + off, magic, have) == 0)
        return true;
    int is = junqi_qq_detect(data, len);
    junqi_diags_add(d, JUNQI_CODE_BAD_MAGIC, -1, at(off), "%s at offset 0x%zX is wrong: this is not %s%s", _(what),
                    off, _(kinds[kind]), is == kind || is == 0 ? "" : _(found[is]));
    return false;
}

/* The file ends inside the fixed part before the records: say in which field. */
static void truncated_header(const qq_reader *r)
{
    size_t end = r->len, off, size;
    char what[160];
    if (end < QQ_OFF_BLOCKS) {
        const qq_field *f = find_field(header_fields, sizeof header_fields / sizeof *header_fields,
                                       end);
        snprintf(what, sizeof what, "%s", _(f->name));
        off = f->off;
        size = f->size;
    } else if (end < QQ_OFF_RESERVED) {
        size_t k = (end - QQ_OFF_BLOCKS) / QQ_BLOCK_SIZE, base = QQ_OFF_BLOCKS + QQ_BLOCK_SIZE * k;
        const qq_field *f = find_field(block_fields, sizeof block_fields / sizeof *block_fields,
                                       end - base);
        snprintf(what, sizeof what, _("player block %zu's %s"), k, _(f->name));
        off = base + f->off;
        size = f->size;
    } else {
        snprintf(what, sizeof what, "%s", _("the reserved bytes"));
        off = QQ_OFF_RESERVED;
        size = QQ_RESERVED_SIZE;
    }
    junqi_diags_add(r->d, JUNQI_CODE_TRUNCATED, -1, at(off),
                    P_("the file ends at byte 0x%zX inside %s (offset 0x%zX), which needs %zu byte",
                       "the file ends at byte 0x%zX inside %s (offset 0x%zX), which needs %zu bytes", size),
                    end, what, off, size);
}

/* The N records announced at 0x1A do not fit: say in which record the file ends. */
static void truncated_records(const qq_reader *r)
{
    size_t k = (r->len - QQ_OFF_RECORDS) / QQ_RECORD_SIZE;
    bool inside = (r->len - QQ_OFF_RECORDS) % QQ_RECORD_SIZE != 0;
    const char *fmt =
        inside ? N_("the record count N = %zu (at 0x1A) needs records up to byte 0x%zX, but the "
                    "file ends at byte 0x%zX inside record %zu (offset 0x%zX), which needs %d bytes")
               : N_("the record count N = %zu (at 0x1A) needs records up to byte 0x%zX, but the "
                    "file ends at byte 0x%zX at the start of record %zu (offset 0x%zX), which "
                    "needs %d bytes");
    junqi_diags_add(r->d, JUNQI_CODE_TRUNCATED, -1, record_loc(k), fmt, r->n, record_offset(r->n),
                    r->len, k, record_offset(k), QQ_RECORD_SIZE);
}

/* Magic, fixed part and records all present? Sets r->n. False on a fatal error. */
static bool check_size(qq_reader *r)
{
    if (!check_magic(r->data, r->len, 0, QQ_MAGIC, QQ_MAGIC_LEN, N_("the magic \"QQGame JQS\""), 1, r->d))
        return false;
    if (r->len < QQ_OFF_RECORDS) {
        truncated_header(r);
        return false;
    }
    r->n = u16(r->data + QQ_OFF_COUNT);
    if (record_offset(r->n) > r->len) {
        truncated_records(r);
        return false;
    }
    return true;
}

/* Warn about header fields that disagree with N (qq-formats.md: "warn and read on"). */
static void check_header(const qq_reader *r)
{
    unsigned start = u16(r->data + QQ_OFF_START);
    unsigned end = u16(r->data + QQ_OFF_END);
    unsigned want_end = (unsigned)(record_offset(r->n) - 16) & 0xFFFF;
    if (start != QQ_OFF_RECORDS - 16)
        junqi_diags_add(r->d, JUNQI_CODE_HEADER_MISMATCH, -1, at(QQ_OFF_START),
                        "the start-of-records field at 0x10 is %u, not %d (0x19C - 16); "
                        "the records are read from 0x19C", start, QQ_OFF_RECORDS - 16);
    if (end != want_end)
        junqi_diags_add(r->d, JUNQI_CODE_HEADER_MISMATCH, -1, at(QQ_OFF_END),
                        "the end-of-records field at 0x12 is %u, but the record count N = %zu "
                        "at 0x1A gives %u (396 + 10 * N); N is used", end, r->n, want_end);
}

/* Decode seat k's nickname (20 bytes GBK at off) into the game. False when out of memory. */
static bool read_name(qq_reader *r, int k, size_t off)
{
    const uint8_t *p = r->data + off;
    size_t n = 0;
    bool replaced;
    while (n < QQ_NAME_SIZE && p[n])
        n++;
    if (n == 0)
        return true;
    char *name = junqi_gbk_to_utf8(p, n, &replaced);
    bool ok = name && junqi_game_set_player(r->g, (junqi_seat)k, name);
    if (ok && replaced)
        junqi_diags_add(r->d, JUNQI_CODE_BAD_ENCODING, -1, at(off),
                        "player block %d's nickname (offset 0x%zX) is not valid GBK; "
                        "the bytes that do not decode are shown as U+FFFD", k, off);
    free(name);
    if (!ok)
        out_of_memory(r->d);
    return ok;
}

/* Read player block k (seat k) into the game. False on a fatal error. */
static bool read_seat(qq_reader *r, int k)
{
    size_t base = QQ_OFF_BLOCKS + QQ_BLOCK_SIZE * (size_t)k;
    const uint8_t *b = r->data + base;
    junqi_seat_info *s = &r->g->seat[k];
    char whose[160];

    if (memcmp(b, "\xFF\xFF\x00\x00", 4) == 0 || b[QQ_BLOCK_COLOUR] == 0xFF)
        return true;
    if (b[QQ_BLOCK_COLOUR] != k)
        junqi_diags_add(r->d, JUNQI_CODE_HEADER_MISMATCH, -1,
                        at(base + QQ_BLOCK_COLOUR),
                        "player block %d's colour (offset 0x%zX) is %u, not %d; the block is "
                        "read as seat %d", k, base + QQ_BLOCK_COLOUR, b[QQ_BLOCK_COLOUR], k, k);
    snprintf(whose, sizeof whose, _("player block %d's layout"), k);
    if (!decode_layout(b + QQ_BLOCK_LAYOUT, base + QQ_BLOCK_LAYOUT, whose, r->d, s->setup))
        return false;
    s->present = true;
    s->setup_known = true;
    s->setup_loc = at(base + QQ_BLOCK_LAYOUT);
    return read_name(r, k, base + QQ_BLOCK_NAME);
}

/* Read the four player blocks. False on a fatal error. */
static bool read_seats(qq_reader *r)
{
    int present = 0;
    for (int k = 0; k < JUNQI_SEATS; k++) {
        if (!read_seat(r, k))
            return false;
        present += r->g->seat[k].present;
    }
    if (r->data[QQ_OFF_PLAYERS] != present)
        junqi_diags_add(r->d, JUNQI_CODE_HEADER_MISMATCH, -1, at(QQ_OFF_PLAYERS),
                        "the number of players at 0x19 is %u, but %d player blocks are present",
                        r->data[QQ_OFF_PLAYERS], present);
    return true;
}

/*
 * Decode the (p, q) point at bytes `byte`, `byte`+1 of record k. 00 00 gives
 * JUNQI_NO_POINT when `optional`. False with a "bad-point" error when the
 * point is not on the four-player board: `message`, a whole sentence with the
 * two bytes' numbers and their values p, q (a message id, N_()).
 */
static bool read_point(const qq_reader *r, size_t k, int byte, bool optional, const char *message,
                       uint8_t *out)
{
    const uint8_t *b = r->data + record_offset(k) + byte;
    if (optional && b[0] == 0 && b[1] == 0) {
        *out = JUNQI_NO_POINT;
        return true;
    }
    int pt = junqi_board_point_at(r->board, b[1], b[0]); /* file a+q, rank p+1 */
    if (pt < 0) {
        junqi_diags_add(r->d, JUNQI_CODE_BAD_POINT, (int)r->moves + 1, record_loc(k), message, byte, byte + 1,
                        b[0], b[1]);
        return false;
    }
    *out = (uint8_t)pt;
    return true;
}

/* Decode move record k into *it. False on a fatal error. */
static bool read_move(const qq_reader *r, size_t k, const uint8_t *rec, junqi_item *it)
{
    it->kind = JUNQI_ITEM_MOVE;
    it->outcome = rec[1] & 3;
    it->outcome_known = true;
    it->next_seat = (rec[1] >> 3) & 3;
    it->defender_marshal_died = (rec[1] >> 6) == 1;
    if ((rec[1] >> 6) > 1) /* docs/qq-format.md: 00, or 01 for a defender's marshal that died */
        junqi_diags_add(r->d, JUNQI_CODE_UNKNOWN_CODE, (int)r->moves + 1, record_loc(k),
                        N_("bits 7-6 of byte 1 are %d%d, which QQ is not known to write (01: the defender's "
                           "marshal died); they are ignored"), rec[1] >> 7, (rec[1] >> 6) & 1);
    return read_point(r, k, 2, false, N_("the from point in bytes %d-%d is (p, q) = (%u, %u), which is not a "
                                         "point of the four-player board"), &it->move.from) &&
           read_point(r, k, 4, false, N_("the to point in bytes %d-%d is (p, q) = (%u, %u), which is not a "
                                         "point of the four-player board"), &it->move.to) &&
           read_point(r, k, 6, true, N_("the attacker's flag point in bytes %d-%d is (p, q) = (%u, %u), which "
                                        "is not a point of the four-player board"), &it->flag_shown[0]) &&
           read_point(r, k, 8, true, N_("the defender's flag point in bytes %d-%d is (p, q) = (%u, %u), which "
                                        "is not a point of the four-player board"), &it->flag_shown[1]);
}

/*
 * Decode the colour in byte `byte` of event record k: 0..3, or 0xFF
 * (JUNQI_NO_SEAT) when `none_ok`. False with a "bad-seat" error otherwise.
 */
static bool read_event_seat(const qq_reader *r, size_t k, int byte, bool none_ok, uint8_t *out)
{
    uint8_t v = r->data[record_offset(k) + (size_t)byte];
    if (v < JUNQI_SEATS || (none_ok && v == 0xFF)) {
        *out = v < JUNQI_SEATS ? v : JUNQI_NO_SEAT;
        return true;
    }
    junqi_diags_add(r->d, JUNQI_CODE_BAD_SEAT, -1, record_loc(k),
                    none_ok ? N_("the next seat's colour in byte %d of event %02X is 0x%02X, not a seat (0 to 3, "
                                 "or FF)")
                            : N_("the event's colour in byte %d of event %02X is 0x%02X, not a seat (0 to 3)"),
                    byte, r->data[record_offset(k) + 1], v);
    return false;
}

/* The reason of an elimination code (qq-formats.md, event 03). */
static junqi_reason elimination_reason(uint8_t code)
{
    switch (code) {
    case 1: return JUNQI_REASON_FLAG_CAPTURED;
    case 2: return JUNQI_REASON_NO_MOVABLE_PIECE;
    case 3: return JUNQI_REASON_TIMEOUTS;
    case 4: return JUNQI_REASON_SURRENDER;
    default: return JUNQI_REASON_UNKNOWN_CODE;
    }
}

/* Status and reason of a game-over code (qq-formats.md, event 05). */
static void end_status(uint8_t code, junqi_item *it)
{
    it->code = code;
    it->reason = JUNQI_REASON_NONE;
    switch (code) {
    case 2: it->status = JUNQI_DRAWN; break; /* the replay decides which kind of draw */
    case 4: it->status = JUNQI_DECIDED; break;
    case 6:
        it->status = JUNQI_UNDECIDED;
        it->reason = JUNQI_REASON_FLED;
        break;
    default:
        it->status = JUNQI_UNDECIDED;
        it->reason = JUNQI_REASON_UNKNOWN_CODE;
        break;
    }
}

/* Decode event record k into *it. False on a fatal error. */
static bool read_event(const qq_reader *r, size_t k, const uint8_t *rec, junqi_item *it)
{
    switch (rec[1]) {
    case 2:
        it->kind = JUNQI_ITEM_TIMEOUT;
        it->count = rec[3];
        break;
    case 3:
        it->kind = JUNQI_ITEM_ELIMINATED;
        it->code = rec[3];
        it->reason = elimination_reason(rec[3]);
        break;
    case 4:
        it->kind = JUNQI_ITEM_LEFT;
        it->reason = JUNQI_REASON_LEFT;
        break;
    case 5:
        it->kind = JUNQI_ITEM_END;
        end_status(rec[3], it);
        return true;
    default:
        junqi_diags_add(r->d, JUNQI_CODE_BAD_EVENT, -1, record_loc(k),
                        "event type 0x%02X in byte 1 is unknown "
                        "(known: 02 timeout, 03 eliminated, 04 left, 05 game over)", rec[1]);
        return false;
    }
    return read_event_seat(r, k, 2, false, &it->seat) &&
           read_event_seat(r, k, 4, true, &it->next_seat);
}

/* Decode record k and append it as an item. False on a fatal error. */
static bool read_record(qq_reader *r, size_t k)
{
    const uint8_t *rec = r->data + record_offset(k);
    junqi_item it;
    bool ok;

    memset(&it, 0, sizeof it);
    it.seat = it.next_seat = JUNQI_NO_SEAT;
    it.move.from = it.move.to = JUNQI_NO_POINT;
    it.flag_shown[0] = it.flag_shown[1] = JUNQI_NO_POINT;
    it.loc = record_loc(k);
    if (rec[0] == QQ_RECORD_MOVE) {
        ok = read_move(r, k, rec, &it);
    } else if (rec[0] == QQ_RECORD_EVENT) {
        ok = read_event(r, k, rec, &it);
    } else {
        junqi_diags_add(r->d, JUNQI_CODE_BAD_RECORD, -1, record_loc(k),
                        "byte 0 is 0x%02X, neither a move (5F) nor an event (F5)", rec[0]);
        return false;
    }
    if (!ok)
        return false;
    if (!junqi_game_add_item(r->g, &it)) {
        out_of_memory(r->d);
        return false;
    }
    r->moves += it.kind == JUNQI_ITEM_MOVE;
    if (it.kind == JUNQI_ITEM_END && r->over == SIZE_MAX)
        r->over = k;
    return true;
}

/* Read all N records. False on a fatal error. */
static bool read_records(qq_reader *r)
{
    for (size_t k = 0; k < r->n; k++)
        if (!read_record(r, k))
            return false;
    if (r->over == SIZE_MAX)
        junqi_diags_add(r->d, JUNQI_CODE_UNFINISHED, -1, at(record_offset(r->n)),
                        P_("the %zu record ends (at offset 0x%zX) without a game-over event "
                           "(F5 05): the game is unfinished",
                           "the %zu records end (at offset 0x%zX) without a game-over event "
                           "(F5 05): the game is unfinished", r->n),
                        r->n, record_offset(r->n));
    else if (r->over + 1 < r->n)
        junqi_diags_add(r->d, JUNQI_CODE_AFTER_GAME_OVER, -1, record_loc(r->over + 1),
                        P_("%zu record follows the game-over event in record %zu: record %zu "
                           "(offset 0x%zX)",
                           "%zu records follow the game-over event in record %zu, from record %zu "
                           "(offset 0x%zX) on", r->n - r->over - 1),
                        r->n - r->over - 1, r->over, r->over + 1, record_offset(r->over + 1));
    return true;
}

/* Read the comment entry at off into the game. False when out of memory. */
static bool read_comment(qq_reader *r, size_t off)
{
    uint32_t k = u32(r->data + off);
    const uint8_t *text = r->data + off + 4;
    size_t n = 0, before = k;
    bool replaced;

    while (n < QQ_COMMENT_TEXT && text[n])
        n++;
    if (k > r->n) {
        before = r->g->main.nitems;
        junqi_diags_add(r->d, JUNQI_CODE_COMMENT_INDEX, -1, at(off),
                        P_("the comment at offset 0x%zX belongs to record %lu, but there is only "
                           "%zu record; it is kept at the end of the game",
                           "the comment at offset 0x%zX belongs to record %lu, but there are only "
                           "%zu records; it is kept at the end of the game", r->n),
                        off, (unsigned long)k, r->n);
    }
    char *utf8 = junqi_gbk_to_utf8(text, n, &replaced);
    bool ok = utf8 && junqi_game_add_comment(r->g, before, utf8, at(off));
    if (ok && replaced)
        junqi_diags_add(r->d, JUNQI_CODE_BAD_ENCODING, -1, at(off + 4),
                        "the comment text at offset 0x%zX is not valid GBK; the bytes that do "
                        "not decode are shown as U+FFFD", off + 4);
    free(utf8);
    if (!ok)
        out_of_memory(r->d);
    return ok;
}

/*
 * Whether another replay starts at off, as in replays joined by `cat a.jgs
 * b.jgs`: its magic, which no trailer of a real file begins with (as a
 * comment count, its first bytes would be 1,632,063,825 comments). Said
 * in a warning: a file holds one replay, so the rest is not read.
 */
static bool another_replay(qq_reader *r, size_t off)
{
    if (r->len - off < QQ_MAGIC_LEN || memcmp(r->data + off, QQ_MAGIC, QQ_MAGIC_LEN) != 0)
        return false;
    junqi_diags_add(r->d, JUNQI_CODE_BAD_TRAILER, -1, at(off),
                    "a second replay (\"QQGame JQS\") begins at offset 0x%zX: a file holds one replay, "
                    "and what follows the first is not read; give each replay as a file of its own", off);
    return true;
}

/*
 * Read what follows the records: the end marker, then an optional comment
 * block (qq-formats.md, "Comment block"). A trailer that is not a comment
 * block is ignored with a warning, as is a second replay after either.
 * False only when out of memory.
 */
static bool read_trailer(qq_reader *r)
{
    size_t end = record_offset(r->n), off = end + QQ_END_MARKER;
    if (r->len < off) {
        junqi_diags_add(r->d, JUNQI_CODE_TRUNCATED, -1, at(end),
                        "the file ends at byte 0x%zX inside the end marker after the records "
                        "(offset 0x%zX), which needs %d bytes", r->len, end, QQ_END_MARKER);
        return true;
    }
    size_t rest = r->len - off;
    if (rest == 0 || another_replay(r, off))
        return true;
    if (rest < QQ_COMMENT_HEAD) {
        junqi_diags_add(r->d, JUNQI_CODE_BAD_TRAILER, -1, at(off),
                        P_("the %zu byte after the end marker (offset 0x%zX) cannot be a "
                           "comment block, which needs %d; it is ignored",
                           "the %zu bytes after the end marker (offset 0x%zX) are too few for a "
                           "comment block, which needs %d; they are ignored", rest),
                        rest, off, QQ_COMMENT_HEAD);
        return true;
    }
    uint32_t count = u32(r->data + off);
    size_t room = (rest - QQ_COMMENT_HEAD) / QQ_COMMENT_SIZE;
    if (count > room) {
        junqi_diags_add(r->d, JUNQI_CODE_BAD_TRAILER, -1, at(off),
                        P_("the comment count %lu at offset 0x%zX does not fit the file (room for "
                           "%zu comment); the trailer is ignored",
                           "the comment count %lu at offset 0x%zX does not fit the file (room for "
                           "%zu comments); the trailer is ignored", room),
                        (unsigned long)count, off, room);
        return true;
    }
    size_t entry = off + QQ_COMMENT_HEAD;
    for (uint32_t i = 0; i < count; i++, entry += QQ_COMMENT_SIZE)
        if (!read_comment(r, entry))
            return false;
    if (entry < r->len && !another_replay(r, entry))
        junqi_diags_add(r->d, JUNQI_CODE_BAD_TRAILER, -1, at(entry),
                        P_("%zu byte follows the comment block (comment count %lu), at offset "
                           "0x%zX; it is ignored",
                           "%zu bytes follow the comment block (comment count %lu), from offset "
                           "0x%zX; they are ignored", r->len - entry),
                        r->len - entry, (unsigned long)count, entry);
    return true;
}

junqi_game *junqi_qq_read_replay(const uint8_t *data, size_t len, junqi_diags *d)
{
    qq_reader r = {data ? data : empty_input, data ? len : 0, d, NULL,
                   junqi_board_get(JUNQI_FOUR_PLAYER), 0, 0, SIZE_MAX};
    const junqi_rules *rules = junqi_rules_get("qq");

    if (!check_size(&r))
        return NULL;
    r.g = junqi_game_new(JUNQI_FOUR_PLAYER);
    if (!r.g) {
        out_of_memory(d);
        return NULL;
    }
    if (rules)
        junqi_game_set_rules(r.g, rules);
    if (r.data[QQ_OFF_SAVED_BY] < JUNQI_SEATS)
        r.g->saved_by = (junqi_seat)r.data[QQ_OFF_SAVED_BY];
    if (!junqi_game_set_tag(r.g, "Source", "QQ 四国军棋 replay")) {
        out_of_memory(d);
        goto error;
    }
    check_header(&r);
    if (!read_seats(&r) || !read_records(&r) || !read_trailer(&r))
        goto error;
    return r.g;
error:
    junqi_game_free(r.g);
    return NULL;
}

bool junqi_qq_read_formation(const uint8_t *data, size_t len, uint8_t setup[6][5], junqi_diags *d)
{
    uint8_t out[6][5];
    if (!data) {
        data = empty_input;
        len = 0;
    }
    if (!check_magic(data, len, 0, QQ_JQL_MAGIC, QQ_JQL_MAGIC_LEN,
                     N_("the magic \"QQGame JQL File\""), 2, d) ||
        !check_magic(data, len, QQ_JQL_MAGIC_LEN, QQ_JQL_CODE, QQ_JQL_CODE_LEN,
                     N_("the magic 57 04 00 00"), 2, d))
        return false;
    if (len < QQ_JQL_SIZE) {
        const qq_field *f = find_field(jql_fields, sizeof jql_fields / sizeof *jql_fields, len);
        junqi_diags_add(d, JUNQI_CODE_TRUNCATED, -1, at(f->off),
                        "the file ends at byte 0x%zX inside %s (offset 0x%zX), which needs %zu "
                        "bytes; a formation has %d", len, _(f->name), f->off, f->size, QQ_JQL_SIZE);
        return false;
    }
    if (!decode_layout(data + QQ_JQL_LAYOUT, QQ_JQL_LAYOUT, _("the formation's layout"), d, out))
        return false;
    if (len > QQ_JQL_SIZE)
        junqi_diags_add(d, JUNQI_CODE_BAD_TRAILER, -1, at(QQ_JQL_SIZE),
                        P_("%zu byte follows the %d-byte formation (at offset 0x%X); it is ignored",
                           "%zu bytes follow the %d-byte formation (from offset 0x%X); they are "
                           "ignored", len - QQ_JQL_SIZE),
                        len - QQ_JQL_SIZE, QQ_JQL_SIZE, QQ_JQL_SIZE);
    memcpy(setup, out, sizeof out);
    return true;
}
