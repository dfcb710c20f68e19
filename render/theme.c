/* SPDX-License-Identifier: MIT */
/*
 * theme.c - see theme.h.
 */
#include "theme.h"

#include <stddef.h>
#include <string.h>

#include "i18n.h"

/* #RRGGBB as a colour, opaque or with alpha 0..255. */
#define RGB(hex) {((hex) >> 16 & 255) / 255.0, ((hex) >> 8 & 255) / 255.0, ((hex) & 255) / 255.0, 1}
#define RGBA(hex, alpha) {((hex) >> 16 & 255) / 255.0, ((hex) >> 8 & 255) / 255.0, ((hex) & 255) / 255.0, (alpha) / 255.0}
#define SEAT(fill, edge, text) {RGB(fill), RGB(edge), RGB(text)}

/* The CJK fonts tried in order; fonts-wqy-microhei is the Debian package scripts/install-deps installs. */
#define CJK_FONTS "WenQuanYi Micro Hei, Noto Sans CJK SC, Source Han Sans SC, Droid Sans Fallback"

static const junqi_theme themes[] = {
    {
        .name = "classic",
        .font = CJK_FONTS,
        .label_font = "DejaVu Sans, " CJK_FONTS,
        .background = RGB(0xF6F1E4),
        .paper = RGB(0xF2E2B8),
        .paper_edge = RGB(0x7A5A2E),
        .centre = RGB(0xE9D29E),
        .road = RGB(0x5C4526),
        .rail_outer = RGB(0x1C1C1C),
        .rail_inner = RGB(0xFFFFFF),
        .station = RGB(0xFBF3DC),
        .camp = RGB(0xCBE2AE),
        .camp_edge = RGB(0x3F6E2A),
        .hq = RGB(0xF0C3A8),
        .hq_edge = RGB(0x963322),
        .mountain = RGB(0x8FA36B),
        .mountain_edge = RGB(0x4E5C32),
        .label = RGB(0x4A3A22),
        .last_move = RGBA(0xE8452C, 230),
        .arrow = RGBA(0x1F63C6, 200),
        .mark = RGBA(0xE8452C, 230),
        .badge = RGB(0xB3201C),
        .badge_text = RGB(0xFFFFFF),
        .two_player = {
            [JUNQI_NORTH] = SEAT(0x2F5FA8, 0x17315C, 0xFFFFFF),
            [JUNQI_EAST] = SEAT(0x2F5FA8, 0x17315C, 0xFFFFFF),
            [JUNQI_SOUTH] = SEAT(0xC7302A, 0x6E1512, 0xFFFFFF),
            [JUNQI_WEST] = SEAT(0xC7302A, 0x6E1512, 0xFFFFFF),
        },
        .four_player = {
            [JUNQI_NORTH] = SEAT(0xE9B824, 0x7A5C08, 0x2E2200),
            [JUNQI_EAST] = SEAT(0x2B63BA, 0x143A73, 0xFFFFFF),  /* white on it: 5.0:1 (WCAG 2) */
            [JUNQI_SOUTH] = SEAT(0x2B7A2B, 0x174517, 0xFFFFFF), /* 4.6:1 */
            [JUNQI_WEST] = SEAT(0x8A4DBE, 0x46226A, 0xFFFFFF),
        },
        .flip = {SEAT(0xC7302A, 0x6E1512, 0xFFFFFF), SEAT(0x2F5FA8, 0x17315C, 0xFFFFFF),
                 SEAT(0x8C7A5B, 0x4A3A22, 0xF2E2B8)},
        .seat_letters = false,
    },
    {
        .name = "contrast",
        .font = CJK_FONTS,
        .label_font = "DejaVu Sans, " CJK_FONTS,
        .background = RGB(0xFFFFFF),
        .paper = RGB(0xFFFFFF),
        .paper_edge = RGB(0x000000),
        .centre = RGB(0xEBEBEB),
        .road = RGB(0x000000),
        .rail_outer = RGB(0x000000),
        .rail_inner = RGB(0xFFFFFF),
        .station = RGB(0xFFFFFF),
        .camp = RGB(0xD9D9D9),
        .camp_edge = RGB(0x000000),
        .hq = RGB(0xBDBDBD),
        .hq_edge = RGB(0x000000),
        .mountain = RGB(0x9E9E9E),
        .mountain_edge = RGB(0x000000),
        .label = RGB(0x000000),
        .last_move = RGBA(0xCC79A7, 255),
        .arrow = RGBA(0x000000, 200),
        .mark = RGBA(0xCC79A7, 255),
        .badge = RGB(0x000000),
        .badge_text = RGB(0xFFFFFF),
        .two_player = {
            [JUNQI_NORTH] = SEAT(0xE69F00, 0x000000, 0x000000),
            [JUNQI_EAST] = SEAT(0xE69F00, 0x000000, 0x000000),
            [JUNQI_SOUTH] = SEAT(0x0072B2, 0x000000, 0xFFFFFF),
            [JUNQI_WEST] = SEAT(0x0072B2, 0x000000, 0xFFFFFF),
        },
        .four_player = {
            [JUNQI_NORTH] = SEAT(0xF0E442, 0x000000, 0x000000),
            [JUNQI_EAST] = SEAT(0xD55E00, 0x000000, 0x000000), /* black on vermilion: 5.8:1, white 3.6 */
            [JUNQI_SOUTH] = SEAT(0x0072B2, 0x000000, 0xFFFFFF),
            [JUNQI_WEST] = SEAT(0x56B4E9, 0x000000, 0x000000),
        },
        .flip = {SEAT(0xD55E00, 0x000000, 0x000000), SEAT(0x0072B2, 0x000000, 0xFFFFFF),
                 SEAT(0xBDBDBD, 0x000000, 0x000000)},
        .seat_letters = true,
    },
};

