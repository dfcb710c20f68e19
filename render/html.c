/* SPDX-License-Identifier: MIT */
/*
 * html.c - see html.h; the page's script and style are render/html.js and
 * render/html.css (embedded by scripts/embed-assets).
 *
 * Design note: the page is written in two passes. The first ("collect")
 * replays the game once and keeps, for every ply, the position in each view
 * (one character per point), what each seat's inference allows for the
 * pieces that view hides (two characters per hidden piece), the status
 * line, and the two per-ply pictures the renderer draws around the tiles:
 * the last move's glow under them and the arrows, marks and combat badge
 * over them. The second writes the page. Every picture is the renderer's
 * own SVG output (cairo), inlined with its ids made unique: the board layer
 * once, each kind of tile once, each distinct per-ply picture once (the
 * same picture is shared); the script stacks them as junqi_renderer_draw()
 * stacks its layers and puts each tile at its rectangle
 * (junqi_renderer_tile_rect()), so the board at a ply is the picture that
 * `junqi-render --ply N` draws of it, which the browser tests check pixel by
 * pixel.
 */
#include "html.h"
#include "i18n.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "annotread.h"
#include "flip_draw.h"
#include "flip_replay.h"
#include "graph.h"
#include "html_assets.h"
#include "infer.h"
#include "jgn.h"
#include "jgn_flip.h"
#include "json.h"
#include "output.h"
#include "replay.h"
#include "score.h"
#include "terms.h"

/* One character per point in the page's position strings: '.' for an empty
 * point, else alphabet[seat * 16 + piece]; in a flip game alphabet[i] for the
 * page's flip tile i (page.flip_tiles: at most 2 faces and 2 named backs of
 * 12 kinds and 3 plain backs, 51). Hidden pieces' identity sets use two
 * characters (12 bits, flag .. marshal). */
static const char alphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";

#define MAX_VIEWS (JUNQI_SEATS + 1)
#define GRAPH_HEIGHT 220

/* A text growing in memory (a memstream). */
typedef struct buffer {
    char *s;
    size_t n;
    FILE *fp;
} buffer;

/* One way to look at the game: all pieces (seat JUNQI_NO_SEAT) or a seat's view. */
typedef struct view {
    int seat;          /* whose view; JUNQI_NO_SEAT: the record as it is */
    bool infer;        /* track what the seat knows */
    junqi_infer inf;   /* the seat's knowledge so far */
} view;

/* Besides a fragment number (0 up): no fragment, or (fragment_of) a failure. */
enum { FRAGMENT_NONE = -1, FRAGMENT_FAILED = -2 };

/* What one ply shows. */
typedef struct ply_data {
    char *cells[MAX_VIEWS];  /* the position in each view */
    char *kinds[MAX_VIEWS];  /* the hidden pieces' identity sets, or NULL */
    char *status;            /* the status line */
    int under, over;         /* the glow and the marks: fragment numbers, or FRAGMENT_NONE */
} ply_data;

/* A picture inlined once and used by every ply that draws the same. */
typedef struct fragment {
    uint64_t hash;
    size_t len;
} fragment;

typedef struct page {
    FILE *out;
    junqi_game *g;
    const junqi_html_options *o;
    const junqi_board *b;
    junqi_renderer *r;
    const junqi_geometry *geo;
    junqi_annotation notes;        /* the record's annotation, if it has one */
    bool annotated;
    int nviews;
    view views[MAX_VIEWS];
    size_t first;                  /* the ply the record starts at: 0, or its set position's */
    size_t moves;                  /* the moves shown: plies first .. first + moves */
    bool cut;                      /* moves stops before an illegal move (o->illegal) */
    ply_data *plies;
    buffer defs;                   /* the tiles' and fragments' SVG, for <defs> */
    fragment *frags;
    int nfrags;
    bool tile_used[JUNQI_SEATS][JUNQI_PIECE_KINDS];
    bool flip;                     /* a flip game (docs/flip.md): flip tiles, no inference */
    junqi_flip_tile flip_tiles[64]; /* the flip tiles the positions use, in order of first use */
    int nflip_tiles;
    int flag_column[JUNQI_SEATS];  /* where each seat's flag starts (0: not known) */
    char *err;
    size_t errn;
} page;

/* ---- small helpers ----------------------------------------------------------------- */

static bool fail(page *pg, const char *message)
{
    snprintf(pg->err, pg->errn, "%s", message);
    return false;
}

static bool buffer_open(buffer *b)
{
    b->s = NULL;
    b->n = 0;
    b->fp = open_memstream(&b->s, &b->n);
    return b->fp != NULL;
}

/* Finish the buffer's stream (b->s then holds its text). False on a write error. */
static bool buffer_close(buffer *b)
{
    bool ok = b->fp && !ferror(b->fp);
    if (b->fp && fclose(b->fp) != 0)
        ok = false;
    b->fp = NULL;
    return ok;
}

/* Text for HTML element content and attribute values. */
static void html_text(FILE *out, const char *s)
{
    for (; s && *s; s++)
        switch (*s) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        case '\'': fputs("&#39;", out); break;
        default: fputc(*s, out);
        }
}

static uint64_t fnv1a(const char *s, size_t n)
{
    uint64_t h = 0xcbf29ce484222325u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (uint8_t)s[i]) * 0x100000001b3u;
    return h;
}

static void hex_colour(char out[8], junqi_rgba c)
{
    snprintf(out, 8, "#%02x%02x%02x", (int)lround(c.r * 255), (int)lround(c.g * 255),
             (int)lround(c.b * 255));
}

/* ---- SVG from the renderer ------------------------------------------------------------ */

typedef void (*draw_fn)(page *pg, cairo_t *cr, const void *what);

/* Draw with fn into a cairo SVG document of w × h pixels, into *doc (freed by the caller). */
static bool capture_svg(page *pg, int w, int h, draw_fn fn, const void *what, buffer *doc)
{
    char err[256];
    if (!buffer_open(doc))
        return fail(pg, _("out of memory"));
    cairo_surface_t *svg = junqi_svg_surface(doc->fp, w, h);
    cairo_t *cr = cairo_create(svg);
    fn(pg, cr, what);
    cairo_destroy(cr);
    bool ok = junqi_svg_finish(svg, err, sizeof err);
    if (!buffer_close(doc) || !ok) {
        free(doc->s);
        doc->s = NULL;
        return fail(pg, ok ? _("out of memory") : err);
    }
    return true;
}

/* Does text at s start with the literal `lit`? */
#define STARTS(s, lit) (strncmp((s), (lit), sizeof(lit) - 1) == 0)

/*
 * Copy the number at s (digits, maybe a fraction) to out with at most two
 * decimals: cairo writes six, and a hundredth of a pixel is far below what
 * a screen shows. Returns the end of the number.
 */
