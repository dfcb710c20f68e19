/* SPDX-License-Identifier: MIT */
/*
 * junqi-render - board diagrams as PNG, SVG and animated GIF, for a
 * position, a move or a whole game. See docs/man/junqi-render.1.
 *
 * Design note: whatever the input (a QQ replay, a JGN game, a `--position`
 * string, which tools/cli.c all turn into a record), the pictures come from
 * a "source" that gives the scene at any ply: the record replayed to that
 * ply, with the arrows and marks of the command line plus those of the
 * record's comments at that ply ([%arrow ...], [%mark ...], and
 * [%eval ...] for the caption).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "i18n.h"
#include "collection.h"
#include "infer.h"
#include "draw.h"
#include "flip_draw.h"
#include "html.h"
#include "output.h"
#include "replay.h"

static const char *prog = "junqi-render";

/* The default --size and --delay, and how long the last frame of a GIF stays (at most
 * JUNQI_GIF_MAX_DELAY_MS, as every frame: junqi_gif_frame() holds a longer delay at it). */
#define DEFAULT_SIZE 800
#define DEFAULT_DELAY_MS 600
#define LAST_FRAME_FACTOR 5
#define LAST_FRAME_MIN_MS 3000
/* the longest a GIF frame holds: --delay's message names it as a literal, as it is translated */
_Static_assert(JUNQI_GIF_MAX_DELAY_MS == 655350, "--delay's message names the range");

/* Whether -o's file (a picture, a page) was opened: from then on its close says what became
 * of it, else main says that an earlier file is left as it was (junqi_cli_say_left_unopened). */
static bool output_opened;

/* junqi_cli_output_open() of -o's file `path`, noted in output_opened. */
static bool open_output(const char *path, junqi_cli_output *out)
{
    output_opened = true;
    return junqi_cli_output_open(prog, path, out);
}

typedef struct options {
    junqi_render_options render;
    bool bottom_given;
    junqi_cli_ply ply;        /* --ply; .n -1: the end */
    int view;                 /* a seat, or JUNQI_NO_SEAT for all */
    const junqi_rules *rules;
    const char *output;       /* -o */
    const char *frames;       /* --frames DIR */
    const char *position;     /* --position STRING, instead of a file */
    bool format_given;
    junqi_image_format format;
    bool html;                /* an HTML page (render/html.h) instead of a picture */
    int64_t delay_ms;
    bool delay_given;
    const char *arrows[64], *marks[64];
    int narrows, nmarks;
    bool infer;               /* --infer */
    uint64_t seed;            /* --seed */
    bool seed_given;
    bool lenient;             /* --lenient */
    junqi_cli_ordinal game;   /* --game N: the Nth game of FILE; n 0: not given (the first) */
} options;

/* The input a record is read from, never written over nor removed (is_input). */
typedef struct input_file {
    const char *name; /* as given, "<stdin>"; NULL: none (--position) */
    bool file;        /* it is a regular file, id (junqi_cli_input_file: standard input by its descriptor) */
    struct stat id;
} input_file;

/* Where scenes come from (see the design note). */
typedef struct source {
    const junqi_game *game;   /* the record */
    const junqi_source *text; /* what it was read from, open (for the lines of its problems) */
    input_file input;         /* what it was read from */
    junqi_replay replay;      /* the replay, at the ply last asked for */
    size_t moves;             /* the record's moves */
    junqi_plies plies;        /* its plies; scenes are counted from plies.first */
    junqi_notes given;  /* --arrow and --mark, on the source's board */
    junqi_notes notes;  /* the last scene's: given, then its comments' */
    char eval[128];           /* the last scene's [%eval ...], or "" */
    junqi_position shown;     /* the last scene's position, as the viewing seat sees it */
    bool flip;                /* a flip game: flip_replay and flip_shown instead */
    junqi_flip_replay flip_replay;
    junqi_flip flip_shown;
    int inferring;            /* --infer: the seat whose inference labels hidden pieces, or
                                 JUNQI_NO_SEAT */
    char label[JUNQI_INPUT_LABEL_SIZE];         /* the record, for messages: "games.jgn: game 3 (line 120)" */
    bool unsolvable;          /* --infer found no assignment (said): the input is invalid */
    bool invalid;             /* the record's check found errors (said, no-assignment among them) */
    double probs[JUNQI_MAX_POINTS][JUNQI_PIECE_KINDS]; /* the last scene's inference */
} source;

static void usage(void)
{
    char themes[256], rules[1024];
    /* TRANSLATORS: the %s after "one of:" (themes) and after "NAME is one of:"
     * (rule sets) are lists on lines of their own, each indented by 22
     * spaces; keep every line of this help within 79 columns. */
    printf(_("Usage: %s [OPTIONS] [FILE | --position STRING] -o OUT\n"
           "Draw a position of a game record (QQ .jgs/.jqs replay, JGN) as a picture: PNG,\n"
           "SVG, or an animated GIF of the whole game; or write the game as an HTML page to\n"
           "replay it in a browser. With no FILE, or FILE '-', read standard input. Arrows,\n"
           "marks and evaluations in the record's comments at the ply ([%%arrow g2-g6 red],\n"
           "[%%mark h5], [%%eval ...]) are drawn too.\n\n"
           "  -o OUT              the picture (.png, .svg, .gif; '-': standard output), or\n"
           "                      the page (.html; with several games put %%n in OUT for\n"
           "                      the game's number, or give a folder DIR/)\n"
           "  --position STRING   a position in the one-line notation instead of a FILE\n"
           "  --format FMT        png, svg, gif or html (default: OUT's extension, else\n"
           "                      png)\n"
           "  --game N            the Nth game of a file of several (default: the first,\n"
           "                      for a picture; for pages, every game)\n"
           "  --ply N             the position after N moves (default: the end of the game;\n"
           "                      a page opens there, by default at the start)\n"
           "  --view all|SEAT     all pieces (default) or what north, east, south or west\n"
           "                      knew\n"
           "  --bottom SEAT       the seat drawn at the bottom (default: the --view seat,\n"
           "                      else south)\n"
           "  --infer             label hidden pieces with their likeliest kinds and\n"
           "                      percentages, as the viewing seat could tell (needs\n"
           "                      --view SEAT in a dark game unless the record is one\n"
           "                      seat's); --seed S: its seed\n"
           "  --names STYLE       piece names and captions: zh, zh-Hant, short, en, rank\n"
           "                      (default: the locale's: zh-Hant for zh_TW, zh_HK, zh_MO\n"
           "                      and zh_Hant, else zh)\n"
           "  --rank-corner       a small rank number (9 ... 1) in each tile's corner\n"
           "  --upright           keep every tile upright (default: the seats on the left\n"
           "                      and right have their tiles turned towards them)\n"
           "  --arrow FROM-TO[:COLOUR]  an arrow, e.g. g2-g6 or g2-g6:green (repeatable)\n"
           "  --mark SQUARE[:COLOUR]    a ring round a square, e.g. h5:#ff8800 (repeatable)\n"
           "  --caption           players, move number, seat to move and result above the\n"
           "                      board\n"
           "  --size PX           the picture's longer side in pixels (default %d)\n"
           "  --theme NAME        the colours (default classic; contrast is colour-blind\n"
           "                      safe), one of:\n"
           "%s\n"
           "  --no-coords         no file and rank labels round the edge\n"
           "  --frames DIR        one picture per position, DIR/0000.png (the start) to\n"
           "                      the end\n"
           "  --delay MS          GIF: milliseconds per move (default %d; the last frame\n"
           "                      stays longer)\n"
           "  --rules RULES       rule set NAME[,SWITCH=VALUE]... (default: the record's;\n"
           "                      switches: %s(1)); NAME is one of:\n"
           "%s\n"
           "  --lenient           read broken JGN games as far as they go, and draw the\n"
           "                      positions after an illegal move (default: stop before it)\n"
           "  -h, --help          this help\n"
           "  --version           the version\n\n"
           "Flip games (fanqi ...: docs/flip.md) are drawn as PNG, SVG, GIF and HTML pages:\n"
           "face-down backs, the colours, stacks, a carried flag, the last flip glowing.\n"
           "Exit status: 0 success, 1 invalid input, 2 usage error (such as a ply past the\n"
           "end), 3 a file could not be read or written (or no CJK font was found).\n"),
           prog, DEFAULT_SIZE, junqi_cli_help_list(junqi_theme_names(), themes, sizeof themes), DEFAULT_DELAY_MS,
           prog, junqi_cli_help_list(junqi_rules_names(), rules, sizeof rules));
    /* a paragraph of its own: the help above keeps its translations */
    printf(_("A formation (YAML, .jql; FILE#NAME or FILE#N picks one of several, else the\n"
             "first) is drawn face up at the --view seat (default south), as PNG or SVG.\n"));
}

