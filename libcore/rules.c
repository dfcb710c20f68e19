/* SPDX-License-Identifier: MIT */
/*
 * rules.c - the switch table, the named rule sets, rule strings (parsing,
 * canonical writing, interning) and combat. See rules.h; the switches and
 * their values are docs/variants.md's, the named sets docs/rules.md's.
 */
#include "rules.h"
#include "i18n.h"
#include "score.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* The switch table                                                   */

#define TWO JUNQI_BOARD_BIT(JUNQI_TWO_PLAYER)
#define FOUR JUNQI_BOARD_BIT(JUNQI_FOUR_PLAYER)
#define BOTH (TWO | FOUR)
#define FORMATION JUNQI_FAMILY_BIT(JUNQI_FORMATION_GAME)
#define FLIP JUNQI_FAMILY_BIT(JUNQI_FLIP_GAME)
#define FIELD(f) offsetof(junqi_rules, f)

static const junqi_switch_value landmine_values[] = {
    {"attacker_dies", JUNQI_LANDMINE_ATTACKER_DIES, BOTH},
    {"both_removed", JUNQI_LANDMINE_BOTH_REMOVED, BOTH},
    {NULL, 0, 0},
};
static const junqi_switch_value bomb_flag_values[] = {
    {"capture", JUNQI_BOMB_CAPTURES_FLAG, BOTH},
    {"bomb_removed", JUNQI_BOMB_REMOVED, BOTH},
    {NULL, 0, 0},
};
static const junqi_switch_value off_value[] = {{"off", 0, BOTH}, {NULL, 0, 0}};
static const junqi_switch_value turn_values[] = {
    {"ccw", JUNQI_TURN_CCW, BOTH},
    {"cw", JUNQI_TURN_CW, BOTH},
    {NULL, 0, 0},
};
static const junqi_switch_value seat_values[] = {
    {"north", JUNQI_NORTH, BOTH},
    {"east", JUNQI_EAST, FOUR},
    {"south", JUNQI_SOUTH, BOTH},
    {"west", JUNQI_WEST, FOUR},
    {NULL, 0, 0},
};
static const junqi_switch_value mode_values[] = {
    {"dark", JUNQI_DARK, BOTH},
    {"double-open", JUNQI_DOUBLE_OPEN, BOTH},
    {"open", JUNQI_OPEN, BOTH},
    {NULL, 0, 0},
};

static const junqi_switch_value bomb_moves_values[] = {
    {"straight", JUNQI_BOMB_MOVES_STRAIGHT, BOTH},
    {"engineer", JUNQI_BOMB_MOVES_ENGINEER, BOTH},
    {NULL, 0, 0},
};
static const junqi_switch_value forbid_allow[] = {{"forbid", 0, BOTH}, {"allow", 1, BOTH}, {NULL, 0, 0}};
static const junqi_switch_value rail_values[] = {
    {"straight", JUNQI_RAIL_STRAIGHT, BOTH},
    {"one_turn", JUNQI_RAIL_ONE_TURN, BOTH},
    {"three_steps", JUNQI_RAIL_THREE_STEPS, BOTH},
    {NULL, 0, 0},
};
static const junqi_switch_value on_off[] = {{"on", 1, BOTH}, {"off", 0, BOTH}, {NULL, 0, 0}};
static const junqi_switch_value off_on[] = {{"off", 0, BOTH}, {"on", 1, BOTH}, {NULL, 0, 0}};
static const junqi_switch_value reveal_values[] = {
    {"none", JUNQI_REVEAL_NONE, BOTH},
    {"defender", JUNQI_REVEAL_DEFENDER, BOTH},
    {"both", JUNQI_REVEAL_BOTH, BOTH},
    {NULL, 0, 0},
};
static const junqi_switch_value mountain_values[] = {
    {"none", JUNQI_MOUNTAIN_NONE, TWO},
    {"shelter", JUNQI_MOUNTAIN_SHELTER, TWO},
    {NULL, 0, 0},
};