static const char *short_number(FILE *out, const char *s)
{
    const char *e = s + strspn(s, "0123456789");
    if (*e != '.' || !(e[1] >= '0' && e[1] <= '9')) {
        fwrite(s, 1, (size_t)(e - s), out);
        return e;
    }
    e += 1 + strspn(e + 1, "0123456789");
    char text[48];
    int n = snprintf(text, sizeof text, "%.2f", strtod(s, NULL));
    while (n > 0 && text[n - 1] == '0')
        n--;
    if (n > 0 && text[n - 1] == '.')
        n--;
    fwrite(text, 1, (size_t)n, out);
    return e;
}

/*
 * Write what cairo's SVG document doc holds between its root element's tags
 * to out, every id and every reference to one (id="…", href="#…", url(#…))
 * prefixed, so that many documents can share one page.
 */
static void svg_inline(FILE *out, const buffer *doc, const char *prefix)
{
    const char *start = strstr(doc->s, "<svg"), *end = doc->s + doc->n;
    start = start ? strchr(start, '>') : NULL;
    if (!start)
        return;
    start++;
    for (const char *e = end - 6; e > start; e--)
        if (STARTS(e, "</svg>")) {
            end = e;
            break;
        }
    for (const char *s = start; s < end; s++) {
        if (STARTS(s, "id=\"") || STARTS(s, "href=\"#") || STARTS(s, "url(#")) {
            size_t k = STARTS(s, "id=\"") ? 4 : STARTS(s, "url(#") ? 5 : 7;
            fwrite(s, 1, k, out);
            fputs(prefix, out);
            s += k - 1;
        } else if (*s >= '0' && *s <= '9' && (s == start || !strchr("0123456789.", s[-1]))) {
            s = short_number(out, s) - 1;
        } else {
            fputc(*s, out);
        }
    }
}

/* Put the picture doc into the defs as <g id="ID">, its own ids prefixed "ID-"; frees doc. */
static void define(page *pg, buffer *doc, const char *id)
{
    char prefix[40];
    snprintf(prefix, sizeof prefix, "%s-", id);
    fprintf(pg->defs.fp, "<g id=\"%s\">", id);
    svg_inline(pg->defs.fp, doc, prefix);
    fputs("</g>\n", pg->defs.fp);
    free(doc->s);
}

/* ---- pass 1: collect ------------------------------------------------------------------- */

/* A layer of a scene, to draw into a fragment. */
typedef struct layer_job {
    const junqi_scene *scene;
    junqi_layer layer;
} layer_job;

static void draw_layer_of(page *pg, cairo_t *cr, const void *what)
{
    const layer_job *job = what;
    if (job->scene->flip && job->layer == JUNQI_LAYER_OVER) /* the tiles' badges go over them */
        junqi_flip_draw_loads(pg->r, cr, job->scene->flip);
    junqi_renderer_draw_layer(pg->r, cr, job->scene, job->layer);
}

/* Whether flip position pos has a loaded point (a badge to draw). */
static bool has_loads(const junqi_flip *pos)
{
    for (int p = 0; p < pos->board->npoints; p++)
        if (pos->cell[p] && pos->load[p])
            return true;
    return false;
}

/*
 * The fragment number of the glow (JUNQI_LAYER_UNDER) or the marks
 * (JUNQI_LAYER_OVER) of scene s, drawn once per distinct picture;
 * FRAGMENT_NONE when there is nothing to draw; FRAGMENT_FAILED on failure.
 */
static int fragment_of(page *pg, const junqi_scene *s, junqi_layer layer)
{
    bool last = s->flip ? s->flip_has_last : s->last_move.from != JUNQI_NO_POINT;
    bool more = s->notes && s->notes->n > 0;
    if (s->flip)
        more = more || has_loads(s->flip);
    if (!last && (layer != JUNQI_LAYER_OVER || !more))
        return FRAGMENT_NONE;
    layer_job job = {s, layer};
    buffer doc;
    if (!capture_svg(pg, pg->geo->width, pg->geo->height, draw_layer_of, &job, &doc))
        return FRAGMENT_FAILED;
    uint64_t h = fnv1a(doc.s, doc.n);
    for (int i = 0; i < pg->nfrags; i++)
        if (pg->frags[i].hash == h && pg->frags[i].len == doc.n) {
            free(doc.s);
            return i;
        }
    fragment *grown = realloc(pg->frags, (size_t)(pg->nfrags + 1) * sizeof *grown);
    if (!grown) {
        free(doc.s);
        return fail(pg, _("out of memory")), -2;
    }
    pg->frags = grown;
    int id = pg->nfrags++;
    pg->frags[id] = (fragment){h, doc.n};
    char name[24];
    snprintf(name, sizeof name, "f%d", id);
    define(pg, &doc, name);
    return id;
}

/* The position as a string of one character per point; marks the tiles it uses. */
static char *encode_cells(page *pg, const junqi_position *pos)
{
    char *s = malloc((size_t)pg->b->npoints + 1);
    if (!s)
        return NULL;
    for (int p = 0; p < pg->b->npoints; p++) {
        uint8_t c = pos->cell[p];
        s[p] = c ? alphabet[JUNQI_CELL_SEAT(c) * 16 + JUNQI_CELL_PIECE(c)] : '.';
        if (c)
            pg->tile_used[JUNQI_CELL_SEAT(c)][JUNQI_CELL_PIECE(c)] = true;
    }
    s[pg->b->npoints] = 0;
    return s;
}

/* What view v's seat can tell of each piece that `shown` hides, two characters each in
 * point order; NULL when the facts contradict each other or memory runs out. */
static char *encode_kinds(const view *v, const junqi_position *shown, int npoints)
{
    junqi_infer solved = v->inf;
    if (!junqi_infer_solve(&solved, false))
        return NULL;
    char *s = malloc(2 * (size_t)npoints + 1), *w = s;
    for (int p = 0; s && p < npoints; p++) {
        if (JUNQI_CELL_PIECE(shown->cell[p]) != JUNQI_UNKNOWN || !shown->cell[p])
            continue;
        int i = solved.at[p];
        unsigned m = i == JUNQI_NO_POINT ? 0 : (unsigned)(solved.piece[i].kinds >> 1) & 0xFFF;
        *w++ = alphabet[m >> 6];
        *w++ = alphabet[m & 63];
    }
    if (w)
        *w = 0;
    return s;
}

