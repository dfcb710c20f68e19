/* SPDX-License-Identifier: MIT */
/*
 * flip_zuhe.c - zuhe, the combination-piece game (seed 002's 组合棋子):
 * stacks, their movement and §4's combat table (docs/variants.md §4).
 *
 * A point's group is its face-up leading piece and its load (flip.h): a
 * lieutenant with 1-2 enemy bombs, an engineer with 1-3 enemy landmines
 * and/or the enemy flag, or a leftover group of one colour's landmines
 * and/or flag (led by a landmine, else the flag). A move takes the whole
 * group or a part (the leader with some of its load; what stays behind must
 * be a group of its own: landmines and a flag, or one bomb); in a camp only
 * the whole group moves. Combat: kill (the target goes, the attacker moves
 * in), both (both go), spend (the target goes, the attacker spends one
 * explosive, the first in the order landmines, bombs, and the rest moves in),
 * absorb (the target joins the attacker), and the explosives' attack on
 * their own colour's lone landmine or flag (destroyed, one explosive spent;
 * a lone bomb goes itself).
 */
#include "flip.h"

/* The kinds of group the table of §4 names. */
typedef enum group {
    G_NONE,        /* no attack possible from or onto it */
    G_RANK,        /* a single marshal .. captain */
    G_LIEUT,       /* a single lieutenant */
    G_ENG,         /* a single engineer */
    G_BOMB,        /* a single bomb */
    G_LIEUT_BOMBS, /* lieutenant + bombs */
    G_ENG_MINES,   /* engineer + landmines */
    G_ENG_FLAG,    /* engineer + flag (and landmines) */
    G_MINE,        /* a lone landmine */
    G_FLAG,        /* a lone flag */
    G_LEFTOVER     /* landmines and/or a flag together */
} group;

static group classify(uint8_t leader, uint8_t load)
{
    switch (junqi_flip_piece(leader)) {
    case JUNQI_LIEUTENANT: return JUNQI_LOAD_BOMBS(load) ? G_LIEUT_BOMBS : G_LIEUT;
    case JUNQI_ENGINEER:
        return (load & JUNQI_LOAD_FLAG) ? G_ENG_FLAG : JUNQI_LOAD_MINES(load) ? G_ENG_MINES : G_ENG;
    case JUNQI_BOMB: return G_BOMB;
    case JUNQI_LANDMINE: return load ? G_LEFTOVER : G_MINE;
    case JUNQI_FLAG: return G_FLAG;
    case JUNQI_NONE:
    case JUNQI_UNKNOWN: return G_NONE;
    default: return G_RANK;
    }
}

static bool is_engineer_group(group g)
{
    return g == G_ENG || g == G_ENG_MINES || g == G_ENG_FLAG;
}

static bool is_lieutenant_group(group g)
{
    return g == G_LIEUT || g == G_LIEUT_BOMBS;
}

static bool is_immobile_group(group g)
{
    return g == G_MINE || g == G_FLAG || g == G_LEFTOVER;
}

/* What the moving group (leader a with load `part`) does to the target
 * (leader d with load ld): the outcome, or -1 for no such attack. */
