/* SPDX-License-Identifier: MIT */
/*
 * referee.c - see referee.h.
 */
#include "referee.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "i18n.h"
#include "movegen.h"
#include "replay.h"
#include "setup.h"

/* The seats of a game on `board`: all four, or north and south. */
static unsigned board_seats(junqi_board_kind board)
{
    return board == JUNQI_FOUR_PLAYER ? 0xFu : JUNQI_SEAT_BIT(JUNQI_NORTH) | JUNQI_SEAT_BIT(JUNQI_SOUTH);
}

/* A record under `rules` with the setups of `from` for `seats`; NULL on OOM. */
static junqi_game *new_record(const junqi_rules *rules, const junqi_game *from, unsigned seats)
{
    junqi_game *g = junqi_game_new(rules->board);
    if (g && !junqi_game_set_rules(g, rules)) { /* cannot fail: a new record on the rules' board */
        junqi_game_free(g);
        return NULL;
    }
    for (int s = 0; g && s < JUNQI_SEATS; s++) {
        if (!(seats & JUNQI_SEAT_BIT(s)))
            continue;
        g->seat[s].present = true;
        g->seat[s].setup_known = true;
        memcpy(g->seat[s].setup, from->seat[s].setup, sizeof g->seat[s].setup);
    }
    return g;
}

/* Is every setup the game needs in `from`, and legal under `rules`? */
static bool setups_usable(const junqi_game *from, const junqi_rules *rules, unsigned seats, char *err,
                          size_t n)
{
    for (int s = 0; s < JUNQI_SEATS; s++) {
        if (!(seats & JUNQI_SEAT_BIT(s)))
            continue;
        junqi_setup_problem problems[JUNQI_MAX_SETUP_PROBLEMS];
        if (!from->seat[s].setup_known) {
            snprintf(err, n, _("the record has no setup for %s"), _(junqi_seat_name((junqi_seat)s)));
            return false;
        }
        if (junqi_setup_check_under(from->seat[s].setup, rules, problems) > 0) {
            snprintf(err, n, _("%s's setup: %s (under %s)"), _(junqi_seat_name((junqi_seat)s)), problems[0].message,
                     rules->text);
            return false;
        }
    }
    return true;
}

bool junqi_referee_start(junqi_referee *r, const junqi_rules *rules, const junqi_game *from, char *err,
                         size_t n)
{
    memset(r, 0, sizeof *r);
    unsigned seats = board_seats(rules->board);
    if (!setups_usable(from, rules, seats, err, n))
        return false;
    bool ok = (r->game = new_record(rules, from, seats)) != NULL;
    for (int s = 0; ok && s < JUNQI_SEATS; s++)
        if (seats & JUNQI_SEAT_BIT(s)) {
            ok = (r->view[s] = new_record(rules, from, seats)) != NULL;
            if (ok)
                junqi_game_to_view(r->view[s], (junqi_seat)s);
        }
    if (ok)
        ok = junqi_replay_start(&r->replay, r->game, NULL, NULL);
    if (!ok) {
        snprintf(err, n, _("out of memory"));
        junqi_referee_free(r);
        return false;
    }
    r->pos = r->replay.pos;
    return true;
}

void junqi_referee_free(junqi_referee *r)
{
    junqi_game_free(r->game);
    for (int s = 0; s < JUNQI_SEATS; s++)
        junqi_game_free(r->view[s]);
    memset(r, 0, sizeof *r);
}

/* ---- recording ----------------------------------------------------------- */

static junqi_item new_item(junqi_item_kind kind, int seat)
{
    junqi_item it;
    memset(&it, 0, sizeof it);
    it.kind = (uint8_t)kind;
    it.seat = (uint8_t)seat;
    it.next_seat = JUNQI_NO_SEAT;
    it.flag_shown[0] = it.flag_shown[1] = JUNQI_NO_POINT;
    it.defender_marshal_died = -1;
    it.loc = JUNQI_NOWHERE;
    return it;
}