/* The arrows and marks of ply k: the command line's (--arrow, --mark), then the record's. */
static bool ply_notes(page *pg, size_t k, junqi_notes *notes)
{
    notes->n = 0;
    for (size_t i = 0; pg->o->given && i < pg->o->given->n; i++) {
        const junqi_note *a = &pg->o->given->items[i];
        if (!junqi_notes_add(notes, a->from, a->to, a->has_colour ? &a->colour : NULL))
            return fail(pg, _("out of memory"));
    }
    return junqi_notes_at_ply(notes, pg->g, k, NULL, 0) || fail(pg, _("out of memory"));
}

/* The status line and the two per-ply pictures (the glow, the marks) of scene s, into d. */
static bool ply_pictures(page *pg, ply_data *d, const junqi_scene *s)
{
    char status[512];
    junqi_renderer_status_message(pg->r, s, status, sizeof status); /* in the page's language */
    if (!(d->status = strdup(status)))
        return fail(pg, _("out of memory"));
    if ((d->under = fragment_of(pg, s, JUNQI_LAYER_UNDER)) == FRAGMENT_FAILED ||
        (d->over = fragment_of(pg, s, JUNQI_LAYER_OVER)) == FRAGMENT_FAILED)
        return false;
    return true;
}

/* Everything ply k shows, from the replay at that ply. */
static bool collect_ply(page *pg, const junqi_replay *rp, size_t k, junqi_notes *notes)
{
    ply_data *d = &pg->plies[k];
    d->under = d->over = FRAGMENT_NONE;
    for (int v = 0; v < pg->nviews; v++) {
        junqi_position shown = rp->pos;
        const view *vw = &pg->views[v];
        if (vw->seat != JUNQI_NO_SEAT && pg->g->view == JUNQI_NO_SEAT)
            junqi_replay_view(rp, vw->seat, &shown); /* with the pieces the rules showed */
        if (!(d->cells[v] = encode_cells(pg, &shown)))
            return fail(pg, _("out of memory"));
        if (vw->infer && pg->o->inference)
            d->kinds[v] = encode_kinds(vw, &shown, pg->b->npoints);
    }
    junqi_scene s = {.pos = &rp->pos, .ply = rp->pos.moves, .last_move = rp->last_move,
                     .last_outcome = (junqi_outcome)rp->last_outcome, .notes = notes};
    return ply_notes(pg, k, notes) && ply_pictures(pg, d, &s);
}

/* The views of the page: the record as it is; for a complete record of a game with hidden
 * pieces, also each seat's. Each seat view tracks what its seat knows. */
static void choose_views(page *pg, const junqi_position *start)
{
    const junqi_game *g = pg->g;
    pg->nviews = 0;
    if (g->view != JUNQI_NO_SEAT) {
        pg->views[pg->nviews++] = (view){g->view, true, {0}};
    } else {
        pg->views[pg->nviews++] = (view){JUNQI_NO_SEAT, false, {0}};
        for (int s = 0; s < JUNQI_SEATS && g->info != JUNQI_OPEN; s++)
            if (start->present & JUNQI_SEAT_BIT(s))
                pg->views[pg->nviews++] = (view){s, true, {0}};
    }
    for (int v = 0; v < pg->nviews; v++)
        if (pg->views[v].infer && pg->o->inference)
            junqi_infer_start(&pg->views[v].inf, start, g->start == NULL, pg->views[v].seat, g->info);
    for (int s = 0; s < JUNQI_SEATS; s++)
        pg->flag_column[s] = junqi_flag_column(start, s);
}

/* ok, or false with the reason the replay could not start (in d, which is freed). */
static bool replay_started(page *pg, bool ok, junqi_diags *d)
{
    if (!ok)
        snprintf(pg->err, pg->errn, _("the record cannot be replayed: %s"), d->n ? d->items[0].message : "?");
    junqi_diags_free(d);
    return ok;
}

/* The character of flip tile t in the position strings: the page's tiles get one each. */
static int flip_tile_char(page *pg, junqi_flip_tile t)
{
    if (t.kind == JUNQI_FLIP_BACK)
        t.piece = JUNQI_UNKNOWN; /* a plain back is the same whatever lies under it */
    int i = 0;
    while (i < pg->nflip_tiles && (pg->flip_tiles[i].style != t.style || pg->flip_tiles[i].piece != t.piece ||
                                   pg->flip_tiles[i].kind != t.kind))
        i++;
    if (i == pg->nflip_tiles) {
        if (i == (int)sizeof alphabet - 1)
            return -1;
        pg->flip_tiles[pg->nflip_tiles++] = t;
    }
    return alphabet[i];
}

/* Flip scene s's position as a string of one character per point. */
static char *encode_flip_cells(page *pg, const junqi_scene *s)
{
    int n = pg->b->npoints;
    char *out = malloc((size_t)n + 1);
    for (int p = 0; out && p < n; p++) {
        int c = s->flip->cell[p] ? flip_tile_char(pg, junqi_flip_tile_at(s, p)) : '.';
        if (c < 0) {
            free(out);
            return NULL;
        }
        out[p] = (char)c;
    }
    if (out)
        out[n] = 0;
    return out;
}

/* Everything ply k of a flip game shows: each view's tiles (a seat's: the face-down identities
 * hidden), and the pictures, which are the same in every view. */
static bool collect_flip_ply(page *pg, const junqi_flip_replay *r, size_t k, junqi_notes *notes)
{
    ply_data *d = &pg->plies[k];
    d->under = d->over = FRAGMENT_NONE;
    junqi_flip shown;
    junqi_scene s = {0};
    for (int v = 0; v < pg->nviews; v++) {
        bool all = pg->views[v].seat == JUNQI_NO_SEAT;
        if (!all)
            junqi_flip_view(&shown, &r->pos);
        junqi_flip_scene(&s, all ? &r->pos : &shown, r, all);
        if (!(d->cells[v] = encode_flip_cells(pg, &s)))
            return fail(pg, _("out of memory"));
    }
    junqi_flip_scene(&s, &r->pos, r, true);
    s.notes = notes;
    return ply_notes(pg, k, notes) && ply_pictures(pg, d, &s);
}

/* Pass 1 of a flip game (docs/flip.md): all pieces, and the players' view as south and as
 * north saw it (the same: everything but the face-down identities is public). */
static bool collect_flip(page *pg)
{
    junqi_flip_replay r;
    junqi_diags d;
    junqi_diags_init(&d);
    if (!replay_started(pg, junqi_flip_replay_start(&r, pg->g, pg->o->rules, &d), &d))
        return false;
    r.diags = NULL;
    pg->nviews = 0;
    pg->views[pg->nviews++] = (view){JUNQI_NO_SEAT, false, {0}};
    pg->views[pg->nviews++] = (view){JUNQI_SOUTH, false, {0}};
    pg->views[pg->nviews++] = (view){JUNQI_NORTH, false, {0}};
    junqi_notes notes = {NULL, 0, 0};
    bool ok = true;
    for (size_t k = 0; ok && k <= pg->moves; k++) {
        junqi_flip_replay_seek(&r, k);
        if (k == pg->moves && !pg->cut)
            junqi_flip_replay_run(&r); /* the end includes the events after the last action */
        ok = collect_flip_ply(pg, &r, k, &notes);
    }
    junqi_notes_free(&notes);
    return ok;
}

