/* SPDX-License-Identifier: MIT */
/*
 * junqi-analyze - engine work on game records: the engine's move and
 * evaluation for one position (--go), the search benchmark (--bench), and
 * perft, the check of the move generator against independent reference
 * counts. The engine is libcore's (eval.h, search.h, infer.h, analysis.h);
 * docs/engine.md describes it. See docs/man/junqi-analyze.1.
 *
 * Structure: every mode that works on one position goes through locate(),
 * which loads the input (a file, or a --position string) and replays it to
 * --ply; a new kind of input only needs a new branch there.
 */
#define _GNU_SOURCE /* dlinfo, RTLD_NOLOAD: where libjunqi was loaded from */
#include <dlfcn.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "annotate.h"
#include "cli.h"
#include "flip_out.h"
#include "flipnote.h"
#include "flip_replay.h"
#include "flip_search.h"
#include "i18n.h"
#include "engine.h"
#include "gamejson.h"
#include "graph.h"
#include "jgn.h"
#include "perft.h"
#include "play.h"
#include "position_out.h"
#include "posnote.h"
#include "replay.h"
#include "report.h"
#include "text.h"

#include <math.h>
#include <stdatomic.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char *prog = "junqi-analyze";

typedef enum mode { MODE_ANNOTATE, MODE_PERFT, MODE_GO, MODE_BENCH, MODE_ENGINE } mode;

typedef struct options {
    mode mode;
    int64_t perft; /* depth */
    junqi_cli_ply ply; /* --ply; .n -1: the end */
    bool divide;
    junqi_cli_format format;
    const junqi_rules *rules;
    const char *position;
    junqi_search_limits limits;
    int64_t threads;
    int view;        /* a junqi_view_mode, or -1: the record's default */
    int64_t samples; /* 0: the default */
    const junqi_level *level; /* --level, or NULL: the default level */
    uint64_t seed;
    const char *output;     /* -o */
    const char *graph;      /* --graph */
    const char *graph_format; /* --graph-format, as given, or NULL */
    int graph_as;           /* the junqi_image_format --graph writes (settle_graph_format) */
    double thresholds[3];   /* --thresholds */
    int only_seat;          /* --only-seat, or JUNQI_NO_SEAT */
    unsigned source_flags;  /* --lenient */
    junqi_cli_ordinal game; /* --game N: the Nth game of FILE; n 0: not given (the first) */
    bool given[128];        /* the options given, by their getopt value */
    const char *mode_option; /* the first of --go, --bench, --perft, --engine given, or NULL */
} options;

static void usage(void)
{
    char rules[1024];
    /* TRANSLATORS: the %s after "NAME is one of:" is the list of rule sets on
     * lines of their own, each indented by 22 spaces; keep every line of this
     * help within 79 columns. */
    printf(_("Usage: %s [OPTIONS] [FILE...]\n"
           "       %s --go [--game N] [--ply N] [OPTIONS] [FILE]\n"
           "       %s --bench [--depth D] [--threads N] [--format text|json]\n"
           "       %s --perft D [--game N] [--ply N] [--divide] [OPTIONS] [FILE]\n"
           "       %s --engine [--level L] [--threads N] [--seed S] [OPTIONS]\n"
           "Annotate games (JGN, QQ replays: every move judged, mistakes marked with the\n"
           "better move and its line, a summary per seat) as JGN or JSON; or search one\n"
           "position for the best move, benchmark the search, or count move sequences.\n"
           "With no FILE, or FILE '-', read standard input, one game at a time.\n\n"
           "  -o FILE             annotation: write to FILE (through a temporary file)\n"
           "  --graph FILE        annotation: draw the first game's evaluation (.png, .svg;\n"
           "                      '-': standard output, with -o FILE)\n"
           "  --graph-format FMT  annotation: png or svg, the graph's format (default:\n"
           "                      FILE's extension, else png)\n"
           "  --thresholds A,B,C  win-probability losses marking an inaccuracy (?!), a\n"
           "                      mistake (?) and a blunder (?\?); default 0.05,0.10,0.15\n"
           "  --only-seat SEAT    annotate that seat's moves only\n"
           "  --lenient           read broken JGN games as far as they go; --go, --perft:\n"
           "                      replay past an illegal move (default: stop before it)\n"
           "  --go                print the engine's move, evaluation, win probability\n"
           "                      and line\n"
           "  --engine            speak the engine protocol on standard input and output\n"
           "                      (docs/protocol.md); the options give its start values\n"
           "  --game N            the Nth game of FILE (default: the first for --go and\n"
           "                      --perft, every game for annotation)\n"
           "  --ply N             --go, --perft: the position after N moves (default: end)\n"
           "  --position STRING   a position in the one-line notation instead of FILE\n"
           "  --level LEVEL       --go: play at easy, normal, default or expert: a node\n"
           "                      budget and a style (docs/protocol.md); easy errs on\n"
           "                      purpose\n"
           "  --depth D           search D plies deep\n"
           "  --nodes N           stop each search after about N nodes\n"
           "  --movetime MS       stop each search after MS milliseconds (varies by\n"
           "                      machine)\n"
           "                      default level: %d nodes per search, never a time\n"
           "  --multipv K         list the K best moves (1..%d)\n"
           "  --threads N         threads (1..64); the output does not depend on N except\n"
           "                      with --movetime (whole searches are spread over threads)\n"
           "  --view all|mover    judge with everything known, or with what the mover knew\n"
           "                      (sampled; the default for dark games, QQ replays\n"
           "                      included)\n"
           "  --samples K         --view mover: assignments of the hidden pieces searched\n"
           "                      (1..%d, default %d)\n"
           "  --seed S            --view mover: the random seed of the samples (default 0)\n"
           "  --bench             search built-in positions of both boards to a fixed depth\n"
           "                      (--depth D: to D; the flip ones to %d, or to D if lower);\n"
           "                      print the total node count and nodes per second (per\n"
           "                      thread, by board and in all)\n"
           "  --perft D           count the move sequences of length D (a seat to move with\n"
           "                      no legal move is eliminated; a finished game has no\n"
           "                      moves)\n"
           "  --divide            perft: also print the count after each first move\n"
           "  --format text|json  annotation: JGN (default) or one JSON object per game;\n"
           "                      otherwise text or one JSON object: --go\n"
           "                      {\"bestmove\",\"eval\",\"winprob\",\"pv\",\"depth\",\"nodes\",...},\n"
           "                      --perft {\"depth\",\"nodes\",\"divide\"}, --bench\n"
           "                      {\"nodes\",\"nps\",...}\n"
           "  --rules RULES       rule set NAME[,SWITCH=VALUE]... (default: the record's;\n"
           "                      switches: %s(1)); NAME is one of:\n"
           "%s\n"
           "  -h, --help          this help\n"
           "  --version           the version\n\n"
           "Evaluations are centi-material (100 = a lieutenant) and win probabilities, both\n"
           "for the team to move. Flip games (fanqi ...) are searched as chance games:\n"
           "values are expected win probabilities, flips are named c8^, the default is\n"
           "%d nodes, --level, --view, --samples and --seed do not apply\n"
           "(docs/engine.md).\n"
           "Exit status: 0 success, 1 invalid input, 2 usage error, 3 a file could not be\n"
           "read or written.\n"),
           prog, prog, prog, prog, prog, JUNQI_DEFAULT_NODES, JUNQI_MAX_MULTIPV, JUNQI_MAX_SAMPLES,
           JUNQI_DEFAULT_SAMPLES, JUNQI_FLIP_BENCH_DEPTH, prog, junqi_cli_help_list(junqi_rules_names(), rules, sizeof rules),
           JUNQI_FLIP_DEFAULT_NODES);
}

/* ---- one position of a record ------------------------------------------- */

typedef struct located {
    junqi_input in;
    junqi_record_at at;   /* the position (junqi_record_locate) */
    bool ready;           /* at holds it (also for a record that breaks the rules, up to the
                             position before its illegal move) */
    junqi_summary check;  /* the record's check (junqi_cli_check_record): what it inferred of
                             the hidden pieces, which --go takes rather than infer it again */
} located;

/* Load the input (FILE's --game, the first by default, or --position) into
 * loc->in, a record with --rules applied; its source is handed back open in
 * *src (junqi_cli_load). A record
 * read broken (what --lenient salvaged) is JUNQI_EXIT_INVALID, its errors said,
 * and is searched still. */
static int load_record(const options *opt, const char *path, located *loc, junqi_source **src)
{
    junqi_diags d;
    junqi_diags_init(&d);
    int rc = opt->position ? junqi_cli_load_position(prog, opt->position, &loc->in, &d, src)
                           : junqi_cli_load_game(prog, path, opt->source_flags, &opt->game,
                                                 &loc->in, &d, src);
    if (rc == JUNQI_EXIT_OK && loc->in.kind != JUNQI_INPUT_RECORD) {
        fprintf(stderr, _("%s: %s: a formation, not a game record\n"), prog, loc->in.name);
        rc = JUNQI_EXIT_INVALID;
    }
    if (loc->in.kind != JUNQI_INPUT_RECORD || rc == JUNQI_EXIT_IO) {
        junqi_cli_print_diags(stderr, loc->in.name ? loc->in.name : path, &d, JUNQI_FORMAT_TEXT);
        junqi_diags_free(&d);
        return rc != JUNQI_EXIT_OK ? rc : JUNQI_EXIT_INVALID;
    }
    if (rc == JUNQI_EXIT_INVALID) /* errors of the text, which no check of the game read finds again */
        junqi_cli_print_diags(stderr, loc->in.name, &d, JUNQI_FORMAT_TEXT);
    junqi_diags_free(&d);
    char label[JUNQI_INPUT_LABEL_SIZE]; /* a usage error about the game names it */
    if (junqi_cli_apply_rules(prog, junqi_input_label(&loc->in, label, sizeof label), loc->in.game,
                              opt->rules) != JUNQI_EXIT_OK)
        return JUNQI_EXIT_USAGE;
    return rc;
}