static const junqi_switch_value colour_values[] = {
    {"first_engineer", JUNQI_COLOUR_FIRST_ENGINEER, TWO},
    {"two_in_a_row", JUNQI_COLOUR_TWO_IN_A_ROW, TWO},
    {"same_as_previous", JUNQI_COLOUR_SAME_AS_PREVIOUS, TWO},
    {"first_flip", JUNQI_COLOUR_FIRST_FLIP, TWO},
    {"fixed", JUNQI_COLOUR_FIXED, TWO},
    {NULL, 0, 0},
};
static const junqi_switch_value taker_values[] = {
    {"any", JUNQI_TAKER_ANY, TWO},
    {"smallest", JUNQI_TAKER_SMALLEST, TWO},
    {"engineer", JUNQI_TAKER_ENGINEER, TWO},
    {NULL, 0, 0},
};
static const junqi_switch_value face_down_values[] = {{"forbid", 0, TWO}, {"reveal", 1, TWO}, {NULL, 0, 0}};
static const junqi_switch_value flag_win_values[] = {
    {"touch", JUNQI_FLAG_TOUCH, TWO},
    {"carry_home", JUNQI_FLAG_CARRY_HOME, TWO},
    {"none", JUNQI_FLAG_NO_WIN, TWO},
    {NULL, 0, 0},
};

static const junqi_switch switch_table[] = {
    {"landmine_vs_piece", landmine_values, 0, 0, FIELD(landmine_vs_piece),
     JUNQI_LANDMINE_ATTACKER_DIES, BOTH, FORMATION,
     "a non-engineer attacking a landmine: attacker_dies (the landmine stays) or both_removed"},
    {"bomb_vs_flag", bomb_flag_values, 0, 0, FIELD(bomb_vs_flag), JUNQI_BOMB_CAPTURES_FLAG, BOTH,
     FORMATION,
     "a bomb attacking a flag: capture (both removed, the flag is captured) or bomb_removed"},
    {"no_combat_draw", off_value, 1, 65535, FIELD(no_combat_draw), 0, BOTH, FORMATION | FLIP,
     "N: a draw right after N consecutive moves (flip games: actions) without combat; off: no such draw"},
    {"turn_order", turn_values, 0, 0, FIELD(turn_order), JUNQI_TURN_CCW, FOUR, FORMATION,
     "ccw (north, west, south, east) or cw (north, east, south, west)"},
    {"first", seat_values, 0, 0, FIELD(first_seat), JUNQI_NORTH, BOTH, FORMATION | FLIP,
     "the seat that moves first (the first seat in the game in turn order from it)"},
    {"mode", mode_values, 0, 0, FIELD(info), JUNQI_DARK, BOTH, FORMATION,
     "information: dark (own pieces only), double-open (partners see each other) or open"},
    {"bomb_moves", bomb_moves_values, 0, 0, FIELD(bomb_moves), JUNQI_BOMB_MOVES_STRAIGHT, BOTH,
     FORMATION, "a bomb on the railway: straight (as other pieces) or engineer (turning freely)"},
    {"bomb_front_row", forbid_allow, 0, 0, FIELD(bomb_front_row), 0, BOTH, FORMATION,
     "setup: a bomb in row 1 is forbidden, or allowed"},
    {"rail_mode", rail_values, 0, 0, FIELD(rail_mode), JUNQI_RAIL_STRAIGHT, BOTH, FORMATION,
     "non-engineers on the railway: straight runs, one_turn (one change of direction) or "
     "three_steps (at most three edges, any direction)"},
    {"hq_locks", on_off, 0, 0, FIELD(hq_locks), 1, BOTH, FORMATION,
     "on: a piece on a headquarters never moves again; off: it may move on"},
    {"timeouts", off_value, 1, 255, FIELD(timeouts), 0, BOTH, FORMATION | FLIP,
     "N: a seat's Nth timeout eliminates it (qq 5; in flip games it loses); off: timeouts never do"},
    {"engineer_scout", off_on, 0, 0, FIELD(engineer_scout), 0, BOTH, FORMATION,
     "on: an engineer removed by its own attack shows the defender to every seat (工兵侦察)"},
    {"reveal_on_combat", reveal_values, 0, 0, FIELD(reveal_on_combat), JUNQI_REVEAL_NONE, BOTH,
     FORMATION, "after an attack, show to every seat: none, the defender that stays (半明棋), "
     "or both pieces (whichever stays)"},
    {"mountain", mountain_values, 0, 0, FIELD(mountain), JUNQI_MOUNTAIN_NONE, TWO, FORMATION,
     "two-player board: none, or shelter (the mountains bM and dM are points a piece may "
     "shelter on, unattackable)"},
    /* the flip family (docs/flip.md) */
    {"colour_assign", colour_values, 0, 0, FIELD(colour_assign), JUNQI_COLOUR_FIRST_ENGINEER, TWO, FLIP,
     "who takes which colour: first_engineer, two_in_a_row, same_as_previous, first_flip or fixed"},
    {"flag_taker", taker_values, 0, 0, FIELD(flag_taker), JUNQI_TAKER_ANY, TWO, FLIP,
     "who may take a flag once its landmines are gone: any, smallest (the lowest face-up rank) or engineer"},
    {"attack_face_down", face_down_values, 0, 0, FIELD(attack_face_down), 0, TWO, FLIP,
     "forbid, or reveal: a face-up piece may attack a face-down one whose back shows the other colour"},
    {"flag_win", flag_win_values, 0, 0, FIELD(flag_win), JUNQI_FLAG_TOUCH, TWO, FLIP,
     "touch (taking the flag wins), carry_home (carried to one's own headquarters) or none"},
    {"move_limit", off_value, 1, 65535, FIELD(move_limit), 0, TWO, FLIP,
     "N: a draw right after the Nth action; off: no such draw"},
};

