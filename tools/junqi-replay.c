/* SPDX-License-Identifier: MIT */
/*
 * junqi-replay - replay game records: the position at any ply, from any
 * seat's view, as a text board, JSON or a position string; convert whole
 * records to JGN or JSON; start a record from formation files.
 * See docs/man/junqi-replay.1.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "gamejson.h"
#include "infer.h"
#include "jgn.h"
#include "position_out.h"
#include "posnote.h"
#include "replay.h"

static const char *prog = "junqi-replay";

typedef enum output_kind { OUT_TEXT, OUT_JSON, OUT_POS } output_kind;
typedef enum convert_kind { CONVERT_NONE, CONVERT_JGN, CONVERT_JSON } convert_kind;

typedef struct options {
    output_kind format;
    convert_kind to;
    long ply;           /* -1: the end */
    bool all;
    int view;           /* a seat, or JUNQI_NO_SEAT for all */
    junqi_names names;
    const junqi_rules *rules;
    const char *output;
    const char *position;
    int colour;         /* -1 auto, 0 never, 1 always */
    unsigned source_flags;
    bool board_given;
    junqi_board_kind board;
    const char *setup[JUNQI_SEATS];
    bool infer;         /* --infer */
    long seed;          /* --seed */
} options;

static void usage(void)
{
    printf("Usage: %s [OPTIONS] [FILE...]\n"
           "       %s --setup SEAT=FORMATION... [--board BOARD] [OPTIONS]\n"
           "Replay game records (JGN, QQ .jgs/.jqs replays, position strings) and print\n"
           "positions, or convert whole records. With no FILE, or FILE '-', read standard\n"
           "input. Formats are detected by content.\n\n"
           "  --ply N             the position after N moves, with every event recorded\n"
           "                      before move N+1 applied (default: the end of the game)\n"
           "  --all               every position, from ply 0 (the start) to the end\n"
           "  --view all|SEAT     whose information to show: all (default) or north, east,\n"
           "                      south, west (others' pieces unknown unless revealed);\n"
           "                      with --to jgn: write that seat's record of the game\n"
           "  --format text|json|pos  a text board (default), one JSON object per position,\n"
           "                      or the one-line position notation\n"
           "  --infer             what the viewing seat could tell of the hidden pieces: in\n"
           "                      JSON each gets \"p\": {kind: probability}, on the text board\n"
           "                      its most likely kind and percentage (\"司令?34\"); needs\n"
           "                      --view SEAT in a dark game unless the record is one seat's\n"
           "  --seed S            --infer: the random seed of the inference (default 0)\n"
           "  --to jgn|json       convert whole records: JGN text, or one JSON document per game\n"
           "  --position STRING   a position string instead of files\n"
           "  --setup SEAT=FILE   start a record from a formation file (YAML or .jql) for a\n"
           "                      seat; repeat for each seat; writes the starting JGN record\n"
           "  --board BOARD       two-player or four-player, for --setup\n"
           "  --names STYLE       piece names: zh (default), zh-Hant, short, en, rank\n"
           "  --color WHEN        colour the board: auto (default, on a terminal), always, never\n"
           "  --rules NAME        rule set: %s (default: the record's)\n"
           "  --lenient           read broken JGN games as far as they go\n"
           "  -o FILE             write to FILE (through a temporary file) instead of stdout\n"
           "  --help, --version   this help, the version\n\n"
           "Exit status: 0 success, 1 invalid input, 2 usage error (such as a ply past the\n"
           "end), 3 a file could not be read or written.\n",
           prog, prog, junqi_rules_names());
}

/* The seat whose inference --infer shows: --view, else the seat of a
 * one-seat record; JUNQI_NO_SEAT when nothing is hidden (an open game). */
static int infer_viewer(const options *opt, const junqi_game *g)
{
    if (opt->view != JUNQI_NO_SEAT)
        return opt->view;
    return g->view != JUNQI_NO_SEAT ? g->view : JUNQI_NO_SEAT;
}

