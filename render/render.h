/* SPDX-License-Identifier: MIT */
/*
 * render.h - the junqi drawing library (libjunqi-render: boards, positions,
 * moves and games as PNG, SVG and GIF through cairo and pango) in one
 * include: `#include <junqi/render.h>` and link with
 * `pkg-config --cflags --libs junqi-render`. It includes <junqi/junqi.h>.
 */
#ifndef JUNQI_RENDER_H
#define JUNQI_RENDER_H

#include "junqi.h"

#include "draw.h"
#include "geometry.h"
#include "graph.h"
#include "output.h"
#include "theme.h"

#endif
