/* SPDX-License-Identifier: MIT */
/*
 * flipnote.c - the deal and position notations of flip games. See flipnote.h.
 */
#include "flipnote.h"
#include "i18n.h"
#include "words.h"
#include "text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char colour_letters[] = "rb";
/* REMOVED lists each colour's kinds from the marshal down. */
static const char removed_order[] = "987654321BLF";

static char symbol(int piece)
{
    return junqi_piece_name((junqi_piece)piece, JUNQI_NAMES_RANK)[0];
}

/* A piece symbol 9 … 1, B, L, F (not '?'), or -1. */
static int piece_of(char c)
{
    junqi_piece p = c ? junqi_piece_parse(&c, 1) : JUNQI_NONE;
    return p == JUNQI_NONE || p == JUNQI_UNKNOWN ? -1 : (int)p;
}

static int colour_of(char c)
{
    const char *at = c ? strchr(colour_letters, c) : NULL;
    return at ? (int)(at - colour_letters) : -1;
}

/* ---- writing ---- */

/* The colour letter when the running colour changes. */
static void put_colour(FILE *f, int *running, int colour)
{
    if (colour != *running)
        fputc(colour_letters[*running = colour], f);
}

static void put_load(FILE *f, uint8_t l)
{
    char what[8];
    if (junqi_flip_load_symbols(l, what))
        fprintf(f, "(%s)", what);
    if (l & JUNQI_LOAD_GROUND)
        fprintf(f, "_%c", (l & JUNQI_LOAD_GROUND_BLUE) ? 'b' : 'r');
}

static void put_cell(FILE *f, int *running, uint8_t c, uint8_t l)
{
    if (!c) {
        fputc('.', f);
        return;
    }
    int colour = junqi_flip_colour(c);
    if (colour == JUNQI_NO_COLOUR) {
        fputc('#', f);
        return;
    }
    put_colour(f, running, colour);
    if (junqi_flip_down(c))
        fputc('*', f);
    fputc(symbol(junqi_flip_piece(c)), f);
    put_load(f, l);
}

/* RANKS of cells and loads (loads may be NULL). */
static void put_ranks(FILE *f, const uint8_t *cell, const uint8_t *load)
{
    const junqi_board *b = junqi_board_get(JUNQI_TWO_PLAYER);
    int running = -1;
    for (int rank = b->nranks - 1; rank >= 0; rank--) {
        for (int file = 0; file < b->nfiles; file++) {
            int p = junqi_board_point_at(b, file, rank);
            put_cell(f, &running, cell[p], load ? load[p] : 0);
        }
        if (rank > 0)
            fputc('/', f);
    }
}

char *junqi_flip_deal_format(const uint8_t deal[JUNQI_MAX_POINTS], char *out)
{
    FILE *f = fmemopen(out, JUNQI_FLIP_DEAL_TEXT, "w");
    if (!f) {
        out[0] = '\0';
        return out;
    }
    setvbuf(f, NULL, _IONBF, 0);
    put_ranks(f, deal, NULL);
    fputc('\0', f);
    fclose(f);
    return out;
}

static void put_colours(FILE *f, const junqi_flip_state *st)
{
    static const char seat_letter[JUNQI_SEATS + 1] = {'n', '-', 's', '-', '-'};
    if (st->colour[JUNQI_SOUTH] != JUNQI_NO_COLOUR) {
        fprintf(f, "s%c", colour_letters[st->colour[JUNQI_SOUTH]]);
        return;
    }
    if (st->first_flipper == JUNQI_NO_SEAT) {
        fputc('-', f);
        return;
    }
    const char *c = "rb-";
    fprintf(f, "?%c%c%c%c%c", seat_letter[st->first_flipper], c[st->first_colour],
            c[st->last_colour[JUNQI_SOUTH]], c[st->last_colour[JUNQI_NORTH]],
            seat_letter[st->last_flipper < JUNQI_SEATS ? st->last_flipper : JUNQI_SEATS]);
}

static void put_removed(FILE *f, const junqi_flip_state *st)
{
    int running = -1, any = 0;
    for (int colour = 0; colour < 2; colour++)
        for (const char *s = removed_order; *s; s++)
            for (int i = 0; i < st->removed[colour][piece_of(*s)]; i++, any++) {
                put_colour(f, &running, colour);
                fputc(*s, f);
            }
    if (!any)
        fputc('-', f);
}