static int table(uint8_t a, uint8_t part, uint8_t d, uint8_t ld)
{
    group g = classify(a, part), t = classify(d, ld);
    bool own = junqi_flip_colour(a) == junqi_flip_colour(d);
    bool explosive = g == G_BOMB || g == G_LIEUT_BOMBS || g == G_ENG_MINES ||
                     (g == G_ENG_FLAG && JUNQI_LOAD_MINES(part));
    if (own) /* only an explosive onto its own colour's lone landmine or flag */
        return explosive && (t == G_MINE || t == G_FLAG) ? (g == G_BOMB ? JUNQI_BOTH_REMOVED : JUNQI_ATTACKER_WINS)
                                                        : -1;
    int ra = junqi_piece_rank((junqi_piece)junqi_flip_piece(a));
    int rd = junqi_piece_rank((junqi_piece)junqi_flip_piece(d));
    bool single_rank = t == G_RANK || t == G_LIEUT || t == G_ENG;
    switch (g) {
    case G_RANK:
        return single_rank && ra >= rd ? (ra > rd ? JUNQI_ATTACKER_WINS : JUNQI_BOTH_REMOVED) : -1;
    case G_LIEUT:
    case G_LIEUT_BOMBS:
        if (is_lieutenant_group(t))
            return JUNQI_BOTH_REMOVED;
        if (t == G_ENG)
            return JUNQI_ATTACKER_WINS;
        if (t == G_BOMB)
            return JUNQI_ABSORBS;
        return g == G_LIEUT_BOMBS && t != G_NONE ? JUNQI_ATTACKER_WINS : -1; /* spend */
    case G_BOMB: return t == G_NONE || is_lieutenant_group(t) ? -1 : JUNQI_BOTH_REMOVED;
    case G_ENG:
    case G_ENG_MINES:
    case G_ENG_FLAG:
        if (is_engineer_group(t))
            return JUNQI_BOTH_REMOVED;
        if (t == G_RANK || t == G_LIEUT)
            return g == G_ENG ? -1 : JUNQI_ATTACKER_WINS; /* spend, or a flag stack's kill */
        if (t == G_MINE || (t == G_LEFTOVER && !(g == G_ENG_FLAG && (ld & JUNQI_LOAD_FLAG))))
            return JUNQI_ABSORBS;
        return t == G_FLAG && g != G_ENG_FLAG ? JUNQI_ABSORBS : -1;
    default: return -1;
    }
}

/* Does a winning attack of the moving group spend an explosive (§4: spend, not kill)? */
static bool spends(uint8_t a, uint8_t part, uint8_t d, uint8_t ld)
{
    group g = classify(a, part);
    if (junqi_flip_colour(a) == junqi_flip_colour(d))
        return g != G_BOMB; /* its own colour's lone landmine or flag */
    if (g == G_LIEUT_BOMBS)
        return classify(d, ld) != G_ENG;
    return g == G_ENG_MINES;
}

/* The load `part` of what the stack on p carries that moves (the whole of it for JUNQI_PART_ALL). */
static uint8_t moving_load(const junqi_flip *pos, int p, uint8_t part)
{
    return part == JUNQI_PART_ALL ? JUNQI_LOAD_CARRIED(pos->load[p]) : part;
}

int junqi_zuhe_outcome(const junqi_flip *pos, junqi_action a)
{
    uint8_t d = pos->cell[a.to];
    if (!d || junqi_flip_down(d))
        return d ? -1 : JUNQI_NO_COMBAT;
    return table(pos->cell[a.from], moving_load(pos, a.from, a.part), d, pos->load[a.to]);
}

/* Is `part` a part of load l that leaves a group of its own behind? */
static bool valid_part(uint8_t l, uint8_t part)
{
    int m = JUNQI_LOAD_MINES(part), b = JUNQI_LOAD_BOMBS(part);
    if ((part & ~(uint8_t)0x1F) || m > JUNQI_LOAD_MINES(l) || b > JUNQI_LOAD_BOMBS(l) ||
        ((part & JUNQI_LOAD_FLAG) && !(l & JUNQI_LOAD_FLAG)))
        return false;
    return JUNQI_LOAD_BOMBS(l) - b <= 1; /* bombs stay behind one at a time */
}

/* The group left on the point: led by its own leading piece, of the enemy colour. */
static void leave_behind(junqi_flip *pos, int p, int colour, uint8_t rest)
{
    if (!rest) {
        junqi_flip_put(pos, p, 0, 0);
        return;
    }
    int leader = JUNQI_LOAD_MINES(rest) ? JUNQI_LANDMINE : (rest & JUNQI_LOAD_FLAG) ? JUNQI_FLAG : JUNQI_BOMB;
    uint8_t own_load = leader == JUNQI_LANDMINE ? (uint8_t)(rest - JUNQI_LOAD_MINE)
                       : leader == JUNQI_FLAG ? 0 : (uint8_t)(rest - JUNQI_LOAD_BOMB);
    junqi_flip_put(pos, p, JUNQI_FLIP_CELL(colour, leader), own_load);
}