/* ---- scenes ---------------------------------------------------------------- */

static const junqi_board *source_board(const source *src)
{
    return junqi_rules_board(src->game->rules);
}

/* src->notes and src->eval for ply `ply`: the command line's, then the comments'. False
 * when out of memory. */
static bool gather_notes(source *src, size_t ply)
{
    src->notes.n = 0;
    for (size_t i = 0; i < src->given.n; i++)
        if (!junqi_notes_add(&src->notes, src->given.items[i].from, src->given.items[i].to,
                                   src->given.items[i].has_colour ? &src->given.items[i].colour
                                                                  : NULL))
            return false;
    return junqi_notes_at_ply(&src->notes, src->game, ply, src->eval, sizeof src->eval);
}

/* A flip game's scene at `ply` (docs/flip.md): everyone's view is the same, the identities hidden. */
static void flip_scene(source *src, const options *opt, size_t ply, junqi_scene *s)
{
    junqi_flip_replay_seek(&src->flip_replay, ply);
    if (ply == src->moves && opt->ply.n < 0)
        junqi_flip_replay_run(&src->flip_replay);
    src->flip_shown = src->flip_replay.pos;
    if (opt->view != JUNQI_NO_SEAT)
        junqi_flip_view(&src->flip_shown, &src->flip_shown);
    junqi_flip_scene(s, &src->flip_shown, &src->flip_replay, opt->view == JUNQI_NO_SEAT);
}

/* The scene at `ply` as opt->view sees it (pointing into src). False when out of memory. */
static bool source_scene(source *src, const options *opt, size_t ply, junqi_scene *s)
{
    if (src->flip) {
        if (!gather_notes(src, ply))
            return false;
        *s = (junqi_scene){.notes = &src->notes, .evaluation = src->eval[0] ? src->eval : NULL};
        flip_scene(src, opt, ply, s);
        for (int seat = 0; seat < JUNQI_SEATS; seat++)
            s->players[seat] = src->game->seat[seat].player;
        return true;
    }
    junqi_replay_seek(&src->replay, ply);
    if (ply == src->moves && opt->ply.n < 0)
        junqi_replay_run(&src->replay); /* the end includes events after the last move */
    if (!gather_notes(src, ply))
        return false;
    *s = (junqi_scene){.pos = &src->replay.pos, .ply = src->replay.pos.moves, .last_move = src->replay.last_move,
                       .last_outcome = (junqi_outcome)src->replay.last_outcome,
                       .notes = &src->notes, .evaluation = src->eval[0] ? src->eval : NULL};
    for (int seat = 0; seat < JUNQI_SEATS; seat++)
        s->players[seat] = src->game->seat[seat].player;
    if (opt->view != JUNQI_NO_SEAT) {
        junqi_replay_view(&src->replay, opt->view, &src->shown);
        s->pos = &src->shown;
    }
    if (src->inferring == JUNQI_NO_SEAT)
        return true;
    if (!junqi_infer_at(src->game, opt->rules, ply, src->inferring, opt->seed, src->probs)) {
        if (!src->invalid) /* else the record's errors said why */
            junqi_cli_no_assignment(prog, src->label, src->plies.first + ply);
        src->unsolvable = true;
        return false;
    }
    s->probs = (const double(*)[JUNQI_PIECE_KINDS])src->probs;
    return true;
}

/* ---- writing pictures --------------------------------------------------------- */

/* Draw scene s to fp as a PNG or SVG. False with a message in err (n bytes). */
static bool draw_still(junqi_renderer *r, const junqi_scene *s, junqi_image_format format, FILE *fp,
                       char *err, size_t n)
{
    if (format == JUNQI_IMAGE_SVG) {
        const junqi_geometry *g = junqi_renderer_geometry(r);
        cairo_surface_t *svg = junqi_svg_surface(fp, g->width, g->height);
        cairo_t *cr = cairo_create(svg);
        junqi_renderer_draw(r, cr, s);
        cairo_destroy(cr);
        return junqi_svg_finish(svg, err, n);
    }
    cairo_surface_t *img = junqi_renderer_image(r, s);
    return img && junqi_png_write(fp, img, 1, err, n);
}

/* Write the scene at `ply` to fp as a PNG or SVG. False with a message printed
 * (junqi_cli_writer_failed, or src->unsolvable). */
static bool write_still(junqi_renderer *r, source *src, const options *opt, size_t ply,
                        junqi_image_format format, FILE *fp, const char *name)
{
    char err[256] = "cannot draw the picture (out of memory)";
    junqi_scene s;
    bool ok = source_scene(src, opt, ply, &s) && draw_still(r, &s, format, fp, err, sizeof err);
    if (!ok && !src->unsolvable)
        junqi_cli_writer_failed(prog, fp, name, err);
    return ok;
}

/* An animated GIF of plies 0 .. last. False with a message printed
 * (junqi_cli_writer_failed, or src->unsolvable). */
static bool write_gif(junqi_renderer *r, source *src, const options *opt, size_t last, FILE *fp,
                      const char *name)
{
    char err[256] = "cannot draw the picture (out of memory)";
    const junqi_geometry *g = junqi_renderer_geometry(r);
    junqi_gif *gif = junqi_gif_begin(fp, g->width, g->height, opt->render.theme, err, sizeof err);
    bool ok = gif != NULL;
    for (size_t ply = 0; ok && ply <= last; ply++) {
        junqi_scene s;
        cairo_surface_t *img = source_scene(src, opt, ply, &s) ? junqi_renderer_image(r, &s) : NULL;
        int64_t delay = opt->delay_ms;
        if (ply == last)
            delay = delay * LAST_FRAME_FACTOR > LAST_FRAME_MIN_MS ? delay * LAST_FRAME_FACTOR
                                                                 : LAST_FRAME_MIN_MS;
        ok = img && junqi_gif_frame(gif, img, (int)delay, err, sizeof err);
    }
    if (gif && !junqi_gif_end(gif, ok ? err : NULL, sizeof err))
        ok = false;
    if (!ok && !src->unsolvable)
        junqi_cli_writer_failed(prog, fp, name, err);
    return ok;
}

/* Write the picture into OUT (opened before any drawing), commit or remove it.
 * Returns an exit status. */
static int write_output(junqi_renderer *r, source *src, const options *opt, size_t ply,
                        junqi_cli_output *out)
{
    const char *name = out->path ? out->path : "<stdout>";
    bool ok = opt->format == JUNQI_IMAGE_GIF
                  ? write_gif(r, src, opt, ply, out->fp, name)
                  : write_still(r, src, opt, ply, opt->format, out->fp, name);
    bool closed = junqi_cli_output_close(prog, out, ok);
    return src->unsolvable ? JUNQI_EXIT_INVALID : closed && ok ? JUNQI_EXIT_OK : JUNQI_EXIT_IO;
}

/* The name of the --frames picture of the record's ply `ply` (scene plies 0 .. last drawn) into buf (n bytes):
 * DIR/0000.png …, named by the record's own ply in four digits or the last one's width past
 * 9999, so that they sort (a record from a set position at ply P starts at DIR/P.png, as
 * --ply P names it: docs/conventions.md, "One numbering everywhere"). */
static const char *frame_path(const source *src, const options *opt, size_t last, size_t ply, char *buf,
                              size_t n)
{
    junqi_image_format format = opt->format == JUNQI_IMAGE_SVG ? JUNQI_IMAGE_SVG : JUNQI_IMAGE_PNG;
    int width = snprintf(NULL, 0, "%zu", src->plies.first + last); /* one width: the names sort */
    int folder = (int)strlen(opt->frames);
    while (folder > 1 && opt->frames[folder - 1] == '/') /* --frames fx/: fx/0000.png */
        folder--;
    snprintf(buf, n, "%.*s/%0*zu.%s", folder, opt->frames, width < 4 ? 4 : width, ply,
             junqi_image_format_name(format));
    return buf;
}

/* Whether the pictures' names (the longest, the last ply's) fit frame_path()'s buffer, the
 * system's longest path (PATH_MAX): a longer one cannot be written, and cut to fit it named
 * another file (DIR/0000.pn), which remove_run() could take for a picture. Said once, naming
 * DIR, when not, as a folder that takes no file is. */