/* Every record of the game: the complete one and the seats' own. */
static int records(junqi_referee *r, junqi_game **out)
{
    int k = 0;
    out[k++] = r->game;
    for (int s = 0; s < JUNQI_SEATS; s++)
        if (r->view[s])
            out[k++] = r->view[s];
    return k;
}

/* Apply the complete record's new items to its replay; if the last is a move
 * that showed the piece on its target (the rules' shown identities), say so
 * in *it, as the records that follow must. */
static void follow(junqi_referee *r, junqi_item *it)
{
    while (r->replay.item < r->game->main.nitems)
        junqi_replay_next(&r->replay);
    if (!it || it->kind != JUNQI_ITEM_MOVE || r->replay.last_shown != it->move.to)
        return;
    it->shown_piece = (uint8_t)JUNQI_CELL_PIECE(r->replay.pos.cell[it->move.to]);
    it->shown_point = it->move.to;
    r->game->main.items[r->game->main.nitems - 1] = *it;
}

/* Write an item (and a comment before it, if any) into every record, the
 * complete one first (its replay says what a move showed); once the game is
 * over, its result too. Out of memory drops it from a record. */
static void record(junqi_referee *r, const junqi_item *item, const char *comment)
{
    junqi_item copy, *it = item ? (copy = *item, &copy) : NULL;
    junqi_game *all[1 + JUNQI_SEATS];
    int k = records(r, all);
    for (int i = 0; i < k; i++) {
        if (comment)
            junqi_game_add_comment(all[i], all[i]->main.nitems, comment, JUNQI_NOWHERE);
        if (it && junqi_game_add_item(all[i], it) && i == 0)
            follow(r, it);
        if (junqi_position_over(&r->pos))
            all[i]->result = r->pos.result;
    }
}

/* Record the elimination of every seat of `before` that is out now. */
static void record_eliminations(junqi_referee *r, unsigned before, junqi_item_kind kind)
{
    for (int s = 0; s < JUNQI_SEATS; s++)
        if ((before & ~r->pos.alive) & JUNQI_SEAT_BIT(s)) {
            junqi_item it = new_item(kind, s);
            it.reason = (uint8_t)(kind == JUNQI_ITEM_LEFT ? JUNQI_REASON_LEFT : r->pos.out_reason[s]);
            record(r, &it, NULL);
        }
}

/* ---- play ------------------------------------------------------------------- */

int junqi_referee_to_move(junqi_referee *r)
{
    junqi_move moves[JUNQI_MAX_MOVES];
    while (!junqi_position_over(&r->pos) && junqi_generate_moves(&r->pos, moves) == 0) {
        unsigned before = r->pos.alive;
        junqi_undo u;
        junqi_position_eliminate(&r->pos, (junqi_seat)r->pos.to_move, JUNQI_REASON_NO_MOVABLE_PIECE, &u);
        record_eliminations(r, before, JUNQI_ITEM_ELIMINATED);
    }
    return junqi_position_over(&r->pos) ? JUNQI_NO_SEAT : r->pos.to_move;
}

/* The point of seat s's flag, or JUNQI_NO_POINT. */
static uint8_t flag_of(const junqi_position *pos, int s)
{
    for (int p = 0; p < pos->board->npoints; p++)
        if (pos->cell[p] == JUNQI_CELL(s, JUNQI_FLAG))
            return (uint8_t)p;
    return JUNQI_NO_POINT;
}

/* The flags a combat shows: those of the seats whose marshal it kills. */
static void shown_flags(const junqi_position *pos, junqi_move m, junqi_outcome o, uint8_t shown[2])
{
    uint8_t a = pos->cell[m.from], d = pos->cell[m.to];
    int k = 0;
    if (!pos->rules->marshal_death_reveals_flag)
        return;
    if (JUNQI_CELL_PIECE(a) == JUNQI_MARSHAL && (o == JUNQI_ATTACKER_LOSES || o == JUNQI_BOTH_REMOVED))
        shown[k++] = flag_of(pos, JUNQI_CELL_SEAT(a));
    if (d && JUNQI_CELL_PIECE(d) == JUNQI_MARSHAL && (o == JUNQI_ATTACKER_WINS || o == JUNQI_BOTH_REMOVED))
        shown[k] = flag_of(pos, JUNQI_CELL_SEAT(d));
}

