/* SPDX-License-Identifier: MIT */
/*
 * posnote.c - see posnote.h.
 */
#include "posnote.h"

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

char *junqi_pos_format(const junqi_position *pos)
{
    const junqi_board *b = pos->board;
    char *out = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&out, &size);
    if (!f)
        return NULL;
    int seat = -1;
    for (int rank = b->nranks - 1; rank >= 0; rank--) {
        for (int file = 0; file < b->nfiles; file++) {
            int p = junqi_board_point_at(b, file, rank);
            if (p < 0)
                continue;
            uint8_t c = pos->cell[p];
            if (!c) {
                fputc('.', f);
                continue;
            }
            if (JUNQI_CELL_SEAT(c) != seat)
                fputc(seat_letters[seat = JUNQI_CELL_SEAT(c)], f);
            fputc(piece_symbol(JUNQI_CELL_PIECE(c)), f);
        }
        if (rank > 0)
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
        fprintf(f, " %s", pos->rules->name);
    if (fclose(f) != 0) {
        free(out);
        return NULL;
    }
    return out;
}

bool junqi_pos_detect(const char *text, size_t len)
{
    size_t i = 0, slashes = 0;
    while (i < len && (text[i] == ' ' || text[i] == '\t'))
        i++;
    for (; i < len && text[i] != ' ' && text[i] != '\n' && text[i] != '\r'; i++) {
        if (text[i] == '/')
            slashes++;
        else if (!strchr(".NESW123456789BLF?", text[i]))
            return false;
    }
    return slashes == 11 || slashes == 16;
}

typedef struct pos_parser {
    const char *text;
    size_t len, at;
    size_t to_move_at; /* where the seat to move is written */
    junqi_diags *d;
} pos_parser;

__attribute__((format(printf, 3, 4)))
static bool fail(pos_parser *ps, size_t at, const char *fmt, ...)
{
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    junqi_loc loc = {(long)at, -1, 1, (int)at + 1};
    junqi_diags_add(ps->d, JUNQI_CODE_BAD_POSITION, -1, loc, "%s", msg);
    return false;
}

/* The next space-separated word: [*start, *start + *n). False at the end. */
static bool next_word(pos_parser *ps, size_t *start, size_t *n)
{
    while (ps->at < ps->len && (ps->text[ps->at] == ' ' || ps->text[ps->at] == '\t'))
        ps->at++;
    *start = ps->at;
    while (ps->at < ps->len && ps->text[ps->at] != ' ' && ps->text[ps->at] != '\t' &&
           ps->text[ps->at] != '\n' && ps->text[ps->at] != '\r')
        ps->at++;
    *n = ps->at - *start;
    return *n > 0;
}

/* Count the ranks of the first word: 12 or 17 decides the board. */
static int count_ranks(const char *w, size_t n)
{
    int ranks = 1;
    for (size_t i = 0; i < n; i++)
        ranks += w[i] == '/';
    return ranks;
}

/* Fill the cells from the RANKS word; present gets the seats with pieces. */
static bool parse_ranks(pos_parser *ps, size_t start, size_t n, junqi_position *pos,
                        unsigned *present)
{
    const junqi_board *b = pos->board;
    int seat = -1, rank = b->nranks - 1, file = 0;
    int counts[JUNQI_SEATS][JUNQI_PIECE_KINDS] = {{0}};
    for (size_t i = start; i <= start + n; i++) {
        char c = i < start + n ? ps->text[i] : '/';
        if (c == '/') {
            for (; file < b->nfiles; file++)
                if (junqi_board_point_at(b, file, rank) >= 0)
                    return fail(ps, i, "rank %d has too few points", rank + 1);
            rank--, file = 0;
            continue;
        }
        if (seat_of_letter(c) >= 0) {
            seat = seat_of_letter(c);
            continue;
        }
        while (file < b->nfiles && junqi_board_point_at(b, file, rank) < 0)
            file++;
        if (file >= b->nfiles)
            return fail(ps, i, "rank %d has too many points", rank + 1);
        int p = junqi_board_point_at(b, file++, rank);
        if (c == '.')
            continue;
        int piece = piece_of_symbol(c);
        if (piece < 0)
            return fail(ps, i, "'%c' is not a piece symbol (9..1, B, L, F, ?), a seat (N, E, S, W) or '.'", c);
        if (seat < 0)
            return fail(ps, i, "the piece '%c' has no seat: write N, E, S or W before it", c);
        if (!(b->seats & JUNQI_SEAT_BIT(seat)))
            return fail(ps, i, "%s has no arm on the %s board", junqi_seat_name((junqi_seat)seat), b->name);
        if (piece != JUNQI_UNKNOWN && ++counts[seat][piece] > junqi_piece_count((junqi_piece)piece))
            return fail(ps, i, "%s has more than %d %s", junqi_seat_name((junqi_seat)seat),
                        junqi_piece_count((junqi_piece)piece), junqi_piece_name((junqi_piece)piece, JUNQI_NAMES_EN));
        pos->cell[p] = JUNQI_CELL(seat, piece);
        *present |= JUNQI_SEAT_BIT(seat);
    }
    return true;
}

