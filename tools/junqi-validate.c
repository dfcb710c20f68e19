/* SPDX-License-Identifier: MIT */
/*
 * junqi-validate - check game records and formation files, and say exactly
 * what is wrong and where. See docs/man/junqi-validate.1.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "i18n.h"
#include "position_out.h"
#include "report.h"
#include "score.h"

static const char *prog = "junqi-validate";

typedef struct options {
    junqi_cli_format format;
    bool quiet;
    unsigned source_flags;
    const junqi_rules *rules;
} options;

static void usage(void)
{
    char rules[1024];
    /* TRANSLATORS: the %s after "NAME is one of:" is the list of rule sets on
     * lines of their own, each indented by 22 spaces; keep every line of this
     * help within 79 columns. */
    printf(_("Usage: %s [OPTIONS] [FILE...]\n"
           "Check game records (JGN, QQ .jgs/.jqs replays, position strings) and formations\n"
           "(YAML, QQ .jql): structure, setups, the legality of every move, combat results,\n"
           "eliminations and the end. With no FILE, or FILE '-', read standard input.\n"
           "Formats are detected by content.\n\n"
           "  --position STRING   check a position string instead of files\n"
           "  --format text|json  diagnostics as text (default) or JSON Lines\n"
           "  --rules RULES       rule set NAME[,SWITCH=VALUE]... (default: the record's;\n"
           "                      switches: junqi-validate(1)); NAME is one of:\n"
           "%s\n"
           "  --lenient           read broken JGN games as far as they go, checking that\n"
           "                      part\n"
           "  --list-codes        list every diagnostic code: name, severity, meaning\n"
           "  -q, --quiet         print no diagnostic or summary: the exit status tells\n"
           "                      (bad usage and files that cannot be read are still said\n"
           "                      on standard error)\n"
           "  -h, --help          this help\n"
           "  --version           the version\n\n"
           "Flip games (fanqi, fanfan, fanqi_wiki, huqi, zuhe: docs/flip.md) are checked\n"
           "action by action: every flip against the Deal, every colour event, drop and\n"
           "stack part.\n"
           "Exit status: 0 all inputs valid, 1 some input invalid, 2 usage error,\n"
           "3 a file could not be read, or standard output written.\n"),
           prog, junqi_cli_help_list(junqi_rules_names(), rules, sizeof rules));
}

static void print_result(const junqi_position *pos)
{
    char text[256];
    printf(_(", %s"), junqi_result_describe(&pos->result, pos->present, text, sizeof text));
    junqi_score sc;
    if (junqi_score_position(pos, &sc) &&
        junqi_score_describe(pos->rules->scoring, &sc, text, sizeof text) > 0)
        printf(_("; %s"), text);
    putchar('\n');
}

/* The moves of a replayed record's summary line: how many; or, for a record
 * with an illegal move, how many were legal and where the checks stopped,
 * and then nothing more: the positions after it never happened
 * (docs/conventions.md), so neither did the end the record goes on to.
 * Returns whether the result is to follow. */
static bool print_moves(const junqi_input *in, const junqi_summary *s)
{
    if (!s->illegal) {
        printf(P_(", %zu move", ", %zu moves", s->moves), s->moves);
        return true;
    }
    size_t first = junqi_record_plies(in->game, s->rules).first; /* a set position's ply */
    printf(P_(", %zu of %zu move legal, stopped before move %zu",
              ", %zu of %zu moves legal, stopped before move %zu", s->moves),
           s->illegal - 1, s->moves, first + s->illegal);
    putchar('\n');
    return false;
}

/* The summary line of an item (junqi_check_item's summary s). */
static void print_summary(const junqi_input *in, const junqi_summary *s)
{
    char label[JUNQI_INPUT_LABEL_SIZE];
    junqi_cli_put_visible(stdout, junqi_input_label(in, label, sizeof label));
    fputs(s->errors ? _(": invalid") : _(": valid"), stdout);
    if (s->errors)
        printf(P_(", %zu error", ", %zu errors", s->errors), s->errors);
    if (s->warnings)
        printf(P_(", %zu warning", ", %zu warnings", s->warnings), s->warnings);
    if (s->kind == JUNQI_INPUT_EMPTY) {
        puts(_(": no game (zero items)"));
    } else if (s->kind == JUNQI_INPUT_FORMATION) {
        fputs(s->formation ? _(": formation ") : _(": formation"), stdout);
        junqi_cli_put_visible(stdout, s->formation ? s->formation : "");
        putchar('\n');
    } else if (s->kind == JUNQI_INPUT_RECORD && s->replayed && s->flip) {
        char text[256];
        /* TRANSLATORS: %s is the flip game's rule set as --rules takes it (fanqi, huqi ...):
           ": fanqi game, 2 players" */
        printf(_(": %s game, 2 players"), s->rules->name);
        if (!print_moves(in, s))
            return;
        printf(_(", %s"), junqi_result_describe(&s->end.result, s->end.present, text, sizeof text));
        putchar('\n');
    } else if (s->kind == JUNQI_INPUT_RECORD && s->replayed) {
        int players = junqi_position_players(&s->end);
        printf(P_(": %s game, %d player", ": %s game, %d players", (unsigned long)players),
               _(junqi_board_kind_name(s->board)), players);
        if (print_moves(in, s))
            print_result(&s->end);
    } else {
        putchar('\n');
    }
}