#define NTHEMES (sizeof themes / sizeof themes[0])

const junqi_theme *junqi_theme_get(const char *name)
{
    for (size_t i = 0; i < NTHEMES; i++)
        if (strcmp(themes[i].name, name) == 0)
            return &themes[i];
    return NULL;
}

const junqi_theme *junqi_theme_default(void)
{
    return &themes[0];
}

const char *junqi_theme_names(void)
{
    static _Thread_local char list[64];
    const char *names[sizeof themes / sizeof themes[0]];
    for (size_t i = 0; i < sizeof themes / sizeof themes[0]; i++)
        names[i] = themes[i].name;
    return junqi_i18n_alternatives(list, sizeof list, names, sizeof themes / sizeof themes[0]);
}

const junqi_seat_style *junqi_theme_seat(const junqi_theme *t, junqi_board_kind board,
                                         junqi_seat s)
{
    return board == JUNQI_TWO_PLAYER ? &t->two_player[s & 3] : &t->four_player[s & 3];
}

static bool same_rgb(junqi_rgba a, junqi_rgba b)
{
    return a.r == b.r && a.g == b.g && a.b == b.b;
}

/* Append c to out[0..*n) unless it is there already or out is full. */
static void add_colour(junqi_rgba *out, int max, int *n, junqi_rgba c)
{
    for (int i = 0; i < *n && i < max; i++)
        if (same_rgb(out[i], c))
            return;
    if (*n < max)
        out[*n] = c;
    (*n)++;
}

int junqi_theme_colours(const junqi_theme *t, junqi_rgba *out, int max)
{
    const junqi_rgba fixed[] = {
        t->background, t->paper, t->paper_edge, t->centre, t->road, t->rail_outer,
        t->rail_inner, t->station, t->camp, t->camp_edge, t->hq, t->hq_edge, t->mountain,
        t->mountain_edge, t->label, t->last_move, t->arrow, t->mark, t->badge, t->badge_text,
    };
    int n = 0;
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        add_colour(out, max, &n, fixed[i]);
    for (int s = 0; s < JUNQI_SEATS + 3; s++) {
        const junqi_seat_style *styles[2] = {s < JUNQI_SEATS ? &t->two_player[s] : &t->flip[s - JUNQI_SEATS],
                                             s < JUNQI_SEATS ? &t->four_player[s] : &t->flip[s - JUNQI_SEATS]};
        for (int k = 0; k < 2; k++) {
            add_colour(out, max, &n, styles[k]->fill);
            add_colour(out, max, &n, styles[k]->edge);
            add_colour(out, max, &n, styles[k]->text);
        }
    }
    return n;
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* #RRGGBB or #RRGGBBAA. */
static bool parse_hex(const char *text, junqi_rgba *out)
{
    size_t len = strlen(text);
    if (text[0] != '#' || (len != 7 && len != 9))
        return false;
    double ch[4] = {0, 0, 0, 1};
    for (size_t i = 0; i * 2 + 1 < len; i++) {
        int hi = hex_digit(text[1 + 2 * i]), lo = hex_digit(text[2 + 2 * i]);
        if (hi < 0 || lo < 0)
            return false;
        ch[i] = (hi * 16 + lo) / 255.0;
    }
    *out = (junqi_rgba){ch[0], ch[1], ch[2], ch[3]};
    return true;
}

bool junqi_colour_parse(const char *text, junqi_rgba *out)
{
    static const struct {
        const char *name;
        junqi_rgba colour;
    } named[] = {
        {"red", RGBA(0xE3261F, 220)},     {"green", RGBA(0x1E9E3A, 220)},
        {"blue", RGBA(0x1F63C6, 220)},    {"yellow", RGBA(0xF2C200, 230)},
        {"orange", RGBA(0xF07D00, 220)},  {"purple", RGBA(0x8A3FC0, 220)},
        {"black", RGBA(0x000000, 220)},   {"white", RGBA(0xFFFFFF, 230)},
        {"grey", RGBA(0x808080, 220)},    {"gray", RGBA(0x808080, 220)},
        {"cyan", RGBA(0x00A5C8, 220)},    {"magenta", RGBA(0xD2219B, 220)},
        {"pink", RGBA(0xF27BA8, 220)},    {"brown", RGBA(0x8B5A2B, 220)},
    };
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
        if (strcmp(named[i].name, text) == 0) {
            *out = named[i].colour;
            return true;
        }
    return parse_hex(text, out);
}