static bool parse_number(pos_parser *ps, const char *what, long max, long *out)
{
    size_t start, n;
    if (!next_word(ps, &start, &n))
        return fail(ps, start, "the %s is missing", what);
    long v = 0;
    for (size_t i = start; i < start + n; i++) {
        if (ps->text[i] < '0' || ps->text[i] > '9' || (v = v * 10 + ps->text[i] - '0') > max)
            return fail(ps, i, "the %s must be a number from 0 to %ld", what, max);
    }
    *out = v;
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
        if (!at || !ps->text[i] || (mask & JUNQI_SEAT_BIT(at - "nesw")) || (single && i > start))
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
    if (!parse_number(ps, "no-combat count", 65535, quiet) || !parse_number(ps, "ply", 100000000L, ply))
        return false;
    int mask;
    if (!next_word(ps, &start, &n) || (mask = parse_seat_set(ps, start, n, false)) < 0)
        return fail(ps, start, "the eliminated seats must be - or letters of nesw");
    *out_seats = (unsigned)mask;
    if ((present & *out_seats) != 0)
        return fail(ps, start, "a seat listed as eliminated still has pieces");
    if (next_word(ps, &start, &n)) {
        char name[32];
        snprintf(name, sizeof name, "%.*s", (int)(n < 31 ? n : 31), ps->text + start);
        *rules = junqi_rules_get(name);
        if (!*rules)
            return fail(ps, start, "unknown rule set '%s' (known: %s)", name, junqi_rules_names());
        if ((*rules)->board != pos->board->kind)
            return fail(ps, start, "rule set '%s' is for the %s board", name,
                        junqi_board_kind_name((*rules)->board));
    }
    if (next_word(ps, &start, &n))
        return fail(ps, start, "unexpected text after the position");
    return true;
}

bool junqi_pos_parse(const char *text, size_t len, junqi_position *pos, junqi_diags *d)
{
    pos_parser ps = {text, len, 0, 0, d};
    size_t start, n;
    if (!next_word(&ps, &start, &n))
        return fail(&ps, 0, "the position is empty");
    int ranks = count_ranks(text + start, n);
    if (ranks != 12 && ranks != 17)
        return fail(&ps, start, "a position has 12 ranks (two-player) or 17 (four-player), not %d", ranks);
    const junqi_board *b = junqi_board_get(ranks == 12 ? JUNQI_TWO_PLAYER : JUNQI_FOUR_PLAYER);
    junqi_position scratch;
    memset(&scratch, 0, sizeof scratch);
    scratch.board = b;
    unsigned present = 0, out_seats = 0;
    int to_move = -1;
    long quiet = 0, ply = 0;
    const junqi_rules *rules = junqi_rules_default(b->kind);
    if (!parse_ranks(&ps, start, n, &scratch, &present) ||
        !parse_state(&ps, &scratch, present, &to_move, &out_seats, &quiet, &ply, &rules))
        return false;
    junqi_position_init(pos, b, rules, present | out_seats);
    for (int p = 0; p < b->npoints; p++)
        junqi_position_put(pos, p, scratch.cell[p]);
    pos->alive = (uint8_t)(pos->present & ~out_seats);
    pos->quiet = (uint16_t)quiet;
    pos->moves = (uint32_t)ply;
    if (to_move) {
        if (!(pos->alive & (unsigned)to_move))
            return fail(&ps, ps.to_move_at, "the seat to move, %s, is not in the game", junqi_seat_name(first_seat((unsigned)to_move)));
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