/* Pass 1: replay the game once and keep what every ply shows. */
static bool collect(page *pg)
{
    if (pg->flip)
        return collect_flip(pg);
    junqi_replay rp;
    junqi_diags d;
    junqi_diags_init(&d);
    bool ok = junqi_replay_start(&rp, pg->g, pg->o->rules, &d);
    if (!replay_started(pg, ok, &d))
        return false;
    rp.diags = NULL;
    choose_views(pg, &rp.pos);
    junqi_notes notes = {NULL, 0, 0};
    for (size_t k = 0; ok && k <= pg->moves; k++) {
        uint32_t before = rp.pos.moves;
        junqi_replay_seek(&rp, k);
        if (k == pg->moves && !pg->cut)
            junqi_replay_run(&rp); /* the end includes the events after the last move */
        for (int v = 0; v < pg->nviews; v++) {
            view *vw = &pg->views[v];
            if (!vw->infer || !pg->o->inference)
                continue;
            if (rp.pos.moves != before)
                junqi_infer_move(&vw->inf, rp.last_move, (junqi_outcome)rp.last_outcome);
            junqi_infer_sync(&vw->inf, &rp.pos);
            junqi_infer_learn_shown(&vw->inf, &rp);
        }
        ok = collect_ply(pg, &rp, k, &notes);
    }
    junqi_notes_free(&notes);
    return ok;
}

static void draw_tile_of(page *pg, cairo_t *cr, const void *what)
{
    const int *tile = what;
    junqi_renderer_draw_tile(pg->r, cr, tile[0], (junqi_piece)tile[1]);
}

static void draw_flip_tile_of(page *pg, cairo_t *cr, const void *what)
{
    junqi_rect box = junqi_renderer_tile_rect(pg->r, JUNQI_SOUTH, 0);
    cairo_translate(cr, box.w / 2, box.h / 2); /* the tile's rectangle has it in its middle */
    junqi_flip_draw_tile(pg->r, cr, *(const junqi_flip_tile *)what);
}

/* Every flip tile the positions use, once each, into the defs: x0, x1, ... */
static bool collect_flip_tiles(page *pg)
{
    junqi_rect box = junqi_renderer_tile_rect(pg->r, JUNQI_SOUTH, 0);
    for (int i = 0; i < pg->nflip_tiles; i++) {
        buffer doc;
        if (!capture_svg(pg, (int)box.w, (int)box.h, draw_flip_tile_of, &pg->flip_tiles[i], &doc))
            return false;
        char name[16];
        snprintf(name, sizeof name, "x%d", i);
        define(pg, &doc, name);
    }
    return true;
}

/* Every kind of tile the positions use, once each, into the defs. */
static bool collect_tiles(page *pg)
{
    if (pg->flip)
        return collect_flip_tiles(pg);
    for (int seat = 0; seat < JUNQI_SEATS; seat++)
        for (int p = 0; p < JUNQI_PIECE_KINDS; p++) {
            if (!pg->tile_used[seat][p])
                continue;
            junqi_rect box = junqi_renderer_tile_rect(pg->r, seat, 0);
            int tile[2] = {seat, p};
            buffer doc;
            if (!capture_svg(pg, (int)box.w, (int)box.h, draw_tile_of, tile, &doc))
                return false;
            char name[32];
            snprintf(name, sizeof name, "t%d-%d", seat, p);
            define(pg, &doc, name);
        }
    return true;
}

/* ---- pass 2: the page ---------------------------------------------------------------- */

static const char *seat_label(int seat)
{
    static const char *const labels[] = {N_("North"), N_("East"), N_("South"), N_("West")};
    return seat >= 0 && seat < JUNQI_SEATS ? _(labels[seat]) : "?";
}

static void write_head(page *pg)
{
    FILE *out = pg->out;
    const char *event = junqi_game_tag(pg->g, "Event");
    junqi_names names = pg->o->render.names;
    fprintf(out, "<!DOCTYPE html>\n<html lang=\"%s\">\n",
            names == JUNQI_NAMES_ZH_HANT ? "zh-Hant"
            : names == JUNQI_NAMES_EN || names == JUNQI_NAMES_RANK ? "en" : "zh-Hans");
    fputs("<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
          "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
          "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
          "<link rel=\"icon\" href=\"data:,\">\n<meta name=\"generator\" content=\"junqi-render\">\n"
          "<title>", out);
    html_text(out, event ? event : _("Junqi game"));
    fputs("</title>\n<style>\n", out);
    const junqi_theme *t = pg->o->render.theme ? pg->o->render.theme : junqi_theme_default();
    char c[8];
    hex_colour(c, t->background);
    fprintf(out, ":root { --background: %s; --list-height: %dpx;", c, pg->geo->height - 120);
    static const char *const vars[] = {"north", "east", "south", "west"};
    for (int s = 0; s < JUNQI_SEATS; s++) {
        hex_colour(c, junqi_theme_seat(t, pg->b->kind, (junqi_seat)s)->fill);
        fprintf(out, " --seat-%s: %s;", vars[s], c);
    }
    fputs(" }\n", out);
    fputs(page_style, out);
    fputs("</style>\n<script>window.junqiErrors = 0; window.addEventListener('error', function () {"
          " window.junqiErrors++; if (document.body) document.body.setAttribute('data-errors',"
          " String(window.junqiErrors)); });</script>\n</head>\n", out);
}

static void write_board(page *pg)
{
    FILE *out = pg->out;
    int w = pg->geo->width, h = pg->geo->height;
    fprintf(out, "<svg id=\"board\" xmlns=\"http://www.w3.org/2000/svg\" "
                 "xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"%d\" height=\"%d\" "
                 "viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\">\n<defs>\n",
            w, h, w, h, _("Board"));
    fwrite(pg->defs.s, 1, pg->defs.n, out);
    fputs("</defs>\n<g id=\"board-layer\">", out);
}

/* The board layer, then the places the script fills. */
static void draw_board_of(page *pg, cairo_t *cr, const void *what)
{
    (void)what;
    junqi_renderer_draw_layer(pg->r, cr, NULL, JUNQI_LAYER_BOARD);
}