#define NSWITCHES (sizeof switch_table / sizeof switch_table[0])

const junqi_switch *junqi_rules_switches(size_t *n)
{
    *n = NSWITCHES;
    return switch_table;
}

int junqi_rules_value(const junqi_rules *r, const junqi_switch *sw)
{
    int v = 0;
    memcpy(&v, (const char *)r + sw->field, sizeof v);
    return v;
}

static void set_value(junqi_rules *r, const junqi_switch *sw, int v)
{
    memcpy((char *)r + sw->field, &v, sizeof v);
}

static bool applies(const junqi_switch *sw, const junqi_rules *base)
{
    return (sw->boards & JUNQI_BOARD_BIT(base->board)) &&
           (sw->families & JUNQI_FAMILY_BIT(base->family));
}

/* ------------------------------------------------------------------ */
/* The named sets                                                     */

typedef struct named_set {
    const char *name;
    junqi_board_kind board;
    junqi_family family;
    const char *switches; /* over the table's defaults */
    bool marshal_death_reveals_flag, no_move_check_camps;
    const struct junqi_scoring *scoring;
    bool backs_show_colour, flag_moves, combine; /* the flip sets' facts (rules.h) */
    int surrender_from;
} named_set;

static const named_set named_sets[] = {
    {"qq", JUNQI_FOUR_PLAYER, JUNQI_FORMATION_GAME, "no_combat_draw=71,first=north,timeouts=5", true, true,
     &junqi_scoring_qq, .combine = false},
    {"standard", JUNQI_TWO_PLAYER, JUNQI_FORMATION_GAME, "no_combat_draw=70,first=south", true,
     false, NULL, .combine = false},
    {"open", JUNQI_TWO_PLAYER, JUNQI_FORMATION_GAME, "mode=open,first=south", true, false, NULL,
     .combine = false},
    {"wiki", JUNQI_TWO_PLAYER, JUNQI_FORMATION_GAME,
     "landmine_vs_piece=both_removed,bomb_vs_flag=bomb_removed,no_combat_draw=70,first=south",
     true, false, NULL, .combine = false},
    /* the flip family (docs/flip.md): a switch a set does not list takes its row's first
     * value (variants.md §5 item 11); counters a set does not list are off */
    {"fanqi", JUNQI_TWO_PLAYER, JUNQI_FLIP_GAME,
     "first=south,colour_assign=first_engineer,flag_taker=smallest,no_combat_draw=70,timeouts=5", false,
     false, NULL, .combine = false},
    {"fanfan", JUNQI_TWO_PLAYER, JUNQI_FLIP_GAME, "first=south,colour_assign=two_in_a_row,timeouts=3", false,
     false, NULL, .surrender_from = 20},
    {"fanqi_wiki", JUNQI_TWO_PLAYER, JUNQI_FLIP_GAME,
     "first=south,colour_assign=fixed,attack_face_down=reveal,flag_taker=smallest,flag_win=carry_home", false,
     false, NULL, .backs_show_colour = true},
    {"huqi", JUNQI_TWO_PLAYER, JUNQI_FLIP_GAME, "first=south,colour_assign=fixed,flag_win=none", false, false,
     NULL, .flag_moves = true},
    {"zuhe", JUNQI_TWO_PLAYER, JUNQI_FLIP_GAME,
     "first=south,colour_assign=first_flip,flag_win=none,move_limit=1000,timeouts=5", false, false, NULL,
     .combine = true},
};