/* Replay loc's record (read from src) to --ply. */
static int seek_ply(const options *opt, const junqi_source *src, located *loc)
{
    junqi_plies plies = junqi_record_plies(loc->in.game, NULL);
    int rc = junqi_cli_check_ply(prog, &loc->in, &plies, &opt->ply, false);
    if (rc != JUNQI_EXIT_OK)
        return rc;
    /* a record that breaks the rules is searched only where the game was */
    int valid = junqi_cli_check_record(prog, src, &loc->in, &plies, &opt->ply,
                                       opt->source_flags & JUNQI_SOURCE_LENIENT, &loc->check);
    if (valid != JUNQI_EXIT_OK && opt->ply.n > (long)plies.last)
        return valid;
    if (!junqi_record_locate(loc->in.game, NULL, &plies, opt->ply.n, &loc->at))
        return JUNQI_EXIT_INVALID; /* junqi_cli_check_record() printed why */
    loc->ready = true;
    return valid;
}

/* Load the input (FILE or --position) and replay it to --ply. Returns an
 * exit status; loc->ready says whether loc->r (or f) holds the position. */
static int locate(const options *opt, const char *path, located *loc)
{
    memset(loc, 0, sizeof *loc);
    junqi_source *src = NULL;
    int rc = load_record(opt, path, loc, &src);
    if (rc <= JUNQI_EXIT_INVALID && loc->in.kind == JUNQI_INPUT_RECORD) {
        int sought = seek_ply(opt, src, loc);
        rc = sought > rc ? sought : rc;
        if (!opt->game.n && !opt->position)
            junqi_cli_note_more_games(prog, src, loc->in.name);
    }
    junqi_source_close(src);
    return rc;
}

/* ---- perft -------------------------------------------------------------- */

/* The perft total, and with --divide the lines by first move (sorted). */
static void print_perft_lines(const options *opt, const junqi_perft_line *lines, int n, uint64_t total)
{
    if (opt->format == JUNQI_FORMAT_JSON) {
        junqi_json j;
        junqi_json_init(&j, stdout);
        junqi_write_perft_json(&j, (int)opt->perft, total, opt->divide ? lines : NULL, n);
        putchar('\n');
        return;
    }
    for (int i = 0; i < n; i++)
        printf("%s: %llu\n", lines[i].move, (unsigned long long)lines[i].nodes);
    printf(_("nodes: %llu\n"), (unsigned long long)total);
}

/* perft of the position: a flip game's needs its face-down identities, another every piece's kind (a
 * seat's view counts moves of pieces whose kind nobody knows). */
static int print_perft(const options *opt, junqi_record_at *at)
{
    static junqi_perft_line lines[JUNQI_PERFT_LINES];
    int n;
    uint64_t total;
    junqi_perft_status status = junqi_record_perft(at, (int)opt->perft, opt->divide ? lines : NULL, &n, &total);
    if (status == JUNQI_PERFT_INCOMPLETE) {
        fprintf(stderr, _("%s: perft needs a complete position, and this one has pieces of unknown kind (a "
                          "seat's view of a dark game): give the complete record\n"), prog);
        return JUNQI_EXIT_INVALID;
    }
    if (status == JUNQI_PERFT_NO_DEAL) {
        fprintf(stderr, _("%s: perft needs the identities of the face-down pieces, and they are unknown here: a "
                          "record without a Deal, or a position of the players' view (# or *?)\n"), prog);
        return JUNQI_EXIT_INVALID;
    }
    print_perft_lines(opt, lines, n, total);
    return JUNQI_EXIT_OK;
}

/* ---- go ----------------------------------------------------------------- */

/* A usage error when an option given plays formation games only and `in`
 * is a flip game (junqi_go_check_flip(), the rule the Python binding's go()
 * applies too): --level, --view, --samples, --seed, whatever its value
 * (--seed 0 too). An option that does not apply is
 * not ignored (docs/conventions.md): --go checks here. (Annotation does
 * not: in a collection they apply to its formation games, and a usage
 * error at a flip game met half-way would end the run there.) */
static int check_flip_options(const options *opt, const junqi_input *in)
{
    unsigned given = (opt->level ? JUNQI_GO_GIVEN_LEVEL : 0u) | (opt->given['v'] ? JUNQI_GO_GIVEN_VIEW : 0u) |
                     (opt->given['k'] ? JUNQI_GO_GIVEN_SAMPLES : 0u) | (opt->given['s'] ? JUNQI_GO_GIVEN_SEED : 0u);
    if (!junqi_rules_flip(in->game->rules) || junqi_go_check_flip(given, NULL, 0)) /* the library's rule */
        return JUNQI_EXIT_OK;
    char label[JUNQI_INPUT_LABEL_SIZE];
    return junqi_cli_usage(prog, "%s: --level, --view, --samples and --seed play formation games; a flip game "
                                 "takes --nodes, --depth or --movetime", junqi_input_label(in, label, sizeof label));
}

static int run_go(const options *opt, const located *loc)
{
    if (check_flip_options(opt, &loc->in) != JUNQI_EXIT_OK)
        return JUNQI_EXIT_USAGE;
    junqi_play_request req = {.game = loc->in.game, .level = opt->level, .view = opt->view,
                              .samples = (int)opt->samples, .seed = opt->seed,
                              .limits = opt->limits, .threads = (int)opt->threads,
                              .known = loc->check.inferred ? &loc->check.knowledge : NULL};
    junqi_go_status status = junqi_go_write(stdout, opt->format == JUNQI_FORMAT_JSON, &req, &loc->at);
    if (status == JUNQI_GO_NO_MEMORY) {
        fprintf(stderr, _("%s: out of memory\n"), prog);
        return JUNQI_EXIT_IO;
    }
    if (status != JUNQI_GO_WRITTEN) {
        char label[JUNQI_INPUT_LABEL_SIZE], why[256]; /* the game, as junqi-validate names it */
        fprintf(stderr, "%s: %s: %s\n", prog, junqi_input_label(&loc->in, label, sizeof label),
                junqi_go_status_message(status, &loc->at.r.pos, "--view mover", why, sizeof why));
        return JUNQI_EXIT_INVALID;
    }
    return JUNQI_EXIT_OK;
}

/* ---- bench -------------------------------------------------------------- */

/* Positions of real games (four-player: QQ replays jgs-000001 at plies 0, 40,
 * 120 and 250, jgs-000150 at ply 60; two-player: the reference perft
 * positions of tests/data/perft), searched to a fixed depth per board. */
static const char *const bench_positions[] = {
    "N2LLF7/65BLB/3.2.6/31.38/4.1.5/24719/W4L3355...E65B42L/WF1.B.2E1.8.LF/WL38.11...E91.134/"
    "W27.4.2E3.7.L2/WL66B79...E25B736/S93215/B.4.7/31.2B/5.3.6/867LL/124FL n 0 0 -",
    "N2LLF7/65BLB/3..26/31.../W5N1.38/.4.../W4L33....E5..B42L/WF1.B12E18..LF/WL3........E1.134/"
    "W27841N7E37..L2/WL6....S8..E25B736/.S3215/.1.27/..4.B/.3..6/.67LL/124FL n 2 40 -",
    "N2LLF7/.5BLB/.3.2./....6/.1.../8..../W4L.........E7.2L/WF1B.1..E8.BLF/WL.....N7....E1.34/"
    "W273E5...1.BL2/WL6...........E36/S8..1./.1.2./...../...4./.67LL/124FL n 2 120 -",
    ".NLLF./8..../...3./...../...7./...../...........E7B.L/WF.........ELF/WL............E34/"
    "W2........E3L2/WL....S7........./..W3../...E6./...../...S4./...LL/.24FL s 5 250 -",
    "N4L1F2/6L34L/.1..B/....5/.B18./.7..6/WL58....6...E924L/WFL3.B6.E5..LF/W21..3....E2.333L/"
    "W2L..14...E112/W3145E8........64/W7..S1./.45B./..3.7/.16.1/5L2LB/324FL n 7 60 -",
    "NLFL21/4L522/3.4.B/7B.18/9.3.7/51663/S81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL s 0 0 -",
    "N42LFL/153L6/23..1/9..B7/..B32/.1.74/.S2N8S19/..48./N5S37.7/23.B6/1L565/3L4FL s 0 14 -",
    "N32LFL/L.1.6/42124/5.7B5/..S9N3./S3N8.97/.S2..2/....3/.1.43/68B57/546.L/1LLFB n 4 35 -",
};
#define BENCH_POSITIONS (int)(sizeof bench_positions / sizeof bench_positions[0])
#define BENCH_DEPTH_FOUR 7
#define BENCH_DEPTH_TWO 9

