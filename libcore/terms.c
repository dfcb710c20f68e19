/* SPDX-License-Identifier: MIT */
/*
 * terms.c - the glossary and the names of points. See terms.h; every word
 * and its source is in the table below, and docs/terms.md shows it.
 */
#include "terms.h"

#include <stdio.h>

#define S000_BOARD "seed 000 §认识棋盘"
#define S000_WORDS "seed 000 §四国军棋常用术语"
#define SIDE_NAME "this project: seed 000 names it only by the flag's side"

static const junqi_term_info terms[JUNQI_TERMS] = {
    [JUNQI_TERM_NONE] = {"", "", "", "", ""},
    [JUNQI_TERM_FRONT_ROW] = {"front_row", "锋线", "鋒線", "front row", S000_BOARD},
    [JUNQI_TERM_SECOND_ROW] = {"second_row", "二线", "二線", "second row", S000_BOARD},
    [JUNQI_TERM_THIRD_ROW] = {"third_row", "三线", "三線", "third row", S000_BOARD},
    [JUNQI_TERM_FOURTH_ROW] = {"fourth_row", "四线", "四線", "fourth row", S000_BOARD},
    [JUNQI_TERM_BASE_ROW] = {"base_row", "底线", "底線", "base row", S000_BOARD},
    [JUNQI_TERM_END_ROW] = {"end_row", "端线", "端線", "end row", S000_BOARD},
    [JUNQI_TERM_LEFT_FLANK] = {"left_flank", "左边路", "左邊路", "left flank", S000_BOARD},
    [JUNQI_TERM_MIDDLE] = {"middle", "中路", "中路", "middle", S000_BOARD},
    [JUNQI_TERM_RIGHT_FLANK] = {"right_flank", "右边路", "右邊路", "right flank", S000_BOARD},
    [JUNQI_TERM_BROW] = {"brow", "棋眉", "棋眉", "brow", S000_BOARD},
    [JUNQI_TERM_THROAT] = {"throat", "咽部", "咽部", "throat", S000_BOARD},
    [JUNQI_TERM_LEFT_BELLY] = {"left_belly", "左腹", "左腹", "left belly", S000_BOARD},
    [JUNQI_TERM_RIGHT_BELLY] = {"right_belly", "右腹", "右腹", "right belly", S000_BOARD},
    [JUNQI_TERM_NAVEL] = {"navel", "脐部", "臍部", "navel", S000_BOARD},
    [JUNQI_TERM_LEFT_CORNER] = {"left_corner", "左角", "左角", "left corner", SIDE_NAME},
    [JUNQI_TERM_RIGHT_CORNER] = {"right_corner", "右角", "右角", "right corner", SIDE_NAME},
    [JUNQI_TERM_FLAG_CORNER] = {"flag_corner", "旗角", "旗角", "flag corner", S000_BOARD},
    [JUNQI_TERM_EMPTY_CORNER] = {"empty_corner", "虚角", "虛角", "empty corner", S000_BOARD},
    [JUNQI_TERM_LEFT_BOTTOM] = {"left_bottom", "左底", "左底", "left bottom", SIDE_NAME},
    [JUNQI_TERM_RIGHT_BOTTOM] = {"right_bottom", "右底", "右底", "right bottom", SIDE_NAME},
    [JUNQI_TERM_FLAG_BOTTOM] = {"flag_bottom", "旗底", "旗底", "flag bottom", S000_BOARD},
    [JUNQI_TERM_EMPTY_BOTTOM] = {"empty_bottom", "虚底", "虛底", "empty bottom", S000_BOARD},
    [JUNQI_TERM_LEFT_STAND] = {"left_stand", "左台", "左臺", "left stand", S000_BOARD},
    [JUNQI_TERM_RIGHT_STAND] = {"right_stand", "右台", "右臺", "right stand", S000_BOARD},
    [JUNQI_TERM_FLAG_STAND] = {"flag_stand", "旗台", "旗臺", "flag stand", S000_BOARD},
    [JUNQI_TERM_EMPTY_STAND] = {"empty_stand", "虚台", "虛臺", "empty stand", S000_BOARD},
    [JUNQI_TERM_MIDDLE_STAND] = {"middle_stand", "台中", "臺中", "middle stand", S000_BOARD},
    [JUNQI_TERM_MIDDLE_BOTTOM] = {"middle_bottom", "中底", "中底", "middle bottom", S000_BOARD},
    [JUNQI_TERM_LEFT_FRONT_CAMP] = {"left_front_camp", "左前营", "左前營", "left front camp",
                                    S000_BOARD},
    [JUNQI_TERM_RIGHT_FRONT_CAMP] = {"right_front_camp", "右前营", "右前營", "right front camp",
                                     S000_BOARD},
    [JUNQI_TERM_MIDDLE_CAMP] = {"middle_camp", "中营", "中營", "middle camp", S000_BOARD},
    [JUNQI_TERM_LEFT_REAR_CAMP] = {"left_rear_camp", "左底营", "左底營", "left rear camp",
                                   S000_BOARD},
    [JUNQI_TERM_RIGHT_REAR_CAMP] = {"right_rear_camp", "右底营", "右底營", "right rear camp",
                                    S000_BOARD},
    [JUNQI_TERM_FLAG_CAMP] = {"flag_camp", "旗营", "旗營", "flag camp", S000_BOARD},
    [JUNQI_TERM_HEADQUARTERS] = {"headquarters", "大本营", "大本營", "headquarters", S000_BOARD},
    [JUNQI_TERM_CENTRE] = {"centre", "九宫", "九宮", "centre", S000_BOARD},
    [JUNQI_TERM_STAR_POINT] = {"star_point", "星位", "星位", "star point", S000_BOARD},
    [JUNQI_TERM_EDGE_PALACE] = {"edge_palace", "边宫", "邊宮", "edge palace", S000_BOARD},
    [JUNQI_TERM_MIDDLE_PALACE] = {"middle_palace", "中宫", "中宮", "middle palace", S000_BOARD},
    [JUNQI_TERM_TIANYUAN] = {"tianyuan", "天元", "天元", "tianyuan", S000_BOARD},
    [JUNQI_TERM_STATION] = {"station", "兵站", "兵站", "station", S000_BOARD},
    [JUNQI_TERM_CAMP] = {"camp", "行营", "行營", "camp", S000_BOARD},
    [JUNQI_TERM_RAILWAY] = {"railway", "铁路线", "鐵路線", "railway", S000_BOARD},
    [JUNQI_TERM_ROAD] = {"road", "公路线", "公路線", "road", S000_BOARD},
    [JUNQI_TERM_ARC] = {"arc", "弧形线", "弧形線", "arc", S000_BOARD},
    [JUNQI_TERM_MOUNTAIN] = {"mountain", "山界", "山界", "mountain", "seed 002, seed 004 §戰場"},
    [JUNQI_TERM_NORTH] = {"north", "北家", "北家", "north", "this project, after 上家/下家/对家 of "
                                                         S000_WORDS},
    [JUNQI_TERM_EAST] = {"east", "东家", "東家", "east", "this project, after 上家/下家/对家 of "
                                                     S000_WORDS},
    [JUNQI_TERM_SOUTH] = {"south", "南家", "南家", "south", "this project, after 上家/下家/对家 of "
                                                         S000_WORDS},
    [JUNQI_TERM_WEST] = {"west", "西家", "西家", "west", "this project, after 上家/下家/对家 of "
                                                     S000_WORDS},
    [JUNQI_TERM_NEXT_SEAT] = {"next_seat", "下家", "下家", "next seat", S000_WORDS " (落步原理)"},
    [JUNQI_TERM_PARTNER] = {"partner", "对家", "對家", "partner", S000_WORDS " (落步原理)"},
    [JUNQI_TERM_PREVIOUS_SEAT] = {"previous_seat", "上家", "上家", "previous seat",
                                  S000_WORDS " (落步原理)"},
    [JUNQI_TERM_CAPTURE] = {"capture", "吃", "吃", "capture", S000_WORDS},
    [JUNQI_TERM_TRADE] = {"trade", "兑", "兌", "trade", S000_WORDS},
    [JUNQI_TERM_BOUNCE] = {"bounce", "反弹", "反彈", "bounce", S000_WORDS},
    [JUNQI_TERM_FLY] = {"fly", "飞", "飛", "fly", S000_WORDS},
    [JUNQI_TERM_LIGHTNING] = {"lightning", "闪电", "閃電", "lightning attack", S000_WORDS},
    [JUNQI_TERM_LEADING_PIECE] = {"leading_piece", "令子", "令子", "leading piece", S000_WORDS},
    [JUNQI_TERM_TAKE_FLAG] = {"take_flag", "扛旗", "扛旗", "take the flag", S000_WORDS " (闪电)"},
    [JUNQI_TERM_FLAG_SHOWN] = {"flag_shown", "亮旗", "亮旗", "flag shown", "seed 004 §明棋玩法與規則取捨"},
    [JUNQI_TERM_BLOCK] = {"block", "挡", "擋", "block", S000_WORDS},
    [JUNQI_TERM_SEAL] = {"seal", "封", "封", "seal", S000_WORDS},
    [JUNQI_TERM_BREAK] = {"break", "突", "突", "break", S000_WORDS},
    [JUNQI_TERM_ATTRITION] = {"attrition", "盘棋", "盤棋", "attrition", S000_WORDS},
    [JUNQI_TERM_BOARD_CONTROL] = {"board_control", "控盘", "控盤", "board control", S000_WORDS},
    [JUNQI_TERM_VITAL_POINT] = {"vital_point", "急所", "急所", "vital point", S000_WORDS},
    [JUNQI_TERM_REAL_MOVE] = {"real_move", "实招", "實招", "true move", S000_WORDS},
    [JUNQI_TERM_FEINT] = {"feint", "虚招", "虛招", "feint", S000_WORDS},
    [JUNQI_TERM_TRICK] = {"trick", "骗招", "騙招", "trick", S000_WORDS},
    [JUNQI_TERM_FLOURISH] = {"flourish", "花招", "花招", "flourish", S000_WORDS},
    [JUNQI_TERM_TURN_ORDER] = {"turn_order", "落步原理", "落步原理", "turn-order principle",
                               S000_WORDS},
    [JUNQI_TERM_DARK] = {"dark", "暗棋", "暗棋", "dark game", "seed 000 §军情来历, seed 002"},
    [JUNQI_TERM_DOUBLE_OPEN] = {"double_open", "双明", "雙明", "double-open game",
                                "seed 000 §军情来历"},
    [JUNQI_TERM_OPEN] = {"open", "明棋", "明棋", "open game", "seed 000 §军情来历, seed 004"},
    [JUNQI_TERM_FLIP] = {"flip", "翻棋", "翻棋", "flip game", "seed 002"},
    [JUNQI_TERM_FOUR_DARK] = {"four_dark", "四暗", "四暗", "four-player dark game",
                              "seed 000 §军情来历"},
    [JUNQI_TERM_DUEL] = {"duel", "单挑", "單挑", "duel", "seed 000 §四国军棋中的单挑"},
};