static void write_position(const options *opt, FILE *out, const junqi_replay *r, bool colour,
                           const junqi_point_probs *probs)
{
    junqi_position shown;
    const junqi_position *pos = &r->pos;
    if (opt->view != JUNQI_NO_SEAT) {
        junqi_position_view(&shown, pos, opt->view, r->game->info);
        pos = &shown;
    }
    if (opt->format == OUT_JSON) {
        junqi_json j;
        junqi_json_init(&j, out);
        junqi_write_position_json_probs(&j, pos, pos->moves, probs);
        fputc('\n', out);
    } else if (opt->format == OUT_POS) {
        char *text = junqi_pos_format(pos);
        fprintf(out, "%s\n", text ? text : "");
        free(text);
    } else {
        junqi_write_text_board_probs(out, pos, opt->names, colour, probs);
        junqi_write_text_status(out, pos, pos->moves, r->last_move, (junqi_outcome)r->last_outcome);
    }
}

/* The positions of one record. */
static int write_positions(const options *opt, const junqi_input *in, FILE *out, bool colour,
                           bool header)
{
    size_t moves = junqi_game_moves(in->game);
    if (opt->ply > (long)moves)
        return junqi_cli_usage(prog, "%s: --ply %ld is past the end: the game has %zu moves",
                               in->name, opt->ply, moves);
    junqi_replay r;
    junqi_diags check;
    junqi_diags_init(&check);
    if (!junqi_replay_start(&r, in->game, opt->rules, &check)) {
        junqi_cli_print_diags(stderr, in->name, &check, JUNQI_FORMAT_TEXT);
        junqi_diags_free(&check);
        return JUNQI_EXIT_INVALID;
    }
    if (header && opt->format == OUT_TEXT)
        fprintf(out, "== %s\n", in->name);
    size_t first = opt->all ? 0 : opt->ply < 0 ? moves : (size_t)opt->ply;
    size_t last = opt->all ? moves : first;
    int viewer = opt->infer ? infer_viewer(opt, in->game) : JUNQI_NO_SEAT;
    if (opt->infer && viewer == JUNQI_NO_SEAT && in->game->info != JUNQI_OPEN) {
        junqi_diags_free(&check);
        return junqi_cli_usage(prog, "%s: --infer needs --view SEAT: whose knowledge of the hidden pieces?",
                               in->name);
    }
    static junqi_point_probs probs;
    for (size_t ply = first; ply <= last; ply++) {
        junqi_replay_seek(&r, ply);
        if (ply == moves && opt->ply < 0)
            junqi_replay_run(&r); /* the end includes events after the last move */
        if (viewer != JUNQI_NO_SEAT &&
            !junqi_infer_at(in->game, opt->rules, ply, viewer, (uint64_t)opt->seed, probs)) {
            fprintf(stderr, "%s: %s: ply %zu: no assignment of the hidden pieces agrees with the record\n",
                    prog, in->name, ply);
            junqi_diags_free(&check);
            return JUNQI_EXIT_INVALID;
        }
        write_position(opt, out, &r, colour, viewer != JUNQI_NO_SEAT ? (const junqi_point_probs *)&probs : NULL);
        if (opt->all && opt->format == OUT_TEXT && ply < last)
            fputc('\n', out);
    }
    if (check.errors)
        fprintf(stderr, "%s: %s: warning: the record breaks the rules in %zu place%s "
                        "(junqi-validate says where)\n",
                prog, in->name, check.errors, check.errors == 1 ? "" : "s");
    junqi_diags_free(&check);
    return JUNQI_EXIT_OK;
}

static int convert(const options *opt, junqi_input *in, FILE *out)
{
    junqi_game_settle(in->game);
    if (opt->view != JUNQI_NO_SEAT)
        junqi_game_to_view(in->game, (junqi_seat)opt->view);
    if (opt->to == CONVERT_JSON) {
        junqi_json j;
        junqi_json_init(&j, out);
        junqi_write_game_json(&j, in->game);
        fputc('\n', out);
        return JUNQI_EXIT_OK;
    }
    junqi_jgn_write(out, in->game);
    fputc('\n', out); /* a blank line after each game: files concatenate */
    return JUNQI_EXIT_OK;
}