static bool frame_names_fit(const source *src, const options *opt, size_t last)
{
    char path[4096];
    if (strlen(frame_path(src, opt, last, src->plies.first + last, path, sizeof path)) + 1 < sizeof path)
        return true;
    fprintf(stderr, _("%s: %s: cannot write: %s\n"), prog, opt->frames, strerror(ENAMETOOLONG));
    return false;
}

/* The input FILE ("-": standard input), or none for --position (NULL). */
static input_file input_of(const char *path)
{
    input_file in = {.name = !path ? NULL : strcmp(path, "-") == 0 ? "<stdin>" : path};
    in.file = path && junqi_cli_input_file(path, &in.id);
    return in;
}

/* Whether `path` is the input file (junqi_cli_is_file: through a symbolic link, or a hard
 * link; standard input by the file it is redirected from, which has no name to compare):
 * the one rule by which an output is refused (check_not_input) and an earlier run's
 * pictures are kept (remove_run). */
static bool is_input(const input_file *in, const char *path)
{
    return in->file && junqi_cli_is_file(path, &in->id);
}

/* An output `out` (-o, a --frames picture, one page) that is the input file (is_input:
 * through a symbolic link in the pictures' folder too, or standard input redirected from
 * it) would replace the record it is drawn from with a picture: a usage error, said before
 * anything is written, as a page or a --split part over its input is
 * (junqi_cli_check_parts). Returns an exit status. */
static int check_not_input(const input_file *in, const char *out)
{
    if (!is_input(in, out))
        return JUNQI_EXIT_OK;
    /* TRANSLATORS: the output's name, the input's name */
    return junqi_cli_usage(prog, "%s would be written over the input %s, the record it is drawn from: "
                                 "choose another name", out, in->name);
}

/* -o naming one of the --frames pictures (plies 0 .. last; the same file however it is
 * spelt: junqi_cli_same_file, as --split's parts are compared with its inputs) is a usage
 * error, said before anything is written: one would replace the other; so is -o or a
 * picture that is the input (check_not_input). Returns an exit status. */
static int check_frames_output(const source *src, const options *opt, size_t last)
{
    bool to_file = opt->output && strcmp(opt->output, "-") != 0;
    int rc = to_file ? check_not_input(&src->input, opt->output) : JUNQI_EXIT_OK;
    for (size_t ply = 0; opt->frames && rc == JUNQI_EXIT_OK && ply <= last; ply++) {
        char path[4096];
        frame_path(src, opt, last, src->plies.first + ply, path, sizeof path);
        if (to_file && junqi_cli_same_file(opt->output, path))
            /* TRANSLATORS: -o's name, --frames' folder, the picture's name, its ply */
            return junqi_cli_usage(prog, "-o %s and --frames %s name one file, %s (the picture of ply %zu): "
                                         "choose another name", opt->output, opt->frames, path,
                                   src->plies.first + ply);
        rc = check_not_input(&src->input, path);
    }
    return rc;
}

/* Whether `path`, a picture's name, is the name -o writes (junqi_cli_same_name: through a
 * symbolic link, not a hard link, which -o's rename leaves as it was): -o's file is this
 * run's, never an earlier run's. */
static bool is_output(const options *opt, const char *path)
{
    return opt->output && strcmp(opt->output, "-") != 0 && junqi_cli_same_name(opt->output, path);
}

/* The pictures of a run (scene plies 0 .. last), for junqi_cli_leftovers. */
typedef struct frame_names {
    const source *src;
    const options *opt;
    size_t last, width; /* the names' length: that of the last ply's */
} frame_names;

/* The picture of the record's ply k, named exactly as this run names its pictures
 * (frame_path() for `last`: its width and extension), for junqi_cli_leftovers. */
static bool frame_name(const void *ctx, size_t k, char *buf, size_t n)
{
    const frame_names *f = ctx;
    return strlen(frame_path(f->src, f->opt, f->last, k, buf, n)) == f->width;
}

/* Whether a picture's name is -o's (is_output), for junqi_cli_leftovers. */
static bool frame_is_output(const void *ctx, const char *path)
{
    return is_output(((const frame_names *)ctx)->opt, path);
}

/* Remove the pictures named for the record's plies from `start` on, going by `step` (+1 up,
 * -1 down to ply 0), while each is a regular file named exactly as this run names its
 * pictures and not the input (junqi_cli_leftovers_find, the one walk by which the runs of
 * pages and parts find what an earlier run left); said on stderr in one line naming the
 * lowest and the highest removed. The name -o writes is passed over, there or not, neither
 * removed nor counted nor named: -o's file takes its place in the run, so the pictures past
 * it follow on from this run's as much as those before it. */
static void remove_run(const source *src, const options *opt, size_t last, long long start, int step)
{
    char path[4096];
    frame_names f = {src, opt, last, strlen(frame_path(src, opt, last, src->plies.first + last, path, sizeof path))};
    junqi_cli_leftovers l = {.name = frame_name, .passed = frame_is_output, .ctx = &f, .remove = true,
                             .inputs = src->input.file ? &src->input.id : NULL, .ninputs = src->input.file};
    junqi_cli_leftovers_find(&l, start, step);
    if (l.count == 1)
        fprintf(stderr, _("%s: %s: removed %s, a picture of an earlier run\n"), prog, opt->frames, l.first);
    else if (l.count) /* TRANSLATORS: the folder, how many, the lowest and the highest removed */
        fprintf(stderr, _("%s: %s: removed %zu pictures of an earlier run, %s to %s\n"), prog, opt->frames,
                l.count, step > 0 ? l.first : l.last, step > 0 ? l.last : l.first);
}

/* Remove the pictures an earlier run left in DIR beside this run's (scene plies 0 to
 * `end` - 1 written, of 0 .. last): those that follow on after them, and for a record that
 * starts at ply P, those before P, so that DIR holds this run's pictures alone (a video made
 * of all of DIR's PNG pictures would show an earlier, longer game's end after this one's).
 * Only regular files named as this run names its pictures, in an unbroken run, are removed,
 * never any other file (remove_run). */
static void remove_stale_frames(const source *src, const options *opt, size_t last, size_t end)
{
    remove_run(src, opt, last, (long long)src->plies.first - 1, -1);
    remove_run(src, opt, last, (long long)(src->plies.first + end), 1);
}

/* One picture per ply from 0 to last (scene plies), into frame_path(), and those of an
 * earlier run beside them removed (remove_stale_frames). A picture that cannot be
 * written is said and left out, and the others are written (docs/conventions.md,
 * "Outputs of several files"); a folder that takes no file (read-only), or names too
 * long, are said once, and no picture is tried. A ply no assignment of the hidden pieces agrees with
 * (--infer) ends them: the input is invalid. Returns an exit status. */
static int write_frames(junqi_renderer *r, source *src, const options *opt, size_t last)
{
    junqi_image_format format = opt->format == JUNQI_IMAGE_SVG ? JUNQI_IMAGE_SVG : JUNQI_IMAGE_PNG;
    int rc = JUNQI_EXIT_OK;
    size_t ply;
    if (!frame_names_fit(src, opt, last) || !junqi_cli_folder_takes_files(prog, opt->frames, opt->frames))
        return JUNQI_EXIT_IO; /* said once, not for each picture */
    for (ply = 0; ply <= last && !src->unsolvable; ply++) {
        char path[4096];
        junqi_cli_output out;
        if (!junqi_cli_output_open(prog, frame_path(src, opt, last, src->plies.first + ply, path, sizeof path), &out)) {
            rc = JUNQI_EXIT_IO;
            continue;
        }
        bool ok = write_still(r, src, opt, ply, format, out.fp, path);
        if ((!junqi_cli_output_close(prog, &out, ok) || !ok) && !src->unsolvable)
            rc = JUNQI_EXIT_IO;
    }
    remove_stale_frames(src, opt, last, src->unsolvable ? ply - 1 : ply); /* the ply --infer stopped at is none */
    return rc == JUNQI_EXIT_OK && src->unsolvable ? JUNQI_EXIT_INVALID : rc;
}

/* ---- the input ------------------------------------------------------------------ */

/* Add --arrow and --mark to *given on board b, that of the game or formation `label`. A
 * square that is not on that board is a usage error that names it. Returns an exit status. */
