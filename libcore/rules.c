/* SPDX-License-Identifier: MIT */
/*
 * rules.c - the named rule sets of docs/rules.md, and combat.
 */
#include "rules.h"
#include "score.h"

#include <string.h>

static const junqi_rules rule_sets[] = {
    {"qq", JUNQI_FOUR_PLAYER, JUNQI_LANDMINE_ATTACKER_DIES, JUNQI_BOMB_CAPTURES_FLAG, 71,
     JUNQI_TURN_CCW, JUNQI_NORTH, JUNQI_DARK, true, true, &junqi_scoring_qq},
    {"standard", JUNQI_TWO_PLAYER, JUNQI_LANDMINE_ATTACKER_DIES, JUNQI_BOMB_CAPTURES_FLAG, 70,
     JUNQI_TURN_CCW, JUNQI_SOUTH, JUNQI_DARK, true, false, NULL},
    {"open", JUNQI_TWO_PLAYER, JUNQI_LANDMINE_ATTACKER_DIES, JUNQI_BOMB_CAPTURES_FLAG, 0,
     JUNQI_TURN_CCW, JUNQI_SOUTH, JUNQI_OPEN, true, false, NULL},
    {"wiki", JUNQI_TWO_PLAYER, JUNQI_LANDMINE_BOTH_REMOVED, JUNQI_BOMB_REMOVED, 70,
     JUNQI_TURN_CCW, JUNQI_SOUTH, JUNQI_DARK, true, false, NULL},
};

const junqi_rules *junqi_rules_get(const char *name)
{
    for (size_t i = 0; i < sizeof rule_sets / sizeof rule_sets[0]; i++)
        if (strcmp(rule_sets[i].name, name) == 0)
            return &rule_sets[i];
    return NULL;
}

const junqi_rules *junqi_rules_default(junqi_board_kind board)
{
    return &rule_sets[board == JUNQI_FOUR_PLAYER ? 0 : 1];
}

const char *junqi_rules_names(void)
{
    return "qq, standard, open, wiki";
}

junqi_outcome junqi_combat(const junqi_rules *r, junqi_piece attacker, junqi_piece defender)
{
    if (attacker == JUNQI_UNKNOWN || defender == JUNQI_UNKNOWN)
        return JUNQI_NO_COMBAT;
    if (defender == JUNQI_FLAG) {
        if (attacker != JUNQI_BOMB)
            return JUNQI_ATTACKER_WINS;
        return r->bomb_vs_flag == JUNQI_BOMB_CAPTURES_FLAG ? JUNQI_BOTH_REMOVED
                                                           : JUNQI_ATTACKER_LOSES;
    }
    if (attacker == JUNQI_BOMB || defender == JUNQI_BOMB)
        return JUNQI_BOTH_REMOVED;
    if (defender == JUNQI_LANDMINE) {
        if (attacker == JUNQI_ENGINEER)
            return JUNQI_ATTACKER_WINS;
        return r->landmine_vs_piece == JUNQI_LANDMINE_ATTACKER_DIES ? JUNQI_ATTACKER_LOSES
                                                                    : JUNQI_BOTH_REMOVED;
    }
    int a = junqi_piece_rank(attacker), d = junqi_piece_rank(defender);
    return a > d ? JUNQI_ATTACKER_WINS : a < d ? JUNQI_ATTACKER_LOSES : JUNQI_BOTH_REMOVED;
}

const char *junqi_outcome_name(junqi_outcome o)
{
    static const char *const names[] = {"move", "attacker wins", "attacker loses",
                                        "both removed"};
    return names[o & 3];
}

const char *junqi_info_mode_name(junqi_info_mode m)
{
    static const char *const names[] = {"dark", "double-open", "open"};
    return names[m];
}
