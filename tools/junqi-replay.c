/*
 * junqi-replay - replay game records: the position at any ply, from any
 * seat's view, as a text board or JSON. See docs/man/junqi-replay.1.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "position_out.h"
#include "replay.h"

static const char *prog = "junqi-replay";

typedef struct options {
    junqi_cli_format format;
    long ply;           /* -1: the end */
    bool all;
    int view;           /* a seat, or JUNQI_NO_SEAT for all */
    junqi_names names;
    const junqi_rules *rules;
    const char *output;
    int colour;         /* -1 auto, 0 never, 1 always */
} options;

static void usage(void)
{
    printf("Usage: %s [OPTIONS] [FILE...]\n"
           "Replay game records (QQ .jgs/.jqs replays) and print positions.\n"
           "With no FILE, or FILE '-', read standard input. Formats are detected by content.\n\n"
           "  --ply N             the position after N moves, with every event recorded\n"
           "                      before move N+1 applied (default: the end of the game)\n"
           "  --all               every position, from ply 0 (the start) to the end\n"
           "  --view all|SEAT     whose information to show: all (default) or north, east,\n"
           "                      south, west (others' pieces unknown unless revealed)\n"
           "  --format text|json  a text board (default) or one JSON object per position\n"
           "  --names STYLE       piece names: zh (default), zh-Hant, short, en, rank\n"
           "  --color WHEN        colour the board: auto (default, on a terminal), always, never\n"
           "  --rules NAME        rule set: %s (default: the record's)\n"
           "  -o FILE             write to FILE (through a temporary file) instead of stdout\n"
           "  --help, --version   this help, the version\n\n"
           "Exit status: 0 success, 1 invalid input, 2 usage error (such as a ply past the\n"
           "end), 3 a file could not be read or written.\n",
           prog, junqi_rules_names());
}

static void write_position(const options *opt, FILE *out, const junqi_replay *r, bool colour)
{
    junqi_position shown;
    const junqi_position *pos = &r->pos;
    if (opt->view != JUNQI_NO_SEAT) {
        junqi_position_view(&shown, pos, opt->view, r->game->info);
        pos = &shown;
    }
    if (opt->format == JUNQI_FORMAT_JSON) {
        junqi_json j;
        junqi_json_init(&j, out);
        junqi_write_position_json(&j, pos, r->moves);
        fputc('\n', out);
        return;
    }
    junqi_write_text_board(out, pos, opt->names, colour);
    junqi_write_text_status(out, pos, r->moves, r->last_move, (junqi_outcome)r->last_outcome);
}