const junqi_term_info *junqi_term_get(junqi_term t)
{
    return &terms[(unsigned)t < JUNQI_TERMS ? t : JUNQI_TERM_NONE];
}

/* True for the --names styles whose script is English. */
static bool english(junqi_names style)
{
    return style == JUNQI_NAMES_EN || style == JUNQI_NAMES_RANK;
}

const char *junqi_term_text(junqi_term t, junqi_names style)
{
    const junqi_term_info *info = junqi_term_get(t);
    if (english(style))
        return info->en;
    return style == JUNQI_NAMES_ZH_HANT ? info->zh_hant : info->zh;
}

/*
 * The names of an arm's points in the owner's frame, [row-1][col-1], with
 * the flag's side unknown; side_names() turns the left/right pairs into the
 * flag's and the empty side's once the flag is known.
 */
static const junqi_term arm_names[6][5] = {
    {JUNQI_TERM_NONE, JUNQI_TERM_BROW, JUNQI_TERM_NONE, JUNQI_TERM_BROW, JUNQI_TERM_NONE},
    {JUNQI_TERM_NONE, JUNQI_TERM_LEFT_FRONT_CAMP, JUNQI_TERM_THROAT, JUNQI_TERM_RIGHT_FRONT_CAMP,
     JUNQI_TERM_NONE},
    {JUNQI_TERM_NONE, JUNQI_TERM_LEFT_BELLY, JUNQI_TERM_MIDDLE_CAMP, JUNQI_TERM_RIGHT_BELLY,
     JUNQI_TERM_NONE},
    {JUNQI_TERM_NONE, JUNQI_TERM_LEFT_REAR_CAMP, JUNQI_TERM_NAVEL, JUNQI_TERM_RIGHT_REAR_CAMP,
     JUNQI_TERM_NONE},
    {JUNQI_TERM_LEFT_CORNER, JUNQI_TERM_LEFT_STAND, JUNQI_TERM_MIDDLE_STAND,
     JUNQI_TERM_RIGHT_STAND, JUNQI_TERM_RIGHT_CORNER},
    {JUNQI_TERM_LEFT_BOTTOM, JUNQI_TERM_HEADQUARTERS, JUNQI_TERM_MIDDLE_BOTTOM,
     JUNQI_TERM_HEADQUARTERS, JUNQI_TERM_RIGHT_BOTTOM},
};