static int add_annotations(junqi_notes *given, const junqi_board *b, const char *label, const options *opt)
{
    char err[256];
    for (int i = 0; i < opt->narrows + opt->nmarks; i++) {
        bool arrow = i < opt->narrows;
        const char *text = arrow ? opt->arrows[i] : opt->marks[i - opt->narrows];
        if (!junqi_notes_parse(given, b, text, arrow, err, sizeof err))
            return junqi_cli_usage(prog, "%s: %s %s: %s", label, arrow ? "--arrow" : "--mark", text, err);
    }
    return JUNQI_EXIT_OK;
}

/* Say, located, what the record's comments at scene plies first to last hold
 * that cannot be drawn (junqi_notes_check): once, before the drawing, which
 * may draw a ply twice (--frames and -o). Drawn or not, the input is valid. */
static void warn_commands(const junqi_source *text, const junqi_input *in, size_t first, size_t last)
{
    junqi_diags d;
    junqi_diags_init(&d);
    if (!junqi_notes_check(in->game, first, last, &d))
        fprintf(stderr, _("%s: out of memory\n"), prog);
    if (text)
        junqi_source_attach_lines(text, &d, 0);
    junqi_cli_print_diags(stderr, in->name, &d, JUNQI_FORMAT_TEXT);
    junqi_diags_free(&d);
}

/* The seat at the bottom: --bottom, else the --view seat, else south; it must be on board b. */
static int settle_bottom(options *opt, const junqi_board *b, const char *name)
{
    if (!opt->bottom_given)
        opt->render.bottom = opt->view != JUNQI_NO_SEAT ? (junqi_seat)opt->view : JUNQI_SOUTH;
    if (!(b->seats & JUNQI_SEAT_BIT(opt->render.bottom)))
        return junqi_cli_usage(prog, "%s: the %s board has no %s seat to draw at the bottom", name,
                               _(b->name), _(junqi_seat_name(opt->render.bottom)));
    return JUNQI_EXIT_OK;
}

/* Make the --frames folder, check that -o is none of its pictures (plies 0 .. last:
 * check_frames_output, once the folder is there, as a name in it resolves only then:
 * fx/../fx/0001.png, or a link to fx, is fx/0001.png), then open -o into out, which may be
 * in it (--frames fx -o fx/end.png): every output is checked before the drawing starts. A
 * folder made here is removed again when -o is refused or cannot be opened (rmdir: it is
 * empty), so that nothing is left. Returns an exit status, the error said
 * (junqi_cli_make_folder, junqi_cli_output_open). */
static int open_outputs(const source *src, const options *opt, size_t last, junqi_cli_output *out)
{
    struct stat st;
    bool there = !opt->frames || stat(opt->frames, &st) == 0;
    if (opt->frames && !junqi_cli_make_folder(prog, opt->frames))
        return JUNQI_EXIT_IO;
    int rc = check_frames_output(src, opt, last);
    if (rc == JUNQI_EXIT_OK && opt->output && !open_output(opt->output, out))
        rc = JUNQI_EXIT_IO;
    if (rc != JUNQI_EXIT_OK && !there)
        rmdir(opt->frames);
    return rc;
}

/* Draw everything asked for from a source. Returns an exit status. */
static int render_source(source *src, options *opt, const junqi_input *in)
{
    const char *name = src->label; /* usage errors about the game name it */
    src->plies = junqi_record_plies(src->game, NULL);
    int rc = junqi_cli_check_ply(prog, in, &src->plies, &opt->ply, false);
    if (rc != JUNQI_EXIT_OK)
        return rc;
    const junqi_board *b = source_board(src);
    rc = settle_bottom(opt, b, name);
    if (rc != JUNQI_EXIT_OK)
        return rc;
    int valid = junqi_cli_check_record(prog, src->text, in, &src->plies, &opt->ply, opt->lenient, NULL);
    src->invalid = valid == JUNQI_EXIT_INVALID;
    if (opt->ply.n > (long)src->plies.last)
        return valid; /* a position the game never had: nothing is drawn */
    if (opt->infer && src->flip)
        return junqi_cli_usage(prog, "%s: --infer reads formation games; a flip game's face-down pieces are "
                                     "chance, the same for both seats", name);
    /* an open game (its Mode, or --rules') hides no piece: the picture would be the one without
     * --infer, an option that draws nothing where it was given (as check_drawn's) */
    if (opt->infer && src->game->info == JUNQI_OPEN)
        return junqi_cli_usage(prog, "%s: --infer: the game is open: every piece is known, nothing to infer", name);
    src->inferring = !opt->infer ? JUNQI_NO_SEAT : opt->view != JUNQI_NO_SEAT ? opt->view : (int)src->game->view;
    if (opt->infer && src->inferring == JUNQI_NO_SEAT)
        return junqi_cli_usage(prog, "%s: --infer needs --view SEAT: whose knowledge of the hidden pieces?", name);
    rc = add_annotations(&src->given, b, src->label, opt);
    if (rc != JUNQI_EXIT_OK)
        return rc;
    /* scenes count the record's moves: the last ply is where the game ended */
    size_t ply = (opt->ply.n < 0 ? src->plies.last : (size_t)opt->ply.n) - src->plies.first;
    bool all = opt->frames || opt->format == JUNQI_IMAGE_GIF; /* every ply to `ply` is drawn */
    warn_commands(src->text, in, all ? 0 : ply, ply);
    /* every output path is checked before the drawing starts */
    junqi_cli_output out;
    if ((rc = open_outputs(src, opt, ply, &out)) != JUNQI_EXIT_OK)
        return rc;
    char err[512];
    junqi_renderer *r = junqi_renderer_new(b, &opt->render, err, sizeof err);
    if (!r) {
        fprintf(stderr, "%s: %s\n", prog, err);
        if (opt->output)
            junqi_cli_output_close(prog, &out, false);
        return JUNQI_EXIT_IO;
    }
    if (opt->frames)
        rc = write_frames(r, src, opt, ply);
    /* a picture that could not be written is left out, and -o is written all the same
     * (docs/conventions.md, "Outputs of several files"); a ply that --infer found no
     * assignment for ended the pictures, and -o, a later ply, cannot be drawn either */
    if (opt->output && !src->unsolvable) {
        int written = write_output(r, src, opt, ply, &out);
        rc = written > rc ? written : rc;
    } else if (opt->output)
        junqi_cli_output_close(prog, &out, false);
    junqi_renderer_free(r);
    return rc != JUNQI_EXIT_OK ? rc : valid;
}

/* ---- formations ------------------------------------------------------------------ */

/* A formation asked for as an HTML page (page) or a GIF: refused with what to use instead, as
 * a formation is one still picture of no game. `name`: the formation's input. Returns
 * JUNQI_EXIT_USAGE. */
static int refuse_formation(const char *name, bool page)
{
    if (page)
        return junqi_cli_usage(prog, "%s is a formation: an HTML page replays a game; draw a formation as a "
                                     "picture (-o NAME.png or -o NAME.svg)", name);
    return junqi_cli_usage(prog, "%s is a formation, one still picture: draw it as PNG or SVG (-o NAME.png or "
                                 "-o NAME.svg), not as a GIF", name);
}

/* The options that would draw nothing for a formation (as check_drawn's): usage errors that
 * say why. Returns an exit status. */
static int check_formation_options(const options *opt, const char *name)
{
    if (opt->format == JUNQI_IMAGE_GIF && !opt->frames)
        return refuse_formation(name, false);
    if (opt->frames)
        return junqi_cli_usage(prog, "%s: --frames draws each ply of a game; a formation is one picture: -o "
                                     "NAME.png", name);
    if (opt->ply.text)
        return junqi_cli_usage(prog, "%s: --ply chooses a position of a game; a formation is drawn as it "
                                     "stands at the start", name);
    if (opt->infer)
        return junqi_cli_usage(prog, "%s: --infer labels hidden pieces; a formation's pieces are all face up",
                               name);
    return JUNQI_EXIT_OK;
}

/* The board formation f is drawn on at `seat`: --rules', else the one f names, else the
 * two-player board when it has the seat (north, south), else the four-player board. */
static const junqi_board *formation_board(const options *opt, const junqi_formation *f, junqi_seat seat)
{
    if (opt->rules)
        return junqi_rules_board(opt->rules);
    if (f->has_board)
        return junqi_board_get(f->board);
    const junqi_board *two = junqi_board_get(JUNQI_TWO_PLAYER);
    return two->seats & JUNQI_SEAT_BIT(seat) ? two : junqi_board_get(JUNQI_FOUR_PLAYER);
}