static void remove_group(junqi_flip *pos, uint8_t leader, uint8_t load)
{
    int c = junqi_flip_colour(leader), k = junqi_flip_piece(leader);
    int carried = k == JUNQI_LANDMINE || k == JUNQI_FLAG ? c : c ^ 1;
    pos->st.removed[c][k]++;
    pos->st.removed[carried][JUNQI_LANDMINE] += (uint8_t)JUNQI_LOAD_MINES(load);
    pos->st.removed[carried][JUNQI_BOMB] += (uint8_t)JUNQI_LOAD_BOMBS(load);
    pos->st.removed[carried][JUNQI_FLAG] += (load & JUNQI_LOAD_FLAG) != 0;
}

/* Spend one explosive of load l (landmines first) carried for colour c's enemy. */
static uint8_t spend(junqi_flip *pos, int leader_colour, uint8_t l)
{
    int k = JUNQI_LOAD_MINES(l) ? JUNQI_LANDMINE : JUNQI_BOMB;
    pos->st.removed[leader_colour ^ 1][k]++;
    return (uint8_t)(l - (k == JUNQI_LANDMINE ? JUNQI_LOAD_MINE : JUNQI_LOAD_BOMB));
}

/* What the target's pieces add to an absorbing load. */
static uint8_t absorbed(uint8_t d, uint8_t ld)
{
    int k = junqi_flip_piece(d);
    uint8_t add = k == JUNQI_LANDMINE ? JUNQI_LOAD_MINE : k == JUNQI_FLAG ? JUNQI_LOAD_FLAG : JUNQI_LOAD_BOMB;
    return (uint8_t)(add + JUNQI_LOAD_CARRIED(ld));
}

int junqi_zuhe_apply(junqi_flip *pos, junqi_action a, junqi_flip_undo *u)
{
    uint8_t att = pos->cell[a.from], all = JUNQI_LOAD_CARRIED(pos->load[a.from]);
    uint8_t part = moving_load(pos, a.from, a.part), d = pos->cell[a.to], ld = pos->load[a.to];
    int colour = junqi_flip_colour(att), outcome = junqi_zuhe_outcome(pos, a);
    int did = part != all ? JUNQI_DID_CHANGE_GROUPS : 0;
    leave_behind(pos, a.from, colour ^ 1, (uint8_t)(all - part));
    u->outcome = (uint8_t)(outcome < 0 ? JUNQI_NO_COMBAT : outcome);
    switch (outcome) {
    case JUNQI_NO_COMBAT: junqi_flip_put(pos, a.to, att, part); return did;
    case JUNQI_ABSORBS:
        junqi_flip_put(pos, a.to, att, (uint8_t)(part + absorbed(d, ld)));
        return did | JUNQI_DID_CHANGE_GROUPS;
    case JUNQI_BOTH_REMOVED:
        remove_group(pos, att, part);
        remove_group(pos, d, ld);
        junqi_flip_put(pos, a.to, 0, 0);
        return did | JUNQI_DID_REMOVE;
    default: /* kill, or spend */
        remove_group(pos, d, ld);
        junqi_flip_put(pos, a.to, att, spends(att, part, d, ld) ? spend(pos, colour, part) : part);
        return did | JUNQI_DID_REMOVE;
    }
}

/* ---- movement ---- */

static junqi_reach_style style_of(group g)
{
    if (is_engineer_group(g))
        return JUNQI_REACH_FLIGHT;
    return g == G_BOMB ? JUNQI_REACH_RUNS : JUNQI_REACH_STEP;
}