/* Replay one input onto out; returns its exit status. */
static int replay(const options *opt, const char *path, FILE *out, bool colour, bool header)
{
    junqi_input in;
    junqi_diags d;
    junqi_diags_init(&d);
    int rc = junqi_cli_load(prog, path, &in, &d);
    if (in.kind != JUNQI_INPUT_RECORD) {
        if (rc == JUNQI_EXIT_OK) {
            fprintf(stderr, "%s: %s: a formation, not a game record\n", prog, in.name);
            rc = JUNQI_EXIT_INVALID;
        }
        junqi_cli_print_diags(stderr, in.name, &d, JUNQI_FORMAT_TEXT);
        goto done;
    }
    size_t moves = junqi_game_moves(in.game);
    if (opt->ply > (long)moves) {
        rc = junqi_cli_usage(prog, "%s: --ply %ld is past the end: the game has %zu moves",
                             in.name, opt->ply, moves);
        goto done;
    }
    junqi_replay r;
    junqi_diags check;
    junqi_diags_init(&check);
    junqi_replay_start(&r, in.game, opt->rules, &check);
    if (header && opt->format == JUNQI_FORMAT_TEXT)
        fprintf(out, "== %s\n", in.name);
    size_t first = opt->all ? 0 : opt->ply < 0 ? moves : (size_t)opt->ply;
    size_t last = opt->all ? moves : first;
    for (size_t ply = first; ply <= last; ply++) {
        junqi_replay_seek(&r, ply);
        if (ply == moves && opt->ply < 0)
            junqi_replay_run(&r); /* the end includes events after the last move */
        write_position(opt, out, &r, colour);
        if (opt->all && opt->format == JUNQI_FORMAT_TEXT && ply < last)
            fputc('\n', out);
    }
    if (check.errors)
        fprintf(stderr, "%s: %s: warning: the record breaks the rules in %zu place%s "
                        "(junqi-validate says where)\n",
                prog, in.name, check.errors, check.errors == 1 ? "" : "s");
    junqi_diags_free(&check);
done:
    junqi_diags_free(&d);
    junqi_input_free(&in);
    return rc;
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

int main(int argc, char **argv)
{
    enum { OPT_PLY = 256, OPT_ALL, OPT_VIEW, OPT_FORMAT, OPT_NAMES, OPT_COLOR, OPT_RULES,
           OPT_HELP, OPT_VERSION };
    static const struct option longopts[] = {
        {"ply", required_argument, NULL, OPT_PLY},
        {"all", no_argument, NULL, OPT_ALL},
        {"view", required_argument, NULL, OPT_VIEW},
        {"format", required_argument, NULL, OPT_FORMAT},
        {"names", required_argument, NULL, OPT_NAMES},
        {"color", required_argument, NULL, OPT_COLOR},
        {"rules", required_argument, NULL, OPT_RULES},
        {"help", no_argument, NULL, OPT_HELP},
        {"version", no_argument, NULL, OPT_VERSION},
        {NULL, 0, NULL, 0},
    };
    options opt = {JUNQI_FORMAT_TEXT, -1, false, JUNQI_NO_SEAT, JUNQI_NAMES_ZH, NULL, NULL, -1};
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "o:", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_PLY:
            if (!junqi_cli_parse_count(optarg, 100000000L, &opt.ply))
                return junqi_cli_usage(prog, "--ply takes a number of moves, not '%s'", optarg);
            break;
        case OPT_ALL: opt.all = true; break;
        case OPT_VIEW:
            if (!parse_view(optarg, &opt.view))
                return junqi_cli_usage(prog, "--view takes all, north, east, south or west, not '%s'", optarg);
            break;
        case OPT_FORMAT:
            if (!junqi_cli_parse_format(optarg, &opt.format))
                return junqi_cli_usage(prog, "--format takes text or json, not '%s'", optarg);
            break;
        case OPT_NAMES:
            if (!junqi_names_parse(optarg, &opt.names))
                return junqi_cli_usage(prog, "--names takes zh, zh-Hant, short, en or rank, not '%s'", optarg);
            break;
        case OPT_COLOR:
            if (strcmp(optarg, "auto") == 0) opt.colour = -1;
            else if (strcmp(optarg, "always") == 0) opt.colour = 1;
            else if (strcmp(optarg, "never") == 0) opt.colour = 0;
            else return junqi_cli_usage(prog, "--color takes auto, always or never, not '%s'", optarg);
            break;
        case OPT_RULES:
            if (!(opt.rules = junqi_rules_get(optarg)))
                return junqi_cli_usage(prog, "unknown rule set '%s' (known: %s)", optarg, junqi_rules_names());
            break;
        case 'o': opt.output = optarg; break;
        case OPT_HELP: usage(); return JUNQI_EXIT_OK;
        case OPT_VERSION: return junqi_cli_version(prog);
        default: return junqi_cli_bad_option(prog, argv);
        }
    }
    if (opt.all && opt.ply >= 0)
        return junqi_cli_usage(prog, "--all and --ply exclude each other");
    junqi_cli_output out;
    if (!junqi_cli_output_open(prog, opt.output, &out))
        return JUNQI_EXIT_IO;
    bool colour = opt.colour == 1 || (opt.colour == -1 && !opt.output && isatty(STDOUT_FILENO));
    int status = JUNQI_EXIT_OK, nfiles = argc - optind;
    for (int i = optind; i < argc || (nfiles == 0 && i == optind); i++) {
        int rc = replay(&opt, i < argc ? argv[i] : "-", out.fp, colour, nfiles > 1);
        if (rc > status)
            status = rc;
        if (nfiles == 0)
            break;
    }
    if (!junqi_cli_output_close(prog, &out, status == JUNQI_EXIT_OK))
        return JUNQI_EXIT_IO;
    return status;
}