/* The pairs named by the flag's side: left, right, the flag's, the empty side's. */
static const junqi_term side_pairs[][4] = {
    {JUNQI_TERM_LEFT_CORNER, JUNQI_TERM_RIGHT_CORNER, JUNQI_TERM_FLAG_CORNER,
     JUNQI_TERM_EMPTY_CORNER},
    {JUNQI_TERM_LEFT_BOTTOM, JUNQI_TERM_RIGHT_BOTTOM, JUNQI_TERM_FLAG_BOTTOM,
     JUNQI_TERM_EMPTY_BOTTOM},
    {JUNQI_TERM_LEFT_STAND, JUNQI_TERM_RIGHT_STAND, JUNQI_TERM_FLAG_STAND, JUNQI_TERM_EMPTY_STAND},
};

/* Name t of a point in column col once the flag's column (2 or 4) is known. */
static junqi_term side_name(junqi_term t, int col, int flag_column)
{
    bool flag_side = (col < 3) == (flag_column < 3);
    if (t == JUNQI_TERM_LEFT_REAR_CAMP || t == JUNQI_TERM_RIGHT_REAR_CAMP)
        return col == flag_column ? JUNQI_TERM_FLAG_CAMP : t;
    for (size_t i = 0; i < sizeof side_pairs / sizeof side_pairs[0]; i++)
        if (t == side_pairs[i][0] || t == side_pairs[i][1])
            return side_pairs[i][flag_side ? 2 : 3];
    return t;
}