/* Draw formation f at `seat` of board b, face up on its own arm and the rest of the board
 * empty, with the notes `given`, into -o (opened here). Returns an exit status, the error
 * said. */
static int draw_formation(const options *opt, const junqi_formation *f, const junqi_board *b, junqi_seat seat,
                          const junqi_notes *given)
{
    static junqi_position pos;
    junqi_position_init(&pos, b, opt->rules ? opt->rules : junqi_rules_default(b->kind), JUNQI_SEAT_BIT(seat));
    junqi_position_place_setup(&pos, seat, f->setup);
    junqi_scene s = {.pos = &pos, .last_move = {JUNQI_NO_POINT, JUNQI_NO_POINT}, .notes = given, .formation = true};
    s.players[seat] = f->name; /* the caption names the formation where a record names the player */
    junqi_cli_output out;
    if (!open_output(opt->output, &out))
        return JUNQI_EXIT_IO;
    char err[512] = "cannot draw the picture (out of memory)";
    junqi_renderer *r = junqi_renderer_new(b, &opt->render, err, sizeof err);
    if (!r) {
        fprintf(stderr, "%s: %s\n", prog, err);
        junqi_cli_output_close(prog, &out, false);
        return JUNQI_EXIT_IO;
    }
    bool ok = draw_still(r, &s, opt->format, out.fp, err, sizeof err);
    if (!ok)
        junqi_cli_writer_failed(prog, out.fp, out.path ? out.path : "<stdout>", err);
    junqi_renderer_free(r);
    return junqi_cli_output_close(prog, &out, ok) && ok ? JUNQI_EXIT_OK : JUNQI_EXIT_IO;
}

/* Draw formation f, read from `input` (named `name` in messages), as a picture: at the
 * --view seat, else south (docs/formation.md, "Drawing a formation"). Returns an exit status. */
static int render_formation(options *opt, const junqi_formation *f, const char *name, const input_file *input)
{
    int rc = check_formation_options(opt, name);
    if (rc == JUNQI_EXIT_OK)
        rc = junqi_cli_check_formation_rules(prog, name, f, opt->rules);
    if (rc != JUNQI_EXIT_OK)
        return rc;
    junqi_seat seat = opt->view != JUNQI_NO_SEAT ? (junqi_seat)opt->view : JUNQI_SOUTH;
    const junqi_board *b = formation_board(opt, f, seat);
    if (!(b->seats & JUNQI_SEAT_BIT(seat))) /* TRANSLATORS: the input, a board, a seat */
        return junqi_cli_usage(prog, "%s: the %s board has no %s seat", name, _(b->name), _(junqi_seat_name(seat)));
    if ((rc = settle_bottom(opt, b, name)) != JUNQI_EXIT_OK)
        return rc;
    junqi_notes given = {0};
    rc = add_annotations(&given, b, name, opt);
    if (rc == JUNQI_EXIT_OK && strcmp(opt->output, "-") != 0)
        rc = check_not_input(input, opt->output);
    if (rc == JUNQI_EXIT_OK)
        rc = draw_formation(opt, f, b, seat, &given);
    junqi_notes_free(&given);
    return rc;
}

/* Whether `path` is FILE#NAME or FILE#N of a FILE that is there (junqi_cli_split_formation
 * into *c), not a --position: a formation of FILE is chosen, as junqi-replay --setup chooses
 * one. */
static bool picks_formation(const options *opt, const char *path, junqi_cli_formation_choice *c)
{
    return !opt->position && junqi_cli_split_formation(path, c) && c->which && access(c->path, F_OK) == 0;
}

/* FILE#NAME or FILE#N (path): that formation of FILE drawn (junqi_cli_load_formation, as
 * junqi-replay --setup chooses one). Returns an exit status. */
static int render_chosen_formation(options *opt, const char *path, const char *file)
{
    if (opt->game.n)
        return junqi_cli_usage(prog, "%s: --game chooses a game, and #%s a formation: give one of them", path,
                               path + strlen(file) + 1);
    if (opt->html)
        return refuse_formation(path, true);
    junqi_formation f;
    int rc = junqi_cli_load_formation(prog, NULL, path, opt->rules, &f);
    if (rc != JUNQI_EXIT_OK)
        return rc;
    input_file input = input_of(file);
    rc = render_formation(opt, &f, path, &input);
    free(f.name);
    return rc;
}

/* Load the record, FILE's --game (the first by default) or --position, into in,
 * its source kept open in *text. When it is no record, is broken, or for a page,
 * what reading it said is printed (a picture's record is checked when drawn).
 * Returns an exit status; in holds a record when it is below JUNQI_EXIT_USAGE. */
static int load_input(const options *opt, const char *path, junqi_input *in, junqi_source **text)
{
    junqi_diags d;
    junqi_diags_init(&d);
    unsigned flags = opt->lenient ? JUNQI_SOURCE_LENIENT : 0;
    int rc = opt->position ? junqi_cli_load_position(prog, opt->position, in, &d, text)
                           : junqi_cli_load_game(prog, path, flags, &opt->game, in, &d, text);
    bool formation = in->kind == JUNQI_INPUT_FORMATION && rc == JUNQI_EXIT_OK;
    if (formation && opt->html) {
        junqi_diags_free(&d);
        return refuse_formation(in->name, true);
    }
    if (in->kind == JUNQI_INPUT_FORMATION) { /* drawn when it keeps the rules, as --setup takes it */
        if (formation)
            junqi_formation_check_under(&in->formation, opt->rules, NULL, &d);
        junqi_source_attach_lines(*text, &d, 0); /* its problems shown at their lines */
        rc = formation && d.errors ? JUNQI_EXIT_INVALID : rc;
    }
    /* a record read broken (--lenient salvaged it) has errors of its text that no check of the
     * game read can find again: they are said here, for a picture too */
    if (in->kind != JUNQI_INPUT_RECORD || opt->html || rc == JUNQI_EXIT_INVALID)
        junqi_cli_print_diags(stderr, in->name ? in->name : path, &d, JUNQI_FORMAT_TEXT);
    junqi_diags_free(&d);
    return in->kind != JUNQI_INPUT_RECORD && !formation && rc < JUNQI_EXIT_USAGE ? JUNQI_EXIT_INVALID : rc;
}

/* Load the record (FILE or --position), or the formation (FILE, FILE#NAME, FILE#N), and draw
 * it. Returns an exit status. */
static int render_input(options *opt, const char *path)
{
    junqi_cli_formation_choice choice;
    if (picks_formation(opt, path, &choice))
        return render_chosen_formation(opt, path, choice.path);
    junqi_input in;
    junqi_source *text = NULL;
    int rc = load_input(opt, path, &in, &text);
    if (in.kind == JUNQI_INPUT_FORMATION && rc == JUNQI_EXIT_OK) { /* a broken one: said as a record's */
        input_file input = input_of(path);
        rc = render_formation(opt, &in.formation, in.name, &input);
        if (rc == JUNQI_EXIT_OK && !opt->game.n && text && junqi_cli_more_games(text)) /* the first, as a record's */
            fprintf(stderr, _("%s: %s holds more than one formation; formation 1 is drawn (FILE#N or FILE#NAME "
                              "chooses another)\n"), prog, in.name);
    }
    if (in.kind == JUNQI_INPUT_RECORD) {
        static source src;
        src = (source){.game = in.game, .text = text, .moves = junqi_game_moves(in.game),
                       .input = input_of(opt->position ? NULL : path)};
        junqi_input_label(&in, src.label, sizeof src.label);
        if (junqi_cli_apply_rules(prog, src.label, in.game, opt->rules) != JUNQI_EXIT_OK ||
            junqi_cli_check_view(prog, src.label, in.game, opt->view) != JUNQI_EXIT_OK)
            rc = JUNQI_EXIT_USAGE;
        else if ((src.flip = junqi_rules_flip(in.game->rules))
                     ? !junqi_flip_replay_start(&src.flip_replay, in.game, NULL, NULL)
                     : !junqi_cli_replay_start(&in, text, &src.replay))
            rc = JUNQI_EXIT_INVALID;
        else {
            int drawn = render_source(&src, opt, &in);
            rc = drawn > rc ? drawn : rc; /* a broken record drawn is still invalid (exit 1) */
        }
        junqi_notes_free(&src.given);
        junqi_notes_free(&src.notes);
        if (!opt->game.n && !opt->position) /* pages are written for every game */
            junqi_cli_note_more_games(prog, text, in.name);
    }
    junqi_input_free(&in);
    junqi_source_close(text);
    return rc;
}