bool junqi_referee_play(junqi_referee *r, junqi_move m, char *err, size_t n)
{
    junqi_move_check check;
    if (junqi_check_move(&r->pos, m, &check) != JUNQI_LEGAL) {
        char text[200];
        snprintf(err, n, "%s", junqi_describe_illegal(&r->pos, m, &check, text, sizeof text));
        return false;
    }
    junqi_outcome o = junqi_move_outcome(&r->pos, m);
    junqi_item it = new_item(JUNQI_ITEM_MOVE, JUNQI_CELL_SEAT(r->pos.cell[m.from]));
    it.move = m;
    it.outcome = (uint8_t)o;
    it.outcome_known = true;
    shown_flags(&r->pos, m, o, it.flag_shown);
    unsigned before = r->pos.alive;
    junqi_undo u;
    junqi_make_outcome(&r->pos, m, o, &u);
    record(r, &it, NULL);
    record_eliminations(r, before, JUNQI_ITEM_ELIMINATED);
    return true;
}

void junqi_referee_forfeit(junqi_referee *r, int s, const char *why)
{
    record(r, NULL, why);
    unsigned before = r->pos.alive, side = r->pos.side[s];
    for (int x = 0; x < JUNQI_SEATS; x++)
        if ((side & before) & JUNQI_SEAT_BIT(x)) {
            junqi_undo u;
            junqi_position_eliminate(&r->pos, (junqi_seat)x, JUNQI_REASON_LEFT, &u);
        }
    record_eliminations(r, before, JUNQI_ITEM_LEFT);
}

void junqi_referee_adjudicate_draw(junqi_referee *r, const char *why)
{
    junqi_position_end(&r->pos, JUNQI_DRAWN, JUNQI_REASON_ADJUDICATED, 0);
    junqi_item it = new_item(JUNQI_ITEM_END, JUNQI_NO_SEAT);
    it.status = JUNQI_DRAWN;
    it.reason = JUNQI_REASON_ADJUDICATED;
    record(r, &it, why);
}

/* ---- the score ------------------------------------------------------------- */

static double elo_of(double score)
{
    if (score <= 0)
        return -HUGE_VAL;
    if (score >= 1)
        return HUGE_VAL;
    return -400.0 * log10(1.0 / score - 1.0);
}

/* The 95 % Wilson interval of a proportion s of n trials, into [*low, *high]:
 * the interval where the results' spread is zero (every game alike) and says
 * nothing of the score's error. At s = 1 its upper end is 1 exactly (and at
 * s = 0 its lower end 0), which centre + half reaches only when every
 * operation rounds to double: on x87 (i386), where intermediates keep 64 bits
 * of mantissa, it came just under 1, and five wins out of five got a finite
 * upper Elo instead of +inf. */
static void wilson(double s, int n, double *low, double *high)
{
    double z2 = 1.96 * 1.96, d = 1 + z2 / n;
    double centre = (s + z2 / (2.0 * n)) / d;
    double half = 1.96 / d * sqrt(s * (1 - s) / n + z2 / (4.0 * n * n));
    *low = s <= 0 ? 0 : centre - half;
    *high = s >= 1 ? 1 : centre + half;
}

junqi_match_score junqi_match_score_of(int wins, int draws, int losses)
{
    junqi_match_score m = {wins, draws, losses, 0.5, 0, 0, 0};
    int n = wins + draws + losses;
    if (n == 0)
        return m;
    double s = (wins + 0.5 * draws) / n;
    double var = (wins * (1 - s) * (1 - s) + draws * (0.5 - s) * (0.5 - s) + losses * s * s) / n;
    double low = s - 1.96 * sqrt(var / n), high = s + 1.96 * sqrt(var / n);
    if (var == 0)
        wilson(s, n, &low, &high);
    m.score = s;
    m.elo = elo_of(s);
    m.elo_low = elo_of(low);
    m.elo_high = elo_of(high);
    return m;
}