static bool write_board_layers(page *pg)
{
    buffer doc;
    if (!capture_svg(pg, pg->geo->width, pg->geo->height, draw_board_of, NULL, &doc))
        return false;
    svg_inline(pg->out, &doc, "b-");
    free(doc.s);
    fputs("</g>\n<use id=\"under\"/>\n<g id=\"tiles\"></g>\n<use id=\"over\"/>\n</svg>\n", pg->out);
    return true;
}

static void write_controls(page *pg)
{
    FILE *out = pg->out;
    /* the interface words in the language of the messages (i18n.h), written into the page */
    fprintf(out, "<div id=\"nav\">"
                 "<button type=\"button\" id=\"first\" title=\"%s\">|&lt;</button>"
                 "<button type=\"button\" id=\"prev\" title=\"%s\">&lt;</button>"
                 "<input type=\"range\" id=\"slider\" min=\"%zu\" max=\"%zu\" value=\"%zu\" "
                 "aria-label=\"%s\">"
                 "<button type=\"button\" id=\"next\" title=\"%s\">&gt;</button>"
                 "<button type=\"button\" id=\"last\" title=\"%s\">&gt;|</button></div>\n"
                 "<div id=\"status\" aria-live=\"polite\"></div>\n",
            _("The start (Home)"), _("One move back (Left arrow)"), pg->first,
            pg->first + pg->moves, pg->o->ply, _("Move"), _("One move on (Right arrow)"),
            _("The end (End)"));
    if (pg->nviews < 2)
        return;
    fprintf(out, "<div id=\"views\" role=\"radiogroup\" aria-label=\"%s\">", _("View"));
    for (int v = 0; v < pg->nviews; v++) {
        int seat = pg->views[v].seat;
        fprintf(out, "<label><input type=\"radio\" name=\"view\" value=\"%d\">", v);
        if (seat == JUNQI_NO_SEAT)
            fputs(_("All pieces"), out);
        else
            fprintf(out, _("%s's view"), seat_label(seat));
        fputs("</label>", out);
    }
    fputs("</div>\n", out);
}

static void write_players(page *pg)
{
    FILE *out = pg->out;
    fputs("<ul class=\"players\">", out);
    for (int s = 0; s < JUNQI_SEATS; s++) {
        if (!pg->g->seat[s].present)
            continue;
        fprintf(out, "<li class=\"s%d\"><span class=\"swatch\"></span>%s ", s, seat_label(s));
        html_text(out, pg->g->seat[s].player ? pg->g->seat[s].player : "?");
        fputs("</li>", out);
    }
    fputs("</ul>\n", out);
}

static void write_header(page *pg)
{
    FILE *out = pg->out;
    const char *event = junqi_game_tag(pg->g, "Event"), *site = junqi_game_tag(pg->g, "Site");
    const char *date = junqi_game_tag(pg->g, "Date");
    fputs("<header>\n<h1>", out);
    html_text(out, event ? event : _("Junqi game"));
    fputs("</h1>\n<p class=\"intro\">", out);
    const char *rules = pg->o->rules ? pg->o->rules->name : pg->g->rules->name;
    if (junqi_rules_flip(pg->g->rules)) /* a flip game has no modes (docs/jgn.md, "Mode") */
        /* TRANSLATORS: the board's name is translated, the rule set's stays as it is (what --rules
           takes): "two-player board, rules fanqi" */
        fprintf(out, _("%s board, rules %s"), _(pg->b->name), rules);
    else
        /* TRANSLATORS: the board's and the game mode's names are translated, the rule set's stays
           as it is (what --rules takes): "four-player board, rules qq, dark" */
        fprintf(out, _("%s board, rules %s, %s"), _(pg->b->name), rules, _(junqi_info_mode_name(pg->g->info)));
    const char *parts[] = {site, date};
    for (int i = 0; i < 2; i++)
        if (parts[i]) {
            fputs(", ", out);
            html_text(out, parts[i]);
        }
    fputs("</p>\n", out);
    write_players(pg);
    fputs("<p class=\"result\" id=\"result\">", out);
    html_text(out, pg->plies[pg->moves].status);
    fputs("</p>\n", out);
    junqi_score sc;
    char text[256];
    if (junqi_score_game(pg->g, &sc) &&
        junqi_score_describe(pg->g->rules->scoring, &sc, text, sizeof text) > 0) {
        fputs("<p class=\"score\">", out);
        html_text(out, text);
        fputs("</p>\n", out);
    }
    fputs("</header>\n", out);
}

/* ---- the move list ------------------------------------------------------------------- */

/* Glyphs of the NAGs a page shows (PGN's standard ones that apply to any game). */
static const char *nag_glyph(int nag)
{
    static const char *const glyphs[] = {
        [1] = "!", [2] = "?", [3] = "!!", [4] = "??", [5] = "!?", [6] = "?!", [7] = "\u25a1",
        [10] = "=", [13] = "\u221e", [14] = "\u2a72", [15] = "\u2a71", [16] = "\u00b1",
        [17] = "\u2213", [18] = "+\u2212", [19] = "\u2212+",
    };
    return nag > 0 && nag < (int)(sizeof glyphs / sizeof glyphs[0]) ? glyphs[nag] : NULL;
}

static const char *mark_class(int nag)
{
    switch (nag) {
    case 2: return "mark-mistake";
    case 4: return "mark-blunder";
    case 6: return "mark-inaccuracy";
    default: return "mark-good";
    }
}

/* A move's mark (its first NAG when that is $1..$6) and its other NAGs. */
static void write_nags(FILE *out, const junqi_item *it)
{
    int k = 0;
    if (it->nnags && junqi_nag_assesses_move(it->nags[0])) {
        fprintf(out, "<span class=\"mark %s\">%s</span>", mark_class(it->nags[0]),
                nag_glyph(it->nags[0]));
        k = 1;
    }
    for (; k < it->nnags; k++) {
        const char *g = nag_glyph(it->nags[k]);
        if (g)
            fprintf(out, "<span class=\"nag\">%s</span>", g);
        else
            fprintf(out, "<span class=\"nag\">$%d</span>", it->nags[k]);
    }
}

/* A comment's text without its [%...] commands, trimmed; "" when nothing is left. */
static void comment_text(const char *text, char *buf, size_t n)
{
    size_t w = 0;
    for (const char *s = text; *s && w + 1 < n;) {
        if (s[0] == '[' && s[1] == '%') {
            const char *close = strchr(s, ']');
            if (close) {
                s = close + 1;
                continue;
            }
        }
        buf[w++] = *s++;
    }
    buf[w] = 0;
    size_t lead = strspn(buf, " \t\n");
    memmove(buf, buf + lead, strlen(buf + lead) + 1);
    for (w = strlen(buf); w && strchr(" \t\n", buf[w - 1]); w--)
        buf[w - 1] = 0;
}