/* ---- HTML pages -------------------------------------------------------------------- */

/* What render_page() needs from one call to the next. */
typedef struct pages {
    options *opt;
    int games;                  /* pages written so far */
    junqi_notes given;    /* --arrow and --mark, on the board of the game being written */
    /* One page to one name (no %n, no folder): the page is written but kept
     * uncommitted until the input ends, so that a second game (a usage
     * error) leaves an earlier file of that name as it was. */
    junqi_cli_output held;
    bool holding;
    /* Standard output cannot be left as it was, so its one page is held in
     * memory instead (page, page_len; open_memstream) and written at the end. */
    char *page;
    size_t page_len;
    bool many;            /* the output names one page per game */
    int checked;          /* games seen by check_pages() */
    junqi_cli_folder folder; /* -o DIR/: whether DIR was made */
    const junqi_source *src; /* the input being read */
    input_file input;        /* the input: no page is written over it nor taken for an earlier run's */
    size_t last_number;      /* many: the number of the last page named (0: none) */
} pages;

/* The usage error of a second game (*games: those seen so far, counted here) when -o names
 * one page (no %n, no folder DIR/): said by check_pages() before any page is tried (its
 * folder, or a folder of its name, tried first said that it could not be written), and by
 * render_page(), which a --position reaches without check_pages(). Returns an exit status. */
static int one_page_only(const options *opt, int *games, const junqi_input *in)
{
    if ((*games)++ > 0 && !junqi_collection_numbered(opt->output))
        return junqi_cli_usage(prog, "%s holds more than one game: put %%n in the page's name "
                                     "(-o game-%%n.html) or give a folder (-o DIR/)", in->name);
    return JUNQI_EXIT_OK;
}

/* The usage errors that a page's game can hold, said naming it ("games.jgn: game 2 (line
 * 28)"): --rules of the other board, a --view seat not in it, a --ply past its end (or
 * before its start), a --bottom seat not on its board, an --arrow or --mark off it (put
 * into *given, on its board: the games of one file may be on either). *plies: the game's.
 * Returns an exit status. */
static int check_page_game(options *opt, junqi_input *in, junqi_plies *plies, junqi_notes *given)
{
    source src = {.game = in->game};
    junqi_input_label(in, src.label, sizeof src.label);
    junqi_notes_free(given);
    if (junqi_cli_apply_rules(prog, src.label, in->game, opt->rules) != JUNQI_EXIT_OK ||
        junqi_cli_check_view(prog, src.label, in->game, opt->view) != JUNQI_EXIT_OK)
        return JUNQI_EXIT_USAGE;
    *plies = junqi_record_plies(in->game, NULL);
    int rc = junqi_cli_check_ply(prog, in, plies, &opt->ply, false);
    if (rc == JUNQI_EXIT_OK)
        rc = settle_bottom(opt, junqi_board_get(in->game->board), src.label);
    if (rc == JUNQI_EXIT_OK)
        rc = add_annotations(&src.given, source_board(&src), src.label, opt);
    *given = src.given;
    return rc;
}

/* The page of one game into path; path NULL: no page can be written there
 * (its folder could not be made, which was said), and the game is checked
 * all the same, as what the tool says of its input does not hang on an
 * output. Returns an exit status. */
static int write_page(pages *ps, junqi_input *in, const char *path)
{
    options *opt = ps->opt;
    junqi_html_options ho = {.render = opt->render, .view = opt->view, .inference = true,
                             .given = &ps->given};
    junqi_plies plies;
    int rc = check_page_game(opt, in, &plies, &ps->given);
    if (rc != JUNQI_EXIT_OK)
        return rc;
    int valid = junqi_cli_check_record(prog, ps->src, in, &plies, &opt->ply, opt->lenient, NULL);
    if (opt->ply.n > (long)plies.last)
        return valid; /* a position the game never had: no page */
    if (plies.cut)
        ho.illegal = plies.last - plies.first + 1;
    warn_commands(ps->src, in, 0, plies.cut ? plies.last - plies.first : SIZE_MAX); /* the page's plies */
    ho.ply = opt->ply.n < 0 ? plies.first : (size_t)opt->ply.n; /* a page opens at the start */
    ho.render.bottom = opt->render.bottom;
    if (!path)
        return JUNQI_EXIT_IO;
    junqi_cli_output out = {0};
    bool in_memory = !ps->many && strcmp(path, "-") == 0;
    if (in_memory ? !(out.fp = open_memstream(&ps->page, &ps->page_len)) : !open_output(path, &out)) {
        if (in_memory)
            fprintf(stderr, _("%s: out of memory\n"), prog);
        return JUNQI_EXIT_IO;
    }
    char err[512];
    bool ok = junqi_html_write(out.fp, in->game, &ho, err, sizeof err);
    if (!ok)
        junqi_cli_writer_failed(prog, out.fp, in->name, err);
    if (in_memory) {
        if (fclose(out.fp) != 0 && ok) {
            fprintf(stderr, _("%s: out of memory\n"), prog);
            ok = false;
        }
        return ok ? valid : JUNQI_EXIT_IO;
    }
    if (ok && !ps->many) {
        ps->held = out;
        ps->holding = true;
        return valid;
    }
    return junqi_cli_output_close(prog, &out, ok) && ok ? valid : JUNQI_EXIT_IO;
}

/* One game of the input: its page. */
static int render_page(void *ctx, junqi_input *in)
{
    pages *ps = ctx;
    const char *out = ps->opt->output;
    bool many = junqi_collection_numbered(out);
    ps->many = many;
    int rc = one_page_only(ps->opt, &ps->games, in);
    if (rc != JUNQI_EXIT_OK)
        return rc;
    char path[4096];
    /* page N is the file's game N (a broken game before it has no page but keeps its number) */
    size_t number = in->index ? in->index : (size_t)ps->games;
    if (many)
        ps->last_number = number;
    if (many && !junqi_collection_path(out, number, ".html", path, sizeof path)) {
        fprintf(stderr, _("%s: %s: the page's name is too long\n"), prog, out);
        return JUNQI_EXIT_IO;
    }
    if (!many && !junqi_cli_output_name(prog, out, path, sizeof path))
        return JUNQI_EXIT_IO; /* one page: its name read as a pattern's (%% is %) */
    /* a folder, or the one folder of every page, that is not there: said once, naming -o */
    return write_page(ps, in, junqi_cli_output_folder(prog, out, &ps->folder) ? path : NULL);
}

/* After the pages of an input (status rc so far): commit the held page, and say the pages
 * an earlier run left past this run's (not for --game's one page, among the file's others).
 * Returns an exit status. */
static int finish_pages(pages *ps, int rc)
{
    if (ps->many && !ps->opt->game.n)
        junqi_cli_say_leftovers(prog, ps->opt->output, ".html", true, ps->last_number,
                                ps->input.file ? &ps->input.id : NULL, ps->input.file);
    /* an invalid game's page is kept: it stops where the game did */
    if (ps->holding && !junqi_cli_output_close(prog, &ps->held, rc <= JUNQI_EXIT_INVALID))
        rc = JUNQI_EXIT_IO;
    if (ps->page && rc <= JUNQI_EXIT_INVALID) {
        fwrite(ps->page, 1, ps->page_len, stdout); /* a failure is the flush's to say, errno kept */
        if (!junqi_cli_flush_stdout(prog))
            rc = JUNQI_EXIT_IO;
    }
    free(ps->page);
    junqi_notes_free(&ps->given);
    return rc;
}

/* The --game of the input as a page, into ps. Returns an exit status. */
static int render_chosen_page(pages *ps, const char *path)
{
    junqi_input in;
    junqi_source *text = NULL;
    int rc = load_input(ps->opt, path, &in, &text);
    if (in.kind == JUNQI_INPUT_RECORD) {
        ps->src = text;
        int status = render_page(ps, &in);
        rc = status > rc ? status : rc;
    }
    junqi_input_free(&in);
    junqi_source_close(text);
    return rc;
}

/* The input of the pages, read twice: every game checked first (check_pages), then the pages
 * written. A file is opened for each reading; standard input or a pipe, which can be read
 * once, is read into memory (data, len) at the first. */
typedef struct pages_input {
    const char *path;
    unsigned flags;
    uint8_t *data;
    size_t len;
    bool held; /* data holds it */
} pages_input;

