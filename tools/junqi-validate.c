/*
 * junqi-validate - check game records and formation files, and say exactly
 * what is wrong and where. See docs/man/junqi-validate.1.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "position_out.h"
#include "replay.h"
#include "setup.h"

static const char *prog = "junqi-validate";

typedef struct options {
    junqi_cli_format format;
    bool quiet;
    const junqi_rules *rules;
} options;

static void usage(void)
{
    printf("Usage: %s [OPTIONS] [FILE...]\n"
           "Check game records (QQ .jgs/.jqs replays) and formation files (.jql): structure,\n"
           "setups, the legality of every move, combat results, eliminations and the end.\n"
           "With no FILE, or FILE '-', read standard input. Formats are detected by content.\n\n"
           "  --format text|json  diagnostics as text (default) or JSON Lines\n"
           "  --rules NAME        rule set: %s (default: the record's)\n"
           "  -q, --quiet         print nothing; the exit status tells\n"
           "  --help, --version   this help, the version\n\n"
           "Exit status: 0 all inputs valid, 1 some input invalid, 2 usage error,\n"
           "3 a file could not be read.\n",
           prog, junqi_rules_names());
}

static void check_formation(const junqi_input *in, junqi_diags *d)
{
    junqi_setup_problem problems[JUNQI_MAX_SETUP_PROBLEMS];
    int n = junqi_setup_check(in->formation, problems);
    for (int i = 0; i < n; i++) {
        junqi_loc loc = JUNQI_NOWHERE;
        if (in->formation_offset >= 0)
            loc.offset = in->formation_offset +
                         (problems[i].row > 0 ? (problems[i].row - 1) * 5 + problems[i].col - 1 : 0);
        junqi_diags_add(d, JUNQI_SEV_ERROR, problems[i].code, -1, loc, "%s", problems[i].message);
    }
}

static void print_summary(const junqi_input *in, const junqi_replay *r, const junqi_diags *d)
{
    size_t warnings = 0;
    for (size_t i = 0; i < d->n; i++)
        warnings += d->items[i].severity == JUNQI_SEV_WARNING;
    printf("%s: %s", in->name, d->errors ? "invalid" : "valid");
    if (d->errors)
        printf(", %zu error%s", d->errors, d->errors == 1 ? "" : "s");
    if (warnings)
        printf(", %zu warning%s", warnings, warnings == 1 ? "" : "s");
    if (in->kind == JUNQI_INPUT_FORMATION) {
        printf(": formation\n");
        return;
    }
    if (in->kind != JUNQI_INPUT_RECORD) {
        putchar('\n');
        return;
    }
    const junqi_position *pos = &r->pos;
    printf(": %s game, %d players, %zu moves", junqi_board_kind_name(in->game->board),
           junqi_position_players(pos), r->moves);
    const char *reason = junqi_reason_name((junqi_reason)pos->result.reason);
    switch (pos->result.status) {
    case JUNQI_DECIDED: printf(", %s won (%s)\n", junqi_result_winner(pos), reason); break;
    case JUNQI_DRAWN: printf(", draw (%s)\n", reason); break;
    case JUNQI_UNDECIDED: printf(", undecided (%s)\n", reason); break;
    default: printf(", unfinished\n");
    }
}

/* Validate one input; returns its exit status. */
static int validate(const options *opt, const char *path)
{
    junqi_input in;
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_replay r;
    int rc = junqi_cli_load(prog, path, &in, &d);
    if (rc == JUNQI_EXIT_IO)
        return rc;
    if (in.kind == JUNQI_INPUT_RECORD) {
        if (junqi_replay_start(&r, in.game, opt->rules, &d))
            junqi_replay_run(&r);
    } else if (in.kind == JUNQI_INPUT_FORMATION) {
        check_formation(&in, &d);
    }
    if (!opt->quiet) {
        junqi_cli_print_diags(stdout, in.name, &d, opt->format);
        if (opt->format == JUNQI_FORMAT_TEXT)
            print_summary(&in, &r, &d);
    }
    if (d.errors)
        rc = JUNQI_EXIT_INVALID;
    junqi_diags_free(&d);
    junqi_input_free(&in);
    return rc;
}

int main(int argc, char **argv)
{
    enum { OPT_FORMAT = 256, OPT_RULES, OPT_HELP, OPT_VERSION };
    static const struct option longopts[] = {
        {"format", required_argument, NULL, OPT_FORMAT},
        {"rules", required_argument, NULL, OPT_RULES},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, OPT_HELP},
        {"version", no_argument, NULL, OPT_VERSION},
        {NULL, 0, NULL, 0},
    };
    options opt = {JUNQI_FORMAT_TEXT, false, NULL};
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "q", longopts, NULL)) != -1) {
        switch (c) {
        case OPT_FORMAT:
            if (!junqi_cli_parse_format(optarg, &opt.format))
                return junqi_cli_usage(prog, "--format takes text or json, not '%s'", optarg);
            break;
        case OPT_RULES:
            if (!(opt.rules = junqi_rules_get(optarg)))
                return junqi_cli_usage(prog, "unknown rule set '%s' (known: %s)", optarg,
                                       junqi_rules_names());
            break;
        case 'q': opt.quiet = true; break;
        case OPT_HELP: usage(); return JUNQI_EXIT_OK;
        case OPT_VERSION: return junqi_cli_version(prog);
        default: return junqi_cli_bad_option(prog, argv);
        }
    }
    int status = JUNQI_EXIT_OK;
    for (int i = optind; i < argc || i == optind; i++) {
        int rc = validate(&opt, i < argc ? argv[i] : "-");
        if (rc > status)
            status = rc;
        if (i >= argc)
            break;
    }
    if (fflush(stdout) != 0)
        return JUNQI_EXIT_IO;
    return status;
}
