/* SPDX-License-Identifier: MIT */
/*
 * posnote.c - see posnote.h.
 */
#include "posnote.h"
#include "i18n.h"
#include "setup.h"
#include "words.h"
#include "text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char seat_letters[] = "NESW";

/* Piece symbols are the pieces' one-character rank-style names (piece.h). */
static char piece_symbol(int p)
{
    return junqi_piece_name((junqi_piece)p, JUNQI_NAMES_RANK)[0];
}

static int piece_of_symbol(char c)
{
    junqi_piece p = junqi_piece_parse(&c, 1);
    return p == JUNQI_NONE ? -1 : (int)p;
}

static int seat_of_letter(char c)
{
    const char *at = c ? strchr(seat_letters, c) : NULL;
    return at ? (int)(at - seat_letters) : -1;
}

/* The rows of the notation: the board's ranks from the top, each with its
 * points from file a, and after rank 7 of a board with mountains the row of
 * its mountains (which sit between ranks 7 and 6). Returns the row count;
 * rank[r] is the row's 0-based rank, or -1 for the mountain row. */
#define MAX_ROWS 18
typedef struct notation_rows {
    int n;
    int rank[MAX_ROWS];
    int len[MAX_ROWS];
    uint8_t point[MAX_ROWS][17];
} notation_rows;

static void board_rows(const junqi_board *b, notation_rows *out)
{
    out->n = 0;
    for (int rank = b->nranks - 1; rank >= 0; rank--) {
        int r = out->n++;
        out->rank[r] = rank;
        out->len[r] = 0;
        for (int file = 0; file < b->nfiles; file++)
            if (junqi_board_point_at(b, file, rank) >= 0)
                out->point[r][out->len[r]++] = (uint8_t)junqi_board_point_at(b, file, rank);
        if (!b->mountains || b->point[b->npoints - 1].rank != rank - 1)
            continue;
        r = out->n++;
        out->rank[r] = -1;
        out->len[r] = 0;
        for (int p = b->npoints - b->mountains; p < b->npoints; p++)
            out->point[r][out->len[r]++] = (uint8_t)p;
    }
}

char *junqi_pos_format(const junqi_position *pos)
{
    const junqi_board *b = pos->board;
    char *out = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&out, &size);
    if (!f)
        return NULL;
    int seat = -1;
    notation_rows rw;
    board_rows(b, &rw);
    for (int r = 0; r < rw.n; r++) {
        for (int k = 0; k < rw.len[r]; k++) {
            uint8_t c = pos->cell[rw.point[r][k]];
            if (!c) {
                fputc('.', f);
                continue;
            }
            if (JUNQI_CELL_SEAT(c) != seat)
                fputc(seat_letters[seat = JUNQI_CELL_SEAT(c)], f);
            fputc(piece_symbol(JUNQI_CELL_PIECE(c)), f);
        }
        if (r + 1 < rw.n)
            fputc('/', f);
    }
    fprintf(f, " %c %u %u ", pos->to_move < JUNQI_SEATS ? "nesw"[pos->to_move] : '-', pos->quiet,
            pos->moves);
    unsigned out_seats = pos->present & ~pos->alive;
    if (!out_seats)
        fputc('-', f);
    for (int s = 0; s < JUNQI_SEATS; s++)
        if (out_seats & JUNQI_SEAT_BIT(s))
            fputc("nesw"[s], f);
    if (pos->rules != junqi_rules_default(b->kind))
        fprintf(f, " %s", pos->rules->text);
    if (fclose(f) != 0) {
        free(out);
        return NULL;
    }
    return out;
}

bool junqi_pos_detect(const char *text, size_t len)
{
    /* a UTF-8 byte order mark and blank lines may come first, as the reader
     * skips them (formats/source.c) */
    size_t i = junqi_utf8_bom(text, len), slashes = 0;
    while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n'))
        i++;
    /* a NUL byte is no symbol, but no other format either: the reader says where it is
     * (nul-byte, formats/source.c) */
    for (; i < len && text[i] != ' ' && text[i] != '\n' && text[i] != '\r'; i++) {
        if (text[i] == '/')
            slashes++;
        else if (text[i] && !strchr(".NESW123456789BLF?", text[i]))
            return false;
    }
    return slashes == 11 || slashes == 12 || slashes == 16;
}

