/* SPDX-License-Identifier: MIT */
/*
 * winprob_model.c - the judged win probability's model (analysis.h
 * junqi_winprob_model): the identity until it is fitted.
 */
#include "analysis.h"

const junqi_winprob_model junqi_winprob_default_model = {.engine = 1};