/* The moves of one moving part of the group on p. */
static int generate_part(const junqi_flip *pos, int p, uint8_t part, junqi_action *out)
{
    uint8_t att = pos->cell[p];
    group g = classify(att, part);
    uint8_t to[JUNQI_MAX_POINTS];
    int n = 0, k = junqi_flip_reach(pos, p, style_of(g), to);
    uint8_t tag = part == JUNQI_LOAD_CARRIED(pos->load[p]) ? JUNQI_PART_ALL : part;
    for (int i = 0; i < k; i++) {
        uint8_t d = pos->cell[to[i]];
        bool camp = pos->board->point[to[i]].kind == JUNQI_CAMP;
        if (d ? !camp && table(att, part, d, pos->load[to[i]]) >= 0 && !junqi_flip_down(d) : !(camp && g == G_BOMB))
            out[n++] = (junqi_action){JUNQI_ACT_MOVE, (uint8_t)p, to[i], tag, false};
    }
    return n;
}

int junqi_zuhe_generate_from(const junqi_flip *pos, int p, junqi_action *out)
{
    uint8_t l = JUNQI_LOAD_CARRIED(pos->load[p]);
    if (is_immobile_group(classify(pos->cell[p], l)))
        return 0;
    if (pos->board->point[p].kind == JUNQI_CAMP)
        return generate_part(pos, p, l, out);
    int n = 0;
    for (int f = 0; f <= ((l & JUNQI_LOAD_FLAG) != 0); f++)
        for (int b = 0; b <= JUNQI_LOAD_BOMBS(l); b++)
            for (int m = 0; m <= JUNQI_LOAD_MINES(l); m++) {
                uint8_t part = (uint8_t)(m * JUNQI_LOAD_MINE + b * JUNQI_LOAD_BOMB + f * JUNQI_LOAD_FLAG);
                if (valid_part(l, part))
                    n += generate_part(pos, p, part, out + n);
            }
    return n;
}

junqi_flip_illegal junqi_zuhe_check(const junqi_flip *pos, junqi_action a, junqi_flip_check *check)
{
    uint8_t att = pos->cell[a.from], l = JUNQI_LOAD_CARRIED(pos->load[a.from]), d = pos->cell[a.to];
    if (is_immobile_group(classify(att, l)))
        return JUNQI_FLIP_IMMOBILE;
    if (a.from == a.to)
        return JUNQI_FLIP_SAME_POINT;
    if (a.drop)
        return JUNQI_FLIP_BAD_DROP;
    uint8_t part = moving_load(pos, a.from, a.part);
    if (!valid_part(l, part))
        return JUNQI_FLIP_BAD_PART;
    if (part != l && pos->board->point[a.from].kind == JUNQI_CAMP)
        return JUNQI_FLIP_SPLIT_IN_CAMP;
    bool camp = pos->board->point[a.to].kind == JUNQI_CAMP;
    bool own = d && !junqi_flip_down(d) && junqi_flip_colour(d) == junqi_flip_colour(att);
    if (d && junqi_flip_down(d))
        return JUNQI_FLIP_ATTACK_DOWN;
    if (own && table(att, part, d, pos->load[a.to]) < 0)
        return JUNQI_FLIP_OWN_PIECE;
    if (d && camp)
        return JUNQI_FLIP_CAMP;
    group g = classify(att, part);
    if (!d && camp && g == G_BOMB)
        return JUNQI_FLIP_BOMB_CAMP;
    junqi_reach_style style = style_of(g);
    junqi_flip_illegal code = junqi_flip_reach_check(pos, a.from, a.to, style, &check->at);
    if (code != JUNQI_FLIP_LEGAL)
        return style == JUNQI_REACH_STEP ? JUNQI_FLIP_ONE_STEP : code;
    if (d && table(att, part, d, pos->load[a.to]) < 0)
        return JUNQI_FLIP_NO_SUCH_ATTACK;
    return JUNQI_FLIP_LEGAL;
}
