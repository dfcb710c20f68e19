/* SPDX-License-Identifier: MIT */
/*
 * setup.c - see setup.h.
 */
#include "setup.h"
#include "i18n.h"

#include <stdarg.h>
#include <stdio.h>

unsigned junqi_setup_allowed(int row, int col)
{
    return junqi_setup_allowed_under(NULL, row, col);
}

unsigned junqi_setup_allowed_under(const junqi_rules *r, int row, int col)
{
    unsigned k = ((1u << (JUNQI_MARSHAL + 1)) - 1) & ~((1u << JUNQI_FLAG) - 1);
    junqi_point_kind kind = junqi_arm_point_kind(row, col);
    if (kind == JUNQI_CAMP)
        return 0;
    if (row < 5)
        k &= ~(1u << JUNQI_LANDMINE);
    if (row == 1 && !(r && r->bomb_front_row))
        k &= ~(1u << JUNQI_BOMB);
    if (kind != JUNQI_HEADQUARTERS)
        k &= ~(1u << JUNQI_FLAG);
    return k;
}

bool junqi_setup_may_stand(const junqi_board *b, const junqi_rules *r, int seat,
                           junqi_piece piece, int p)
{
    const junqi_point *pt = &b->point[p];
    if (!junqi_piece_is_immobile(piece))
        return true;
    return pt->arm == seat && (junqi_setup_allowed_under(r, pt->row, pt->col) & (1u << piece));
}

__attribute__((format(printf, 6, 7)))
static void add(junqi_setup_problem *out, int *n, junqi_code code, int row, int col,
                const char *fmt, ...)
{
    junqi_setup_problem *p = &out[(*n)++];
    p->code = code;
    p->row = row;
    p->col = col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->message, sizeof p->message, _(fmt), ap);
    va_end(ap);
}

/* Which placement rule a piece that junqi_setup_allowed() refuses breaks. */
static void misplaced(junqi_setup_problem *out, int *n, junqi_piece piece, int row, int col)
{
    if (piece == JUNQI_LANDMINE)
        add(out, n, JUNQI_CODE_LANDMINE_ROW, row, col,
            "a landmine stands in row %d (column %d); landmines belong in rows 5-6", row, col);
    else if (piece == JUNQI_BOMB)
        add(out, n, JUNQI_CODE_BOMB_FRONT_ROW, row, col,
            "a bomb stands in the front row (column %d); bombs may not start in row 1 "
            "(bomb_front_row=forbid)", col);
    else
        add(out, n, JUNQI_CODE_FLAG_NOT_IN_HEADQUARTERS, row, col,
            "the flag stands at row %d, column %d; it belongs in a headquarters (row 6, column 2 or 4)",
            row, col);
}

static void check_point(const uint8_t setup[6][5], const junqi_rules *r, int row, int col,
                        junqi_setup_problem *out, int *n)
{
    junqi_piece piece = (junqi_piece)setup[row - 1][col - 1];
    int before = *n;
    if (junqi_arm_point_kind(row, col) == JUNQI_CAMP) {
        if (piece != JUNQI_NONE)
            add(out, n, JUNQI_CODE_PIECE_ON_CAMP, row, col,
                "%s stands on the camp at row %d, column %d; camps start empty", _(junqi_piece_a(piece)),
                row, col);
    } else if (piece == JUNQI_NONE) {
        add(out, n, JUNQI_CODE_EMPTY_POINT, row, col, "row %d, column %d holds no piece", row, col);
    } else if (piece == JUNQI_UNKNOWN || piece >= JUNQI_PIECE_KINDS) {
        add(out, n, JUNQI_CODE_UNKNOWN_PIECE, row, col, "row %d, column %d holds an unknown piece", row, col);
    } else if (!(junqi_setup_allowed_under(r, row, col) & (1u << piece))) {
        misplaced(out, n, piece, row, col);
    }
    for (int i = before; i < *n; i++)
        out[i].piece = piece;
}

int junqi_setup_check(const uint8_t setup[6][5], junqi_setup_problem *out)
{
    return junqi_setup_check_under(setup, NULL, out);
}

int junqi_setup_check_under(const uint8_t setup[6][5], const junqi_rules *r,
                            junqi_setup_problem *out)
{
    int n = 0, count[JUNQI_PIECE_KINDS] = {0};
    for (int row = 1; row <= 6; row++)
        for (int col = 1; col <= 5; col++) {
            check_point(setup, r, row, col, out, &n);
            if (setup[row - 1][col - 1] < JUNQI_PIECE_KINDS)
                count[setup[row - 1][col - 1]]++;
        }
    for (int p = JUNQI_FLAG; p <= JUNQI_MARSHAL; p++) {
        int want = junqi_piece_count((junqi_piece)p);
        if (count[p] != want) {
            add(&out[0], &n, JUNQI_CODE_PIECE_COUNT, 0, 0, "wrong number of %ss: %d expected, found %d",
                _(junqi_piece_words((junqi_piece)p)), want, count[p]);
            out[n - 1].piece = (junqi_piece)p;
        }
    }
    return n;
}

void junqi_setup_format(const uint8_t setup[6][5], char out[JUNQI_SETUP_TEXT])
{
    for (int r = 0; r < 6; r++) {
        for (int c = 0; c < 5; c++) {
            junqi_piece p = (junqi_piece)setup[r][c];
            out[r * 6 + c] = p == JUNQI_NONE ? '.' : junqi_piece_name(p, JUNQI_NAMES_RANK)[0];
        }
        out[r * 6 + 5] = r < 5 ? '/' : '\0';
    }
}

bool junqi_setup_parse(const char *text, size_t len, uint8_t setup[6][5])
{
    if (len != JUNQI_SETUP_TEXT - 1)
        return false;
    for (int r = 0; r < 6; r++) {
        if (r < 5 && text[r * 6 + 5] != '/')
            return false;
        for (int c = 0; c < 5; c++) {
            const char *sym = &text[r * 6 + c];
            junqi_piece p = *sym == '.' ? JUNQI_NONE : junqi_piece_parse(sym, 1);
            if ((p == JUNQI_NONE && *sym != '.') || p == JUNQI_UNKNOWN)
                return false;
            setup[r][c] = (uint8_t)p;
        }
    }
    return true;
}