/* What replay_source() hands each record. */
typedef struct replay_job {
    const options *opt;
    FILE *out;
    bool colour, header;
} replay_job;

static int replay_record(void *ctx, junqi_input *in)
{
    const replay_job *job = ctx;
    if (job->opt->to != CONVERT_NONE)
        return convert(job->opt, in, job->out);
    return write_positions(job->opt, in, job->out, job->colour, job->header);
}

/* Every record of a source; returns the exit status. */
static int replay_source(const options *opt, junqi_source *src, FILE *out, bool colour, bool header)
{
    replay_job job = {opt, out, colour, header};
    return junqi_cli_each_record(prog, src, replay_record, &job);
}

/* --setup SEAT=FILE...: the starting record. */
static int start_record(const options *opt, FILE *out)
{
    junqi_formation f[JUNQI_SEATS];
    bool have_board = opt->board_given;
    junqi_board_kind board = opt->board;
    int status = JUNQI_EXIT_OK;
    for (int s = 0; s < JUNQI_SEATS; s++) {
        if (!opt->setup[s])
            continue;
        junqi_input in;
        junqi_diags d;
        junqi_diags_init(&d);
        int rc = junqi_cli_load(prog, opt->setup[s], &in, &d);
        if (rc == JUNQI_EXIT_OK && in.kind != JUNQI_INPUT_FORMATION) {
            junqi_diags_add(&d, JUNQI_CODE_NOT_A_FORMATION, -1, JUNQI_NOWHERE, "not a formation");
            rc = JUNQI_EXIT_INVALID;
        }
        if (rc == JUNQI_EXIT_OK)
            junqi_formation_check(&in.formation, NULL, &d);
        junqi_cli_print_diags(stderr, in.name ? in.name : opt->setup[s], &d, JUNQI_FORMAT_TEXT);
        if (rc == JUNQI_EXIT_OK && d.errors)
            rc = JUNQI_EXIT_INVALID;
        if (rc == JUNQI_EXIT_OK) {
            f[s] = in.formation;
            if (!have_board && f[s].has_board)
                have_board = true, board = f[s].board;
        }
        if (rc > status)
            status = rc;
        junqi_diags_free(&d);
        in.formation.name = NULL;
        junqi_input_free(&in);
    }
    if (status != JUNQI_EXIT_OK)
        return status;
    if (!have_board)
        return junqi_cli_usage(prog, "say which board with --board two-player or four-player");
    junqi_game *g = junqi_game_new(board);
    if (!g)
        return JUNQI_EXIT_IO;
    const junqi_board *b = junqi_board_get(board);
    for (int s = 0; s < JUNQI_SEATS; s++) {
        if (!opt->setup[s])
            continue;
        if (!(b->seats & JUNQI_SEAT_BIT(s))) {
            junqi_game_free(g);
            return junqi_cli_usage(prog, "the %s board has no %s seat", b->name, junqi_seat_name((junqi_seat)s));
        }
        g->seat[s].present = g->seat[s].setup_known = true;
        memcpy(g->seat[s].setup, f[s].setup, sizeof f[s].setup);
        free(f[s].name);
    }
    if (opt->rules)
        g->rules = opt->rules;
    junqi_jgn_write(out, g);
    junqi_game_free(g);
    return JUNQI_EXIT_OK;
}

static bool parse_view(const char *text, int *view)
{
    if (strcmp(text, "all") == 0) {
        *view = JUNQI_NO_SEAT;
        return true;
    }
    *view = junqi_seat_parse(text);
    return *view != JUNQI_NO_SEAT;
}