#define NSETS (sizeof named_sets / sizeof named_sets[0])

static junqi_rules named_rules[NSETS];
static pthread_once_t named_once = PTHREAD_ONCE_INIT;

static bool apply_switches(junqi_rules *r, const junqi_rules *base, const char *list, char *err,
                           size_t n);

static void build_named_sets(void)
{
    for (size_t i = 0; i < NSETS; i++) {
        const named_set *d = &named_sets[i];
        junqi_rules *r = &named_rules[i];
        *r = (junqi_rules){.name = d->name, .text = d->name, .board = d->board, .family = d->family,
                           .marshal_death_reveals_flag = d->marshal_death_reveals_flag,
                           .no_move_check_camps = d->no_move_check_camps, .scoring = d->scoring,
                           .backs_show_colour = d->backs_show_colour, .flag_moves = d->flag_moves,
                           .combine = d->combine, .surrender_from = d->surrender_from};
        for (size_t k = 0; k < NSWITCHES; k++)
            set_value(r, &switch_table[k], switch_table[k].def);
        char err[256];
        if (!apply_switches(r, r, d->switches, err, sizeof err)) {
            fprintf(stderr, "junqi: internal error: named rule set '%s': %s\n", d->name, err);
            abort();
        }
    }
}

static void init_named(void)
{
    pthread_once(&named_once, build_named_sets);
}

static const junqi_rules *named_lookup(const char *name, size_t len)
{
    for (size_t i = 0; i < NSETS; i++)
        if (strlen(named_sets[i].name) == len && memcmp(named_sets[i].name, name, len) == 0)
            return &named_rules[i];
    return NULL;
}

const junqi_rules *junqi_rules_get(const char *name)
{
    init_named();
    return named_lookup(name, strlen(name));
}

const junqi_rules *junqi_rules_default(junqi_board_kind board)
{
    init_named();
    return &named_rules[board == JUNQI_FOUR_PLAYER ? 0 : 1];
}

/* The names of the named sets of one family, or of all (family -1), as
 * alternatives in a static string of the calling thread. */
static const char *names_of(int family)
{
    static _Thread_local char list[192];
    const char *names[NSETS];
    size_t n = 0;
    for (size_t i = 0; i < NSETS; i++)
        if (family < 0 || named_sets[i].family == (junqi_family)family)
            names[n++] = named_sets[i].name;
    return junqi_i18n_alternatives(list, sizeof list, names, n);
}

const char *junqi_rules_names(void)
{
    return names_of(-1);
}

const char *junqi_rules_family_names(junqi_family family)
{
    return names_of((int)family);
}

/* ------------------------------------------------------------------ */
/* Parsing rule strings                                               */

__attribute__((format(printf, 3, 4)))
static bool fail(char *err, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, n, _(fmt), ap);
    va_end(ap);
    return false;
}

/* What switch sw allows on board `board`: "straight or engineer", "off or a
 * number from 1 to 65535". */