typedef struct pos_parser {
    const char *text;
    size_t len, at;
    size_t to_move_at; /* where the seat to move is written */
    size_t rules_at;   /* where the rule set is written (or would be) */
    size_t quiet_at;   /* where the no-combat count is written */
    size_t loose;      /* where words are parted by other than one space, or 0 */
    size_t column[JUNQI_MAX_POINTS]; /* where each point's symbol is written */
    junqi_diags *d;
} pos_parser;

__attribute__((format(printf, 3, 4)))
static bool fail(pos_parser *ps, size_t at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt); /* the whole message: a rule set's error lists its switches */
    junqi_diags_vadd(ps->d, JUNQI_CODE_BAD_POSITION, -1, (junqi_loc){(long)at, -1, 1, (int)at + 1, 0}, fmt, ap);
    va_end(ap);
    return false;
}

/* The next word: [*start, *start + *n). False at the end. Words are
 * separated by one space (the canonical form, docs/position.md): any other
 * blank between them is reported, once, as *loose. */
static bool next_word(pos_parser *ps, size_t *start, size_t *n)
{
    size_t blanks = ps->at;
    while (ps->at < ps->len && (ps->text[ps->at] == ' ' || ps->text[ps->at] == '\t'))
        ps->at++;
    bool one_space = ps->at == blanks + 1 && ps->text[blanks] == ' ';
    if (blanks > 0 && ps->at < ps->len && !one_space && !ps->loose)
        ps->loose = ps->at;
    *start = ps->at;
    while (ps->at < ps->len && ps->text[ps->at] != ' ' && ps->text[ps->at] != '\t' &&
           ps->text[ps->at] != '\n' && ps->text[ps->at] != '\r')
        ps->at++;
    *n = ps->at - *start;
    return *n > 0;
}

/* Count the rows of the first word: 12, 13 (the two-player board with its
 * mountain row) or 17 decides the board. */
static int count_rows(const char *w, size_t n)
{
    int count = 1;
    for (size_t i = 0; i < n; i++)
        count += w[i] == '/';
    return count;
}

/* "rank 7" or "the mountain row", for messages. */
static const char *row_name(const notation_rows *rw, int r, char buf[24])
{
    if (rw->rank[r] < 0)
        return "the mountain row";
    snprintf(buf, 24, "rank %d", rw->rank[r] + 1);
    return buf;
}

/* Fill the cells from the RANKS word; present gets the seats with pieces. */
static bool parse_ranks(pos_parser *ps, size_t start, size_t n, junqi_position *pos,
                        unsigned *present)
{
    const junqi_board *b = pos->board;
    notation_rows rw;
    board_rows(b, &rw);
    int seat = -1, r = 0, k = 0;
    int counts[JUNQI_SEATS][JUNQI_PIECE_KINDS] = {{0}};
    char name[24];
    for (size_t i = start; i <= start + n; i++) {
        char c = i < start + n ? ps->text[i] : '/';
        if (c == '/') {
            if (k < rw.len[r])
                return fail(ps, i, "%s has too few points", row_name(&rw, r, name));
            r++, k = 0;
            continue;
        }
        if (seat_of_letter(c) >= 0) {
            /* canonical: a letter only where the owner changes, right before a piece */
            const char *next; /* the character after it, quoted whole */
            int len = junqi_char_at(ps->text, i + 1, start + n, "/", &next);
            if (seat_of_letter(c) == seat)
                return fail(ps, i, "the seat letter %c repeats the seat of the piece before it: "
                            "leave it out", c);
            if (piece_of_symbol(*next) < 0)
                return fail(ps, i, "a seat letter stands right before a piece, not before '%.*s'", len, next);
            seat = seat_of_letter(c);
            continue;
        }
        if (k >= rw.len[r])
            return fail(ps, i, "%s has too many points", row_name(&rw, r, name));
        int p = rw.point[r][k++];
        ps->column[p] = i;
        if (c == '.')
            continue;
        int piece = piece_of_symbol(c);
        if (piece < 0) {
            const char *bad; /* quoted whole */
            int len = junqi_char_at(ps->text, i, start + n, "/", &bad);
            return fail(ps, i, "'%.*s' is not a piece symbol (9..1, B, L, F, ?), a seat (N, E, S, W) or '.'", len,
                        bad);
        }
        if (seat < 0)
            return fail(ps, i, "the piece '%c' has no seat: write N, E, S or W before it", c);
        if (!(b->seats & JUNQI_SEAT_BIT(seat)))
            return fail(ps, i, "%s has no arm on the %s board", _(junqi_seat_name((junqi_seat)seat)),
                        _(b->name));
        if (piece != JUNQI_UNKNOWN && ++counts[seat][piece] > junqi_piece_count((junqi_piece)piece))
            return fail(ps, i,
                        P_("%s has more than %d %s", "%s has more than %d %ss",
                           (unsigned long)junqi_piece_count((junqi_piece)piece)),
                        _(junqi_seat_name((junqi_seat)seat)), junqi_piece_count((junqi_piece)piece),
                        _(junqi_piece_words((junqi_piece)piece)));
        pos->cell[p] = JUNQI_CELL(seat, piece);
        *present |= JUNQI_SEAT_BIT(seat);
    }
    return true;
}