/* The comments of line l at place `before`, on either side of an END item there. */
static void write_comments_at(page *pg, const junqi_line *l, size_t before, const char *tag)
{
    size_t last = junqi_line_through_end(l, before);
    for (size_t c = 0; c < l->ncomments; c++) {
        if (l->comments[c].before < before || l->comments[c].before > last)
            continue;
        char text[4096];
        comment_text(l->comments[c].text, text, sizeof text);
        if (!*text)
            continue;
        fprintf(pg->out, "<%s class=\"comment\">", tag);
        html_text(pg->out, text);
        fprintf(pg->out, "</%s>", tag);
    }
}

/* A move's or a flip game's action's text, as JGN writes it (docs/jgn.md). */
static const char *move_text(const page *pg, const junqi_item *it, char *buf, size_t n)
{
    return pg->flip ? junqi_jgn_flip_action_text(pg->b, it, buf, n) : junqi_jgn_move_token(pg->b, it, buf);
}

/* A variation as text: "(12. c6-c7 13. e7>e8)", nested ones inside. */
static void write_variation(page *pg, const junqi_line *l, size_t number, int depth)
{
    FILE *out = pg->out;
    char tok[32];
    fputs(depth ? " (" : "(", out);
    for (size_t i = 0; i < l->nitems; i++) {
        const junqi_item *it = &l->items[i];
        if (it->kind != JUNQI_ITEM_MOVE)
            continue;
        fprintf(out, "%s%zu. ", i ? " " : "", number);
        html_text(out, move_text(pg, it, tok, sizeof tok));
        for (int k = 0; k < it->nnags; k++)
            fputs(nag_glyph(it->nags[k]) ? nag_glyph(it->nags[k]) : "", out);
        write_comments_at(pg, l, i + 1, "span");
        for (size_t v = 0; v < it->nvariations && depth < JUNQI_JGN_MAX_DEPTH; v++)
            write_variation(pg, &it->variations[v], number, depth + 1);
        number++;
    }
    fputs(")", out);
}

/* The evaluation of judged move `ply` (1-based), if the record is annotated. */
static void write_eval(page *pg, size_t ply)
{
    if (!pg->annotated || ply == 0 || ply > pg->notes.nmoves || !pg->notes.moves[ply - 1].judged)
        return;
    const junqi_move_judgement *j = &pg->notes.moves[ply - 1];
    fprintf(pg->out, "<span class=\"eval\" title=\"%s\">%.0f%% \u2192 %.0f%%</span>",
            _("The mover's side's chance to win with the best move and after this one"),
            100 * j->winprob_before, 100 * j->winprob_after);
}

/* A flip game's events after action it (colour:north:blue, drop:c5). */
static void write_flip_events(page *pg, const junqi_item *it)
{
    char tok[2][32];
    int n = pg->flip ? junqi_jgn_flip_events(pg->b, it, tok) : 0;
    for (int k = 0; k < n; k++) {
        fputs(" <span class=\"event-token\">", pg->out);
        html_text(pg->out, tok[k]);
        fputs("</span>", pg->out);
    }
}

static void write_move_item(page *pg, const junqi_item *it, size_t i, size_t ply, size_t number)
{
    FILE *out = pg->out;
    char tok[32];
    fprintf(out, "<li class=\"move s%d\" data-ply=\"%zu\"><span class=\"num\">%zu.</span>"
                 "<span class=\"seat\"></span><span class=\"san\">",
            it->seat < JUNQI_SEATS ? it->seat : 9, ply, number);
    html_text(out, move_text(pg, it, tok, sizeof tok));
    fputs("</span>", out);
    write_flip_events(pg, it);
    write_nags(out, it);
    write_eval(pg, ply);
    write_comments_at(pg, &pg->g->main, i + 1, "span");
    for (size_t v = 0; v < it->nvariations; v++) {
        fputs("<span class=\"variation\">", out);
        write_variation(pg, &it->variations[v], number, 0);
        fputs("</span>", out);
    }
    fputs("</li>\n", out);
}

/* An event as a sentence ("south ran out of time (2)"), or "" for the end of the game. */
static void event_text(const junqi_item *it, char *buf, size_t n)
{
    const char *seat = seat_label(it->seat);
    switch (it->kind) {
    case JUNQI_ITEM_TIMEOUT:
        if (it->count)
            snprintf(buf, n, _("%s ran out of time (%d)."), seat, it->count);
        else
            snprintf(buf, n, _("%s ran out of time."), seat);
        break;
    case JUNQI_ITEM_ELIMINATED:
        snprintf(buf, n, _("%s is out: %s."), seat, _(junqi_reason_name((junqi_reason)it->reason)));
        break;
    case JUNQI_ITEM_LEFT: snprintf(buf, n, _("%s left the game."), seat); break;
    default: buf[0] = 0;
    }
}

static void write_moves(page *pg)
{
    const junqi_line *l = &pg->g->main;
    FILE *out = pg->out;
    size_t ply = pg->first, number = pg->first + 1;
    fprintf(out, "<ol id=\"moves\">\n<li class=\"start\" data-ply=\"%zu\">%s", ply, _("Start"));
    write_comments_at(pg, l, 0, "span");
    fputs("</li>\n", out);
    for (size_t i = 0; i < l->nitems; i++) {
        const junqi_item *it = &l->items[i];
        if (it->kind == JUNQI_ITEM_MOVE) {
            if (ply == pg->first + pg->moves)
                break; /* the illegal move where the page stops, and what follows it */
            write_move_item(pg, it, i, ++ply, number++);
            continue;
        }
        char text[160];
        event_text(it, text, sizeof text);
        if (!*text)
            continue;
        fprintf(out, "<li class=\"event\" data-ply=\"%zu\">", ply);
        html_text(out, text);
        write_comments_at(pg, l, i + 1, "span");
        fputs("</li>\n", out);
    }
    fputs("</ol>\n", out);
}

/* ---- the annotation: summary and graph --------------------------------------------------- */

static void write_summary(page *pg)
{
    if (!pg->annotated)
        return;
    FILE *out = pg->out;
    fprintf(out, "<table id=\"summary\"><caption>%s</caption>\n<tr><th>%s</th><th>%s</th><th>%s</th>"
                 "<th>?!</th><th>?</th><th>?\?</th></tr>\n",
            _("Moves judged by the engine"), _("Seat"), _("Accuracy"), _("Average loss"));
    for (int s = 0; s < JUNQI_SEATS; s++) {
        const junqi_seat_summary *sum = &pg->notes.seat[s];
        if (!sum->moves)
            continue;
        fprintf(out, "<tr class=\"s%d\"><td><span class=\"swatch\"></span>%s</td><td>%.1f</td>"
                     "<td>%.3f</td><td>%d</td><td>%d</td><td>%d</td></tr>\n",
                s, seat_label(s), sum->accuracy, sum->average_loss, sum->inaccuracies,
                sum->mistakes, sum->blunders);
    }
    fputs("</table>\n", out);
}

