/* SPDX-License-Identifier: MIT */
/*
 * eval_scale.c - the scale of the win-probability curve (eval.h), fitted on
 * 14,942 positions of the shared games (docs/engine.md); scripts/fit-winprob
 * (bench/eval_study.c scale) replaces this file with a refit.
 */
#include "eval.h"

const double junqi_eval_logistic_scale = 1664;