static bool parse_number(pos_parser *ps, const char *what, long max, long *out)
{
    size_t start, n, at;
    char msg[200];
    if (!next_word(ps, &start, &n))
        return fail(ps, start, "the %s is missing", _(what));
    if (!junqi_words_counter(ps->text + start, n, what, max, out, &at, msg, sizeof msg))
        return fail(ps, start + at, "%s", msg);
    return true;
}

/* A seat-letter word: "-" or letters of "nesw". Returns the mask or -1. */
static int parse_seat_set(pos_parser *ps, size_t start, size_t n, bool single)
{
    if (n == 1 && ps->text[start] == '-')
        return 0;
    unsigned mask = 0;
    for (size_t i = start; i < start + n; i++) {
        const char *at = strchr("nesw", ps->text[i]);
        /* in seat order (canonical): no seat twice, none after a later one */
        if (!at || !ps->text[i] || (mask >> (at - "nesw")) || (single && i > start))
            return -1;
        mask |= JUNQI_SEAT_BIT(at - "nesw");
    }
    return (int)mask;
}

static junqi_seat first_seat(unsigned mask)
{
    for (int s = 0; s < JUNQI_SEATS; s++)
        if (mask & JUNQI_SEAT_BIT(s))
            return (junqi_seat)s;
    return JUNQI_NO_SEAT;
}

/* Seat to move, counters, eliminated seats and rule set after the ranks. */
static bool parse_state(pos_parser *ps, junqi_position *pos, unsigned present, int *to_move,
                        unsigned *out_seats, long *quiet, long *ply, const junqi_rules **rules)
{
    size_t start, n;
    if (!next_word(ps, &start, &n) || (*to_move = parse_seat_set(ps, start, n, true)) < 0)
        return fail(ps, start, "the seat to move must be n, e, s, w or -");
    ps->to_move_at = start;
    ps->quiet_at = ps->at + 1;
    if (!parse_number(ps, N_("no-combat count"), 65535, quiet) || !parse_number(ps, N_("ply"), 100000000L, ply))
        return false;
    int mask;
    if (!next_word(ps, &start, &n) || (mask = parse_seat_set(ps, start, n, false)) < 0)
        return fail(ps, start, "the eliminated seats must be - or letters of nesw, in that order");
    *out_seats = (unsigned)mask;
    if (*out_seats & ~pos->board->seats)
        return fail(ps, start, "a seat listed as eliminated has no arm on this board");
    if ((present & *out_seats) != 0)
        return fail(ps, start, "a seat listed as eliminated still has pieces");
    ps->rules_at = ps->at + (ps->at < ps->len);
    if (next_word(ps, &start, &n)) {
        ps->rules_at = start;
        char err[JUNQI_RULES_ERR_SIZE];
        if (!junqi_words_rules(ps->text + start, n, (int)pos->board->kind, rules, err, sizeof err))
            return fail(ps, start, "%s", err);
        char q[JUNQI_QUOTE_SIZE];
        if (junqi_rules_flip(*rules))
            return fail(ps, start, "'%.*s' is a flip rule set: its positions are written in the flip notation",
                        junqi_quote(q, ps->text + start, n), q);
    }
    if (next_word(ps, &start, &n))
        return fail(ps, start, "unexpected text after the position");
    if (ps->loose)
        return fail(ps, ps->loose, "the parts of a position are parted by one space");
    return true;
}

