/*
 * junqi-analyze - engine work on game records. This version counts move
 * sequences (perft), the check of the move generator against independent
 * reference counts. See docs/man/junqi-analyze.1.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "perft.h"
#include "replay.h"

static const char *prog = "junqi-analyze";

typedef struct options {
    long perft;    /* depth, or -1 */
    long ply;      /* -1: the end */
    bool divide;
    junqi_cli_format format;
    const junqi_rules *rules;
} options;

static void usage(void)
{
    printf("Usage: %s --perft D [--ply N] [--divide] [OPTIONS] [FILE]\n"
           "Count the move sequences of length D from a position of a game record (perft):\n"
           "a seat to move with no legal move is eliminated at once and the turn passes on;\n"
           "a finished game has no moves.\n\n"
           "  --perft D           the depth (number of plies)\n"
           "  --ply N             start from the position after N moves (default: the end)\n"
           "  --divide            also print the count after each first move, 'h5-h6: 123'\n"
           "  --format text|json  text (default) or {\"depth\",\"nodes\",\"divide\"}\n"
           "  --rules NAME        rule set: %s (default: the record's)\n"
           "  --help, --version   this help, the version\n\n"
           "Exit status: 0 success, 1 invalid input, 2 usage error, 3 a file could not be read.\n",
           prog, junqi_rules_names());
}

typedef struct divide_line {
    char move[8];
    uint64_t nodes;
} divide_line;

static int by_move(const void *a, const void *b)
{
    return strcmp(((const divide_line *)a)->move, ((const divide_line *)b)->move);
}

static void print_perft(const options *opt, junqi_position *pos)
{
    static junqi_move moves[JUNQI_MAX_MOVES];
    static uint64_t counts[JUNQI_MAX_MOVES];
    static divide_line lines[JUNQI_MAX_MOVES];
    uint64_t total = 0;
    int n = 0;
    if (opt->perft == 0) {
        total = 1;
    } else if (!opt->divide) {
        total = junqi_perft(pos, (int)opt->perft);
    } else {
        n = junqi_perft_divide(pos, (int)opt->perft, moves, counts);
        for (int i = 0; i < n; i++) {
            junqi_move_name(pos->board, moves[i], lines[i].move);
            lines[i].nodes = counts[i];
            total += counts[i];
        }
        qsort(lines, (size_t)n, sizeof lines[0], by_move);
    }
    if (opt->format == JUNQI_FORMAT_JSON) {
        junqi_json j;
        junqi_json_init(&j, stdout);
        junqi_json_begin_object(&j);
        junqi_json_key(&j, "depth");
        junqi_json_int(&j, opt->perft);
        junqi_json_key(&j, "nodes");
        junqi_json_uint(&j, total);
        if (opt->divide) {
            junqi_json_key(&j, "divide");
            junqi_json_begin_object(&j);
            for (int i = 0; i < n; i++) {
                junqi_json_key(&j, lines[i].move);
                junqi_json_uint(&j, lines[i].nodes);
            }
            junqi_json_end_object(&j);
        }
        junqi_json_end_object(&j);
        putchar('\n');
        return;
    }
    for (int i = 0; i < n; i++)
        printf("%s: %llu\n", lines[i].move, (unsigned long long)lines[i].nodes);
    printf("nodes: %llu\n", (unsigned long long)total);
}

static int run_perft(const options *opt, const char *path)
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
    if (!junqi_replay_start(&r, in.game, opt->rules, NULL)) {
        rc = JUNQI_EXIT_INVALID;
        goto done;
    }
    junqi_replay_seek(&r, opt->ply < 0 ? moves : (size_t)opt->ply);
    print_perft(opt, &r.pos);
done:
    junqi_diags_free(&d);
    junqi_input_free(&in);
    return rc;
}

int main(int argc, char **argv)
{
    enum { OPT_PERFT = 256, OPT_PLY, OPT_DIVIDE, OPT_FORMAT, OPT_RULES, OPT_HELP, OPT_VERSION };
    static const struct option longopts[] = {
        {"perft", required_argument, NULL, OPT_PERFT},
        {"ply", required_argument, NULL, OPT_PLY},
        {"divide", no_argument, NULL, OPT_DIVIDE},
        {"format", required_argument, NULL, OPT_FORMAT},
        {"rules", required_argument, NULL, OPT_RULES},
        {"help", no_argument, NULL, OPT_HELP},
        {"version", no_argument, NULL, OPT_VERSION},
        {NULL, 0, NULL, 0},
    };
    options opt = {-1, -1, false, JUNQI_FORMAT_TEXT, NULL};
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_PERFT:
            if (!junqi_cli_parse_count(optarg, 64, &opt.perft))
                return junqi_cli_usage(prog, "--perft takes a depth from 0 to 64, not '%s'", optarg);
            break;
        case OPT_PLY:
            if (!junqi_cli_parse_count(optarg, 100000000L, &opt.ply))
                return junqi_cli_usage(prog, "--ply takes a number of moves, not '%s'", optarg);
            break;
        case OPT_DIVIDE: opt.divide = true; break;
        case OPT_FORMAT:
            if (!junqi_cli_parse_format(optarg, &opt.format))
                return junqi_cli_usage(prog, "--format takes text or json, not '%s'", optarg);
            break;
        case OPT_RULES:
            if (!(opt.rules = junqi_rules_get(optarg)))
                return junqi_cli_usage(prog, "unknown rule set '%s' (known: %s)", optarg, junqi_rules_names());
            break;
        case OPT_HELP: usage(); return JUNQI_EXIT_OK;
        case OPT_VERSION: return junqi_cli_version(prog);
        default: return junqi_cli_bad_option(prog, argv);
        }
    }
    if (opt.perft < 0)
        return junqi_cli_usage(prog, "nothing to do: give --perft D (game annotation is not "
                                     "part of this version)");
    if (argc - optind > 1)
        return junqi_cli_usage(prog, "--perft takes one input");
    int rc = run_perft(&opt, optind < argc ? argv[optind] : "-");
    if (fflush(stdout) != 0)
        return JUNQI_EXIT_IO;
    return rc;
}