/* A centre point: the middle (中宫), a corner (星位) or an edge (边宫) of the 3 × 3 lattice. */
static junqi_term centre_name(const junqi_board *b, int p)
{
    int file = b->point[p].file, rank = b->point[p].rank, mid = b->nfiles / 2;
    bool edge_file = file != mid, edge_rank = rank != mid;
    if (edge_file && edge_rank)
        return JUNQI_TERM_STAR_POINT;
    return edge_file || edge_rank ? JUNQI_TERM_EDGE_PALACE : JUNQI_TERM_MIDDLE_PALACE;
}

junqi_point_terms junqi_point_terms_of(const junqi_board *b, int p, int flag_column)
{
    const junqi_point *pt = &b->point[p];
    if (pt->arm >= JUNQI_SEATS)
        return (junqi_point_terms){JUNQI_NO_SEAT, JUNQI_TERM_NONE, JUNQI_TERM_NONE,
                                   centre_name(b, p)};
    junqi_point_terms t = {pt->arm, (junqi_term)(JUNQI_TERM_FRONT_ROW + pt->row - 1),
                           pt->col == 1   ? JUNQI_TERM_LEFT_FLANK
                           : pt->col == 5 ? JUNQI_TERM_RIGHT_FLANK
                                          : JUNQI_TERM_MIDDLE,
                           arm_names[pt->row - 1][pt->col - 1]};
    if (flag_column == 2 || flag_column == 4)
        t.name = side_name(t.name, pt->col, flag_column);
    return t;
}

int junqi_flag_column(const junqi_position *pos, int seat)
{
    const junqi_board *b = pos->board;
    for (int col = 2; col <= 4; col += 2) {
        int p = b->arm_point[seat][5][col - 1];
        if (p != JUNQI_NO_POINT && pos->cell[p] == JUNQI_CELL(seat, JUNQI_FLAG))
            return col;
    }
    return 0;
}

int junqi_point_phrase(const junqi_board *b, int p, int flag_column, junqi_names style, char *buf,
                       size_t n)
{
    junqi_point_terms t = junqi_point_terms_of(b, p, flag_column);
    bool en = english(style);
    if (t.seat == JUNQI_NO_SEAT)
        return snprintf(buf, n, en ? "the %s" : "%s", junqi_term_text(t.name, style));
    const char *owner = junqi_term_text((junqi_term)(JUNQI_TERM_NORTH + t.seat), style);
    if (t.name != JUNQI_TERM_NONE)
        return snprintf(buf, n, en ? "%s's %s" : "%s%s", owner, junqi_term_text(t.name, style));
    return snprintf(buf, n, en ? "%s's %s, %s" : "%s%s%s", owner, junqi_term_text(t.row, style),
                    junqi_term_text(t.column, style));
}