/* --list-codes: the table of diag.h, as text columns or JSON Lines. */
static int list_codes(junqi_cli_format format)
{
    for (int c = 0; c < JUNQI_CODE_COUNT; c++) {
        const char *name = junqi_code_name((junqi_code)c);
        const char *severity = junqi_severity_name(junqi_code_severity((junqi_code)c));
        if (format == JUNQI_FORMAT_TEXT) {
            printf("%-26s %-8s %s\n", name, severity, _(junqi_code_meaning((junqi_code)c)));
            continue;
        }
        junqi_json j;
        junqi_json_init(&j, stdout);
        junqi_json_begin_object(&j);
        junqi_json_key(&j, "code");
        junqi_json_string(&j, name);
        junqi_json_key(&j, "severity");
        junqi_json_string(&j, severity);
        junqi_json_key(&j, "meaning");
        junqi_json_string(&j, junqi_code_meaning((junqi_code)c));
        junqi_json_end_object(&j);
        putchar('\n');
    }
    return junqi_cli_flush_stdout(prog) ? JUNQI_EXIT_OK : JUNQI_EXIT_IO;
}

/* Check one item of a source and print what was found: the diagnostics,
 * then the summary (a line of text, or a JSON object). */
static void check_item(const options *opt, const junqi_source *src, junqi_input *in, junqi_diags *d)
{
    junqi_summary s;
    junqi_check_item(src, in, opt->rules, d, &s);
    if (opt->quiet)
        return;
    junqi_cli_print_diags(stdout, in->name, d, opt->format);
    if (opt->format == JUNQI_FORMAT_TEXT) {
        print_summary(in, &s);
        return;
    }
    junqi_json j;
    junqi_json_init(&j, stdout);
    junqi_write_summary_json(&j, &s);
    putchar('\n');
}

static int validate_item(void *ctx, const junqi_source *src, junqi_input *in, junqi_diags *d,
                         junqi_read_status rc)
{
    const options *opt = ctx;
    char label[JUNQI_INPUT_LABEL_SIZE]; /* a usage error about one game names it */
    if (in->kind == JUNQI_INPUT_RECORD &&
        junqi_cli_apply_rules(prog, junqi_input_label(in, label, sizeof label), in->game,
                              opt->rules) != JUNQI_EXIT_OK)
        return JUNQI_EXIT_USAGE;
    if (in->kind == JUNQI_INPUT_FORMATION &&
        junqi_cli_check_formation_rules(prog, junqi_input_label(in, label, sizeof label), &in->formation,
                                        opt->rules) != JUNQI_EXIT_OK)
        return JUNQI_EXIT_USAGE;
    check_item(ctx, src, in, d);
    return rc == JUNQI_READ_FAILED ? JUNQI_EXIT_IO : d->errors ? JUNQI_EXIT_INVALID : JUNQI_EXIT_OK;
}

/* Validate every item of a source; returns the exit status. */
static int validate(const options *opt, junqi_source *src)
{
    return junqi_source_each(src, validate_item, (void *)opt);
}

int main(int argc, char **argv)
{
    junqi_cli_set_locale();
    junqi_cli_close_stdout_at_exit(prog);
    enum { OPT_FORMAT = 256, OPT_RULES, OPT_POSITION, OPT_LENIENT, OPT_LIST_CODES, OPT_HELP,
           OPT_VERSION };
    static const char shortopts[] = "hq";
    static const struct option longopts[] = {
        {"format", required_argument, NULL, OPT_FORMAT},
        {"rules", required_argument, NULL, OPT_RULES},
        {"position", required_argument, NULL, OPT_POSITION},
        {"lenient", no_argument, NULL, OPT_LENIENT},
        {"list-codes", no_argument, NULL, OPT_LIST_CODES},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, OPT_HELP},
        {"version", no_argument, NULL, OPT_VERSION},
        {NULL, 0, NULL, 0},
    };
    options opt = {JUNQI_FORMAT_TEXT, false, 0, NULL};
    const char *position = NULL;
    bool codes = false;
    int c;
    junqi_cli_given given = {0};
    opterr = 0;
    while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
        if (junqi_cli_once(prog, &given, shortopts, longopts, c, optarg) != JUNQI_EXIT_OK)
            return JUNQI_EXIT_USAGE;
        switch (c) {
        case OPT_FORMAT:
            if (!junqi_cli_parse_format(optarg, &opt.format))
                return junqi_cli_usage(prog, "--format takes text or json, not '%s'", optarg);
            break;
        case OPT_RULES:
            if (junqi_cli_parse_rules(prog, optarg, &opt.rules) != JUNQI_EXIT_OK)
                return JUNQI_EXIT_USAGE;
            break;
        case OPT_POSITION: position = optarg; break;
        case OPT_LENIENT: opt.source_flags |= JUNQI_SOURCE_LENIENT; break;
        case OPT_LIST_CODES: codes = true; break;
        case 'q': opt.quiet = true; break;
        case OPT_HELP:
        case 'h': usage(); return JUNQI_EXIT_OK;
        case OPT_VERSION: return junqi_cli_version(prog);
        default: return junqi_cli_bad_option(prog, argv, shortopts, longopts);
        }
    }
    if (position && optind < argc)
        return junqi_cli_usage(prog, "--position and FILE exclude each other");
    if (codes && (position || optind < argc))
        return junqi_cli_usage(prog, "--list-codes reads no input");
    if (codes)
        return list_codes(opt.format);
    int status;
    if (position) {
        status = validate(&opt, junqi_cli_open_position(prog, position));
    } else {
        status = JUNQI_EXIT_OK;
        for (int i = optind; i < argc || i == optind; i++) {
            int rc = validate(&opt, junqi_cli_open(prog, i < argc ? argv[i] : "-", opt.source_flags));
            if (junqi_cli_status_add(&status, rc) || i + 1 >= argc)
                break;
        }
    }
    if (!junqi_cli_flush_stdout(prog))
        return JUNQI_EXIT_IO;
    return status;
}