/* The graph, drawn by junqi_graph_write() as SVG, and a layer of click targets over it. */
static bool write_graph(page *pg)
{
    if (!pg->annotated)
        return true;
    char err[256];
    int w = pg->geo->width, h = GRAPH_HEIGHT;
    const junqi_theme *t = pg->o->render.theme ? pg->o->render.theme : junqi_theme_default();
    buffer doc;
    if (!buffer_open(&doc))
        return fail(pg, _("out of memory"));
    bool ok = junqi_graph_write(doc.fp, JUNQI_IMAGE_SVG, pg->g, &pg->notes, JUNQI_NO_SEAT, w, h, t,
                                err, sizeof err);
    if (!buffer_close(&doc) || !ok) {
        free(doc.s);
        return fail(pg, ok ? _("out of memory") : err);
    }
    FILE *out = pg->out;
    fprintf(out, "<div id=\"graph\"><svg xmlns=\"http://www.w3.org/2000/svg\" "
                 "xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"%d\" height=\"%d\" "
                 "viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\">",
            w, h, w, h, _("Evaluation graph"));
    svg_inline(out, &doc, "g-");
    free(doc.s);
    junqi_rect plot = junqi_graph_plot_area(w, h);
    double step = plot.w / (double)(pg->notes.nmoves ? pg->notes.nmoves : 1);
    fprintf(out, "</svg><svg id=\"graph-hit\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">", w,
            h, w, h);
    for (size_t i = 0; i < pg->notes.nmoves; i++)
        fprintf(out, "<rect data-ply=\"%zu\" x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%.1f\"/>",
                pg->first + i + 1, plot.x + step * (double)i + step / 2, plot.y, step, plot.h);
    fprintf(out, "<line id=\"graph-now\" x1=\"0\" x2=\"0\" y1=\"%.1f\" y2=\"%.1f\"/></svg></div>\n",
            plot.y, plot.y + plot.h);
    return true;
}

/* ---- the data the script reads ------------------------------------------------------------ */

/* A JSON array of the per-ply strings at offset `field` of each ply's data (NULL: null). */
static void json_ply_strings(junqi_json *j, const page *pg, size_t field)
{
    junqi_json_begin_array(j);
    for (size_t k = 0; k <= pg->moves; k++)
        junqi_json_string(j, *(char *const *)((const char *)&pg->plies[k] + field));
    junqi_json_end_array(j);
}

static void json_views(junqi_json *j, const page *pg)
{
    junqi_json_key(j, "views");
    junqi_json_begin_array(j);
    for (int v = 0; v < pg->nviews; v++) {
        junqi_json_begin_object(j);
        junqi_json_key(j, "seat");
        junqi_json_int(j, pg->views[v].seat == JUNQI_NO_SEAT ? -1 : pg->views[v].seat);
        junqi_json_key(j, "cells");
        json_ply_strings(j, pg, offsetof(ply_data, cells) + (size_t)v * sizeof(char *));
        junqi_json_key(j, "kinds");
        if (pg->views[v].infer && pg->o->inference)
            json_ply_strings(j, pg, offsetof(ply_data, kinds) + (size_t)v * sizeof(char *));
        else
            junqi_json_null(j);
        junqi_json_end_object(j);
    }
    junqi_json_end_array(j);
}

/* Where each point is, what the players call it, and where a tile of each seat goes there. */
static void json_points(junqi_json *j, const page *pg)
{
    junqi_json_key(j, "points");
    junqi_json_begin_array(j);
    for (int p = 0; p < pg->b->npoints; p++) {
        double x, y;
        char sq[4], name[2][160];
        junqi_geometry_point(pg->geo, p, &x, &y);
        int owner = pg->b->point[p].arm;
        int flag = owner < JUNQI_SEATS ? pg->flag_column[owner] : 0;
        junqi_point_phrase(pg->b, p, 0, pg->o->render.names, name[0], sizeof name[0]);
        junqi_point_phrase(pg->b, p, flag, pg->o->render.names, name[1], sizeof name[1]);
        junqi_json_begin_array(j);
        junqi_json_number(j, x, 1);
        junqi_json_number(j, y, 1);
        junqi_json_string(j, junqi_square_name(pg->b, p, sq));
        junqi_json_string(j, name[0]);
        junqi_json_string(j, name[1]);
        junqi_json_int(j, owner < JUNQI_SEATS ? owner : -1);
        for (int s = 0; s < JUNQI_SEATS; s++) {
            junqi_rect box = junqi_renderer_tile_rect(pg->r, s, p);
            junqi_json_number(j, box.x, 0);
            junqi_json_number(j, box.y, 0);
        }
        junqi_json_end_array(j);
    }
    junqi_json_end_array(j);
}

/* Piece names in the page's script, and the sentences the script fills in. */
static void json_words(junqi_json *j, const page *pg)
{
    junqi_json_key(j, "pieces");
    junqi_json_begin_array(j);
    for (int p = 0; p < JUNQI_PIECE_KINDS; p++)
        junqi_json_string(j, junqi_piece_name((junqi_piece)p, pg->o->render.names));
    junqi_json_end_array(j);
    junqi_json_key(j, "seats");
    junqi_json_begin_array(j);
    for (int s = 0; s < JUNQI_SEATS; s++)
        junqi_json_string(j, junqi_term_text((junqi_term)(JUNQI_TERM_NORTH + s), pg->o->render.names));
    junqi_json_end_array(j);
    static const char *const words[][2] = {
        {"piece", N_("%1$s: %2$s")},
        {"hidden", N_("%1$s: a hidden piece, which can be %2$s.")},
        {"hiddenNothing", N_("%1$s: a hidden piece.")},
        {"moveLabel", N_("Move %1$s")},
        {"faceDown", N_("%1$s: a face-down piece.")},
        {"faceDownIs", N_("%1$s: a face-down piece: %2$s.")},
    };
    junqi_json_key(j, "colours"); /* a flip game's, as the pieces are named */
    junqi_json_begin_array(j);
    for (int c = JUNQI_RED; c <= JUNQI_BLUE; c++)
        junqi_json_string(j, junqi_flip_colour_text(pg->r, c));
    junqi_json_end_array(j);
    junqi_json_key(j, "words");
    junqi_json_begin_object(j);
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        junqi_json_key(j, words[i][0]);
        junqi_json_string(j, _(words[i][1]));
    }
    junqi_json_end_object(j);
}