/* Nodes and search time in milliseconds (summed over the searches, so per
 * thread) of the bench positions on board `kind`, timed in nanoseconds: a
 * board whose searches take under a millisecond still has a rate. */
static void board_totals(const junqi_position *pos, const junqi_search_result *res,
                         junqi_board_kind kind, uint64_t *nodes, double *ms)
{
    *nodes = 0;
    *ms = 0;
    for (int i = 0; i < BENCH_POSITIONS; i++)
        if (pos[i].board->kind == kind) {
            *nodes += res[i].nodes;
            *ms += (double)res[i].elapsed_ns / 1e6;
        }
}

/* The flip bench (flip_search.h): its positions searched to JUNQI_FLIP_BENCH_DEPTH, or to
 * `depth` (--depth) when that is lower: a flip search grows some hundred times a step in the
 * opening (a --bench --depth 3 that searched them so ran for over ten minutes), so the
 * formation positions' depth is the flip ones' only when it lowers it. One after another with `threads`
 * threads each. Fills nodes and ms; false when out of memory. */
static bool flip_bench(int threads, int depth, uint64_t *nodes, double *ms, bool verbose)
{
    int n;
    const char *const *list = junqi_flip_bench_positions(&n);
    static junqi_flip_search_result res;
    *nodes = 0;
    *ms = 0;
    for (int i = 0; i < n; i++) {
        junqi_flip pos;
        junqi_search_limits limits = {0};
        limits.depth = depth > 0 && depth < JUNQI_FLIP_BENCH_DEPTH ? depth : JUNQI_FLIP_BENCH_DEPTH;
        if (!junqi_flip_pos_parse(list[i], strlen(list[i]), &pos, NULL) ||
            junqi_flip_search(&pos, &limits, threads, 0.0, &res) == JUNQI_SEARCH_NO_MEMORY)
            return false;
        *nodes += res.nodes;
        *ms += res.elapsed;
        char name[32];
        if (verbose)
            printf(_("flip position %d (%s, depth %d): %s %.3f, %llu nodes, %d ms\n"), i + 1, pos.rules->text,
                   res.depth, junqi_move_name(pos.board, (junqi_move){res.actions[0].from, res.actions[0].to}, name),
                   res.winprob, (unsigned long long)res.nodes, res.elapsed);
    }
    return true;
}

static void print_bench(const junqi_position *pos, const junqi_search_result *res,
                        junqi_cli_format format, uint64_t flip_nodes, double flip_ms)
{
    double flip_nps = flip_ms > 0 ? (double)flip_nodes * 1000 / flip_ms : 0;
    uint64_t n4, n2;
    double ms4, ms2;
    board_totals(pos, res, JUNQI_FOUR_PLAYER, &n4, &ms4);
    board_totals(pos, res, JUNQI_TWO_PLAYER, &n2, &ms2);
    double nps = ms4 + ms2 > 0 ? (double)(n4 + n2) * 1000 / (ms4 + ms2) : 0;
    double nps4 = ms4 > 0 ? (double)n4 * 1000 / ms4 : 0, nps2 = ms2 > 0 ? (double)n2 * 1000 / ms2 : 0;
    if (format == JUNQI_FORMAT_JSON) {
        junqi_json j;
        junqi_json_init(&j, stdout);
        junqi_json_begin_object(&j);
        junqi_json_key(&j, "nodes");
        junqi_json_uint(&j, n4 + n2);
        junqi_json_key(&j, "nps");
        junqi_json_number(&j, nps, 0);
        junqi_json_key(&j, "nps_four_player");
        junqi_json_number(&j, nps4, 0);
        junqi_json_key(&j, "nps_two_player");
        junqi_json_number(&j, nps2, 0);
        junqi_json_key(&j, "positions");
        junqi_json_begin_array(&j);
        for (int i = 0; i < BENCH_POSITIONS; i++)
            junqi_json_uint(&j, res[i].nodes);
        junqi_json_end_array(&j);
        junqi_json_key(&j, "flip_nodes");
        junqi_json_uint(&j, flip_nodes);
        junqi_json_key(&j, "flip_nps");
        junqi_json_number(&j, flip_nps, 0);
        junqi_json_end_object(&j);
        putchar('\n');
        return;
    }
    char name[8];
    for (int i = 0; i < BENCH_POSITIONS; i++)
        printf(_("position %d (%s, depth %d): %s %d, %llu nodes, %.3f ms\n"), i + 1,
               _(pos[i].board->name), res[i].depth,
               junqi_move_name(pos[i].board, res[i].lines[0].pv[0], name), res[i].score,
               (unsigned long long)res[i].nodes, (double)res[i].elapsed_ns / 1e6);
    printf(_("four-player: %llu nodes, %.0f nodes/s per thread\n"), (unsigned long long)n4, nps4);
    printf(_("two-player: %llu nodes, %.0f nodes/s per thread\n"), (unsigned long long)n2, nps2);
    printf(_("flip games: %llu nodes, %.0f nodes/s (signature)\n"), (unsigned long long)flip_nodes, flip_nps);
    printf("nodes %llu\nnps %.0f\n", (unsigned long long)(n4 + n2), nps);
}

static int run_bench(const options *opt)
{
    static junqi_position pos[BENCH_POSITIONS];
    junqi_search_job jobs[BENCH_POSITIONS];
    static junqi_search_result res[BENCH_POSITIONS];
    for (int i = 0; i < BENCH_POSITIONS; i++) {
        if (!junqi_pos_parse(bench_positions[i], strlen(bench_positions[i]), &pos[i], NULL)) {
            fprintf(stderr, _("%s: built-in bench position %d does not parse\n"), prog, i + 1);
            return JUNQI_EXIT_INVALID;
        }
        jobs[i] = (junqi_search_job){&pos[i], {0}};
        jobs[i].limits.depth = opt->limits.depth > 0 ? opt->limits.depth
                               : pos[i].board->kind == JUNQI_FOUR_PLAYER ? BENCH_DEPTH_FOUR
                                                                         : BENCH_DEPTH_TWO;
    }
    if (!junqi_search_many(jobs, BENCH_POSITIONS, (int)opt->threads, res)) {
        fprintf(stderr, _("%s: out of memory\n"), prog);
        return JUNQI_EXIT_IO;
    }
    uint64_t flip_nodes;
    double flip_ms;
    if (!flip_bench((int)opt->threads, opt->limits.depth, &flip_nodes, &flip_ms, opt->format == JUNQI_FORMAT_TEXT)) {
        fprintf(stderr, _("%s: out of memory\n"), prog);
        return JUNQI_EXIT_IO;
    }
    print_bench(pos, res, opt->format, flip_nodes, flip_ms);
    return JUNQI_EXIT_OK;
}

/* ---- annotation -------------------------------------------------------- */

typedef struct progress {
    bool on;        /* stderr is a terminal */
    size_t game;
} progress;

/* The columns of the terminal on standard error (80 when it does not say). */
static int terminal_columns(void)
{
    struct winsize ws;
    return ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 ? ws.ws_col : 80;
}

static void show_progress(void *ctx, size_t done, size_t total)
{
    const progress *p = ctx;
    if (!p->on)
        return;
    const char *line = P_("%s: game %zu [%.*s%*s] %zu/%zu position", "%s: game %zu [%.*s%*s] %zu/%zu positions",
                          total);
    /* The bar takes what the line leaves of the terminal, 30 columns at most:
     * a line wider than the terminal wraps, and each \r then went back to
     * its last row only, so that a narrow terminal filled with bars. It is
     * measured at its widest count (done = total), to keep one width. */
    char text[512];
    snprintf(text, sizeof text, line, prog, p->game, 0, "", 0, "", total, total);
    int columns = terminal_columns(), width = columns - 1 - junqi_display_width(text);
    width = width > 30 ? 30 : width;
    if (width >= 5) {
        int filled = total ? (int)(width * done / total) : width;
        fputc('\r', stderr);
        fprintf(stderr, line, prog, p->game, filled, "##############################", width - filled, "", done, total);
    } else { /* no room for a bar: the count alone, if it fits (it showed nothing: break5 C5) */
        const char *count = P_("%s: game %zu: %zu/%zu position", "%s: game %zu: %zu/%zu positions", total);
        snprintf(text, sizeof text, count, prog, p->game, total, total);
        if (junqi_display_width(text) < columns) {
            fputc('\r', stderr);
            fprintf(stderr, count, prog, p->game, done, total);
        }
    }
    if (done == total)
        fputs("\r\033[K", stderr);
    fflush(stderr);
}