static bool parse_setup(options *opt, const char *arg)
{
    const char *eq = strchr(arg, '=');
    char seat[8];
    if (!eq || eq - arg >= (long)sizeof seat)
        return false;
    memcpy(seat, arg, (size_t)(eq - arg));
    seat[eq - arg] = '\0';
    junqi_seat s = junqi_seat_parse(seat);
    if (s == JUNQI_NO_SEAT || !eq[1])
        return false;
    opt->setup[s] = eq + 1;
    return true;
}

static int parse_options(int argc, char **argv, options *opt)
{
    enum { OPT_PLY = 256, OPT_ALL, OPT_VIEW, OPT_FORMAT, OPT_TO, OPT_POSITION, OPT_SETUP, OPT_BOARD,
           OPT_NAMES, OPT_COLOR, OPT_RULES, OPT_LENIENT, OPT_HELP, OPT_VERSION, OPT_INFER, OPT_SEED };
    static const struct option longopts[] = {
        {"ply", required_argument, NULL, OPT_PLY},
        {"all", no_argument, NULL, OPT_ALL},
        {"view", required_argument, NULL, OPT_VIEW},
        {"format", required_argument, NULL, OPT_FORMAT},
        {"to", required_argument, NULL, OPT_TO},
        {"position", required_argument, NULL, OPT_POSITION},
        {"setup", required_argument, NULL, OPT_SETUP},
        {"board", required_argument, NULL, OPT_BOARD},
        {"names", required_argument, NULL, OPT_NAMES},
        {"color", required_argument, NULL, OPT_COLOR},
        {"rules", required_argument, NULL, OPT_RULES},
        {"lenient", no_argument, NULL, OPT_LENIENT},
        {"infer", no_argument, NULL, OPT_INFER},
        {"seed", required_argument, NULL, OPT_SEED},
        {"help", no_argument, NULL, OPT_HELP},
        {"version", no_argument, NULL, OPT_VERSION},
        {NULL, 0, NULL, 0},
    };
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "o:", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_PLY:
            if (!junqi_cli_parse_count(optarg, 100000000L, &opt->ply))
                return junqi_cli_usage(prog, "--ply takes a number of moves, not '%s'", optarg);
            break;
        case OPT_ALL: opt->all = true; break;
        case OPT_VIEW:
            if (!parse_view(optarg, &opt->view))
                return junqi_cli_usage(prog, "--view takes all, north, east, south or west, not '%s'", optarg);
            break;
        case OPT_FORMAT:
            if (strcmp(optarg, "text") == 0) opt->format = OUT_TEXT;
            else if (strcmp(optarg, "json") == 0) opt->format = OUT_JSON;
            else if (strcmp(optarg, "pos") == 0) opt->format = OUT_POS;
            else return junqi_cli_usage(prog, "--format takes text, json or pos, not '%s'", optarg);
            break;
        case OPT_TO:
            if (strcmp(optarg, "jgn") == 0) opt->to = CONVERT_JGN;
            else if (strcmp(optarg, "json") == 0) opt->to = CONVERT_JSON;
            else return junqi_cli_usage(prog, "--to takes jgn or json, not '%s'", optarg);
            break;
        case OPT_POSITION: opt->position = optarg; break;
        case OPT_SETUP:
            if (!parse_setup(opt, optarg))
                return junqi_cli_usage(prog, "--setup takes SEAT=FILE, e.g. south=a.yaml, not '%s'", optarg);
            break;
        case OPT_BOARD:
            if (!junqi_board_kind_parse(optarg, &opt->board))
                return junqi_cli_usage(prog, "--board takes two-player or four-player, not '%s'", optarg);
            opt->board_given = true;
            break;
        case OPT_NAMES:
            if (!junqi_names_parse(optarg, &opt->names))
                return junqi_cli_usage(prog, "--names takes zh, zh-Hant, short, en or rank, not '%s'", optarg);
            break;
        case OPT_COLOR:
            if (strcmp(optarg, "auto") == 0) opt->colour = -1;
            else if (strcmp(optarg, "always") == 0) opt->colour = 1;
            else if (strcmp(optarg, "never") == 0) opt->colour = 0;
            else return junqi_cli_usage(prog, "--color takes auto, always or never, not '%s'", optarg);
            break;
        case OPT_RULES:
            if (!(opt->rules = junqi_rules_get(optarg)))
                return junqi_cli_usage(prog, "unknown rule set '%s' (known: %s)", optarg, junqi_rules_names());
            break;
        case OPT_LENIENT: opt->source_flags |= JUNQI_SOURCE_LENIENT; break;
        case OPT_INFER: opt->infer = true; break;
        case OPT_SEED:
            if (!junqi_cli_parse_count(optarg, 0x7FFFFFFFL, &opt->seed))
                return junqi_cli_usage(prog, "--seed takes a number, not '%s'", optarg);
            break;
        case 'o': opt->output = optarg; break;
        case OPT_HELP: usage(); return JUNQI_EXIT_OK;
        case OPT_VERSION: return junqi_cli_version(prog);
        default: return junqi_cli_bad_option(prog, argv);
        }
    }
    return JUNQI_OPTIONS_GO_ON;
}

