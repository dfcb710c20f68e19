/* SPDX-License-Identifier: MIT */
/*
 * eval_weights.c - the evaluation's weights (eval.h): the hand weights of
 * docs/engine.md, until scripts/fit-eval (bench/eval_study.c) replaces this
 * file with weights fitted to the results of the training games.
 */
#include "eval.h"

const junqi_eval_weights junqi_eval_default_weights = {
    .seat = 1500,
    .value = {[JUNQI_FLAG] = 0, [JUNQI_LANDMINE] = 200, [JUNQI_BOMB] = 350,
              [JUNQI_ENGINEER] = 150, [JUNQI_LIEUTENANT] = 100, [JUNQI_CAPTAIN] = 150,
              [JUNQI_MAJOR] = 200, [JUNQI_COLONEL] = 280, [JUNQI_BRIGADIER] = 380,
              [JUNQI_MAJOR_GENERAL] = 500, [JUNQI_GENERAL] = 700, [JUNQI_MARSHAL] = 950},
    .engineer_mined = 100,
    .last_engineer = 150,
    .bomb_vs_top = 150,
    .gate_landmine = 60,
    .gate_guard = 30,
    .gate_open = 40,
    .gate_rail = 40,
    .gate_enemy = 300,
    .open_scale = {40, 64, 96, 128},
    .pressure = {[JUNQI_BOMB] = 90, [JUNQI_ENGINEER] = 80, [JUNQI_LIEUTENANT] = 50,
                 [JUNQI_CAPTAIN] = 60, [JUNQI_MAJOR] = 70, [JUNQI_COLONEL] = 80,
                 [JUNQI_BRIGADIER] = 90, [JUNQI_MAJOR_GENERAL] = 100, [JUNQI_GENERAL] = 110,
                 [JUNQI_MARSHAL] = 120},
    .defence = {[JUNQI_BOMB] = 15, [JUNQI_ENGINEER] = 10, [JUNQI_LIEUTENANT] = 10,
                [JUNQI_CAPTAIN] = 15, [JUNQI_MAJOR] = 15, [JUNQI_COLONEL] = 15,
                [JUNQI_BRIGADIER] = 15, [JUNQI_MAJOR_GENERAL] = 10, [JUNQI_GENERAL] = 5,
                [JUNQI_MARSHAL] = 5},
    .camp_own = 10,
    .camp_enemy = 40,
    .rail = 10,
    .centre = 15,
    .advance = 8,
    .stuck = -20,
    .mobility = 2,
    .shown_flag = 0,
    .last_seat = 0,
};