static void json_judgement(junqi_json *j, const junqi_board *b, const junqi_move_judgement *m)
{
    char name[8];
    junqi_json_begin_object(j);
    junqi_json_key(j, "ply");
    junqi_json_uint(j, m->ply);
    junqi_json_key(j, "seat");
    junqi_json_string(j, m->seat < JUNQI_SEATS ? junqi_seat_name((junqi_seat)m->seat) : NULL);
    junqi_json_key(j, "judged");
    junqi_json_bool(j, m->judged);
    if (m->judged) {
        const struct {
            const char *key;
            double v;
        } numbers[] = {{"winprob_before", m->winprob_before}, {"winprob_after", m->winprob_after},
                       {"eval_before", m->eval_before},       {"eval_after", m->eval_after},
                       {"spread", m->spread},                 {"loss", m->loss},
                       {"loss_error", m->loss_error}};
        for (size_t k = 0; k < sizeof numbers / sizeof numbers[0]; k++) {
            junqi_json_key(j, numbers[k].key);
            junqi_json_number(j, numbers[k].v, 4);
        }
        junqi_json_key(j, "samples");
        junqi_json_int(j, m->samples);
        junqi_json_key(j, "mark");
        junqi_json_string(j, junqi_mark_name(m->mark));
        junqi_json_key(j, "best");
        junqi_json_string(j, m->best.from == JUNQI_NO_POINT ? NULL : junqi_move_name(b, m->best, name));
        junqi_json_key(j, "pv");
        junqi_write_moves_json(j, b, m->pv, m->pv_len);
        junqi_json_key(j, "missed_flag_capture");
        junqi_json_bool(j, m->missed_flag);
        junqi_json_key(j, "allows_flag_capture");
        junqi_json_bool(j, m->allows_flag);
        junqi_json_key(j, "depth");
        junqi_json_int(j, m->depth);
        junqi_json_key(j, "nodes");
        junqi_json_uint(j, m->nodes);
    }
    junqi_json_end_object(j);
}

/* One annotated game as a JSON object: the record and the judgements. */
static void write_annotation_json(FILE *out, const junqi_game *g, const junqi_annotation *a)
{
    const junqi_board *b = junqi_rules_board(g->rules);
    junqi_json j;
    junqi_json_init(&j, out);
    junqi_json_begin_object(&j);
    junqi_json_key(&j, "source");
    junqi_json_string(&j, g->source);
    junqi_json_key(&j, "view");
    junqi_json_string(&j, a->view == JUNQI_VIEW_ALL ? "all" : "mover");
    junqi_json_key(&j, "moves");
    junqi_json_begin_array(&j);
    for (size_t i = 0; i < a->nmoves; i++)
        json_judgement(&j, b, &a->moves[i]);
    junqi_json_end_array(&j);
    junqi_json_key(&j, "summary");
    junqi_json_begin_object(&j);
    for (int s = 0; s < JUNQI_SEATS; s++) {
        const junqi_seat_summary *sum = &a->seat[s];
        if (!sum->moves)
            continue;
        junqi_json_key(&j, junqi_seat_name((junqi_seat)s));
        junqi_json_begin_object(&j);
        junqi_json_key(&j, "moves");
        junqi_json_int(&j, sum->moves);
        junqi_json_key(&j, "accuracy");
        junqi_json_number(&j, sum->accuracy, 1);
        junqi_json_key(&j, "average_loss");
        junqi_json_number(&j, sum->average_loss, 4);
        junqi_json_key(&j, "inaccuracies");
        junqi_json_int(&j, sum->inaccuracies);
        junqi_json_key(&j, "mistakes");
        junqi_json_int(&j, sum->mistakes);
        junqi_json_key(&j, "blunders");
        junqi_json_int(&j, sum->blunders);
        junqi_json_end_object(&j);
    }
    junqi_json_end_object(&j);
    junqi_json_key(&j, "nodes");
    junqi_json_uint(&j, a->nodes);
    junqi_json_key(&j, "game");
    junqi_write_game_json(&j, g);
    junqi_json_end_object(&j);
    fputc('\n', out);
}

/*
 * The drawing library, loaded for --graph only: junqi-analyze does not link
 * libjunqi-render (and so cairo and pango), so that a headless cluster node
 * without them runs everything else. It is looked for in the folder
 * libjunqi was loaded from (they are installed together), then by the
 * dynamic loader's search; JUNQI_RENDER_LIBRARY names another file.
 */
typedef struct drawing {
    __typeof__(junqi_graph_write) *graph_write;
    __typeof__(junqi_image_format_from_path) *format_from_path;
    __typeof__(junqi_image_format_parse) *format_parse;
    __typeof__(junqi_theme_default) *theme_default;
    __typeof__(junqi_graph_fonts) *graph_fonts;
} drawing;

static drawing draw;

/* The drawing library beside libjunqi, else wherever the loader finds it. */
static void *open_drawing(void)
{
    char dir[4096], path[4200];
    void *core = dlopen(JUNQI_CORE_SONAME, RTLD_NOW | RTLD_NOLOAD);
    if (core && dlinfo(core, RTLD_DI_ORIGIN, dir) == 0) {
        snprintf(path, sizeof path, "%s/%s", dir, JUNQI_RENDER_SONAME);
        void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        if (lib)
            return lib;
    }
    return dlopen(JUNQI_RENDER_SONAME, RTLD_NOW | RTLD_LOCAL);
}

/* Load the drawing library once. False, with a message on stderr, if it cannot be. */
static bool load_drawing(void)
{
    const char *path = getenv("JUNQI_RENDER_LIBRARY");
    bool given = path && *path;
    void *lib = given ? dlopen(path, RTLD_NOW | RTLD_LOCAL) : open_drawing(); /* open until exit */
    if (!given)
        path = JUNQI_RENDER_SONAME;
    if (lib) {
        draw.graph_write = (__typeof__(draw.graph_write))dlsym(lib, "junqi_graph_write");
        draw.format_from_path = (__typeof__(draw.format_from_path))dlsym(lib, "junqi_image_format_from_path");
        draw.format_parse = (__typeof__(draw.format_parse))dlsym(lib, "junqi_image_format_parse");
        draw.theme_default = (__typeof__(draw.theme_default))dlsym(lib, "junqi_theme_default");
        draw.graph_fonts = (__typeof__(draw.graph_fonts))dlsym(lib, "junqi_graph_fonts");
    }
    if (!lib || !draw.graph_write || !draw.format_from_path || !draw.format_parse || !draw.theme_default ||
        !draw.graph_fonts) {
        fprintf(stderr, _("%s: --graph needs the drawing library %s (cairo, pango): %s\n"), prog, path,
                dlerror());
        return false;
    }
    return true;
}

/* Draw the first game's graph into the --graph output, opened before any
 * work (so that a path that cannot be written fails at once). */
static bool write_graph(const options *opt, junqi_cli_output *graph, const junqi_game *g,
                        const junqi_annotation *a)
{
    char err[256];
    bool ok = draw.graph_write(graph->fp, (junqi_image_format)opt->graph_as, g, a, JUNQI_NO_SEAT, 960, 360,
                               draw.theme_default(), err, sizeof err);
    if (!ok)
        junqi_cli_writer_failed(prog, graph->fp, opt->graph, err);
    return ok;
}

/* The stop request of the annotation's searches, which the first ending
 * signal requests (junqi_cli_watch_signals(), stop_annotation): the game in
 * progress then ends within about 1,024 nodes of each search left, to be
 * dropped. Never freed: the signals' thread may request it until the end
 * (NULL: out of memory, and the searches run their course). */
static junqi_stop *annotation_stop;

/* What the signals' thread knows of the main thread's progress, for a stop
 * that finds it blocked (stop_annotation): -o (NULL: standard output or not
 * yet open), the bytes of -o known whole (the games flushed), the games
 * written, and whether a game is being annotated (its searches hear the
 * stop) or the run has reached its end (it says how far it got itself). */
static junqi_cli_output *stop_output;
static atomic_long whole_bytes;
static atomic_int games_written;
static atomic_bool in_game, finishing;

/* The line that says how far a stopped annotation got, once its outputs
 * are closed: the main thread counts the games of the inputs for it
 * (count_games), which a second signal gives up (count_given_up), and
 * whichever thread claims it first says it (said: LINE_CLAIMED, then
 * LINE_SAID once written), so that it is said once, whole, before the
 * second signal ends the tool. */
enum { LINE_UNSAID, LINE_CLAIMED, LINE_SAID };
static atomic_int said;
static atomic_bool count_given_up;

/* Say the line, unless the other thread has claimed it: finished games of
 * planned (-1: unknown). */
static void say_stopped_once(int sig, int finished, int planned)
{
    int unsaid = LINE_UNSAID;
    if (!atomic_compare_exchange_strong(&said, &unsaid, LINE_CLAIMED))
        return;
    junqi_cli_say_interrupted(stderr, prog, sig, finished, planned);
    atomic_store(&said, LINE_SAID);
}

/* A second signal after the main thread reached its end: its count of the
 * games is given up, and the line said (by the main thread, which hears it
 * between two games of the count, else here, with no count) before the
 * signals' thread ends the tool. Waits at most two seconds for a line the
 * main thread claimed: writing one line takes less. */
static void say_stopped_now(int sig)
{
    atomic_store(&count_given_up, true);
    for (int i = 0; i < 40 && atomic_load(&said) != LINE_SAID; i++) {
        if (i == 20 && atomic_load(&said) == LINE_UNSAID)
            say_stopped_once(sig, atomic_load(&games_written), -1);
        nanosleep(&(struct timespec){0, 50000000}, NULL);
    }
}