static void list_values(const junqi_switch *sw, int board, char *out, size_t n)
{
    const char *words[16];
    char range[48];
    size_t count = 0;
    for (const junqi_switch_value *v = sw->values; v && v->name && count < 15; v++)
        if (v->boards & JUNQI_BOARD_BIT(board))
            words[count++] = v->name;
    if (sw->max > 0) {
        snprintf(range, sizeof range, _("a number from %d to %d"), sw->min, sw->max);
        words[count++] = range;
    }
    junqi_i18n_alternatives(out, n, words, count);
}

/* The switches that apply to base, for "unknown switch" messages. */
static void list_switches(const junqi_rules *base, char *out, size_t n)
{
    const char *words[NSWITCHES];
    size_t count = 0;
    for (size_t i = 0; i < NSWITCHES; i++)
        if (applies(&switch_table[i], base))
            words[count++] = switch_table[i].name;
    junqi_i18n_alternatives(out, n, words, count);
}

static const junqi_switch *find_switch(const char *name, size_t len)
{
    for (size_t i = 0; i < NSWITCHES; i++)
        if (strlen(switch_table[i].name) == len && memcmp(switch_table[i].name, name, len) == 0)
            return &switch_table[i];
    return NULL;
}

/* A decimal number without sign or leading zeros, at most 9 digits. */
static bool parse_number(const char *s, int *out)
{
    size_t len = strlen(s);
    if (len == 0 || len > 9 || strspn(s, "0123456789") != len || (s[0] == '0' && len > 1))
        return false;
    *out = atoi(s);
    return true;
}

/* The value text of switch sw on base's board. */
static bool parse_value(const junqi_switch *sw, const junqi_rules *base, const char *text,
                        int *out, char *err, size_t n)
{
    char allowed[200];
    list_values(sw, base->board, allowed, sizeof allowed);
    for (const junqi_switch_value *v = sw->values; v && v->name; v++) {
        if (strcmp(v->name, text) != 0)
            continue;
        if (!(v->boards & JUNQI_BOARD_BIT(base->board)))
            return fail(err, n, "%s=%s does not fit the %s board (%s takes %s there)", sw->name,
                        text, _(junqi_board_kind_name(base->board)), sw->name, allowed);
        *out = v->value;
        return true;
    }
    int num;
    if (sw->max > 0 && parse_number(text, &num) && num >= sw->min && num <= sw->max) {
        *out = num;
        return true;
    }
    return fail(err, n, "%s takes %s, not '%s'", sw->name, allowed, text);
}

/* One SWITCH=VALUE token onto r; seen[] marks the switches given so far. */
static bool apply_switch(junqi_rules *r, const junqi_rules *base, char *token, bool *seen,
                         char *err, size_t n)
{
    char *eq = strchr(token, '=');
    size_t klen = eq ? (size_t)(eq - token) : strlen(token);
    const junqi_switch *sw = find_switch(token, klen);
    char list[400];
    if (!sw) {
        list_switches(base, list, sizeof list);
        return fail(err, n, "unknown switch '%.*s' (the switches of '%s' are %s)", (int)klen,
                    token, base->name, list);
    }
    if (!(sw->boards & JUNQI_BOARD_BIT(base->board)))
        return fail(err, n, "switch '%s' does not apply to the %s board of '%s'", sw->name,
                    _(junqi_board_kind_name(base->board)), base->name);
    if (!(sw->families & JUNQI_FAMILY_BIT(base->family)))
        return base->family == JUNQI_FLIP_GAME
                   ? fail(err, n, "switch '%s' does not apply to the flip games of '%s'", sw->name, base->name)
                   : fail(err, n, "switch '%s' does not apply to the formation games of '%s'", sw->name,
                          base->name);
    if (!eq || !eq[1]) {
        list_values(sw, base->board, list, sizeof list);
        return fail(err, n, "switch '%s' needs a value: %s=VALUE, with VALUE %s", sw->name,
                    sw->name, list);
    }
    size_t index = (size_t)(sw - switch_table);
    if (seen[index])
        return fail(err, n, "switch '%s' is given twice", sw->name);
    seen[index] = true;
    int v = 0;
    if (!parse_value(sw, base, eq + 1, &v, err, n))
        return false;
    set_value(r, sw, v);
    return true;
}