static void put_turn(FILE *f, const junqi_result *r, int to_move)
{
    if (r->status == JUNQI_ONGOING) {
        fputc(to_move == JUNQI_NORTH ? 'n' : 's', f);
        return;
    }
    if (r->status == JUNQI_DECIDED)
        fprintf(f, "-%c", (r->winners & JUNQI_SEAT_BIT(JUNQI_NORTH)) ? 'n' : 's');
    else
        fputs("-=", f);
    if (r->reason != JUNQI_REASON_NONE)
        fprintf(f, ":%s", junqi_reason_id((junqi_reason)r->reason));
}

char *junqi_flip_pos_format(const junqi_flip *pos)
{
    char *out = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&out, &size);
    if (!f)
        return NULL;
    const junqi_flip_state *st = &pos->st;
    put_ranks(f, pos->cell, pos->load);
    fputc(' ', f);
    put_turn(f, &st->result, st->to_move);
    fprintf(f, " %u %u ", st->quiet, st->moves);
    put_colours(f, st);
    fputc(' ', f);
    put_removed(f, st);
    fprintf(f, " %s", pos->rules->text);
    if (fclose(f) != 0) {
        free(out);
        return NULL;
    }
    return out;
}

/* ---- reading ---- */

typedef struct reader {
    const char *text;
    size_t len, at;
    char msg[JUNQI_RULES_ERR_SIZE]; /* the first problem: a rule set's error whole */
    size_t err_at;
    bool failed;
} reader;

__attribute__((format(printf, 3, 4)))
static bool fail(reader *r, size_t at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->msg, sizeof r->msg, _(fmt), ap);
    va_end(ap);
    r->err_at = at;
    r->failed = true;
    return false;
}

/* The pieces of pos do not make up the two armies: said with the kind to blame when one is. */
static bool army_problem(reader *r, size_t at, const junqi_flip *pos)
{
    char why[160];
    if (junqi_flip_army_problem(pos, why, sizeof why))
        return fail(r, at, "the pieces face up, face down and removed do not make up the two armies of 25: %s", why);
    return fail(r, at, "the pieces face up, face down and removed do not make up the two armies of 25");
}

static char peek(const reader *r, size_t i)
{
    return i < r->len ? r->text[i] : '\0';
}

/* A load after a face-up piece: (SYMS) and _COLOUR, at *i. */
static bool read_load(reader *r, size_t *i, uint8_t *load)
{
    if (peek(r, *i) == '(') {
        size_t start = (*i)++;
        for (char c; (c = peek(r, *i)) == 'L' || c == 'B' || c == 'F'; (*i)++) {
            uint8_t add = c == 'L' ? JUNQI_LOAD_MINE : c == 'B' ? JUNQI_LOAD_BOMB : JUNQI_LOAD_FLAG;
            bool full = c == 'L' ? JUNQI_LOAD_MINES(*load) == 3 : c == 'B' ? JUNQI_LOAD_BOMBS(*load) == 2
                                                                             : (*load & JUNQI_LOAD_FLAG);
            if (full)
                return fail(r, *i, "a group carries at most 3 landmines, 2 bombs and 1 flag");
            *load = (uint8_t)(*load + add);
        }
        if (*i == start + 1 || peek(r, *i) != ')')
            return fail(r, start, "'(' must be followed by what the piece carries (L, B, F) and ')'");
        (*i)++;
    }
    if (peek(r, *i) == '_') {
        int colour = colour_of(peek(r, *i + 1));
        if (colour < 0)
            return fail(r, *i, "'_' must be followed by the colour (r or b) of the flag lying there");
        *load |= (uint8_t)(JUNQI_LOAD_GROUND | (colour ? JUNQI_LOAD_GROUND_BLUE : 0));
        *i += 2;
    }
    return true;
}

/* One point's symbols at *i into *cell and *load; `position` allows the position-only forms. */
static bool read_point(reader *r, size_t *i, int colour, bool position, uint8_t *cell, uint8_t *load)
{
    char c = peek(r, *i);
    *cell = *load = 0;
    if (c == '.') {
        (*i)++;
        return true;
    }
    if (position && c == '#') {
        *cell = JUNQI_FLIP_CELL(JUNQI_NO_COLOUR, JUNQI_UNKNOWN) | JUNQI_FLIP_DOWN;
        (*i)++;
        return true;
    }
    bool down = position && c == '*';
    size_t at = *i + down;
    char sym = peek(r, at);
    int piece = down && sym == '?' ? JUNQI_UNKNOWN : piece_of(sym);
    if (piece < 0) {
        const char *bad; /* quoted whole */
        int len = junqi_char_at(r->text, at, r->len, " ", &bad);
        return fail(r, at, "'%.*s' is not a piece symbol (9..1, B, L, F%s), a colour (r, b) or '.'", len, bad,
                    position ? ", *SYM, *?, #" : "");
    }
    if (colour < 0)
        return fail(r, at, "the piece '%c' has no colour: write r or b before it", sym);
    *cell = (uint8_t)(JUNQI_FLIP_CELL(colour, piece) | (down ? JUNQI_FLIP_DOWN : 0));
    *i = at + 1;
    if (!position)
        return true;
    size_t load_at = *i;
    if (!read_load(r, i, load))
        return false;
    if (down && *load)
        return fail(r, load_at, "a face-down piece carries nothing");
    return true;
}

