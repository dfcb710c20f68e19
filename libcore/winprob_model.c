/* SPDX-License-Identifier: MIT */
/*
 * winprob_model.c - the judged win probability's model (analysis.h
 * junqi_winprob_model), fitted on 7433 judged moves of the training games
 * by `scripts/winprob-ceiling combined TRAIN.tsv VALID.tsv OUT.c` (docs/engine.md,
 * "Win probability"), which replaces this file.
 */
#include "analysis.h"

const junqi_winprob_model junqi_winprob_default_model = {
    .engine = 0.720204,
    .count = {
        [JUNQI_LANDMINE] = 0.038431,
        [JUNQI_BOMB] = 0.201977,
        [JUNQI_ENGINEER] = 0.149607,
        [JUNQI_LIEUTENANT] = 0.014953,
        [JUNQI_CAPTAIN] = 0.165977,
        [JUNQI_MAJOR] = 0.036983,
        [JUNQI_COLONEL] = 0.071330,
        [JUNQI_BRIGADIER] = 0.196753,
        [JUNQI_MAJOR_GENERAL] = 0.283749,
        [JUNQI_GENERAL] = 0.378384,
        [JUNQI_MARSHAL] = 0.636269,
    },
    .seats = -0.850325,
    .bias = -0.080389,
};
