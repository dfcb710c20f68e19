/* SPDX-License-Identifier: MIT */
/*
 * junqi.h - the whole junqi library in one include: `#include <junqi/junqi.h>`
 * and link with `pkg-config --cflags --libs junqi`. junqi(3) describes the
 * modules, who owns what, how errors are reported, and a complete example.
 * Each module's header can also be included on its own (<junqi/replay.h>).
 * The drawing library has its own umbrella, <junqi/render.h>.
 */
#ifndef JUNQI_JUNQI_H
#define JUNQI_JUNQI_H

#include "analysis.h"
#include "annotate.h"
#include "board.h"
#include "diag.h"
#include "eval.h"
#include "formation.h"
#include "game.h"
#include "gamejson.h"
#include "infer.h"
#include "jgn.h"
#include "json.h"
#include "movegen.h"
#include "perft.h"
#include "piece.h"
#include "play.h"
#include "position.h"
#include "position_out.h"
#include "posnote.h"
#include "qq.h"
#include "replay.h"
#include "report.h"
#include "rules.h"
#include "score.h"
#include "search.h"
#include "setup.h"
#include "source.h"
#include "terms.h"
#include "text.h"
#include "version.h"

#endif
