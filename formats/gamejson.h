/* SPDX-License-Identifier: MIT */
/*
 * gamejson.h - a whole game record as one JSON document (`--to json`).
 *
 * {"source","game","board","rules","mode","view","first","start",["deal",]"tags":{...},
 *  "seats":{"north":{"player","setup"},...},
 *  "line":{"items":[{"type":"move","ply","seat","move","outcome","flags","shown",
 *                    ["colour","drop","part",]"nags","variations"},
 *           {"type":"timeout","seat","count"}, {"type":"eliminated","seat","reason"},
 *           {"type":"left","seat"}, {"type":"end","result"}],
 *  "comments":[{"before","text"}]} (variations are lines too),
 *  "result":null|{"winner","draw","reason"}}
 *
 * "source" and "game" name the file and the record's index in it (absent
 * for a record made in memory: junqi_write_source_json). Setups use the
 * layout notation of JGN setup tags; "start" is a position string (a flip
 * position's in a flip game) or null; outcomes are "move", "attacker_wins",
 * "attacker_loses", "both_removed", "absorbs" (zuhe) or "unknown".
 *
 * A flip game's record (docs/jgn.md §6) also has "deal" (its Deal, or null)
 * and, in every move, "colour", "drop" and "part" (null when the action has
 * none); its "shown" is what a flip or a revealing attack turned face up,
 * {"square","piece","colour"}. A formation game's record has none of these
 * keys, and its "shown" is {"square","piece"} (engineer_scout,
 * reveal_on_combat).
 */
#ifndef JUNQI_GAMEJSON_H
#define JUNQI_GAMEJSON_H

#include "game.h"
#include "json.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Write g as one JSON object (no newline). Seats of moves come from g (see junqi_game_settle). */
void junqi_write_game_json(junqi_json *j, const junqi_game *g);

#ifdef __cplusplus
}
#endif

#endif