/* RANKS (a deal, or a position's board) from [start, end) into cell[] and load[]. */
static bool read_ranks(reader *r, size_t start, size_t end, bool position, uint8_t *cell, uint8_t *load)
{
    const junqi_board *b = junqi_board_get(JUNQI_TWO_PLAYER);
    int colour = -1, rank = b->nranks - 1, file = 0;
    size_t i = start;
    while (i <= end) {
        char c = i < end ? r->text[i] : '/';
        if (c == '/') {
            if (file < b->nfiles)
                return fail(r, i, P_("rank %d has %d point, not 5", "rank %d has %d points, not 5", file), rank + 1, file);
            if (--rank < -1 || (rank < 0 && i < end))
                return fail(r, i, "a flip position has 12 ranks");
            file = 0;
            i++;
            continue;
        }
        if (colour_of(c) >= 0) {
            /* canonical: a letter only where the colour changes, right before a piece */
            char next = peek(r, i + 1);
            if (colour_of(c) == colour)
                return fail(r, i, "the colour letter %c repeats the colour of the piece before it: leave it out", c);
            if (i + 1 >= end || (next != '*' && piece_of(next) < 0)) {
                const char *bad; /* quoted whole */
                int len = junqi_char_at(r->text, i + 1, end, "/", &bad);
                return fail(r, i, "a colour letter stands right before a piece, not before '%.*s'", len, bad);
            }
            colour = colour_of(c);
            i++;
            continue;
        }
        if (file >= b->nfiles)
            return fail(r, i, "rank %d has more than 5 points", rank + 1);
        int p = junqi_board_point_at(b, file++, rank);
        reader sub = *r;
        sub.len = end;
        if (!read_point(&sub, &i, colour, position, &cell[p], &load[p]))
            return fail(r, sub.err_at, "%s", sub.msg);
    }
    if (rank >= 0)
        return fail(r, end, "a flip position has 12 ranks, this one %d", b->nranks - 1 - rank);
    return true;
}

bool junqi_flip_deal_parse(const char *text, size_t len, uint8_t deal[JUNQI_MAX_POINTS], char *msg, size_t n,
                           size_t *at)
{
    reader r = {text, len, 0, "", 0, false};
    uint8_t load[JUNQI_MAX_POINTS];
    memset(deal, 0, JUNQI_MAX_POINTS);
    if (read_ranks(&r, 0, len, false, deal, load))
        return true;
    snprintf(msg, n, "%s", r.msg);
    *at = r.err_at;
    return false;
}

/* ---- positions ---- */

static bool next_word(reader *r, size_t *start, size_t *n)
{
    while (r->at < r->len && (r->text[r->at] == ' ' || r->text[r->at] == '\t'))
        r->at++;
    *start = r->at;
    while (r->at < r->len && !strchr(" \t\r\n", r->text[r->at]))
        r->at++;
    *n = r->at - *start;
    return *n > 0;
}

static int seat_of(char c)
{
    return c == 's' ? JUNQI_SOUTH : c == 'n' ? JUNQI_NORTH : c == '-' ? JUNQI_NO_SEAT : -1;
}

static int memory_colour(char c)
{
    return c == '-' ? JUNQI_NO_COLOUR : colour_of(c);
}