/* Apply the comma-separated switches of `list` (may be empty) to r. */
static bool apply_switches(junqi_rules *r, const junqi_rules *base, const char *list, char *err,
                           size_t n)
{
    char buf[JUNQI_RULES_TEXT_MAX + 1];
    bool seen[NSWITCHES] = {false};
    snprintf(buf, sizeof buf, "%s", list);
    if (!*buf)
        return true;
    for (char *token = buf;; ) {
        char *comma = strchr(token, ',');
        if (comma)
            *comma = '\0';
        if (!*token)
            return fail(err, n, comma ? "an empty switch between two commas"
                                      : "a comma ends the switches: SWITCH=VALUE must follow it");
        if (!apply_switch(r, base, token, seen, err, n))
            return false;
        if (!comma)
            return true;
        token = comma + 1;
    }
}

/* ------------------------------------------------------------------ */
/* Canonical text and interning                                       */

/* The text of value v of switch sw: a named value, else the number. */
static void value_text(const junqi_switch *sw, int v, char *out, size_t n)
{
    for (const junqi_switch_value *val = sw->values; val && val->name; val++)
        if (val->value == v) {
            snprintf(out, n, "%s", val->name);
            return;
        }
    snprintf(out, n, "%d", v);
}

char *junqi_rules_format(const junqi_rules *r, char *buf, size_t n)
{
    init_named();
    const junqi_rules *base = named_lookup(r->name, strlen(r->name));
    size_t used = (size_t)snprintf(buf, n, "%s", r->name);
    for (size_t i = 0; i < NSWITCHES && base && used < n; i++) {
        const junqi_switch *sw = &switch_table[i];
        int v = junqi_rules_value(r, sw);
        if (v == junqi_rules_value(base, sw))
            continue;
        char value[32];
        value_text(sw, v, value, sizeof value);
        used += (size_t)snprintf(buf + used, n - used, ",%s=%s", sw->name, value);
    }
    if (used >= n) {
        if (n)
            buf[0] = '\0';
        return NULL;
    }
    return buf;
}

/* Interned rule sets: a hash table of distinct sets keyed by canonical text.
 * Nodes are never freed; the static table keeps them reachable. */
typedef struct interned {
    struct interned *next;
    junqi_rules rules;
    char text[];
} interned;

#define POOL_BUCKETS 1024
#define POOL_MAX 10000

static struct {
    pthread_mutex_t lock;
    interned *bucket[POOL_BUCKETS];
    size_t count;
} pool = {PTHREAD_MUTEX_INITIALIZER, {NULL}, 0};

static uint32_t text_hash(const char *s)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (uint8_t)*s) * 16777619u;
    return h;
}

/* The interned copy of r (whose canonical text is `text`), made if new. */
static bool intern(const junqi_rules *r, const char *text, const junqi_rules **out, char *err,
                   size_t n)
{
    uint32_t slot = text_hash(text) % POOL_BUCKETS;
    bool ok = true;
    pthread_mutex_lock(&pool.lock);
    interned *node = pool.bucket[slot];
    while (node && strcmp(node->text, text) != 0)
        node = node->next;
    if (!node && pool.count >= POOL_MAX) {
        ok = fail(err, n, "too many distinct rule sets in one run (%d)", POOL_MAX);
    } else if (!node) {
        size_t len = strlen(text) + 1;
        node = malloc(sizeof *node + len);
        if (!node) {
            ok = fail(err, n, "out of memory");
        } else {
            memcpy(node->text, text, len);
            node->rules = *r;
            node->rules.text = node->text;
            node->next = pool.bucket[slot];
            pool.bucket[slot] = node;
            pool.count++;
        }
    }
    pthread_mutex_unlock(&pool.lock);
    if (ok)
        *out = &node->rules;
    return ok;
}

