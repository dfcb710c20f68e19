/* SPDX-License-Identifier: MIT */
/*
 * piece.c - piece and seat names and counts. See piece.h.
 */
#include "piece.h"
#include "i18n.h"

#include <stdio.h>
#include <string.h>

/* One row per piece kind, in enum order. Counts from docs/rules.md. */
static const struct {
    const char *en, *zh, *zh_hant, *shortname, *rank;
    int count;
} piece_info[JUNQI_PIECE_KINDS] = {
    [JUNQI_NONE] = {"", "", "", "", "", 0},
    [JUNQI_FLAG] = {N_("flag"), "军旗", "軍旗", "旗", "F", 1},
    [JUNQI_LANDMINE] = {N_("landmine"), "地雷", "地雷", "雷", "L", 3},
    [JUNQI_BOMB] = {N_("bomb"), "炸弹", "炸彈", "炸", "B", 2},
    [JUNQI_ENGINEER] = {N_("engineer"), "工兵", "工兵", "兵", "1", 3},
    [JUNQI_LIEUTENANT] = {N_("lieutenant"), "排长", "排長", "排", "2", 3},
    [JUNQI_CAPTAIN] = {N_("captain"), "连长", "連長", "连", "3", 3},
    [JUNQI_MAJOR] = {N_("major"), "营长", "營長", "营", "4", 2},
    [JUNQI_COLONEL] = {N_("colonel"), "团长", "團長", "团", "5", 2},
    [JUNQI_BRIGADIER] = {N_("brigadier"), "旅长", "旅長", "旅", "6", 2},
    [JUNQI_MAJOR_GENERAL] = {N_("major_general"), "师长", "師長", "师", "7", 2},
    [JUNQI_GENERAL] = {N_("general"), "军长", "軍長", "军", "8", 1},
    [JUNQI_MARSHAL] = {N_("marshal"), "司令", "司令", "司", "9", 1},
    [JUNQI_UNKNOWN] = {"unknown", "暗", "暗", "暗", "?", 0},
};

/* Further spellings people write: the traditional one-character forms and
 * common alternatives (工 for the engineer, 弹/彈 for the bomb). */
static const struct {
    const char *text;
    junqi_piece piece;
} piece_aliases[] = {
    {"軍", JUNQI_GENERAL}, {"師", JUNQI_MAJOR_GENERAL}, {"團", JUNQI_COLONEL},
    {"營", JUNQI_MAJOR}, {"連", JUNQI_CAPTAIN}, {"工", JUNQI_ENGINEER},
    {"弹", JUNQI_BOMB}, {"彈", JUNQI_BOMB}, {"旗", JUNQI_FLAG},
    {"?", JUNQI_UNKNOWN},
};

int junqi_piece_rank(junqi_piece p)
{
    return (p >= JUNQI_ENGINEER && p <= JUNQI_MARSHAL) ? (int)p - JUNQI_ENGINEER + 1 : 0;
}

int junqi_piece_count(junqi_piece p)
{
    return (p > JUNQI_NONE && p < JUNQI_PIECE_KINDS) ? piece_info[p].count : 0;
}

bool junqi_piece_is_immobile(junqi_piece p)
{
    return p == JUNQI_FLAG || p == JUNQI_LANDMINE;
}

const char *junqi_piece_name(junqi_piece p, junqi_names style)
{
    if (p >= JUNQI_PIECE_KINDS)
        p = JUNQI_UNKNOWN;
    switch (style) {
    case JUNQI_NAMES_ZH: return piece_info[p].zh;
    case JUNQI_NAMES_ZH_HANT: return piece_info[p].zh_hant;
    case JUNQI_NAMES_SHORT: return piece_info[p].shortname;
    case JUNQI_NAMES_RANK: return piece_info[p].rank;
    case JUNQI_NAMES_EN: break;
    }
    return piece_info[p].en;
}

/* Whether the len bytes at text are name (an empty name is never). It
 * stops at the first byte that differs, as most names do at once: a strlen
 * of every name was 3 % of validating (a setup's every symbol is parsed). */