/* The first ending signal: the searches stop, and the main thread, between
 * games or in a search, soon reaches its end. Blocked reading its input (a
 * pipe, a terminal) or writing to a full pipe, it hears nothing: if it is
 * out of a game for a second without reaching its end, the run ends here,
 * with the games written (docs/man/junqi-analyze.1, SIGNALS). */
static void stop_annotation(int sig)
{
    static atomic_int calls;
    if (annotation_stop)
        junqi_stop_request(annotation_stop);
    if (atomic_fetch_add(&calls, 1) > 0) { /* a second signal: the signals' thread ends the run */
        if (atomic_load(&finishing))
            say_stopped_now(sig);
        return;
    }
    for (int quiet = 0; quiet < 20 && !atomic_load(&finishing);) {
        nanosleep(&(struct timespec){0, 50000000}, NULL);
        quiet = atomic_load(&in_game) ? 0 : quiet + 1;
    }
    if (atomic_load(&finishing))
        return;
    junqi_cli_say_interrupted(stderr, prog, sig, atomic_load(&games_written), -1);
    junqi_cli_end_keeping(stop_output, atomic_load(&whole_bytes), sig);
}

static junqi_annotate_options annotate_options(const options *opt, progress *p)
{
    junqi_annotate_options o = junqi_annotate_defaults();
    if (opt->view >= 0) {
        o.view = (junqi_view_mode)opt->view;
        o.view_given = true;
    }
    o.samples = (int)opt->samples;
    o.seed = opt->seed;
    o.limits = opt->limits;
    if (annotation_stop) {
        o.limits.stop = junqi_stop_requested;
        o.limits.ctx = annotation_stop;
    }
    memcpy(o.thresholds, opt->thresholds, sizeof o.thresholds);
    o.only_seat = opt->only_seat;
    o.threads = (int)opt->threads;
    o.progress = show_progress;
    o.progress_ctx = p;
    return o;
}

/* What annotate_source() hands each record. */
typedef struct annotate_job {
    const options *opt;
    FILE *out;
    junqi_cli_output *graph; /* --graph, open; NULL without */
    int graphed;             /* the graph: 0 not drawn yet, 1 written, -1 its drawing failed */
    progress *p;
    const junqi_source *src; /* the source being read */
    bool out_failed;         /* a write of out failed: no more work for it */
    int annotated;           /* the games written */
} annotate_job;

/* Whether what was written of the annotation so far failed to reach out:
 * flushed after each game, so that a full disk or a closed pipe stops the
 * run at the next game, not after hours of search whose results have
 * nowhere to go. Standard output's failure is said here, once; -o's when
 * it is closed (junqi_cli_output_close). */
static bool output_failed(annotate_job *job)
{
    if (job->out == stdout)
        job->out_failed = !junqi_cli_flush_stdout(prog);
    else
        job->out_failed = fflush(job->out) != 0 || ferror(job->out);
    return job->out_failed;
}

/* A record that breaks the rules is not annotated: judging the moves after
 * an illegal one would judge positions that never happened. Prints the
 * record's errors (as junqi-validate does, with src's lines) and returns
 * false then, naming the game by label (junqi_input_label()). */
static bool record_is_legal(const junqi_source *src, junqi_input *in, const char *label)
{
    if (junqi_cli_check_record(prog, src, in, NULL, &JUNQI_CLI_PLY_END, true, NULL) == JUNQI_EXIT_OK)
        return true;
    fprintf(stderr, _("%s: %s: not annotated: the record breaks the rules (above)\n"), prog, label);
    return false;
}

/* A game another annotator evaluated is not annotated: this run's [%eval] comments would be
 * mixed with its under the Annotator "junqi-analyze", and a later run would clear both as its
 * own (junqi_annotation_other(), docs/annotation.md). Said as a record's error is, located at its
 * first [%eval] comment, with the way out, before the game's search; returns false then, naming
 * the game by label (junqi_input_label()). */
static bool annotation_is_ours(const junqi_source *src, junqi_input *in, const char *label)
{
    const junqi_comment *c = junqi_annotation_other(in->game);
    if (!c)
        return true;
    junqi_diags d;
    junqi_diags_init(&d);
    const char *annotator = junqi_game_tag(in->game, "Annotator");
    char quoted[JUNQI_QUOTE_SIZE];
    if (annotator)
        junqi_diags_add(&d, JUNQI_CODE_OTHER_ANNOTATION, -1, c->loc,
                        "annotated by '%.*s': its [%%eval] comments would be mixed with this run's; strip them "
                        "first (junqi-replay --strip annotation)",
                        junqi_quote(quoted, annotator, strlen(annotator)), quoted);
    else
        junqi_diags_add(&d, JUNQI_CODE_OTHER_ANNOTATION, -1, c->loc,
                        "[%%eval] comments of another annotation (no Annotator tag): they would be mixed with "
                        "this run's; strip them first (junqi-replay --strip annotation)");
    junqi_input_place_diags(in, &d, 0);
    junqi_source_attach_lines(src, &d, 0);
    junqi_cli_print_diags(stderr, in->name, &d, JUNQI_FORMAT_TEXT);
    junqi_diags_free(&d);
    fprintf(stderr, _("%s: %s: not annotated: another annotator evaluated it (above)\n"), prog, label);
    return false;
}

/* --rules and --only-seat fit the game `in`: else their usage error, said naming the game
 * as label (junqi_input_label()) does. Returns an exit status. */
static int game_fits(const options *opt, junqi_input *in, const char *label)
{
    if (junqi_cli_apply_rules(prog, label, in->game, opt->rules) != JUNQI_EXIT_OK ||
        junqi_cli_check_seat(prog, label, in->game, "--only-seat", opt->only_seat) != JUNQI_EXIT_OK)
        return JUNQI_EXIT_USAGE;
    return JUNQI_EXIT_OK;
}

/* Whether annotation a judged what was asked: judging nothing, or part, would pass for a
 * verdict. A record that does not show every piece (a seat's view) under --view all, or that
 * does not show the pieces of --only-seat's seat, is said naming the game as label does. */
static bool judged_as_asked(const options *opt, const junqi_annotation *a, const char *label)
{
    if (a->view == JUNQI_VIEW_ALL && a->unshown) {
        fprintf(stderr, "%s: %s: %s\n", prog, label, _("the record does not show every piece: use --view mover"));
        return false;
    }
    if (opt->only_seat != JUNQI_NO_SEAT && a->unshown && !a->seat[opt->only_seat].moves) {
        const char *seat = junqi_seat_name((junqi_seat)opt->only_seat);
        /* TRANSLATORS: the third %s is --only-seat's value as typed ("west"), the fourth the seat as
         * the messages name it */
        fprintf(stderr, _("%s: %s: --only-seat %s: the record does not show %s's pieces: what that seat knew is "
                          "not in it\n"), prog, label, seat, _(seat));
        return false;
    }
    return true;
}

static int annotate_record(void *ctx, junqi_input *in)
{
    annotate_job *job = ctx;
    if (job->out_failed)
        return JUNQI_EXIT_IO;
    if (junqi_cli_stop_signal()) /* stopped by a signal: no game starts */
        return JUNQI_EXIT_OK;
    char label[JUNQI_INPUT_LABEL_SIZE]; /* usage errors about the game name it */
    junqi_input_label(in, label, sizeof label);
    if (game_fits(job->opt, in, label) != JUNQI_EXIT_OK)
        return JUNQI_EXIT_USAGE;
    job->p->game++;
    if (!record_is_legal(job->src, in, label) || !annotation_is_ours(job->src, in, label))
        return JUNQI_EXIT_INVALID;
    junqi_annotate_options o = annotate_options(job->opt, job->p);
    junqi_annotation a;
    bool flip = junqi_rules_flip(in->game->rules);
    atomic_store(&in_game, true);
    bool done = flip ? junqi_flip_annotate(in->game, &o, &a) : junqi_annotate(in->game, &o, &a);
    atomic_store(&in_game, false);
    if (junqi_cli_stop_signal()) { /* its searches were cut short: dropped, neither written nor an error */
        if (done)
            junqi_annotation_free(&a);
        return JUNQI_EXIT_OK;
    }
    if (!done) {
        fprintf(stderr, _("%s: %s: cannot be annotated (not replayable, or out of memory)\n"), prog, label);
        return JUNQI_EXIT_INVALID;
    }
    if (!judged_as_asked(job->opt, &a, label)) {
        junqi_annotation_free(&a);
        return JUNQI_EXIT_INVALID;
    }
    if (job->opt->format == JUNQI_FORMAT_JSON) {
        write_annotation_json(job->out, in->game, &a);
    } else {
        junqi_jgn_write(job->out, in->game);
        fputc('\n', job->out); /* a blank line after each game: outputs concatenate */
    }
    job->annotated++;
    int status = output_failed(job) ? JUNQI_EXIT_IO : JUNQI_EXIT_OK;
    if (status == JUNQI_EXIT_OK) {
        if (stop_output)
            atomic_store(&whole_bytes, ftell(job->out));
        atomic_store(&games_written, job->annotated);
    }
    if (job->graph && job->graphed == 0) { /* drawn once: a failed drawing is not tried again */
        job->graphed = write_graph(job->opt, job->graph, in->game, &a) ? 1 : -1;
        if (job->graphed < 0)
            status = JUNQI_EXIT_IO;
    }
    junqi_annotation_free(&a);
    return status;
}