static bool read_turn(reader *r, junqi_flip_state *st)
{
    size_t start, n;
    if (!next_word(r, &start, &n))
        return fail(r, start, "the seat to move is missing");
    const char *w = r->text + start;
    if (n == 1 && (w[0] == 's' || w[0] == 'n')) {
        st->to_move = (uint8_t)seat_of(w[0]);
        return true;
    }
    if (n < 2 || w[0] != '-' || !strchr("sn=", w[1]) || (n > 2 && w[2] != ':'))
        return fail(r, start, "the seat to move must be s or n, or the result -s, -n or -= once the game is over");
    junqi_reason reason = JUNQI_REASON_NONE;
    for (int k = 1; n > 3 && k < JUNQI_REASON_COUNT && !reason; k++)
        if (strlen(junqi_reason_id((junqi_reason)k)) == n - 3 && memcmp(w + 3, junqi_reason_id((junqi_reason)k), n - 3) == 0)
            reason = (junqi_reason)k;
    char q[JUNQI_QUOTE_SIZE];
    if (n > 2 && reason == JUNQI_REASON_NONE)
        return fail(r, start + 3, "'%.*s' is not a reason a game ends for", junqi_quote(q, w + 3, n - 3), q);
    bool drawn = w[1] == '=';
    st->result = (junqi_result){(uint8_t)(drawn ? JUNQI_DRAWN : JUNQI_DECIDED),
                                (uint8_t)(drawn ? 0 : JUNQI_SEAT_BIT(seat_of(w[1]))), (uint8_t)reason, 0};
    st->to_move = JUNQI_NO_SEAT;
    return true;
}

static bool read_number(reader *r, const char *what, long max, long *out)
{
    size_t start, n, at;
    char msg[200];
    if (!next_word(r, &start, &n))
        return fail(r, start, "the %s is missing", _(what));
    if (!junqi_words_counter(r->text + start, n, what, max, out, &at, msg, sizeof msg))
        return fail(r, start + at, "%s", msg);
    return true;
}

static bool read_colours(reader *r, junqi_flip_state *st)
{
    size_t start, n;
    if (!next_word(r, &start, &n))
        return fail(r, start, "the colours are missing");
    const char *w = r->text + start;
    if (n == 2 && w[0] == 's' && colour_of(w[1]) >= 0) {
        st->colour[JUNQI_SOUTH] = (uint8_t)colour_of(w[1]);
        st->colour[JUNQI_NORTH] = (uint8_t)(colour_of(w[1]) ^ 1);
        return true;
    }
    if (n == 1 && w[0] == '-')
        return true;
    int first = n == 6 ? seat_of(w[1]) : -1, last = n == 6 ? seat_of(w[5]) : -1;
    if (n != 6 || w[0] != '?' || first < 0 || first == JUNQI_NO_SEAT || colour_of(w[2]) < 0 ||
        memory_colour(w[3]) < 0 || memory_colour(w[4]) < 0 || last < 0 || last == JUNQI_NO_SEAT)
        return fail(r, start, "the colours must be sr, sb, - or ?ABCDE (first flipper and colour, south's and north's latest colours, latest flipper)");
    st->first_flipper = (uint8_t)first;
    st->first_colour = (uint8_t)colour_of(w[2]);
    st->last_colour[JUNQI_SOUTH] = (uint8_t)memory_colour(w[3]);
    st->last_colour[JUNQI_NORTH] = (uint8_t)memory_colour(w[4]);
    st->last_flipper = (uint8_t)last;
    return true;
}

static bool read_removed(reader *r, junqi_flip_state *st)
{
    size_t start, n;
    if (!next_word(r, &start, &n))
        return fail(r, start, "the removed pieces are missing");
    if (n == 1 && r->text[start] == '-')
        return true;
    /* canonical, as put_removed() writes them: red's, then blue's, each from the marshal down */
    int colour = -1;
    const char *last = removed_order;
    for (size_t i = start; i < start + n; i++) {
        char c = r->text[i];
        int piece = piece_of(c);
        if (colour_of(c) >= 0) {
            if (colour_of(c) <= colour)
                return fail(r, i, "the removed pieces list red's before blue's, each colour's letter once");
            const char *bad; /* quoted whole */
            int len = junqi_char_at(r->text, i + 1, start + n, " ", &bad);
            if (i + 1 >= start + n || piece_of(r->text[i + 1]) < 0)
                return fail(r, i, "a colour letter stands right before a piece, not before '%.*s'", len, bad);
            colour = colour_of(c);
            last = removed_order;
        } else if (piece < 0) {
            const char *bad; /* quoted whole */
            int len = junqi_char_at(r->text, i, start + n, " ", &bad);
            return fail(r, i, "'%.*s' is not a piece symbol or a colour in the removed pieces", len, bad);
        } else if (colour < 0) {
            return fail(r, i, "the removed piece '%c' has no colour: write r or b before it", c);
        } else if (strchr(removed_order, c) < last) {
            return fail(r, i, "a colour's removed pieces go from the marshal down: 9 to 1, then B, L, F");
        } else {
            last = strchr(removed_order, c);
            st->removed[colour][piece]++;
        }
    }
    return true;
}