/* What the state words may not say: a seat to move that is not in the game,
 * a game of one side (it could never end), a no-combat count past the rule
 * set's limit, or one at the limit with a seat to move (the game is drawn
 * then: docs/rules.md). */
static bool check_state(pos_parser *ps, const junqi_rules *rules, unsigned present,
                        unsigned out_seats, int to_move, long quiet)
{
    unsigned seats = present | out_seats;
    int limit = rules->no_combat_draw;
    if (to_move && !(present & ~out_seats & (unsigned)to_move))
        return fail(ps, ps->to_move_at, "the seat to move, %s, is not in the game",
                    _(junqi_seat_name(first_seat((unsigned)to_move))));
    if (!seats)
        return fail(ps, 0, "no seat takes part: a game needs two sides (seats that are out are "
                    "listed as eliminated)");
    if (__builtin_popcount(seats) < 2)
        return fail(ps, 0, "only %s takes part: a game needs two sides (seats that are out are "
                    "listed as eliminated)", _(junqi_seat_name(first_seat(seats))));
    if (limit && quiet > limit)
        return fail(ps, ps->quiet_at, "the no-combat count %ld is past the limit of %s, %d",
                    quiet, rules->text, limit);
    if (limit && quiet == limit && to_move)
        return fail(ps, ps->to_move_at, "the no-combat count has reached the limit of %s, %d: the "
                    "game is drawn and no seat is to move (write -)", rules->text, limit);
    return true;
}

/* The squares where a piece of `seat` of kind `piece` may stand
 * (junqi_setup_may_stand), in the order of the notation, as a list of
 * alternatives ("b1 or d1") in buf (n bytes); returns the first, or -1
 * when there is none. */
static int may_stand_list(const junqi_position *pos, int seat, junqi_piece piece, char *buf,
                          size_t n)
{
    notation_rows rw;
    board_rows(pos->board, &rw);
    char names[JUNQI_MAX_POINTS][4];
    const char *words[JUNQI_MAX_POINTS];
    int first = -1;
    size_t count = 0;
    for (int r = 0; r < rw.n; r++)
        for (int k = 0; k < rw.len[r]; k++) {
            int p = rw.point[r][k];
            if (!junqi_setup_may_stand(pos->board, pos->rules, seat, piece, p))
                continue;
            first = first < 0 ? p : first;
            words[count] = junqi_square_name(pos->board, p, names[count]);
            count++;
        }
    junqi_i18n_alternatives(buf, n, words, count);
    return first;
}

/* Landmines and the flag never move, so a position that a formation game
 * can reach has them where their seats placed them (setup.h,
 * junqi_setup_may_stand): the first known one elsewhere, in the order of
 * the string, is refused at its symbol. And a seat in the game still has
 * its flag (a captured flag takes its seat out: rules.md), so a seat whose
 * flag is not shown has a hidden piece where its flag may stand, else the
 * error is at the first such square. Hidden pieces may be any kind, and
 * removed landmines leave no trace, so nothing more is certain. */
