/* SPDX-License-Identifier: MIT */
/*
 * gamejson.c - see gamejson.h.
 */
#include "gamejson.h"

#include <stdlib.h>

#include "flipnote.h"
#include "jgn_flip.h"
#include "movegen.h"
#include "position_out.h"
#include "posnote.h"
#include "setup.h"

static const char *outcome_id(const junqi_item *it)
{
    static const char *const ids[] = {"move", "attacker_wins", "attacker_loses", "both_removed", "absorbs"};
    return it->outcome_known && it->outcome <= JUNQI_ABSORBS ? ids[it->outcome] : "unknown";
}

static void seat_or_null(junqi_json *j, int seat)
{
    junqi_json_string(j, seat < JUNQI_SEATS ? junqi_seat_name((junqi_seat)seat) : NULL);
}

static void write_line(junqi_json *j, const junqi_game *g, const junqi_line *l, size_t ply);

/* A flip game's "shown": what a flip, or an attack on a face-down piece
 * (attack_face_down=reveal), turned face up, {"square","piece","colour"}, on
 * the point it was turned on; null for an action that turned nothing, or
 * when the record does not know (no Deal, a bare flip). */
static void write_flip_shown(junqi_json *j, const junqi_board *b, const junqi_item *it)
{
    char sq[4];
    if (!it->shown) {
        junqi_json_null(j);
        return;
    }
    junqi_json_begin_object(j);
    junqi_json_key(j, "square");
    junqi_json_string(j, junqi_square_name(b, it->flip ? it->move.from : it->move.to, sq));
    junqi_json_key(j, "piece");
    junqi_json_string(j, junqi_piece_name((junqi_piece)junqi_flip_piece(it->shown), JUNQI_NAMES_EN));
    junqi_json_key(j, "colour");
    junqi_json_string(j, junqi_colour_name(junqi_flip_colour(it->shown)));
    junqi_json_end_object(j);
}

/* A flip game's own facts of an action, each key always there: "colour"
 * (the colour event, {"seat","colour"}), "drop" (carry_home: the square the
 * flag was set down on) and "part" (zuhe: "@1L" as the token writes it),
 * null when the action has none (docs/jgn.md §6). */
static void write_flip_events(junqi_json *j, const junqi_board *b, const junqi_item *it)
{
    char sq[4], part[12];
    junqi_json_key(j, "colour");
    if (it->colour_event) {
        junqi_json_begin_object(j);
        junqi_json_key(j, "seat");
        junqi_json_string(j, junqi_seat_name((junqi_seat)JUNQI_COLOUR_EVENT_SEAT(it->colour_event)));
        junqi_json_key(j, "colour");
        junqi_json_string(j, junqi_colour_name(JUNQI_COLOUR_EVENT_COLOUR(it->colour_event)));
        junqi_json_end_object(j);
    } else {
        junqi_json_null(j);
    }
    junqi_json_key(j, "drop");
    junqi_json_string(j, it->drop ? junqi_square_name(b, it->move.from, sq) : NULL);
    junqi_json_key(j, "part");
    junqi_json_string(j, it->part ? junqi_jgn_flip_part_text(it, part) : NULL);
}

static void write_move(junqi_json *j, const junqi_game *g, const junqi_item *it, size_t ply)
{
    const junqi_board *b = junqi_rules_board(g->rules);
    char name[8], sq[4];
    junqi_json_key(j, "ply");
    junqi_json_uint(j, ply);
    junqi_json_key(j, "seat");
    seat_or_null(j, it->seat);
    junqi_json_key(j, "move");
    junqi_json_string(j, junqi_move_name(b, it->move, name));
    junqi_json_key(j, "outcome");
    junqi_json_string(j, outcome_id(it));
    junqi_json_key(j, "flags");
    junqi_json_begin_array(j);
    for (int f = 0; f < 2; f++)
        if (it->flag_shown[f] != JUNQI_NO_POINT)
            junqi_json_string(j, junqi_square_name(b, it->flag_shown[f], sq));
    junqi_json_end_array(j);
    junqi_json_key(j, "shown");
    if (junqi_rules_flip(g->rules)) {
        write_flip_shown(j, b, it);
    } else if (it->shown_piece) {
        junqi_json_begin_object(j);
        junqi_json_key(j, "square");
        junqi_json_string(j, junqi_square_name(b, it->shown_point, sq));
        junqi_json_key(j, "piece");
        junqi_json_string(j, junqi_piece_name((junqi_piece)it->shown_piece, JUNQI_NAMES_EN));
        junqi_json_end_object(j);
    } else {
        junqi_json_null(j);
    }
    if (junqi_rules_flip(g->rules))
        write_flip_events(j, b, it);
    junqi_json_key(j, "nags");
    junqi_json_begin_array(j);
    for (int k = 0; k < it->nnags; k++)
        junqi_json_int(j, it->nags[k]);
    junqi_json_end_array(j);
    if (it->nvariations) {
        junqi_json_key(j, "variations");
        junqi_json_begin_array(j);
        for (size_t v = 0; v < it->nvariations; v++)
            write_line(j, g, &it->variations[v], ply);
        junqi_json_end_array(j);
    }
}