/* The next reading of pi. NULL when it cannot be opened or read, which was said. */
static junqi_source *open_pages_input(pages_input *pi)
{
    struct stat st;
    bool stdin_ = strcmp(pi->path, "-") == 0;
    if (!pi->held && !stdin_ && (stat(pi->path, &st) != 0 || S_ISREG(st.st_mode)))
        return junqi_cli_open(prog, pi->path, pi->flags); /* a file, or what says why not */
    const char *name = stdin_ ? "<stdin>" : pi->path;
    if (!pi->held) {
        char err[256] = "";
        FILE *fp = stdin_ ? stdin : fopen(pi->path, "rb");
        int rc = fp ? junqi_read_stream(fp, &pi->data, &pi->len, err, sizeof err) : errno;
        if (fp && !stdin_)
            fclose(fp);
        if (rc != 0) {
            fprintf(stderr, "%s: %s: %s\n", prog, name, *err ? err : strerror(rc));
            return NULL;
        }
        pi->held = true;
    }
    junqi_source *src = junqi_source_memory(pi->data, pi->len, name, pi->flags);
    if (!src)
        fprintf(stderr, _("%s: out of memory\n"), prog);
    return junqi_cli_with_rules(src);
}

/* A game of the input, in check_pages(): its usage errors. */
static int check_page(void *ctx, junqi_input *in)
{
    pages *ps = ctx;
    junqi_plies plies;
    int status = one_page_only(ps->opt, &ps->checked, in);
    return status != JUNQI_EXIT_OK ? status : check_page_game(ps->opt, in, &plies, &ps->given);
}

/* Every game's usage errors (check_page_game), before any page is written: a usage error
 * about the second game (--ply past its end) leaves no page, as junqi-replay -o leaves no
 * file. Returns an exit status: JUNQI_EXIT_OK, or that of the first error, said. */
static int check_pages(pages *ps, pages_input *pi)
{
    junqi_source *src = open_pages_input(pi);
    if (!src)
        return JUNQI_EXIT_IO;
    junqi_input first;
    junqi_diags d;
    junqi_diags_init(&d);
    bool formation = junqi_source_next(src, &first, &d) == JUNQI_READ_OK && first.kind == JUNQI_INPUT_FORMATION;
    junqi_input_free(&first);
    junqi_diags_free(&d);
    junqi_source_close(src);
    if (formation) /* no page: what to draw instead is said (the checks start again at the first game) */
        return refuse_formation(strcmp(pi->path, "-") == 0 ? "<stdin>" : pi->path, true);
    if (!(src = open_pages_input(pi)))
        return JUNQI_EXIT_IO;
    int rc = junqi_cli_check_records(src, check_page, ps); /* an input that stops reading: said when written */
    junqi_notes_free(&ps->given);
    return rc;
}

/* A page over the input file `path` (named as one, through a link in the pages' folder, or
 * standard input redirected from it) would replace it, the record with a page, and one page
 * (no %n) at the end: a usage error before anything is written, as for junqi-replay --split's
 * parts. Returns an exit status. */
static int check_pages_input(const options *opt, const char *path, const input_file *in)
{
    if (opt->position || strcmp(opt->output, "-") == 0)
        return JUNQI_EXIT_OK;
    if (!junqi_collection_numbered(opt->output)) /* standard input too, by the file it is */
        return check_not_input(in, opt->output);
    char *inputs[] = {(char *)path}; /* only compared, never written; "-" by the file it is */
    return junqi_cli_check_parts(prog, opt->output, ".html", true, inputs, 1);
}

/* Every game of the input as a page, or the --game. Returns an exit status. */
static int render_pages(options *opt, const char *path)
{
    junqi_cli_formation_choice choice;
    if (picks_formation(opt, path, &choice))
        return render_chosen_formation(opt, path, choice.path); /* FILE#WHICH: refused, said */
    pages ps = {.opt = opt, .input = input_of(opt->position ? NULL : path)};
    int refused = check_pages_input(opt, path, &ps.input);
    if (refused != JUNQI_EXIT_OK)
        return refused;
    if (opt->game.n)
        return finish_pages(&ps, render_chosen_page(&ps, path));
    if (opt->position) {
        ps.src = junqi_cli_open_position(prog, opt->position);
        return finish_pages(&ps, junqi_cli_each_needed_record(prog, (junqi_source *)ps.src, render_page, &ps));
    }
    pages_input pi = {.path = path, .flags = opt->lenient ? JUNQI_SOURCE_LENIENT : 0};
    int rc = check_pages(&ps, &pi);
    if (rc == JUNQI_EXIT_OK) {
        junqi_source *src = open_pages_input(&pi);
        ps.src = src;
        rc = junqi_cli_each_needed_record(prog, src, render_page, &ps);
    }
    free(pi.data);
    return finish_pages(&ps, rc);
}

/* ---- options --------------------------------------------------------------------- */

static bool parse_seat_or_all(const char *text, int *out)
{
    if (strcmp(text, "all") == 0) {
        *out = JUNQI_NO_SEAT;
        return true;
    }
    *out = junqi_seat_parse(text);
    return *out != JUNQI_NO_SEAT;
}

/* Once the output's kind is settled: an option that would draw nothing there is a usage error, as
 * --seed without --infer is, not dropped in silence (h-render R7). */
static int check_drawn(const options *opt)
{
    if (opt->html && opt->infer)
        return junqi_cli_usage(prog, "--infer labels the hidden pieces of a picture; an HTML page names what "
                                     "each can be under the pointer, in a seat's view");
    if (opt->html && opt->render.caption)
        return junqi_cli_usage(prog, "--caption writes above a picture; an HTML page names the players, the "
                                     "move and the result beside its board");
    if (opt->delay_given && (opt->html || opt->frames || opt->format != JUNQI_IMAGE_GIF))
        return junqi_cli_usage(prog, "--delay is the time of each frame of a GIF: it takes -o NAME.gif or "
                                     "--format gif");
    return JUNQI_EXIT_OK;
}

/* True if an output name asks for HTML pages: NAME.html, NAME.htm, a folder (DIR/). */
static bool html_name(const char *path)
{
    size_t n = strlen(path);
    return (n > 5 && strcasecmp(path + n - 5, ".html") == 0) ||
           (n > 4 && strcasecmp(path + n - 4, ".htm") == 0) || (n > 0 && path[n - 1] == '/');
}

/* Decide the output format once all options are read. Returns an exit status. */
static int settle_format(options *opt)
{
    if (!opt->output && !opt->frames)
        return junqi_cli_usage(prog, "say where the picture goes: -o OUT (or --frames DIR)");
    if (opt->frames && opt->format_given && opt->format == JUNQI_IMAGE_GIF)
        return junqi_cli_usage(prog, "--frames writes PNG or SVG pictures, not GIF");
    if (!opt->format_given && opt->output && html_name(opt->output))
        opt->html = true;
    if (opt->html && opt->frames)
        return junqi_cli_usage(prog, "--frames writes pictures; an HTML page holds every ply itself");
    if (opt->html && strcmp(opt->output, "-") == 0)
        return JUNQI_EXIT_OK;
    if (!opt->html && opt->output && junqi_collection_numbered(opt->output)) /* it wrote a file named x-%n.png */
        return junqi_cli_usage(prog, "-o %s: %%n numbers the pages of several games (.html); a picture is one "
                                     "file (--frames DIR writes one for each ply)", opt->output);
    if (opt->format_given || !opt->output || !*opt->output || opt->html) /* '': said when opened */
        return JUNQI_EXIT_OK;
    if (strcmp(opt->output, "-") == 0)
        opt->format = JUNQI_IMAGE_PNG;
    else if (!junqi_image_format_from_path(opt->output, &opt->format))
        return junqi_cli_usage(prog, "cannot tell the format of '%s' from its name: "
                                     "use --format png, svg, gif or html", opt->output);
    return JUNQI_EXIT_OK;
}

/* A PNG or GIF is not written to a terminal (-o - there): its bytes would
 * garble the screen, and the user meant a redirection or a file. Said
 * before anything is read or made (--frames' folder). */
static int check_terminal(const options *opt)
{
    if (!opt->output || opt->html || opt->format == JUNQI_IMAGE_SVG)
        return JUNQI_EXIT_OK;
    bool gif = opt->format == JUNQI_IMAGE_GIF;
    return junqi_cli_refuse_terminal(prog, "-o", opt->output, gif ? "GIF" : "PNG", gif ? "board.gif" : "board.png");
}