/* The named set r starts from, and r interned (the named set itself when
 * no switch differs from it). */
static bool intern_rules(const junqi_rules *r, const junqi_rules **out, char *err, size_t n)
{
    const junqi_rules *base = named_lookup(r->name, strlen(r->name));
    char canonical[JUNQI_RULES_TEXT_MAX + 1];
    if (!junqi_rules_format(r, canonical, sizeof canonical))
        return fail(err, n, "the rule string is longer than %d bytes", JUNQI_RULES_TEXT_MAX);
    if (strcmp(canonical, base->name) == 0) {
        *out = base;
        return true;
    }
    return intern(r, canonical, out, err, n);
}

bool junqi_rules_with(const junqi_rules *r, const char *switches, const junqi_rules **out,
                      char *err, size_t n)
{
    init_named();
    junqi_rules copy = *r;
    if (strlen(switches) > JUNQI_RULES_TEXT_MAX)
        return fail(err, n, "the rule string is longer than %d bytes", JUNQI_RULES_TEXT_MAX);
    if (!apply_switches(&copy, named_lookup(r->name, strlen(r->name)), switches, err, n))
        return false;
    return intern_rules(&copy, out, err, n);
}

const junqi_board *junqi_rules_board(const junqi_rules *r)
{
    return junqi_board_variant(r->board, r->mountain == JUNQI_MOUNTAIN_SHELTER);
}

bool junqi_rules_spells(const char *text, const char *sw)
{
    size_t n = strlen(sw);
    for (const char *s = strchr(text, ','); s; s = strchr(s + 1, ','))
        if (strncmp(s + 1, sw, n) == 0 && s[1 + n] == '=')
            return true;
    return false;
}

bool junqi_rules_parse(const char *text, int board, const junqi_rules **out, char *err, size_t n)
{
    init_named();
    size_t len = strlen(text), name_len = strcspn(text, ",");
    if (len == 0)
        return fail(err, n, "the rule string is empty: it names a rule set (%s), then any "
                    "switches, e.g. standard,bomb_moves=engineer", junqi_rules_names());
    if (len > JUNQI_RULES_TEXT_MAX)
        return fail(err, n, "the rule string is longer than %d bytes", JUNQI_RULES_TEXT_MAX);
    const junqi_rules *base = named_lookup(text, name_len);
    if (!base)
        return fail(err, n, "unknown rule set '%.*s' (known: %s)", (int)name_len, text, junqi_rules_names());
    if (board != JUNQI_RULES_ANY_BOARD && (int)base->board != board)
        return fail(err, n, "rule set '%s' is for the %s board, not the %s board", base->name,
                    _(junqi_board_kind_name(base->board)),
                    _(junqi_board_kind_name((junqi_board_kind)board)));
    if (text[name_len] == ',' && !text[name_len + 1])
        return fail(err, n, "a comma ends the rule string: a switch (SWITCH=VALUE) must follow it");
    junqi_rules r = *base;
    if (text[name_len] && !apply_switches(&r, base, text + name_len + 1, err, n))
        return false;
    return intern_rules(&r, out, err, n);
}

/* ------------------------------------------------------------------ */
/* Combat                                                             */

junqi_outcome junqi_combat(const junqi_rules *r, junqi_piece attacker, junqi_piece defender)
{
    if (attacker == JUNQI_UNKNOWN || defender == JUNQI_UNKNOWN)
        return JUNQI_NO_COMBAT;
    if (attacker == JUNQI_FLAG && r->flag_moves) /* huqi's movable flag */
        return defender == JUNQI_FLAG || defender == JUNQI_BOMB ? JUNQI_BOTH_REMOVED
                                                                 : JUNQI_ATTACKER_WINS;
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
    static const char *const names[] = {N_("move"), N_("attacker wins"), N_("attacker loses"),
                                        N_("both removed")};
    return names[o & 3];
}

const char *junqi_info_mode_name(junqi_info_mode m)
{
    static const char *const names[] = {N_("dark"), N_("double-open"), N_("open")};
    return names[m];
}