/* A flip game's tiles, [style, piece, kind] each (style 0 red, 1 blue, 2 unknown); else null. */
static void json_flip_tiles(junqi_json *j, const page *pg)
{
    junqi_json_key(j, "flipTiles");
    if (!pg->flip) {
        junqi_json_null(j);
        return;
    }
    junqi_json_begin_array(j);
    for (int i = 0; i < pg->nflip_tiles; i++) {
        junqi_json_begin_array(j);
        junqi_json_int(j, pg->flip_tiles[i].style);
        junqi_json_int(j, pg->flip_tiles[i].piece);
        junqi_json_int(j, pg->flip_tiles[i].kind);
        junqi_json_end_array(j);
    }
    junqi_json_end_array(j);
}

static void json_data(junqi_json *j, const page *pg)
{
    junqi_json_begin_object(j);
    junqi_json_key(j, "first");
    junqi_json_uint(j, pg->first);
    junqi_json_key(j, "moves");
    junqi_json_uint(j, pg->moves);
    junqi_json_key(j, "open");
    junqi_json_begin_object(j);
    junqi_json_key(j, "ply");
    junqi_json_uint(j, pg->o->ply);
    junqi_json_key(j, "view");
    int open = 0;
    for (int v = 0; v < pg->nviews; v++)
        if (pg->views[v].seat == pg->o->view)
            open = v;
    junqi_json_int(j, open);
    junqi_json_end_object(j);
    junqi_json_key(j, "alphabet");
    junqi_json_string(j, alphabet);
    json_flip_tiles(j, pg);
    junqi_json_key(j, "pitch");
    junqi_json_number(j, pg->geo->pitch, 1);
    json_points(j, pg);
    json_views(j, pg);
    junqi_json_key(j, "status");
    json_ply_strings(j, pg, offsetof(ply_data, status));
    const char *keys[2] = {"under", "over"};
    for (int u = 0; u < 2; u++) {
        junqi_json_key(j, keys[u]);
        junqi_json_begin_array(j);
        for (size_t k = 0; k <= pg->moves; k++)
            junqi_json_int(j, u ? pg->plies[k].over : pg->plies[k].under);
        junqi_json_end_array(j);
    }
    junqi_json_key(j, "graph");
    if (pg->annotated) {
        junqi_rect plot = junqi_graph_plot_area(pg->geo->width, GRAPH_HEIGHT);
        junqi_json_begin_object(j);
        junqi_json_key(j, "x0");
        junqi_json_number(j, plot.x, 2);
        junqi_json_key(j, "step");
        junqi_json_number(j, plot.w / (double)(pg->notes.nmoves ? pg->notes.nmoves : 1), 4);
        junqi_json_end_object(j);
    } else {
        junqi_json_null(j);
    }
    json_words(j, pg);
    junqi_json_end_object(j);
}

/* The data as a JSON script element: '<' is written \u003c so that no text in it can end
 * the element. */
static bool write_data(page *pg)
{
    buffer doc;
    if (!buffer_open(&doc))
        return fail(pg, _("out of memory"));
    junqi_json j;
    junqi_json_init(&j, doc.fp);
    json_data(&j, pg);
    if (!buffer_close(&doc)) {
        free(doc.s);
        return fail(pg, _("out of memory"));
    }
    fputs("<script type=\"application/json\" id=\"junqi-data\">", pg->out);
    for (size_t i = 0; i < doc.n; i++)
        if (doc.s[i] == '<')
            fputs("\\u003c", pg->out);
        else
            fputc(doc.s[i], pg->out);
    fputs("</script>\n", pg->out);
    free(doc.s);
    return true;
}

/* ---- the whole page ---------------------------------------------------------------------- */

static bool write_page(page *pg)
{
    FILE *out = pg->out;
    write_head(pg);
    fputs("<body>\n<div id=\"page\">\n<div id=\"left\">\n", out);
    write_board(pg);
    if (!write_board_layers(pg))
        return false;
    write_controls(pg);
    if (!write_graph(pg))
        return false;
    fputs("</div>\n<div id=\"right\">\n", out);
    write_header(pg);
    write_moves(pg);
    write_summary(pg);
    fputs("</div>\n</div>\n<div id=\"tip\" role=\"tooltip\"></div>\n", out);
    if (!write_data(pg))
        return false;
    fputs("<script>\n", out);
    fputs(page_script, out);
    fputs("</script>\n</body>\n</html>\n", out);
    return !ferror(out) || fail(pg, _("cannot write the page"));
}

static void page_free(page *pg)
{
    for (size_t k = 0; pg->plies && k <= pg->moves; k++) {
        for (int v = 0; v < MAX_VIEWS; v++) {
            free(pg->plies[k].cells[v]);
            free(pg->plies[k].kinds[v]);
        }
        free(pg->plies[k].status);
    }
    free(pg->plies);
    free(pg->frags);
    if (pg->defs.fp)
        buffer_close(&pg->defs);
    free(pg->defs.s);
    junqi_annotation_free(&pg->notes);
    junqi_renderer_free(pg->r);
}

bool junqi_html_write(FILE *fp, junqi_game *g, const junqi_html_options *o, char *err, size_t n)
{
    page pg = {.out = fp, .g = g, .o = o, .b = junqi_rules_board(g->rules), .flip = junqi_rules_flip(g->rules),
               .err = err, .errn = n};
    junqi_game_settle(g);
    pg.moves = junqi_game_moves(g);
    if (o->illegal && o->illegal <= pg.moves) {
        pg.moves = o->illegal - 1;
        pg.cut = true;
    }
    pg.first = pg.flip ? (g->flip_start ? g->flip_start->st.moves : 0) : g->start ? g->start->moves : 0;
    if (o->ply < pg.first || o->ply > pg.first + pg.moves) {
        snprintf(err, n, _("ply %zu is not in the game: its plies are %zu to %zu"), o->ply, pg.first,
                 pg.first + pg.moves);
        return false;
    }
    junqi_render_options ro = o->render;
    ro.caption = false;
    bool ok = (pg.r = junqi_renderer_new(pg.b, &ro, err, n)) != NULL;
    if (ok) {
        pg.geo = junqi_renderer_geometry(pg.r);
        pg.annotated = junqi_annotation_read(g, &pg.notes);
        ok = (pg.plies = calloc(pg.moves + 1, sizeof *pg.plies)) && buffer_open(&pg.defs);
        if (!ok)
            fail(&pg, _("out of memory"));
    }
    ok = ok && collect(&pg) && collect_tiles(&pg);
    if (ok && !buffer_close(&pg.defs))
        ok = fail(&pg, _("out of memory"));
    ok = ok && write_page(&pg);
    page_free(&pg);
    return ok;
}