/* Store a repeatable option's value. */
static bool push(const char **list, int *n, const char *value)
{
    if (*n >= 64)
        return false;
    list[(*n)++] = value;
    return true;
}

/* The options of how the board looks (opt->render): --bottom, --names,
 * --rank-corner, --upright, --arrow, --mark, --caption, --size, --theme,
 * --no-coords. */
static int parse_look_option(options *opt, int c, const char *arg)
{
    int64_t n;
    switch (c) {
    case 'b':
        if ((opt->render.bottom = junqi_seat_parse(arg)) == JUNQI_NO_SEAT)
            return junqi_cli_usage(prog, "--bottom takes north, east, south or west, not '%s'", arg);
        opt->bottom_given = true;
        break;
    case 'n':
        if (!junqi_names_parse(arg, &opt->render.names))
            return junqi_cli_usage(prog, "--names takes zh, zh-Hant, short, en or rank, not '%s'", arg);
        break;
    case 'R': opt->render.rank_corner = true; break;
    case 'u': opt->render.upright = true; break;
    case 'a':
        if (!push(opt->arrows, &opt->narrows, arg))
            return junqi_cli_usage(prog, "at most 64 --arrow options");
        break;
    case 'm':
        if (!push(opt->marks, &opt->nmarks, arg))
            return junqi_cli_usage(prog, "at most 64 --mark options");
        break;
    case 'c': opt->render.caption = true; break;
    case 's':
        if (!junqi_cli_parse_count(arg, JUNQI_GEOMETRY_MAX_SIZE, &n) || n < JUNQI_GEOMETRY_MIN_SIZE)
            return junqi_cli_usage(prog, "--size takes %d to %d pixels, not '%s'",
                                   JUNQI_GEOMETRY_MIN_SIZE, JUNQI_GEOMETRY_MAX_SIZE, arg);
        opt->render.size = (int)n;
        break;
    case 't':
        if (!(opt->render.theme = junqi_theme_get(arg)))
            return junqi_cli_usage(prog, "unknown theme '%s' (known: %s)", arg, junqi_theme_names());
        break;
    case 'C': opt->render.coords = false; break;
    }
    return JUNQI_OPTIONS_GO_ON;
}

/* Parse one option (getopt code c, argument arg). Returns JUNQI_OPTIONS_GO_ON, or an exit status. */
static int parse_option(options *opt, int c, const char *arg)
{
    switch (c) {
    case 'o':
        if (junqi_cli_take_name(prog, "-o", arg, false, &opt->output) != JUNQI_EXIT_OK)
            return JUNQI_EXIT_USAGE;
        break;
    case 'f':
        opt->html = strcmp(arg, "html") == 0;
        if (!opt->html && !junqi_image_format_parse(arg, &opt->format))
            return junqi_cli_usage(prog, "--format takes png, svg, gif or html, not '%s'", arg);
        opt->format_given = true;
        break;
    case 'p':
        if (junqi_cli_parse_ply(prog, arg, &opt->ply) != JUNQI_EXIT_OK)
            return JUNQI_EXIT_USAGE;
        break;
    case 'v':
        if (!parse_seat_or_all(arg, &opt->view))
            return junqi_cli_usage(prog, "--view takes all, north, east, south or west, not '%s'", arg);
        break;
    case 'F':
        if (junqi_cli_take_name(prog, "--frames", arg, true, &opt->frames) != JUNQI_EXIT_OK)
            return JUNQI_EXIT_USAGE;
        break;
    case 'P': opt->position = arg; break;
    case 'd':
        if (!junqi_cli_parse_count(arg, JUNQI_GIF_MAX_DELAY_MS, &opt->delay_ms))
            return junqi_cli_usage(prog, "--delay takes milliseconds (0 to 655350), not '%s'", arg);
        opt->delay_given = true;
        break;
    case 'I': opt->infer = true; break;
    case 'L': opt->lenient = true; break;
    case 'g':
        if (junqi_cli_parse_game(prog, arg, &opt->game) != JUNQI_EXIT_OK)
            return JUNQI_EXIT_USAGE;
        break;
    case 'S':
        if (junqi_cli_parse_seed(prog, arg, &opt->seed) != JUNQI_EXIT_OK)
            return JUNQI_EXIT_USAGE;
        opt->seed_given = true;
        break;
    case 'r':
        if (junqi_cli_parse_rules(prog, arg, &opt->rules) != JUNQI_EXIT_OK)
            return JUNQI_EXIT_USAGE;
        break;
    case 'h': usage(); return JUNQI_EXIT_OK;
    case 'V': return junqi_cli_version(prog);
    default: return parse_look_option(opt, c, arg);
    }
    return JUNQI_OPTIONS_GO_ON;
}

int main(int argc, char **argv)
{
    junqi_cli_set_locale();
    junqi_cli_close_stdout_at_exit(prog);
    junqi_cli_set_game_picker("--game ");
    static const char shortopts[] = ":ho:";
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'}, {"ply", required_argument, NULL, 'p'},
        {"view", required_argument, NULL, 'v'},   {"bottom", required_argument, NULL, 'b'},
        {"names", required_argument, NULL, 'n'},  {"rank-corner", no_argument, NULL, 'R'},
        {"upright", no_argument, NULL, 'u'},      {"arrow", required_argument, NULL, 'a'},
        {"mark", required_argument, NULL, 'm'},   {"caption", no_argument, NULL, 'c'},
        {"size", required_argument, NULL, 's'},   {"theme", required_argument, NULL, 't'},
        {"no-coords", no_argument, NULL, 'C'},    {"frames", required_argument, NULL, 'F'},
        {"delay", required_argument, NULL, 'd'},  {"rules", required_argument, NULL, 'r'},
        {"position", required_argument, NULL, 'P'}, {"infer", no_argument, NULL, 'I'},
        {"seed", required_argument, NULL, 'S'},   {"lenient", no_argument, NULL, 'L'},
        {"game", required_argument, NULL, 'g'},
        {"help", no_argument, NULL, 'h'},         {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    options opt = {
        .render = {.theme = junqi_theme_default(), .names = junqi_cli_locale_names(JUNQI_NAMES_ZH), .coords = true,
                   .bottom = JUNQI_SOUTH, .size = DEFAULT_SIZE},
        .ply = JUNQI_CLI_PLY_END, .view = JUNQI_NO_SEAT, .format = JUNQI_IMAGE_PNG, .delay_ms = DEFAULT_DELAY_MS,
    };
    int c;
    junqi_cli_given given = {0};
    opterr = 0;
    while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
        if (c != 'a' && c != 'm' && junqi_cli_once(prog, &given, shortopts, longopts, c, optarg) != JUNQI_EXIT_OK)
            return JUNQI_EXIT_USAGE; /* --arrow and --mark add up */
        int rc = c == '?' || c == ':' ? junqi_cli_bad_option(prog, argv, shortopts, longopts)
                                      : parse_option(&opt, c, optarg);
        if (rc != JUNQI_OPTIONS_GO_ON)
            return rc;
    }
    if (opt.position && argc > optind)
        return junqi_cli_usage(prog, "--position and a FILE exclude each other");
    if (opt.position && opt.game.n)
        return junqi_cli_usage(prog, "--game chooses a game of a FILE; --position gives one position");
    if (argc - optind > 1)
        return junqi_cli_usage(prog, "one input at a time (got %d files)", argc - optind);
    if (opt.seed_given && !opt.infer)
        return junqi_cli_usage(prog, "--seed is the random seed of --infer: it takes --infer");
    int rc = settle_format(&opt);
    if (rc == JUNQI_EXIT_OK)
        rc = check_drawn(&opt);
    if (rc == JUNQI_EXIT_OK)
        rc = check_terminal(&opt);
    if (rc != JUNQI_EXIT_OK)
        return rc;
    const char *path = optind < argc ? argv[optind] : "-";
    static char one[4096]; /* a picture, or one page: -o read as one file (%% is %) */
    bool one_file = opt.output && !(opt.html && junqi_collection_numbered(opt.output));
    if (one_file && !junqi_cli_output_name(prog, opt.output, one, sizeof one))
        return JUNQI_EXIT_IO;
    if (!opt.html && opt.output)
        opt.output = one; /* a page's name is read so where it is written, as a pattern's */
    rc = opt.html ? render_pages(&opt, path) : render_input(&opt, path);
    /* a run that failed before -o was opened (its input, its record) left an earlier file there */
    if (one_file && !output_opened)
        junqi_cli_say_left_unopened(prog, one, rc);
    return rc;
}