/* Annotate every game of one source onto out; returns the exit status. --graph
 * draws the first game of the inputs: when the last source (`last`) comes
 * with none met before it, it must hold one, as --go's input must. */
static int annotate_source(annotate_job *job, junqi_source *src, bool last)
{
    job->src = src;
    if (last && job->graph && job->p->game == 0)
        return junqi_cli_each_needed_record(prog, src, annotate_record, job);
    return junqi_cli_each_record(prog, src, annotate_record, job);
}

/* A game in check_games(): one that --rules or --only-seat does not fit. */
static int check_game(void *ctx, junqi_input *in)
{
    char label[JUNQI_INPUT_LABEL_SIZE];
    return game_fits(ctx, in, junqi_input_label(in, label, sizeof label));
}

/* --rules and --only-seat are usage errors at a game they do not fit, which end the run: every
 * game of the input files is checked before the first is annotated, so that the run does not
 * end at the 40th game of a folder, the hours of work before it thrown away with -o (as
 * junqi-render checks every page's game first). Standard input and pipes, which can be read
 * once, are checked as their games come; the files are read twice only when one of the two
 * options is given. Returns an exit status: JUNQI_EXIT_USAGE, said, or JUNQI_EXIT_OK. */
static int check_games(const options *opt, char **inputs, int n)
{
    if ((!opt->rules && opt->only_seat == JUNQI_NO_SEAT) || opt->position || opt->game.n)
        return JUNQI_EXIT_OK; /* one game: checked before it is annotated */
    for (int i = 0; i < n; i++) {
        struct stat st;
        if (strcmp(inputs[i], "-") == 0 || stat(inputs[i], &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        char err[256]; /* an input that cannot be read is said when it is annotated */
        junqi_source *src = junqi_cli_with_rules(junqi_source_open(inputs[i], opt->source_flags, err, sizeof err));
        if (junqi_cli_check_records(src, check_game, (void *)opt) == JUNQI_EXIT_USAGE)
            return JUNQI_EXIT_USAGE;
    }
    return JUNQI_EXIT_OK;
}

/* Annotate the --game of FILE (path) onto job's output; returns the exit status. */
static int annotate_chosen(annotate_job *job, const char *path)
{
    static located loc; /* large (a replay): not on the stack */
    memset(&loc, 0, sizeof loc);
    junqi_source *src = NULL;
    int rc = load_record(job->opt, path, &loc, &src);
    if (rc <= JUNQI_EXIT_INVALID && loc.in.kind == JUNQI_INPUT_RECORD) {
        job->src = src;
        int status = annotate_record(job, &loc.in);
        rc = status > rc ? status : rc;
    }
    junqi_input_free(&loc.in);
    junqi_source_close(src);
    return rc;
}

/* The games the inputs hold (the records read as games), for the line that
 * says how far an annotation that a signal stopped got: read again from
 * the start, which only such a run pays. The records are what a run to the
 * end hands annotate_record(): a broken JGN game counts only when read
 * leniently (strict reading drops it, and only its parse tells it broken,
 * so no count of game texts could stand in); one that breaks the rules
 * counts. -1 when standard input, or a
 * stream such as a pipe, is among them: what is left of it is not read
 * after a signal; and when a second signal gives the count up
 * (count_given_up, heard between two items): the line is then said at
 * once, without it, rather than lost when that signal ends the tool. */
static int count_games(const options *opt, int argc, char **argv, int first)
{
    if (opt->position || opt->game.n)
        return 1;
    int total = 0;
    for (int i = first; i < argc; i++) {
        struct stat st;
        if (strcmp(argv[i], "-") == 0 || (stat(argv[i], &st) == 0 && !S_ISREG(st.st_mode)))
            return -1;
        char err[256];
        junqi_source *src = junqi_cli_with_rules(junqi_source_open(argv[i], opt->source_flags, err, sizeof err));
        if (atomic_load(&count_given_up))
            return -1;
        for (junqi_read_status rc = JUNQI_READ_OK; src && rc != JUNQI_READ_END && rc != JUNQI_READ_FAILED &&
                                                   !atomic_load(&count_given_up);) {
            junqi_input in;
            junqi_diags d;
            junqi_diags_init(&d);
            rc = junqi_source_next(src, &in, &d);
            total += rc != JUNQI_READ_END && in.kind == JUNQI_INPUT_RECORD;
            junqi_diags_free(&d);
            junqi_input_free(&in);
        }
        if (src)
            junqi_source_close(src);
    }
    return first < argc && !atomic_load(&count_given_up) ? total : -1;
}

/* Close the annotation's outputs, status its exit status so far and sig the
 * signal that stopped it (0: none): an interrupted run keeps them only when
 * a game was annotated (else an earlier file of -o's name stays as it
 * was). Returns the exit status, JUNQI_EXIT_IO when one could not be written. */
static int close_outputs(const annotate_job *job, junqi_cli_output *out, junqi_cli_output *graph, int status,
                         int sig)
{
    /* the graph drawn is kept whatever failed after it (an input that cannot be read), as -o's games are */
    if (graph && !junqi_cli_output_close(prog, graph, job->graphed > 0))
        status = JUNQI_EXIT_IO;
    bool keep = junqi_cli_output_keep(out, status) && (!sig || job->annotated > 0);
    if (!junqi_cli_output_close(prog, out, keep))
        return JUNQI_EXIT_IO;
    return status;
}

/* Annotation: every output (-o, --graph) is opened before the first game, so
 * that a path that cannot be written is an error at once, not after the work.
 * A signal (SIGINT, SIGTERM, SIGHUP: junqi_cli_watch_signals()) stops it: no
 * game starts, the one in progress is dropped, those annotated are kept and
 * it says how far it got; *stopped is the signal (0: none), by which main
 * then ends the process. */
static int run_annotate(const options *opt, int argc, char **argv, int first, int *stopped)
{
    annotation_stop = junqi_stop_new();
    junqi_cli_watch_signals(stop_annotation); /* before the searches start their threads */
    static junqi_cli_output out, graph; /* static: the signals' thread may read out until the end */
    char err[512];
    if (opt->graph && !draw.graph_fonts(draw.theme_default(), err, sizeof err)) { /* boxes of hex digits */
        fprintf(stderr, "%s: --graph: %s\n", prog, err);
        return JUNQI_EXIT_IO;
    }
    if (!junqi_cli_output_open(prog, opt->output, &out))
        return JUNQI_EXIT_IO;
    stop_output = out.tmp_path ? &out : NULL;
    if (opt->graph && !junqi_cli_output_open(prog, opt->graph, &graph)) {
        junqi_cli_output_close(prog, &out, false);
        return JUNQI_EXIT_IO;
    }
    progress p = {junqi_cli_styled(STDERR_FILENO), 0};
    annotate_job job = {opt, out.fp, opt->graph ? &graph : NULL, 0, &p, NULL, false, 0};
    int status = JUNQI_EXIT_OK, nfiles = argc - first;
    if (opt->position) {
        status = annotate_source(&job, junqi_cli_open_position(prog, opt->position), true);
    } else if (opt->game.n) {
        status = annotate_chosen(&job, first < argc ? argv[first] : "-");
    } else {
        for (int i = first; i < argc || (nfiles == 0 && i == first); i++) {
            int rc = annotate_source(&job, junqi_cli_open(prog, i < argc ? argv[i] : "-", opt->source_flags),
                                     i + 1 >= argc);
            if (junqi_cli_status_add(&status, rc) || nfiles == 0 || job.out_failed || junqi_cli_stop_signal())
                break;
        }
    }
    atomic_store(&finishing, true); /* a stop from now on leaves the main thread to say how far it got */
    int sig = junqi_cli_stop_signal(); /* a first signal after this finds the run over: unseen here */
    status = close_outputs(&job, &out, opt->graph ? &graph : NULL, status, sig);
    if (sig && p.on) /* the game in progress leaves its progress bar */
        fputs("\r\033[K", stderr);
    if (sig) {
        atomic_store(&games_written, job.annotated); /* what a second signal's line says */
        /* with no game annotated the line names no total: the inputs are not read again for one */
        say_stopped_once(sig, job.annotated, job.annotated ? count_games(opt, argc, argv, first) : -1);
    }
    *stopped = sig;
    return status;
}

/* ---- engine protocol ------------------------------------------------------ */

static int run_engine(const options *opt)
{
    junqi_engine_options o = junqi_engine_defaults();
    o.threads = (int)opt->threads;
    if (opt->level)
        o.level = opt->level;
    o.nodes = opt->limits.nodes;
    o.samples = (int)opt->samples;
    o.view = opt->view;
    o.seed = opt->seed;
    if (opt->limits.multipv)
        o.multipv = opt->limits.multipv;
    return junqi_engine_run(prog, stdin, stdout, &o);
}

/* ---- options ------------------------------------------------------------ */

/* "A,B,C": three strictly increasing losses in (0, 1] (equal ones would make a
 * mark's levels collapse: every ?! a ??), each written in decimals alone, as every
 * other number of the tools is: no blank, sign, exponent or hexadecimal, which
 * strtod would take. */
static bool parse_thresholds(const char *arg, double t[3])
{
    char *end;
    const char *s = arg;
    for (int i = 0; i < 3; i++) {
        size_t digits = strspn(s, "0123456789.");
        t[i] = strtod(s, &end);
        bool decimal = end != s && (size_t)(end - s) == digits;
        if (!decimal || !(t[i] > 0 && t[i] <= 1) || (i > 0 && t[i] <= t[i - 1]) || *end != (i < 2 ? ',' : '\0'))
            return false;
        s = end + 1;
    }
    return true;
}

/* The mode an option asks for; a usage error when another was asked for. */
static int set_mode(options *opt, mode m, const char *option)
{
    if (opt->mode_option && opt->mode != m)
        return junqi_cli_usage(prog, "%s and %s exclude each other: one of --go, --bench, --perft and --engine",
                               opt->mode_option, option);
    opt->mode = m;
    opt->mode_option = option;
    return JUNQI_EXIT_OK;
}

static int parse_option(options *opt, int c, const char *arg)
{
    int64_t v;
    int rc;
    switch (c) {
    case 'p':
        if (!junqi_cli_parse_count(arg, 64, &opt->perft))
            return junqi_cli_usage(prog, "--perft takes a depth from 0 to 64, not '%s'", arg);
        return set_mode(opt, MODE_PERFT, "--perft");
    case 'n':
        return junqi_cli_parse_ply(prog, arg, &opt->ply);
    case 'D':
        if (!junqi_cli_parse_count(arg, JUNQI_MAX_PLY - 1, &v) || v < 1)
            return junqi_cli_usage(prog, "--depth takes 1 to %d plies, not '%s'", JUNQI_MAX_PLY - 1,
                                   arg);
        opt->limits.depth = (int)v;
        return JUNQI_EXIT_OK;
    case 'N':
        if ((rc = junqi_cli_parse_range(prog, "nodes", arg, 1, JUNQI_CLI_MAX_NODES, &v)) == JUNQI_EXIT_OK)
            opt->limits.nodes = (uint64_t)v;
        return rc;
    case 'T':
        if ((rc = junqi_cli_parse_range(prog, "movetime", arg, 1, JUNQI_CLI_MAX_MOVETIME, &v)) == JUNQI_EXIT_OK)
            opt->limits.movetime = (int)v;
        return rc;
    case 'K':
        if (!junqi_cli_parse_count(arg, JUNQI_MAX_MULTIPV, &v) || v < 1)
            return junqi_cli_usage(prog, "--multipv takes 1 to %d, not '%s'", JUNQI_MAX_MULTIPV, arg);
        opt->limits.multipv = (int)v;
        return JUNQI_EXIT_OK;
    case 'j':
        if (!junqi_cli_parse_count(arg, 64, &opt->threads) || opt->threads < 1)
            return junqi_cli_usage(prog, "--threads takes 1 to 64, not '%s'", arg);
        return JUNQI_EXIT_OK;
    case 'v':
        if (strcmp(arg, "all") != 0 && strcmp(arg, "mover") != 0)
            return junqi_cli_usage(prog, "--view takes all or mover, not '%s'", arg);
        opt->view = strcmp(arg, "all") == 0 ? JUNQI_VIEW_ALL : JUNQI_VIEW_MOVER;
        return JUNQI_EXIT_OK;
    case 'k':
        if (!junqi_cli_parse_count(arg, JUNQI_MAX_SAMPLES, &opt->samples) || opt->samples < 1)
            return junqi_cli_usage(prog, "--samples takes 1 to %d, not '%s'", JUNQI_MAX_SAMPLES, arg);
        return JUNQI_EXIT_OK;
    case 's':
        return junqi_cli_parse_seed(prog, arg, &opt->seed);
    case 'f':
        if (!junqi_cli_parse_format(arg, &opt->format))
            return junqi_cli_usage(prog, "--format takes text or json, not '%s'", arg);
        return JUNQI_EXIT_OK;
    case 'o': return junqi_cli_take_name(prog, "-o", arg, false, &opt->output);
    case 'G': return junqi_cli_take_name(prog, "--graph", arg, false, &opt->graph);
    case 'F': opt->graph_format = arg; return JUNQI_EXIT_OK; /* read by the drawing library's parser, loaded later */
    case 'L': opt->source_flags |= JUNQI_SOURCE_LENIENT; return JUNQI_EXIT_OK;
    case 'S':
        if ((opt->only_seat = junqi_seat_parse(arg)) == JUNQI_NO_SEAT)
            return junqi_cli_usage(prog, "--only-seat takes north, east, south or west, not '%s'", arg);
        return JUNQI_EXIT_OK;
    case 'H':
        if (!parse_thresholds(arg, opt->thresholds))
            return junqi_cli_usage(prog, "--thresholds takes three increasing win-probability losses "
                                         "between 0 and 1, e.g. 0.05,0.10,0.15, not '%s'", arg);
        return JUNQI_EXIT_OK;
    case 'l':
        if (!(opt->level = junqi_level_get(arg)))
            return junqi_cli_usage(prog, "--level takes %s, not '%s'", junqi_level_names(), arg);
        return JUNQI_EXIT_OK;
    case 'r':
        return junqi_cli_parse_rules(prog, arg, &opt->rules);
    case 'c':
        return junqi_cli_parse_game(prog, arg, &opt->game);
    default:
        return JUNQI_EXIT_USAGE;
    }
}

#define IN(m) (1u << (m))
/* Each option that belongs to some modes only: its getopt value, the modes,
 * and the sentence that says so. */
/* The options of annotation alone: one message for each of them. */
#define ANNOTATION_ONLY                                                                                      \
    N_("-o, --graph, --graph-format, --only-seat and --thresholds belong to annotation (no --go, --bench, " \
       "--perft, --engine)")
static const struct {
    int option;
    unsigned modes;
    const char *message;
} belongs[] = {
    {'o', IN(MODE_ANNOTATE), ANNOTATION_ONLY},
    {'G', IN(MODE_ANNOTATE), ANNOTATION_ONLY},
    {'S', IN(MODE_ANNOTATE), ANNOTATION_ONLY},
    {'H', IN(MODE_ANNOTATE), ANNOTATION_ONLY},
    {'F', IN(MODE_ANNOTATE), ANNOTATION_ONLY},
    {'l', IN(MODE_GO) | IN(MODE_ENGINE), N_("--level belongs to --go and --engine")},
    {'n', IN(MODE_GO) | IN(MODE_PERFT), N_("--ply belongs to --go and --perft")}, /* annotation judges every move */
    {'d', IN(MODE_PERFT), N_("--divide belongs to --perft")},
    {'D', IN(MODE_ANNOTATE) | IN(MODE_GO) | IN(MODE_BENCH), N_("--depth belongs to annotation, --go and --bench")},
    {'N', IN(MODE_ANNOTATE) | IN(MODE_GO) | IN(MODE_ENGINE), N_("--nodes belongs to annotation, --go and --engine")},
    {'T', IN(MODE_ANNOTATE) | IN(MODE_GO), N_("--movetime belongs to annotation and --go")},
    {'K', IN(MODE_ANNOTATE) | IN(MODE_GO) | IN(MODE_ENGINE), N_("--multipv belongs to annotation, --go and --engine")},
    {'j', ~IN(MODE_PERFT), N_("--threads does not apply to --perft")},
    {'v', IN(MODE_ANNOTATE) | IN(MODE_GO) | IN(MODE_ENGINE),
     N_("--view, --samples and --seed belong to annotation, --go and --engine")},
    {'k', IN(MODE_ANNOTATE) | IN(MODE_GO) | IN(MODE_ENGINE),
     N_("--view, --samples and --seed belong to annotation, --go and --engine")},
    {'s', IN(MODE_ANNOTATE) | IN(MODE_GO) | IN(MODE_ENGINE),
     N_("--view, --samples and --seed belong to annotation, --go and --engine")},
    {'f', ~IN(MODE_ENGINE), N_("--format does not apply to --engine (it speaks the protocol)")},
    {'r', IN(MODE_ANNOTATE) | IN(MODE_GO) | IN(MODE_PERFT), N_("--rules belongs to annotation, --go and --perft")},
    {'L', IN(MODE_ANNOTATE) | IN(MODE_GO) | IN(MODE_PERFT), N_("--lenient belongs to annotation, --go and --perft")},
    {'P', IN(MODE_ANNOTATE) | IN(MODE_GO) | IN(MODE_PERFT), N_("--position belongs to annotation, --go and --perft")},
};

/* A usage error for the first option given that does not belong to the mode. */
static int check_belongs(const options *opt)
{
    for (size_t i = 0; i < sizeof belongs / sizeof *belongs; i++)
        if (opt->given[belongs[i].option] && !(belongs[i].modes & IN(opt->mode)))
            return junqi_cli_usage(prog, "%s", _(belongs[i].message));
    return JUNQI_EXIT_OK;
}

/* The format of the --graph output into opt->graph_as, with the drawing library's words for
 * formats (junqi-render's --format): --graph-format's, else the name's extension, else PNG for
 * '-', standard output, as junqi-render -o - draws one; a name that tells none (/dev/stdout, a
 * pipe's) is a usage error, as is GIF, which has no use for a still graph, and a PNG onto a
 * terminal (junqi_cli_refuse_terminal). Returns an exit status. */
static int settle_graph_format(options *opt)
{
    junqi_image_format f = JUNQI_IMAGE_PNG;
    if (opt->graph_format && (!draw.format_parse(opt->graph_format, &f) || f == JUNQI_IMAGE_GIF))
        return junqi_cli_usage(prog, "--graph-format takes png or svg, not '%s'", opt->graph_format);
    if (!opt->graph_format && strcmp(opt->graph, "-") != 0 && !draw.format_from_path(opt->graph, &f))
        return junqi_cli_usage(prog, "cannot tell the format of --graph %s from its name: use --graph-format png "
                                     "or svg", opt->graph);
    if (f == JUNQI_IMAGE_GIF)
        return junqi_cli_usage(prog, "--graph writes .png or .svg, not '%s'", opt->graph);
    opt->graph_as = (int)f;
    return f == JUNQI_IMAGE_PNG ? junqi_cli_refuse_terminal(prog, "--graph", opt->graph, "PNG", "graph.png")
                                : JUNQI_EXIT_OK;
}

/* The outputs of annotation, -o and --graph: one place each, and a format the graph can be
 * written in (settle_graph_format). Returns an exit status. */
static int check_graph(options *opt)
{
    if (opt->graph_format && !opt->graph)
        return junqi_cli_usage(prog, "--graph-format is the format of --graph: it takes --graph");
    if (!opt->graph)
        return JUNQI_EXIT_OK;
    /* the picture's bytes within the record's, or the other way round: neither could be read */
    if (junqi_cli_output_stream(opt->graph) == stdout && junqi_cli_output_stream(opt->output) == stdout)
        return junqi_cli_usage(prog, "--graph %s and the annotation both go to standard output: write the "
                                     "annotation with -o FILE", opt->graph);
    if (opt->output && junqi_cli_same_file(opt->output, opt->graph))
        return junqi_cli_usage(prog, "-o and --graph name the same file, '%s'", opt->graph);
    if (!load_drawing())
        return JUNQI_EXIT_IO;
    return settle_graph_format(opt);
}

/* Check the combination of options and fill in defaults. */
static int finish_options(options *opt, int ninputs)
{
    int rc = check_belongs(opt);
    if (rc != JUNQI_EXIT_OK)
        return rc;
    if (opt->view == JUNQI_VIEW_ALL && opt->mode != MODE_ENGINE && (opt->given['k'] || opt->given['s']))
        return junqi_cli_usage(prog, "--samples and --seed belong to --view mover (--view all searches one position)");
    if ((rc = check_graph(opt)) != JUNQI_EXIT_OK)
        return rc;
    if (opt->mode != MODE_BENCH && opt->mode != MODE_ANNOTATE && ninputs > 1)
        return junqi_cli_usage(prog, "one input at a time");
    if (opt->position && ninputs > 0)
        return junqi_cli_usage(prog, "--position and FILE exclude each other");
    if (opt->game.n && (opt->position || ninputs > 1 || opt->mode == MODE_BENCH || opt->mode == MODE_ENGINE))
        return junqi_cli_usage(prog, "--game chooses a game of one FILE (no --position, --bench or --engine)");
    if (opt->mode == MODE_BENCH && ninputs > 0)
        return junqi_cli_usage(prog, "--bench uses built-in positions: no input");
    if (opt->mode == MODE_ENGINE && ninputs > 0)
        return junqi_cli_usage(prog, "--engine reads its commands from standard input: no input");
    if (!opt->limits.depth && !opt->limits.nodes && !opt->limits.movetime && opt->mode == MODE_ANNOTATE)
        opt->limits.nodes = JUNQI_DEFAULT_NODES;
    return JUNQI_EXIT_OK;
}

/* An output of annotation (-o, --graph) that is one of its inputs (that file by any name,
 * through a link, or standard input redirected from it: junqi_cli_input_file) would replace
 * the games it annotates: a signal midway kept the games annotated and lost the others, and a
 * record that breaks the rules, not annotated, was lost even at the end. A usage error, before
 * anything is read or written, as junqi-render's picture over its input is. `inputs` are the
 * n FILE arguments (none: standard input). Returns an exit status. */
static int check_outputs_not_inputs(const options *opt, char **inputs, int n)
{
    const char *const outputs[][2] = {{"-o", opt->output}, {"--graph", opt->graph}};
    if (n == 0 && opt->position)
        return JUNQI_EXIT_OK; /* no input file */
    for (size_t k = 0; k < sizeof outputs / sizeof outputs[0]; k++) {
        const char *in = junqi_cli_input_under(outputs[k][1], (const char *const *)inputs, n);
        if (in) /* TRANSLATORS: the option (-o, --graph), its file's name, the input's name */
            return junqi_cli_usage(prog, "%s %s would be written over the input %s, whose games it annotates: "
                                         "choose another name", outputs[k][0], outputs[k][1], in);
    }
    return JUNQI_EXIT_OK;
}

int main(int argc, char **argv)
{
    junqi_cli_set_locale();
    junqi_cli_close_stdout_at_exit(prog);
    junqi_cli_set_game_picker("--game ");
    static const char shortopts[] = "ho:";
    static const struct option longopts[] = {
        {"go", no_argument, NULL, 'g'},          {"bench", no_argument, NULL, 'b'},
        {"perft", required_argument, NULL, 'p'}, {"divide", no_argument, NULL, 'd'},
        {"ply", required_argument, NULL, 'n'},   {"position", required_argument, NULL, 'P'},
        {"depth", required_argument, NULL, 'D'}, {"nodes", required_argument, NULL, 'N'},
        {"movetime", required_argument, NULL, 'T'}, {"multipv", required_argument, NULL, 'K'},
        {"threads", required_argument, NULL, 'j'}, {"view", required_argument, NULL, 'v'},
        {"samples", required_argument, NULL, 'k'}, {"seed", required_argument, NULL, 's'},
        {"format", required_argument, NULL, 'f'}, {"rules", required_argument, NULL, 'r'},
        {"graph", required_argument, NULL, 'G'}, {"graph-format", required_argument, NULL, 'F'},
        {"thresholds", required_argument, NULL, 'H'},
        {"only-seat", required_argument, NULL, 'S'}, {"lenient", no_argument, NULL, 'L'},
        {"level", required_argument, NULL, 'l'}, {"engine", no_argument, NULL, 'e'},
        {"game", required_argument, NULL, 'c'},
        {"help", no_argument, NULL, 'h'},        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    options opt = {.mode = MODE_ANNOTATE, .ply = JUNQI_CLI_PLY_END, .format = JUNQI_FORMAT_TEXT, .threads = 1,
                   .view = -1, .only_seat = JUNQI_NO_SEAT};
    junqi_annotate_options defaults = junqi_annotate_defaults();
    memcpy(opt.thresholds, defaults.thresholds, sizeof opt.thresholds);
    int c;
    junqi_cli_given given = {0};
    opterr = 0;
    while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
        int rc = junqi_cli_once(prog, &given, shortopts, longopts, c, optarg);
        if (rc != JUNQI_EXIT_OK)
            return rc;
        if (c > 0 && c < 128)
            opt.given[c] = true;
        switch (c) {
        case 'g': rc = set_mode(&opt, MODE_GO, "--go"); break;
        case 'b': rc = set_mode(&opt, MODE_BENCH, "--bench"); break;
        case 'e': rc = set_mode(&opt, MODE_ENGINE, "--engine"); break;
        case 'd': opt.divide = true; break;
        case 'P': opt.position = optarg; break;
        case 'h': usage(); return JUNQI_EXIT_OK;
        case 'V': return junqi_cli_version(prog);
        case '?':
        case ':': return junqi_cli_bad_option(prog, argv, shortopts, longopts);
        default: rc = parse_option(&opt, c, optarg);
        }
        if (rc != JUNQI_EXIT_OK)
            return rc;
    }
    int rc = finish_options(&opt, argc - optind), sig = 0;
    if (rc == JUNQI_EXIT_OK && opt.mode == MODE_ANNOTATE &&
        (rc = check_outputs_not_inputs(&opt, argv + optind, argc - optind)) == JUNQI_EXIT_OK)
        rc = check_games(&opt, argv + optind, argc - optind);
    if (rc != JUNQI_EXIT_OK)
        return rc;
    if (opt.mode == MODE_ENGINE) {
        rc = run_engine(&opt);
    } else if (opt.mode == MODE_ANNOTATE) {
        rc = run_annotate(&opt, argc, argv, optind, &sig);
    } else if (opt.mode == MODE_BENCH) {
        rc = run_bench(&opt);
    } else {
        static located loc;
        rc = locate(&opt, optind < argc ? argv[optind] : "-", &loc);
        int done = JUNQI_EXIT_OK; /* an invalid record's last legal position is still searched */
        if (loc.ready && opt.mode == MODE_PERFT)
            done = print_perft(&opt, &loc.at);
        else if (loc.ready)
            done = run_go(&opt, &loc);
        rc = done > rc ? done : rc;
        junqi_input_free(&loc.in);
    }
    if (!junqi_cli_flush_stdout(prog))
        return JUNQI_EXIT_IO;
    if (sig && rc != JUNQI_EXIT_IO) /* the games annotated are written: the signal's end */
        junqi_cli_end_by_signal(sig);
    return rc;
}