static void write_item(junqi_json *j, const junqi_game *g, const junqi_item *it, size_t ply)
{
    static const char *const types[] = {"move", "timeout", "eliminated", "left", "end"};
    junqi_json_begin_object(j);
    junqi_json_key(j, "type");
    junqi_json_string(j, types[it->kind <= JUNQI_ITEM_END ? it->kind : JUNQI_ITEM_END]);
    switch (it->kind) {
    case JUNQI_ITEM_MOVE: write_move(j, g, it, ply); break;
    case JUNQI_ITEM_TIMEOUT:
        junqi_json_key(j, "seat");
        seat_or_null(j, it->seat);
        junqi_json_key(j, "count");
        junqi_json_int(j, it->count);
        break;
    case JUNQI_ITEM_ELIMINATED:
    case JUNQI_ITEM_LEFT:
        junqi_json_key(j, "seat");
        seat_or_null(j, it->seat);
        junqi_json_key(j, "reason");
        junqi_json_string(j, junqi_reason_id((junqi_reason)(it->kind == JUNQI_ITEM_LEFT ? JUNQI_REASON_LEFT : it->reason)));
        if (it->kind == JUNQI_ITEM_ELIMINATED && it->reason == JUNQI_REASON_UNKNOWN_CODE) {
            junqi_json_key(j, "code");
            junqi_json_int(j, it->code);
        }
        break;
    default: {
        junqi_result r = {it->status, it->winners, it->reason, it->code};
        junqi_json_key(j, "result");
        junqi_write_result_json(j, &r, junqi_game_present(g), g->rules, NULL);
    }
    }
    junqi_json_end_object(j);
}

/* A line as {"items":[...],"comments":[...]}; ply is the first move's number. */
static void write_line(junqi_json *j, const junqi_game *g, const junqi_line *l, size_t ply)
{
    junqi_json_begin_object(j);
    junqi_json_key(j, "items");
    junqi_json_begin_array(j);
    for (size_t i = 0; i < l->nitems; i++) {
        write_item(j, g, &l->items[i], ply);
        ply += l->items[i].kind == JUNQI_ITEM_MOVE;
    }
    junqi_json_end_array(j);
    junqi_json_key(j, "comments");
    junqi_json_begin_array(j);
    for (size_t i = 0; i < l->ncomments; i++) {
        junqi_json_begin_object(j);
        junqi_json_key(j, "before");
        junqi_json_uint(j, l->comments[i].before);
        junqi_json_key(j, "text");
        junqi_json_string(j, l->comments[i].text);
        junqi_json_end_object(j);
    }
    junqi_json_end_array(j);
    junqi_json_end_object(j);
}

static void write_seats(junqi_json *j, const junqi_game *g)
{
    junqi_json_begin_object(j);
    for (int s = 0; s < JUNQI_SEATS; s++) {
        if (!g->seat[s].present)
            continue;
        junqi_json_key(j, junqi_seat_name((junqi_seat)s));
        junqi_json_begin_object(j);
        junqi_json_key(j, "player");
        junqi_json_string(j, g->seat[s].player);
        junqi_json_key(j, "setup");
        if (!g->seat[s].setup_known) {
            junqi_json_null(j);
        } else {
            char v[JUNQI_SETUP_TEXT];
            junqi_setup_format(g->seat[s].setup, v);
            junqi_json_string(j, v);
        }
        junqi_json_end_object(j);
    }
    junqi_json_end_object(j);
}

void junqi_write_game_json(junqi_json *j, const junqi_game *g)
{
    junqi_json_begin_object(j);
    junqi_write_source_json(j, g->source, g->source_index);
    junqi_json_key(j, "board");
    junqi_json_string(j, junqi_board_kind_name(g->board));
    junqi_json_key(j, "rules");
    junqi_json_string(j, g->rules->text);
    junqi_json_key(j, "mode"); /* null for a flip game, which has no modes (docs/jgn.md, "Mode") */
    junqi_json_string(j, junqi_rules_flip(g->rules) ? NULL : junqi_info_mode_name(g->info));
    junqi_json_key(j, "view");
    seat_or_null(j, g->view);
    junqi_json_key(j, "first");
    seat_or_null(j, g->first);
    junqi_json_key(j, "start");
    char *start = g->flip_start ? junqi_flip_pos_format(g->flip_start) : g->start ? junqi_pos_format(g->start) : NULL;
    junqi_json_string(j, start);
    free(start);
    if (junqi_rules_flip(g->rules)) { /* a flip game's deal (docs/jgn.md §6), as its Deal tag writes it */
        char deal[JUNQI_FLIP_DEAL_TEXT];
        junqi_json_key(j, "deal");
        junqi_json_string(j, g->has_deal && !g->flip_start ? junqi_flip_deal_format(g->deal, deal) : NULL);
    }
    junqi_json_key(j, "tags");
    junqi_json_begin_object(j);
    for (size_t i = 0; i < g->ntags; i++) {
        junqi_json_key(j, g->tags[i].name);
        junqi_json_string(j, g->tags[i].value);
    }
    junqi_json_end_object(j);
    junqi_json_key(j, "seats");
    write_seats(j, g);
    junqi_json_key(j, "line");
    write_line(j, g, &g->main, junqi_game_first_number(g));
    junqi_json_key(j, "result");
    junqi_score sc;
    bool scored = junqi_score_game(g, &sc);
    junqi_write_result_json(j, &g->result, junqi_game_present(g), g->rules, scored ? &sc : NULL);
    junqi_json_end_object(j);
}