/* Options that exclude each other. */
static int check_options(const options *opt, int nfiles)
{
    bool setup = false;
    for (int s = 0; s < JUNQI_SEATS; s++)
        setup |= opt->setup[s] != NULL;
    if (opt->all && opt->ply >= 0)
        return junqi_cli_usage(prog, "--all and --ply exclude each other");
    if (opt->to != CONVERT_NONE && (opt->all || opt->ply >= 0))
        return junqi_cli_usage(prog, "--to converts whole records: it takes no --ply or --all");
    if (setup && (nfiles > 0 || opt->position))
        return junqi_cli_usage(prog, "--setup writes a new record: it reads no other input");
    if (opt->position && nfiles > 0)
        return junqi_cli_usage(prog, "--position and FILE exclude each other");
    if (opt->infer && (opt->to != CONVERT_NONE || opt->format == OUT_POS || setup))
        return junqi_cli_usage(prog, "--infer shows positions as a text board or JSON: not with --to, "
                                     "--format pos or --setup");
    return JUNQI_EXIT_OK;
}

int main(int argc, char **argv)
{
    options opt = {OUT_TEXT, CONVERT_NONE, -1, false, JUNQI_NO_SEAT, JUNQI_NAMES_ZH, NULL, NULL, NULL,
                   -1, 0, false, JUNQI_FOUR_PLAYER, {NULL}, false, 0};
    int rc = parse_options(argc, argv, &opt);
    if (rc != JUNQI_OPTIONS_GO_ON)
        return rc;
    int nfiles = argc - optind;
    if ((rc = check_options(&opt, nfiles)) != JUNQI_EXIT_OK)
        return rc;
    junqi_cli_output out;
    if (!junqi_cli_output_open(prog, opt.output, &out))
        return JUNQI_EXIT_IO;
    bool colour = opt.colour == 1 || (opt.colour == -1 && !opt.output && isatty(STDOUT_FILENO));
    bool setup = false;
    for (int s = 0; s < JUNQI_SEATS; s++)
        setup |= opt.setup[s] != NULL;
    int status = JUNQI_EXIT_OK;
    if (setup) {
        status = start_record(&opt, out.fp);
    } else if (opt.position) {
        status = replay_source(&opt, junqi_source_string(prog, opt.position), out.fp, colour, false);
    } else {
        for (int i = optind; i < argc || (nfiles == 0 && i == optind); i++) {
            const char *path = i < argc ? argv[i] : "-";
            int item = replay_source(&opt, junqi_source_open(prog, path, opt.source_flags), out.fp,
                                     colour, nfiles > 1);
            if (item > status)
                status = item;
            if (nfiles == 0 || status == JUNQI_EXIT_USAGE)
                break;
        }
    }
    if (!junqi_cli_output_close(prog, &out, status == JUNQI_EXIT_OK))
        return JUNQI_EXIT_IO;
    return status;
}