static bool check_immobile(pos_parser *ps, const junqi_position *pos, unsigned present)
{
    const junqi_board *b = pos->board;
    notation_rows rw;
    board_rows(b, &rw);
    char where[200], sq[4];
    unsigned flag_found = 0;
    for (int r = 0; r < rw.n; r++)
        for (int k = 0; k < rw.len[r]; k++) {
            int p = rw.point[r][k], seat = JUNQI_CELL_SEAT(pos->cell[p]);
            junqi_piece piece = (junqi_piece)JUNQI_CELL_PIECE(pos->cell[p]);
            if (!pos->cell[p])
                continue;
            if (!junqi_setup_may_stand(b, pos->rules, seat, piece, p)) {
                may_stand_list(pos, seat, piece, where, sizeof where);
                return fail(ps, ps->column[p], "%s's %s stands on %s: %s never moves, and %s may "
                            "place it only on %s", _(junqi_seat_name((junqi_seat)seat)),
                            _(junqi_piece_words(piece)), junqi_square_name(b, p, sq),
                            _(junqi_piece_a(piece)), _(junqi_seat_name((junqi_seat)seat)), where);
            }
            if ((piece == JUNQI_FLAG || piece == JUNQI_UNKNOWN) &&
                junqi_setup_may_stand(b, pos->rules, seat, JUNQI_FLAG, p))
                flag_found |= JUNQI_SEAT_BIT(seat);
        }
    for (int s = 0; s < JUNQI_SEATS; s++)
        if (present & ~flag_found & JUNQI_SEAT_BIT(s)) {
            int first = may_stand_list(pos, s, JUNQI_FLAG, where, sizeof where);
            return fail(ps, ps->column[first], "%s's flag is not on the board: a seat in the game has "
                        "its flag, shown or hidden, where it may be placed (%s)",
                        _(junqi_seat_name((junqi_seat)s)), where);
        }
    return true;
}

bool junqi_pos_parse(const char *text, size_t len, junqi_position *pos, junqi_diags *d)
{
    return junqi_pos_parse_under(text, len, NULL, pos, d);
}

bool junqi_pos_parse_under(const char *text, size_t len, const junqi_rules *under,
                           junqi_position *pos, junqi_diags *d)
{
    pos_parser ps = {.text = text, .len = len, .d = d};
    size_t start, n;
    if (!next_word(&ps, &start, &n))
        return fail(&ps, 0, "the position is empty");
    int nrows = count_rows(text + start, n);
    if (nrows != 12 && nrows != 13 && nrows != 17)
        return fail(&ps, start, "a position has 12 ranks (two-player), 13 (two-player with the "
                    "mountain row) or 17 (four-player), not %d", nrows);
    const junqi_board *b = junqi_board_variant(nrows == 17 ? JUNQI_FOUR_PLAYER : JUNQI_TWO_PLAYER,
                                               nrows == 13);
    junqi_position scratch;
    memset(&scratch, 0, sizeof scratch);
    scratch.board = b;
    unsigned present = 0, out_seats = 0;
    int to_move = -1;
    long quiet = 0, ply = 0;
    const junqi_rules *rules = under && under->board == b->kind ? under : junqi_rules_default(b->kind);
    if (!parse_ranks(&ps, start, n, &scratch, &present) ||
        !parse_state(&ps, &scratch, present, &to_move, &out_seats, &quiet, &ply, &rules))
        return false;
    if (junqi_rules_board(rules) != b)
        return fail(&ps, ps.rules_at, b->mountains ? "a position with the mountain row (13 ranks) "
                    "plays under mountain=shelter: its rule set must say so"
                    : "under mountain=shelter the position lists the mountains bM and dM between "
                    "ranks 7 and 6 (13 rows)");
    scratch.rules = rules;
    if (!check_state(&ps, rules, present, out_seats, to_move, quiet) ||
        !check_immobile(&ps, &scratch, present))
        return false;
    junqi_position_init(pos, b, rules, present | out_seats);
    for (int p = 0; p < b->npoints; p++)
        junqi_position_put(pos, p, scratch.cell[p]);
    pos->alive = (uint8_t)(pos->present & ~out_seats);
    pos->quiet = (uint16_t)quiet;
    pos->moves = (uint32_t)ply;
    if (to_move) {
        junqi_position_set_turn(pos, first_seat((unsigned)to_move));
        return true;
    }
    junqi_position_end(pos, JUNQI_DECIDED, JUNQI_REASON_NONE, 0);
    if (pos->result.status != JUNQI_DECIDED) {
        bool drawn = rules->no_combat_draw && quiet >= rules->no_combat_draw;
        junqi_position_end(pos, drawn ? JUNQI_DRAWN : JUNQI_UNDECIDED,
                           drawn ? JUNQI_REASON_NO_COMBAT_DRAW : JUNQI_REASON_NONE, 0);
    }
    return true;
}