static bool read_rules(reader *r, const junqi_rules **rules)
{
    size_t start, n;
    if (!next_word(r, &start, &n))
        return fail(r, start, "the rule set is missing (a flip position names it)");
    char err[JUNQI_RULES_ERR_SIZE];
    if (!junqi_words_rules(r->text + start, n, JUNQI_TWO_PLAYER, rules, err, sizeof err))
        return fail(r, start, "%s", err);
    char q[JUNQI_QUOTE_SIZE];
    if (!junqi_rules_flip(*rules))
        return fail(r, start, "'%.*s' is not a flip rule set (%s)", junqi_quote(q, r->text + start, n), q,
                    junqi_rules_family_names(JUNQI_FLIP_GAME));
    if (next_word(r, &start, &n))
        return fail(r, start, "unexpected text after the position");
    return true;
}

/* Everything after RANKS, into a scratch state. */
static bool read_fields(reader *r, junqi_flip_state *st, long *quiet, long *ply, const junqi_rules **rules)
{
    return read_turn(r, st) && read_number(r, N_("no-combat count"), 65535, quiet) &&
           read_number(r, N_("ply"), 100000000L, ply) && read_colours(r, st) && read_removed(r, st) &&
           read_rules(r, rules);
}

bool junqi_flip_pos_parse(const char *text, size_t len, junqi_flip *pos, junqi_diags *d)
{
    reader r = {text, len, 0, "", 0, false};
    size_t start, n;
    uint8_t cell[JUNQI_MAX_POINTS] = {0}, load[JUNQI_MAX_POINTS] = {0};
    junqi_flip_state st;
    memset(&st, 0, sizeof st);
    memset(st.colour, JUNQI_NO_COLOUR, sizeof st.colour);
    memset(st.last_colour, JUNQI_NO_COLOUR, sizeof st.last_colour);
    st.first_flipper = st.last_flipper = JUNQI_NO_SEAT;
    st.first_colour = JUNQI_NO_COLOUR;
    long quiet = 0, ply = 0;
    const junqi_rules *rules = NULL;
    if (!next_word(&r, &start, &n))
        fail(&r, 0, "the position is empty");
    else if (read_ranks(&r, start, start + n, true, cell, load) && read_fields(&r, &st, &quiet, &ply, &rules)) {
        junqi_flip_clear(pos, rules);
        memcpy(pos->cell, cell, sizeof cell);
        memcpy(pos->load, load, sizeof load);
        memcpy(pos->st.removed, st.removed, sizeof st.removed);
        if (rules->colour_assign == JUNQI_COLOUR_FIXED && st.colour[JUNQI_SOUTH] != JUNQI_RED)
            fail(&r, start, "under %s south is red (colours sr)", rules->name);
        else if (!junqi_flip_settle(pos))
            army_problem(&r, start, pos);
        else {
            st.quiet = (uint16_t)quiet;
            st.moves = (uint32_t)ply;
            memcpy(st.pool, pos->st.pool, sizeof st.pool);
            st.down = pos->st.down;
            pos->st = st;
            pos->st.hash = junqi_flip_hash(pos);
            return true;
        }
    }
    junqi_loc loc = {(long)r.err_at, -1, 1, (int)r.err_at + 1, 0};
    junqi_diags_add(d, JUNQI_CODE_BAD_POSITION, -1, loc, "%s", r.msg);
    return false;
}

bool junqi_flip_pos_detect(const char *text, size_t len)
{
    size_t i = 0, slashes = 0;
    bool flip_symbols = false; /* the formation notation has none of r b * # ( _ */
    while (i < len && (text[i] == ' ' || text[i] == '\t'))
        i++;
    /* a NUL byte is part of the word (strchr() would find it in its set): the
     * reader says where it is (nul-byte, formats/source.c) */
    for (; i < len && (!text[i] || !strchr(" \t\r\n", text[i])); i++) {
        slashes += text[i] == '/';
        flip_symbols |= text[i] && strchr("rb*#(_", text[i]);
    }
    if (slashes != 11)
        return false;
    if (flip_symbols)
        return true;
    size_t end = i;
    while (end < len && text[end] != '\n')
        end++;
    while (end > i && strchr(" \t\r", text[end - 1]))
        end--;
    size_t w = end;
    while (w > i && !strchr(" \t", text[w - 1]))
        w--;
    char name[JUNQI_RULES_TEXT_MAX + 1], err[8];
    snprintf(name, sizeof name, "%.*s", (int)(end - w <= JUNQI_RULES_TEXT_MAX ? end - w : JUNQI_RULES_TEXT_MAX), text + w);
    const junqi_rules *rules = NULL;
    return junqi_rules_parse(name, JUNQI_TWO_PLAYER, &rules, err, sizeof err) && junqi_rules_flip(rules);
}