static bool text_is(const char *text, size_t len, const char *name)
{
    size_t i = 0;
    while (i < len && name[i] != '\0' && name[i] == text[i])
        i++;
    return len > 0 && i == len && name[len] == '\0';
}

const char *junqi_piece_words(junqi_piece p)
{
    if (p == JUNQI_MAJOR_GENERAL)
        return N_("major general");
    if (p == JUNQI_UNKNOWN || p >= JUNQI_PIECE_KINDS)
        return N_("unknown piece");
    return piece_info[p].en;
}

const char *junqi_piece_a(junqi_piece p)
{
    static const char *const with_article[JUNQI_PIECE_KINDS] = {
        [JUNQI_NONE] = N_("nothing"),           [JUNQI_FLAG] = N_("a flag"),
        [JUNQI_LANDMINE] = N_("a landmine"),    [JUNQI_BOMB] = N_("a bomb"),
        [JUNQI_ENGINEER] = N_("an engineer"),   [JUNQI_LIEUTENANT] = N_("a lieutenant"),
        [JUNQI_CAPTAIN] = N_("a captain"),      [JUNQI_MAJOR] = N_("a major"),
        [JUNQI_COLONEL] = N_("a colonel"),      [JUNQI_BRIGADIER] = N_("a brigadier"),
        [JUNQI_MAJOR_GENERAL] = N_("a major general"), [JUNQI_GENERAL] = N_("a general"),
        [JUNQI_MARSHAL] = N_("a marshal"),      [JUNQI_UNKNOWN] = N_("an unknown piece"),
    };
    return with_article[p < JUNQI_PIECE_KINDS ? p : JUNQI_UNKNOWN];
}

junqi_piece junqi_piece_parse(const char *text, size_t len)
{
    for (int p = JUNQI_FLAG; p < JUNQI_PIECE_KINDS; p++) {
        if (text_is(text, len, piece_info[p].en) || text_is(text, len, piece_info[p].zh) ||
            text_is(text, len, piece_info[p].zh_hant) ||
            text_is(text, len, piece_info[p].shortname) || text_is(text, len, piece_info[p].rank))
            return (junqi_piece)p;
    }
    for (size_t i = 0; i < sizeof piece_aliases / sizeof piece_aliases[0]; i++)
        if (text_is(text, len, piece_aliases[i].text))
            return piece_aliases[i].piece;
    return JUNQI_NONE;
}

static const char *const seat_names[] = {N_("north"), N_("east"), N_("south"), N_("west"), "none"};

const char *junqi_seat_name(junqi_seat s)
{
    return seat_names[s <= JUNQI_NO_SEAT ? s : JUNQI_NO_SEAT];
}

char *junqi_seat_list(unsigned seats, char *buf, size_t n)
{
    size_t used = 0;
    if (n)
        buf[0] = '\0';
    for (int s = 0; s < JUNQI_SEATS && used < n; s++)
        if (seats & (1u << s))
            used += (size_t)snprintf(buf + used, n - used, "%s%s", used ? ", " : "", seat_names[s]);
    if (!used && n)
        snprintf(buf, n, "none");
    return buf;
}

junqi_seat junqi_seat_parse(const char *text)
{
    for (int s = 0; s < JUNQI_SEATS; s++)
        if (strcmp(text, seat_names[s]) == 0 || (text[0] == seat_names[s][0] && text[1] == '\0'))
            return (junqi_seat)s;
    return JUNQI_NO_SEAT;
}

bool junqi_names_parse(const char *text, junqi_names *out)
{
    static const struct {
        const char *text;
        junqi_names names;
    } styles[] = {{"zh", JUNQI_NAMES_ZH}, {"zh-Hant", JUNQI_NAMES_ZH_HANT},
                  {"short", JUNQI_NAMES_SHORT}, {"en", JUNQI_NAMES_EN}, {"rank", JUNQI_NAMES_RANK}};
    for (size_t i = 0; i < sizeof styles / sizeof styles[0]; i++)
        if (strcmp(text, styles[i].text) == 0) {
            *out = styles[i].names;
            return true;
        }
    return false;
}
