/* SPDX-License-Identifier: MIT */
/*
 * junqi-replay - replay game records: the position at any ply, from any
 * seat's view, as a text board, JSON or a position string; convert whole
 * records to JGN or JSON; start a record from formation files.
 * See docs/man/junqi-replay.1.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "annotate.h"
#include "cli.h"
#include "i18n.h"
#include "collection.h"
#include "flip_deal.h"
#include "flip_out.h"
#include "flip_replay.h"
#include "flipnote.h"
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
    junqi_cli_ply ply;  /* --ply; .n -1: the end */
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
    /* collections (docs/collections.md) */
    junqi_selection *select;  /* --select: the conditions; NULL: every game */
    bool unique;              /* --unique: drop later copies of a game */
    bool count, list;         /* --count, --list */
    int64_t split;            /* --split N: games per file; 0: no split */
    const char *deal;         /* --deal SEED|random */
    bool infer;               /* --infer */
    uint64_t seed;            /* --seed */
    unsigned strip;           /* --strip: JUNQI_STRIP_* (annotate.h), or'ed */
    unsigned long given;      /* the long options given: bit c - OPT_PLY for getopt's c */
} options;

static void usage(void)
{
    char rules[1024];
    /* TRANSLATORS: the %s after "NAME is one of:" is the list of rule sets on
     * lines of their own, each indented by 22 spaces; keep every line of this
     * help within 79 columns. */
    printf(_("Usage: %s [OPTIONS] [FILE...]\n"
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
           "  --to jgn|json       convert whole records: JGN text, or one JSON document\n"
           "                      per game\n"
           "  --strip WHAT        remove from the records --to and --split write: WHAT a\n"
           "                      comma list of comments, nags, variations, annotation\n"
           "                      (any annotator's [%%eval] comments, marks, lines and\n"
           "                      tags); repeatable\n"
           "  --position STRING   a position string instead of files\n"
           "  --setup SEAT=FILE   start a record from a formation file (YAML or .jql) for\n"
           "                      a seat; repeat for each seat; writes the starting JGN\n"
           "                      record; FILE#NAME or FILE#N picks one formation of\n"
           "                      several; a NAME alone names a known formation\n"
           "                      (south=銅牆鐵壁)\n"
           "  --board BOARD       two-player or four-player, for --setup (default: the\n"
           "                      --rules set's board, else the formations', else\n"
           "                      four-player for an east or west seat) and --deal\n"
           "  --deal SEED|random  start a flip game's record (--rules fanqi, fanfan,\n"
           "                      fanqi_wiki, huqi or zuhe): the deal and first seat of\n"
           "                      the seed (a number; the same everywhere), or of a\n"
           "                      random one\n"
           "  --names STYLE       piece names: zh, zh-Hant, short, en, rank (default: the\n"
           "                      locale's: zh-Hant for zh_TW, zh_HK, zh_MO and zh_Hant,\n"
           "                      else zh)\n"
           "  --color WHEN        colour the board: auto (default: on a terminal, unless\n"
           "                      NO_COLOR is set or TERM is dumb), always, never\n"
           "  --rules RULES       rule set NAME[,SWITCH=VALUE]... (default: the record's;\n"
           "                      switches: junqi-replay(1)); NAME is one of:\n"
           "%s\n"
           "  --lenient           read broken JGN games as far as they go, and replay past\n"
           "                      an illegal move (default: the positions stop before it)\n"
           "  --infer             what the viewing seat could tell of the hidden pieces:\n"
           "                      in JSON each gets \"p\": {kind: probability}, on the text\n"
           "                      board its most likely kind and percentage (\"司令?34\");\n"
           "                      needs --view SEAT in a dark game unless the record is\n"
           "                      one seat's\n"
           "  --seed S            --infer: the random seed of the inference (default 0)\n"
           "collections (the other options apply to the games they keep):\n"
           "  --select COND       keep the games where COND holds (repeatable: all must):\n"
           "                      FIELD=VALUE, FIELD!=VALUE, FIELD~TEXT (contains),\n"
           "                      FIELD<N, FIELD>=N ..., FIELD (present), !FIELD\n"
           "                      (absent); FIELD a tag (Result, Termination, Board,\n"
           "                      Rules, Date, North ...) or moves, players, player,\n"
           "                      seat, view, source, index; VALUE may list\n"
           "                      alternatives a|b\n"
           "  --unique            drop a game seen before (the same setups and moves)\n"
           "  --count             print the number of games kept\n"
           "  --list              print one line per game kept: source, index, board,\n"
           "                      moves, result, termination and players (JSON with\n"
           "                      --format json)\n"
           "  --split N           write the games kept into files of N games (JGN, or JSON\n"
           "                      with --to json): -o NAME-%%n.jgn or -o DIR/\n"
           "  -o FILE             write to FILE (through a temporary file) instead of\n"
           "                      stdout\n"
           "  -h, --help          this help\n"
           "  --version           the version\n\n"
           "Exit status: 0 success, 1 invalid input, 2 usage error (such as a ply past the\n"
           "end), 3 a file could not be read or written.\n"),
           prog, prog, junqi_cli_help_list(junqi_rules_names(), rules, sizeof rules));
}

/* The seat whose inference --infer shows: --view, else the seat of a
 * one-seat record; JUNQI_NO_SEAT when nothing is hidden (an open game). */
static int infer_viewer(const options *opt, const junqi_game *g)
{
    if (opt->view != JUNQI_NO_SEAT)
        return opt->view;
    return g->view != JUNQI_NO_SEAT ? g->view : JUNQI_NO_SEAT;
}

/* What write_positions() hands each position. */
typedef struct position_job {
    const options *opt;
    FILE *out;
    bool colour;
    const char *name;  /* the input, for messages */
    int viewer;        /* --infer: whose inference; JUNQI_NO_SEAT: none */
    bool failed;       /* --infer found no assignment: nothing more is written */
    bool invalid;      /* the record's check found errors (said, no-assignment among them) */
} position_job;

/* --infer: the probabilities of the hidden pieces after the moves r
 * replayed, into probs; false (said why) when no assignment agrees. */
static bool infer_position(position_job *job, const junqi_replay *r, junqi_point_probs probs)
{
    if (junqi_infer_at(r->game, job->opt->rules, r->moves, job->viewer, job->opt->seed, probs))
        return true;
    if (!job->invalid) /* else the record's errors said why */
        junqi_cli_no_assignment(prog, job->name, r->moves);
    return !(job->failed = true);
}

static void write_position(void *ctx, const junqi_replay *r, const junqi_position *pos, bool last)
{
    position_job *job = ctx;
    const options *opt = job->opt;
    static junqi_point_probs store;
    const junqi_point_probs *probs = NULL;
    if (job->failed || (job->viewer != JUNQI_NO_SEAT && !infer_position(job, r, store)))
        return;
    if (job->viewer != JUNQI_NO_SEAT)
        probs = (const junqi_point_probs *)&store;
    if (opt->format == OUT_JSON) {
        junqi_json j;
        junqi_json_init(&j, job->out);
        junqi_write_record_position_json_probs(&j, r->game->source, r->game->source_index, pos, pos->moves,
                                               probs);
        fputc('\n', job->out);
    } else if (opt->format == OUT_POS) {
        char *text = junqi_pos_format(pos);
        fprintf(job->out, "%s\n", text ? text : "");
        free(text);
    } else {
        junqi_write_text_board_probs(job->out, pos, opt->names, job->colour, probs);
        junqi_write_text_status(job->out, pos, pos->moves, r->last_move, (junqi_outcome)r->last_outcome);
        if (!last)
            fputc('\n', job->out);
    }
}

/* A flip game's position (docs/flip.md), as the view saw it (junqi_flip_replay_each). */
static void write_flip_position(void *ctx, const junqi_flip_replay *r, const junqi_flip *shown, bool last)
{
    const position_job *job = ctx;
    const options *opt = job->opt;
    if (opt->format == OUT_JSON) {
        junqi_json j;
        junqi_json_init(&j, job->out);
        junqi_flip_write_record_position_json(&j, r->game->source, r->game->source_index, shown);
        fputc('\n', job->out);
    } else if (opt->format == OUT_POS) {
        char *text = junqi_flip_pos_format(shown);
        fprintf(job->out, "%s\n", text ? text : "");
        free(text);
    } else {
        junqi_flip_write_text_board(job->out, shown, opt->names, job->colour);
        junqi_flip_write_text_status(job->out, shown, r->has_last, r->last, r->last_outcome, r->last_shown);
        if (!last)
            fputc('\n', job->out);
    }
}

/* The positions of one record: junqi_replay_each (report.h), as the Python binding's. */
static int write_positions(const options *opt, const junqi_source *src, const junqi_input *in, FILE *out,
                           bool colour, bool header)
{
    char label[JUNQI_INPUT_LABEL_SIZE];
    junqi_input_label(in, label, sizeof label);
    junqi_plies plies = junqi_record_plies(in->game, NULL);
    int rc = junqi_cli_check_ply(prog, in, &plies, &opt->ply, header || in->index > 1); /* of several games */
    if (rc != JUNQI_EXIT_OK)
        return rc;
    if (opt->infer && junqi_rules_flip(in->game->rules))
        return junqi_cli_usage(prog, "%s: --infer reads formation games; a flip game's face-down pieces are "
                                     "chance, the same for both seats", label);
    int viewer = opt->infer ? infer_viewer(opt, in->game) : JUNQI_NO_SEAT;
    if (opt->infer && viewer == JUNQI_NO_SEAT && in->game->info != JUNQI_OPEN)
        return junqi_cli_usage(prog, "%s: --infer needs --view SEAT: whose knowledge of the hidden pieces?",
                               label);
    if (header && opt->format == OUT_TEXT)
        fprintf(out, "== %s\n", label);
    position_job job = {opt, out, colour, label, viewer, false, false};
    junqi_cli_ply asked = opt->all ? (junqi_cli_ply){JUNQI_REPORT_ALL, NULL} : opt->ply;
    long ply = asked.n;
    rc = junqi_cli_check_record(prog, src, in, &plies, &asked, opt->source_flags & JUNQI_SOURCE_LENIENT, NULL);
    job.invalid = rc == JUNQI_EXIT_INVALID;
    if (junqi_rules_flip(in->game->rules)
            ? !junqi_flip_replay_each(in->game, NULL, ply, opt->view, &plies, write_flip_position, &job)
            : !junqi_replay_each(in->game, NULL, ply, opt->view, &plies, write_position, &job))
        return JUNQI_EXIT_INVALID; /* the reason is among the record's problems */
    return job.failed ? JUNQI_EXIT_INVALID : rc;
}

/* junqi_game_to_view() leaves the annotation out of a seat's record: its evaluations and the
 * engine's lines were worked out with what the other seats knew (annot3 D3). Said once a run, at
 * the first game that has one, so that the missing comments are not taken for a fault; the
 * record's own comments and marks stay. */
static void note_view_drops_annotation(const junqi_source *src, const junqi_input *in, int view)
{
    static bool said;
    const junqi_game *g = in->game;
    if (said || (int)g->view == view || g->info == JUNQI_OPEN || !junqi_game_annotated(g))
        return;
    said = true;
    /* TRANSLATORS: --view and [%eval] stay as typed. */
    fprintf(stderr, _("%s: %s: game %zu: note: --view %s leaves out the annotation (the [%%eval] comments, "
                      "the engine's marks and lines, the Annotator and summary tags), worked out with what "
                      "other seats knew, and writes the combats of the record's own variations as not said "
                      "(x); its own comments and marks stay (said once)\n"),
            prog, junqi_source_name(src), g->source_index, junqi_seat_name((junqi_seat)view));
}

/* Convert one whole record. A record that breaks the rules is still written
 * as it is (a converter keeps what it read), with its located errors on
 * standard error and exit status 1 (docs/conventions.md, "Exit status").
 * out NULL: a --split part that cannot be written; the record is checked all
 * the same, as what the tool says of its input does not hang on an output. */
static int convert(const options *opt, const junqi_source *src, junqi_input *in, FILE *out)
{
    int rc = junqi_cli_check_record(prog, src, in, NULL, &JUNQI_CLI_PLY_END, true, NULL);
    if (!out)
        return rc;
    junqi_game_settle(in->game);
    junqi_game_strip(in->game, opt->strip);
    if (opt->view != JUNQI_NO_SEAT) {
        note_view_drops_annotation(src, in, opt->view);
        junqi_game_to_view(in->game, (junqi_seat)opt->view);
    }
    if (opt->to == CONVERT_JSON) {
        junqi_json j;
        junqi_json_init(&j, out);
        junqi_write_game_json(&j, in->game);
        fputc('\n', out);
        return rc;
    }
    junqi_jgn_write(out, in->game);
    fputc('\n', out); /* a blank line after each game: files concatenate */
    return rc;
}

/* What the collection options keep from one game to the next. */
typedef struct collection {
    junqi_seen *seen;          /* --unique */
    size_t kept;               /* games kept so far */
    junqi_cli_output part;     /* --split: the file being written (fp NULL: none, or one not writable) */
    size_t parts, in_part;     /* files begun, games in the current one */
    bool failed;               /* --split: a part could not be written (exit status 3 at the end) */
    junqi_cli_folder folder;   /* --split -o DIR/: whether DIR was made */
    struct stat *inputs;       /* --split: the input files (junqi_cli_input_file), none of them a leftover part */
    size_t ninputs;
} collection;

/* What replay_source() hands each record. */
typedef struct replay_job {
    const options *opt;
    FILE *out;
    bool colour, header;
    collection *c;
    const junqi_source *src;   /* the source being read */
} replay_job;

/* --list: one line (or JSON object) per game kept; in text, each field
 * from the input is shown as junqi_cli_put_visible() shows it. The JSON
 * object names the rule set the game is played under, --rules' or its own. */
static void list_game(const replay_job *job, const junqi_game *g, const junqi_game_place *place)
{
    static const char *const fields[] = {"Board", "moves", "Result", "Termination"};
    char value[4][256];
    for (int i = 0; i < 4; i++)
        if (!junqi_game_field(g, place, fields[i], value[i], sizeof value[i]))
            snprintf(value[i], sizeof value[i], "-");
    FILE *out = job->out;
    if (job->opt->format == OUT_JSON) {
        junqi_json j;
        junqi_json_init(&j, out);
        junqi_json_begin_object(&j);
        junqi_json_key(&j, "source");
        junqi_json_string(&j, place->source);
        junqi_json_key(&j, "index");
        junqi_json_uint(&j, place->index);
        static const char *const keys[] = {"board", "moves", "result", "termination"};
        for (int i = 0; i < 4; i++) {
            junqi_json_key(&j, keys[i]);
            if (i == 1)
                junqi_json_uint(&j, junqi_game_moves(g));
            else
                junqi_json_string(&j, strcmp(value[i], "-") ? value[i] : NULL);
            if (i == 0) { /* JSON only: the text's columns are fixed (docs/collections.md) */
                junqi_json_key(&j, "rules");
                junqi_json_string(&j, g->rules->text);
            }
        }
        junqi_json_key(&j, "players");
        junqi_json_begin_object(&j);
        for (int s = 0; s < JUNQI_SEATS; s++)
            if (g->seat[s].present) {
                junqi_json_key(&j, junqi_seat_name((junqi_seat)s));
                junqi_json_string(&j, g->seat[s].player);
            }
        junqi_json_end_object(&j);
        junqi_json_end_object(&j);
        fputc('\n', out);
        return;
    }
    /* the text from the input (the source's name, tag values such as a
     * player's) reaches a terminal with its control characters as \xHH, and
     * a tab in it does not split its field */
    junqi_cli_put_field(out, place->source);
    fprintf(out, "\t%zu", place->index);
    for (int i = 0; i < 4; i++) {
        fputc('\t', out);
        junqi_cli_put_field(out, value[i]);
    }
    for (int s = 0; s < JUNQI_SEATS; s++)
        if (g->seat[s].present) {
            fprintf(out, "\t%s:", junqi_seat_name((junqi_seat)s));
            junqi_cli_put_field(out, g->seat[s].player ? g->seat[s].player : "?");
        }
    fputc('\n', out);
}

/* --split: the extension of the parts (JGN, or JSON Lines with --to json). */
static const char *split_extension(const options *opt)
{
    return opt->to == CONVERT_JSON ? ".jsonl" : ".jgn";
}

/* --split: open the next part (its folder made first for -o DIR/) into c->part.
 * False, said in one line, when it cannot be written (a folder that cannot
 * be made is said for the first part only). */
static bool begin_part(const replay_job *job, collection *c)
{
    const char *pattern = job->opt->output;
    char path[4096];
    if (!junqi_collection_path(pattern, ++c->parts, split_extension(job->opt), path, sizeof path)) {
        fprintf(stderr, _("%s: %s: the name of a part is too long\n"), prog, pattern);
        return false;
    }
    if (!junqi_cli_output_folder(prog, pattern, &c->folder))
        return false;
    return junqi_cli_output_open(prog, path, &c->part);
}

/* --split: the game into the current part, which is begun or ended as needed.
 * A game that breaks the rules is written whole, as --to writes it (status
 * 1). A part that cannot be written is said in one line and left out with its
 * games, which are still checked, and the run goes on (as junqi-render's
 * pages do): part K still holds the games (K-1)N+1 to KN of those kept, and
 * the exit status is 3 at the end (c->failed, finish_collection). */
static int split_game(replay_job *job, junqi_input *in)
{
    collection *c = job->c;
    if (c->in_part == 0 && !begin_part(job, c))
        c->failed = true;
    int rc = convert(job->opt, job->src, in, c->part.fp);
    if (++c->in_part == (size_t)job->opt->split) {
        c->in_part = 0;
        if (c->part.fp && !junqi_cli_output_close(prog, &c->part, true))
            c->failed = true;
    }
    return rc;
}

/* Whether the collection options keep this game: 1 yes, 0 no, or -(exit status). */
static int keep_game(replay_job *job, junqi_input *in, const junqi_game_place *place)
{
    const options *opt = job->opt;
    if (!opt->select && !opt->unique)
        return 1;
    junqi_game_settle(in->game);
    if (opt->select && !junqi_selection_match(opt->select, in->game, place))
        return 0;
    int seen = opt->unique ? junqi_seen_check(job->c->seen, in->game) : 0;
    if (seen < 0) {
        fprintf(stderr, "%s: %s: %s\n", prog, in->name, _("out of memory"));
        return -JUNQI_EXIT_IO;
    }
    return !seen;
}

/* Whether --rules can apply to the game: a rule set of its board and kind. */
static bool rules_fit(const junqi_game *g, const junqi_rules *rules)
{
    return !rules || (rules->board == g->board && junqi_rules_flip(rules) == junqi_rules_flip(g->rules));
}

/* The game kept, under --rules and seen by --view: 1, or 0 when --select or
 * --unique drops it, or -(exit status). The options that show a game apply to
 * the games kept (docs/collections.md): a game dropped is no usage error of
 * theirs. One of the board and kind of --rules is selected as they replay it;
 * another is selected as it is, and is a usage error when kept. Usage errors
 * about one game name it (docs/conventions.md, "Which item"). */
static int take_game(replay_job *job, junqi_input *in)
{
    const options *opt = job->opt;
    char label[JUNQI_INPUT_LABEL_SIZE];
    junqi_input_label(in, label, sizeof label);
    bool fits = rules_fit(in->game, opt->rules);
    if (fits && junqi_cli_apply_rules(prog, label, in->game, opt->rules) != JUNQI_EXIT_OK)
        return -JUNQI_EXIT_USAGE;
    junqi_game_place place = {in->name, in->index}; /* a game that did not parse keeps its number */
    int keep = keep_game(job, in, &place);
    if (keep <= 0)
        return keep;
    if ((!fits && junqi_cli_apply_rules(prog, label, in->game, opt->rules) != JUNQI_EXIT_OK) ||
        junqi_cli_check_view(prog, label, in->game, opt->view) != JUNQI_EXIT_OK)
        return -JUNQI_EXIT_USAGE;
    return 1;
}

static int replay_record(void *ctx, junqi_input *in)
{
    replay_job *job = ctx;
    const options *opt = job->opt;
    int keep = take_game(job, in);
    if (keep <= 0)
        return -keep;
    junqi_game_place place = {in->name, in->index};
    job->c->kept++;
    if (opt->count || opt->list) {
        /* counted and listed as they are, and checked as the games of every
         * other output are: one that breaks the rules is said, and exit 1 */
        int rc = junqi_cli_check_record(prog, job->src, in, NULL, &JUNQI_CLI_PLY_END, true, NULL);
        if (opt->list) {
            junqi_game_settle(in->game);
            list_game(job, in->game, &place);
        }
        return rc;
    }
    if (opt->split)
        return split_game(job, in);
    if (opt->to != CONVERT_NONE)
        return convert(opt, job->src, in, job->out);
    return write_positions(opt, job->src, in, job->out, job->colour, job->header);
}

/* Every record of a source; returns the exit status. */
static int replay_source(const options *opt, junqi_source *src, FILE *out, bool colour, bool header,
                         collection *c)
{
    replay_job job = {opt, out, colour, header, c, src};
    return junqi_cli_each_record(prog, src, replay_record, &job);
}

/* Whether record g, made from the formations of the seats in `seats`, can
 * start a game: not when one seat alone takes part (a game needs two sides,
 * as junqi-validate says of such a record). The replay's reason is then
 * printed to stderr, located at the first seat's --setup (a record made in
 * memory has no file), and nothing is to be written: an invalid input. */
static bool start_is_game(const options *opt, junqi_game *g, unsigned seats)
{
    int s = __builtin_ctz(seats);
    char name[4200];
    snprintf(name, sizeof name, "--setup %s=%s", junqi_seat_name((junqi_seat)s), opt->setup[s]);
    junqi_input in = {.name = name, .kind = JUNQI_INPUT_RECORD, .game = g};
    junqi_replay r;
    return junqi_cli_replay_start(&in, NULL, &r);
}

/* The record that starts from formations f of the seats in `seats`. */
static int write_start(const options *opt, const junqi_formation *f, unsigned seats,
                       junqi_board_kind board, FILE *out)
{
    const junqi_board *b = junqi_board_get(board);
    for (int s = 0; s < JUNQI_SEATS; s++)
        if ((seats & JUNQI_SEAT_BIT(s)) && !(b->seats & JUNQI_SEAT_BIT(s)))
            return junqi_cli_usage(prog, "the %s board has no %s seat", _(b->name),
                                   _(junqi_seat_name((junqi_seat)s)));
    junqi_game *g = junqi_game_new(board);
    if (!g)
        return JUNQI_EXIT_IO;
    for (int s = 0; s < JUNQI_SEATS; s++)
        if (seats & JUNQI_SEAT_BIT(s)) {
            g->seat[s].present = g->seat[s].setup_known = true;
            memcpy(g->seat[s].setup, f[s].setup, sizeof f[s].setup);
        }
    if (junqi_cli_apply_rules(prog, "--setup", g, opt->rules) != JUNQI_EXIT_OK) {
        junqi_game_free(g);
        return JUNQI_EXIT_USAGE;
    }
    int status = start_is_game(opt, g, seats) ? JUNQI_EXIT_OK : JUNQI_EXIT_INVALID;
    if (status == JUNQI_EXIT_OK)
        junqi_jgn_write(out, g);
    junqi_game_free(g);
    return status;
}

/* A --deal seed: a decimal number below 2^64, or "random" (from /dev/urandom). */
static bool deal_seed(const char *text, uint64_t *seed)
{
    if (strcmp(text, "random") == 0) {
        FILE *f = fopen("/dev/urandom", "rb");
        bool ok = f && fread(seed, sizeof *seed, 1, f) == 1;
        if (f)
            fclose(f);
        return ok;
    }
    uint64_t v = 0;
    for (const char *s = text; *s; s++) {
        if (*s < '0' || *s > '9' || v > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
            return false;
        v = v * 10 + (uint64_t)(*s - '0');
    }
    *seed = v;
    return *text != '\0';
}

/* The first seat of a new flip record: the one --rules gave (first=, its
 * named set's own seat too when typed), else `drawn`, the seed's (flip games
 * start at random, variants.md §3.1). */
static junqi_seat deal_first_seat(const junqi_rules *r, junqi_seat drawn)
{
    return junqi_cli_rules_set(r, "first") ? (junqi_seat)r->first_seat : drawn;
}

/* --deal SEED|random: the starting record of a flip game. */
static int start_flip_record(const options *opt, FILE *out)
{
    uint64_t seed;
    if (opt->rules && !junqi_rules_flip(opt->rules)) /* it was "say which with --rules", said to --rules qq */
        return junqi_cli_usage(prog, "--deal starts a flip game, and --rules %s is a formation game's rule set: "
                                     "say which flip game (%s)", opt->rules->text,
                               junqi_rules_family_names(JUNQI_FLIP_GAME));
    if (!opt->rules)
        return junqi_cli_usage(prog, "--deal starts a flip game: say which with --rules (%s)",
                               junqi_rules_family_names(JUNQI_FLIP_GAME));
    if (opt->board_given && opt->board != JUNQI_TWO_PLAYER)
        return junqi_cli_usage(prog, "flip games are played on the two-player board");
    if (!deal_seed(opt->deal, &seed))
        return junqi_cli_usage(prog, "--deal takes a seed (a number) or random, not '%s'", opt->deal);
    uint8_t deal[JUNQI_MAX_POINTS];
    junqi_seat first = deal_first_seat(opt->rules, junqi_flip_deal_random(seed, deal));
    junqi_game *g = junqi_flip_game_new(opt->rules, deal, first);
    if (!g)
        return JUNQI_EXIT_IO;
    junqi_jgn_write(out, g);
    junqi_game_free(g);
    return JUNQI_EXIT_OK;
}

/* The one board that has every seat of `seats` (east or west: the four-player
 * board; board.h's seat masks), into *board; false when both have them. */
static bool board_of_seats(unsigned seats, junqi_board_kind *board)
{
    int fits = 0;
    for (int k = JUNQI_TWO_PLAYER; k <= JUNQI_FOUR_PLAYER; k++)
        if ((junqi_board_get((junqi_board_kind)k)->seats & seats) == seats)
            fits++, *board = (junqi_board_kind)k;
    return fits == 1;
}

/* Whether the formations of f (the seats in `loaded`) that name a board name
 * one board, `board` (the first one's, `first`): with neither --board nor
 * --rules, formations of both boards would be put on one of them unsaid.
 * A usage error says the first that disagrees. (--board and --rules choose
 * the board whatever the formations say: the two boards' formations have
 * one shape, and tests/data/perft plays four-player ones on both.) */
static int check_setup_boards(const options *opt, const junqi_formation *f, unsigned loaded,
                              junqi_board_kind board, int first)
{
    for (int s = 0; s < JUNQI_SEATS; s++)
        if ((loaded & JUNQI_SEAT_BIT(s)) && f[s].has_board && f[s].board != board)
            return junqi_cli_usage(prog, "--setup %s=%s is a formation of the %s board and --setup %s=%s of the %s "
                                   "board: say which board with --board",
                                   junqi_seat_name((junqi_seat)s), opt->setup[s], _(junqi_board_get(f[s].board)->name),
                                   junqi_seat_name((junqi_seat)first), opt->setup[first],
                                   _(junqi_board_get(board)->name));
    return JUNQI_EXIT_OK;
}

/* --setup SEAT=FILE...: the starting record. */
static int start_record(const options *opt, FILE *out)
{
    junqi_formation f[JUNQI_SEATS];
    bool have_board = opt->board_given || opt->rules; /* --board, else the rule set's board */
    junqi_board_kind board = opt->board_given || !opt->rules ? opt->board : opt->rules->board;
    int status = JUNQI_EXIT_OK;
    unsigned loaded = 0;
    int first = -1; /* the seat whose formation chose the board */
    for (int s = 0; s < JUNQI_SEATS; s++) {
        if (!opt->setup[s])
            continue;
        int rc = junqi_cli_load_formation(prog, "--setup", opt->setup[s], opt->rules, &f[s]);
        if (rc == JUNQI_EXIT_OK) {
            loaded |= JUNQI_SEAT_BIT(s);
            if (!have_board && f[s].has_board)
                have_board = true, board = f[s].board, first = s;
        }
        if (rc > status)
            status = rc;
    }
    if (status == JUNQI_EXIT_OK && first >= 0)
        status = check_setup_boards(opt, f, loaded, board, first);
    if (status == JUNQI_EXIT_OK && !have_board)
        have_board = board_of_seats(loaded, &board); /* an east or west seat: the four-player board */
    if (status == JUNQI_EXIT_OK && !have_board)
        status = junqi_cli_usage(prog, "say which board with --board two-player or four-player");
    if (status == JUNQI_EXIT_OK)
        status = write_start(opt, f, loaded, board, out);
    for (int s = 0; s < JUNQI_SEATS; s++)
        if (loaded & JUNQI_SEAT_BIT(s))
            free(f[s].name);
    return status;
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

static bool parse_setup(options *opt, const char *arg, bool *twice)
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
    if (opt->setup[s]) {
        *twice = true; /* one formation per seat: a second one is a mistake, not a choice */
        return false;
    }
    opt->setup[s] = eq + 1;
    return true;
}

enum { OPT_PLY = 256, OPT_ALL, OPT_VIEW, OPT_FORMAT, OPT_TO, OPT_POSITION, OPT_SETUP, OPT_BOARD,
       OPT_NAMES, OPT_COLOR, OPT_RULES, OPT_LENIENT, OPT_HELP, OPT_VERSION, OPT_SELECT, OPT_UNIQUE,
       OPT_COUNT, OPT_LIST, OPT_SPLIT, OPT_INFER, OPT_SEED, OPT_DEAL, OPT_STRIP };

/* The place of a second '=' right after a condition's '=' (Result==north-south, as jq, Python
 * and C write a comparison), or NULL: such a condition compares with a value that starts with
 * '=', which no game has, and would keep nothing in silence. */
static const char *doubled_equals(const char *condition)
{
    const char *op = strpbrk(condition, "=<>~");
    return op && op[0] == '=' && op[1] == '=' ? op + 1 : NULL;
}

/* Say on standard error when a --select condition looks like a mistake that keeps nothing. */
static void note_select_mistake(const char *text)
{
    const char *word = junqi_selection_meant_word(text);
    if (word) /* Moves>=100 keeps nothing, which looks like no game long enough */
        fprintf(stderr, _("%s: note: --select %s names a tag, which JGN does not define: the word is "
                          "'%s', in lower case\n"), prog, text, word);
    const char *second = doubled_equals(text);
    if (second) {
        int field = (int)(second - 1 - text) - (second - 1 > text && second[-2] == '!');
        fprintf(stderr, _("%s: note: --select %s compares %.*s with '%s': write one '=' (%.*s%s)\n"), prog,
                text, field, text, second, (int)(second - text), text, second + 1);
    }
}

/* The collection options (code c). Returns JUNQI_OPTIONS_GO_ON, or an exit status. */
static int parse_collection_option(options *opt, int c, const char *arg)
{
    char err[512];
    switch (c) {
    case OPT_SELECT: {
        char text[4096]; /* the names the condition holds, as the records write them: UTF-8 */
        if (junqi_cli_text_arg(prog, "--select", arg, text, sizeof text) != JUNQI_EXIT_OK)
            return JUNQI_EXIT_USAGE;
        if (!opt->select && !(opt->select = junqi_selection_new()))
            return JUNQI_EXIT_IO;
        if (!junqi_selection_add(opt->select, text, err, sizeof err))
            return junqi_cli_usage(prog, "--select %s", err);
        note_select_mistake(text);
        break;
    }
    case OPT_UNIQUE: opt->unique = true; break;
    case OPT_COUNT: opt->count = true; break;
    case OPT_LIST: opt->list = true; break;
    case OPT_SPLIT:
        if (junqi_cli_parse_range(prog, "split", arg, 1, 1000000000, &opt->split) != JUNQI_EXIT_OK)
            return JUNQI_EXIT_USAGE;
        break;
    }
    return JUNQI_OPTIONS_GO_ON;
}

/* The options of junqi-replay(1). */
static const char shortopts[] = "ho:";
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
    {"deal", required_argument, NULL, OPT_DEAL},
    {"select", required_argument, NULL, OPT_SELECT},
    {"unique", no_argument, NULL, OPT_UNIQUE},
    {"count", no_argument, NULL, OPT_COUNT},
    {"list", no_argument, NULL, OPT_LIST},
    {"split", required_argument, NULL, OPT_SPLIT},
    {"infer", no_argument, NULL, OPT_INFER},
    {"seed", required_argument, NULL, OPT_SEED},
    {"strip", required_argument, NULL, OPT_STRIP},
    {"help", no_argument, NULL, OPT_HELP},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0},
};

/* --strip's comma list of words (pgn-extract's -C, -N, -V, and annotation) into *what. Returns
 * JUNQI_OPTIONS_GO_ON, or the usage error of a word it does not know (an empty one too). */
static int parse_strip(const char *arg, unsigned *what)
{
    static const struct {
        const char *word;
        unsigned flag;
    } words[] = {{"comments", JUNQI_STRIP_COMMENTS}, {"nags", JUNQI_STRIP_NAGS},
                 {"variations", JUNQI_STRIP_VARIATIONS}, {"annotation", JUNQI_STRIP_ANNOTATION}};
    for (const char *w = arg;; w++) {
        size_t n = strcspn(w, ","), k = 0;
        while (k < sizeof words / sizeof words[0] && (strlen(words[k].word) != n || strncmp(w, words[k].word, n) != 0))
            k++;
        if (k == sizeof words / sizeof words[0])
            return junqi_cli_usage(prog, "--strip takes a comma list of comments, nags, variations and "
                                         "annotation, not '%s'", arg);
        *what |= words[k].flag;
        w += n;
        if (!*w)
            return JUNQI_OPTIONS_GO_ON;
    }
}

/* The options of how the output is written: --format, --to, --names,
 * --color, --strip. Returns JUNQI_OPTIONS_GO_ON, or an exit status. */
static int parse_output_option(options *opt, int c, const char *arg)
{
    switch (c) {
    case OPT_FORMAT:
        if (strcmp(arg, "text") == 0) opt->format = OUT_TEXT;
        else if (strcmp(arg, "json") == 0) opt->format = OUT_JSON;
        else if (strcmp(arg, "pos") == 0) opt->format = OUT_POS;
        else return junqi_cli_usage(prog, "--format takes text, json or pos, not '%s'", arg);
        break;
    case OPT_TO:
        if (strcmp(arg, "jgn") == 0) opt->to = CONVERT_JGN;
        else if (strcmp(arg, "json") == 0) opt->to = CONVERT_JSON;
        else return junqi_cli_usage(prog, "--to takes jgn or json, not '%s'", arg);
        break;
    case OPT_NAMES:
        if (!junqi_names_parse(arg, &opt->names))
            return junqi_cli_usage(prog, "--names takes zh, zh-Hant, short, en or rank, not '%s'", arg);
        break;
    case OPT_COLOR:
        if (strcmp(arg, "auto") == 0) opt->colour = -1;
        else if (strcmp(arg, "always") == 0) opt->colour = 1;
        else if (strcmp(arg, "never") == 0) opt->colour = 0;
        else return junqi_cli_usage(prog, "--color takes auto, always or never, not '%s'", arg);
        break;
    case OPT_STRIP: return parse_strip(arg, &opt->strip);
    }
    return JUNQI_OPTIONS_GO_ON;
}

static int parse_options(int argc, char **argv, options *opt)
{
    int c;
    junqi_cli_given once = {0};
    opterr = 0;
    while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
        /* --select, --setup and --strip add up (a seat's second --setup is parse_setup's error) */
        if (c != OPT_SELECT && c != OPT_SETUP && c != OPT_STRIP && junqi_cli_once(prog, &once, shortopts, longopts, c, optarg) != JUNQI_EXIT_OK)
            return JUNQI_EXIT_USAGE;
        if (c >= OPT_PLY)
            opt->given |= 1ul << (c - OPT_PLY);
        switch (c) {
        case OPT_PLY:
            if (junqi_cli_parse_ply(prog, optarg, &opt->ply) != JUNQI_EXIT_OK)
                return JUNQI_EXIT_USAGE;
            break;
        case OPT_ALL: opt->all = true; break;
        case OPT_VIEW:
            if (!parse_view(optarg, &opt->view))
                return junqi_cli_usage(prog, "--view takes all, north, east, south or west, not '%s'", optarg);
            break;
        case OPT_POSITION: opt->position = optarg; break;
        case OPT_SETUP: {
            bool twice = false;
            if (!parse_setup(opt, optarg, &twice))
                return twice ? junqi_cli_usage(prog, "--setup %s: that seat's formation is given twice", optarg)
                             : junqi_cli_usage(prog, "--setup takes SEAT=FILE[#NAME|#N], e.g. south=a.yaml, "
                                                     "not '%s'", optarg);
            break;
        }
        case OPT_BOARD:
            if (!junqi_board_kind_parse(optarg, &opt->board))
                return junqi_cli_usage(prog, "--board takes two-player or four-player, not '%s'", optarg);
            opt->board_given = true;
            break;
        case OPT_RULES:
            if (junqi_cli_parse_rules(prog, optarg, &opt->rules) != JUNQI_EXIT_OK)
                return JUNQI_EXIT_USAGE;
            break;
        case OPT_LENIENT: opt->source_flags |= JUNQI_SOURCE_LENIENT; break;
        case OPT_DEAL: opt->deal = optarg; break;
        case OPT_INFER: opt->infer = true; break;
        case OPT_SEED:
            if (junqi_cli_parse_seed(prog, optarg, &opt->seed) != JUNQI_EXIT_OK)
                return JUNQI_EXIT_USAGE;
            break;
        case 'o':
            if (junqi_cli_take_name(prog, "-o", optarg, false, &opt->output) != JUNQI_EXIT_OK)
                return JUNQI_EXIT_USAGE;
            break;
        case OPT_HELP:
        case 'h': usage(); return JUNQI_EXIT_OK;
        case OPT_VERSION: return junqi_cli_version(prog);
        case OPT_FORMAT: case OPT_TO: case OPT_NAMES: case OPT_COLOR: case OPT_STRIP: {
            int rc = parse_output_option(opt, c, optarg);
            if (rc != JUNQI_OPTIONS_GO_ON)
                return rc;
            break;
        }
        case OPT_SELECT: case OPT_UNIQUE: case OPT_COUNT: case OPT_LIST: case OPT_SPLIT: {
            int rc = parse_collection_option(opt, c, optarg);
            if (rc != JUNQI_OPTIONS_GO_ON)
                return rc;
            break;
        }
        default: return junqi_cli_bad_option(prog, argv, shortopts, longopts);
        }
    }
    return JUNQI_OPTIONS_GO_ON;
}

/* The collection options that exclude each other or need others. */
static int check_collection_options(const options *opt, bool setup)
{
    bool collecting = opt->select || opt->unique || opt->count || opt->list || opt->split;
    if ((setup || opt->deal) && collecting)
        return junqi_cli_usage(prog, "%s writes a new record: it selects from no collection",
                               setup ? "--setup" : "--deal");
    if ((opt->count || opt->list || opt->split) && (opt->all || opt->ply.n >= 0))
        return junqi_cli_usage(prog, "--count, --list and --split work on whole games: no --ply or --all");
    if ((opt->count || opt->list) && (opt->to != CONVERT_NONE || opt->split))
        return junqi_cli_usage(prog, "--count and --list print about the games: no --to or --split");
    if (opt->count && opt->list)
        return junqi_cli_usage(prog, "--count and --list exclude each other");
    const char *o = opt->output;
    if (opt->split && (!o || !junqi_collection_numbered(o)))
        return junqi_cli_usage(prog, "--split needs -o with %%n in the name (-o part-%%n.jgn) or a "
                                     "folder (-o DIR/)");
    if (!opt->split && o && junqi_collection_numbered(o) && o[strlen(o) - 1] != '/') /* it wrote a file a%n.jgn */
        return junqi_cli_usage(prog, "-o %s: %%n numbers the parts of --split N; a file of its own is named "
                                     "without it (%%%% is one %%)", o);
    return JUNQI_EXIT_OK;
}

/* Whether the long option of getopt code c was given. */
static bool given(const options *opt, int c)
{
    return opt->given & (1ul << (c - OPT_PLY));
}

/* The options of how positions are shown, where no position is shown (they
 * were ignored there): --format pos and --names/--color draw positions only;
 * --format json also makes --list JSON, and changes nothing where the output
 * is JSON already (--to json, a --count's number), so only JGN refuses it. */
static int check_output_options(const options *opt)
{
    bool records = opt->to != CONVERT_NONE || opt->split; /* whole records, not positions */
    bool about = opt->count || opt->list;                 /* lines about the games */
    if (opt->format == OUT_POS && (records || about))
        return junqi_cli_usage(prog, "--format pos writes positions: not with --to, --split, --count or --list");
    if (opt->format == OUT_JSON && (opt->to == CONVERT_JGN || (opt->split && opt->to != CONVERT_JSON)))
        return junqi_cli_usage(prog, "--format json is for positions and --list: --to jgn and --split write "
                                     "JGN records (--to json writes JSON ones)");
    if (given(opt, OPT_VIEW) && about)
        return junqi_cli_usage(prog, "--count and --list say which games there are: they take no --view");
    if (opt->strip && !records)
        return junqi_cli_usage(prog, "--strip changes the records --to and --split write: it takes one of them");
    if ((given(opt, OPT_NAMES) || given(opt, OPT_COLOR)) && (records || about || opt->format != OUT_TEXT))
        return junqi_cli_usage(prog, "--names and --color draw the text board: not with --to, --split, "
                                     "--count, --list, --format json or --format pos");
    return JUNQI_EXIT_OK;
}

/* Options that exclude each other. */
static int check_options(const options *opt, int nfiles)
{
    bool setup = false;
    for (int s = 0; s < JUNQI_SEATS; s++)
        setup |= opt->setup[s] != NULL;
    if (opt->all && opt->ply.n >= 0)
        return junqi_cli_usage(prog, "--all and --ply exclude each other");
    if (opt->to != CONVERT_NONE && (opt->all || opt->ply.n >= 0))
        return junqi_cli_usage(prog, "--to converts whole records: it takes no --ply or --all");
    if (setup && (nfiles > 0 || opt->position))
        return junqi_cli_usage(prog, "--setup writes a new record: it reads no other input");
    if (opt->position && nfiles > 0)
        return junqi_cli_usage(prog, "--position and FILE exclude each other");
    /* how a record is shown: nothing for a new record, which is written as JGN */
    bool showing = false;
    static const int shows[] = {OPT_PLY,   OPT_ALL,     OPT_VIEW, OPT_FORMAT, OPT_NAMES,
                                OPT_COLOR, OPT_LENIENT, OPT_SEED, OPT_INFER};
    for (size_t i = 0; i < sizeof shows / sizeof *shows; i++)
        showing |= given(opt, shows[i]);
    if (opt->deal && (setup || nfiles > 0 || opt->position || opt->to != CONVERT_NONE || showing))
        return junqi_cli_usage(prog, "--deal writes a new record as JGN: it takes no input, --setup, --to, --ply, "
                                     "--all, --view, --format, --names, --color, --lenient, --seed or --infer");
    if (setup && (opt->to == CONVERT_JSON || showing))
        return junqi_cli_usage(prog, "--setup writes a new record as JGN: it takes no --to json, --ply, --all, "
                                     "--view, --format, --names, --color, --lenient, --seed or --infer");
    if (opt->infer && (opt->to != CONVERT_NONE || opt->format == OUT_POS || setup || opt->count ||
                       opt->list || opt->split))
        return junqi_cli_usage(prog, "--infer shows positions as a text board or JSON: not with --to, "
                                     "--format pos, --setup, --count, --list or --split");
    if (opt->strip && (setup || opt->deal))
        return junqi_cli_usage(prog, "--strip changes the records it reads: not with --setup or --deal, which write a new one");
    if (given(opt, OPT_SEED) && !opt->infer)
        return junqi_cli_usage(prog, "--seed is the random seed of --infer: it takes --infer");
    if (opt->board_given && !setup && !opt->deal)
        return junqi_cli_usage(prog, "--board is the board of a new record: it takes --setup or --deal");
    int rc = check_collection_options(opt, setup);
    return rc != JUNQI_EXIT_OK ? rc : check_output_options(opt);
}

/* Read every input and do what the options say. Returns the exit status. */
static int replay_inputs(const options *opt, int argc, char **argv, FILE *out, bool colour,
                         collection *c)
{
    int nfiles = argc - optind, status = JUNQI_EXIT_OK;
    if (opt->position)
        return replay_source(opt, junqi_cli_open_position(prog, opt->position), out, colour, false, c);
    for (int i = optind; i < argc || (nfiles == 0 && i == optind); i++) {
        const char *path = i < argc ? argv[i] : "-";
        int item = replay_source(opt, junqi_cli_open(prog, path, opt->source_flags), out, colour,
                                 nfiles > 1, c);
        if (junqi_cli_status_add(&status, item) || nfiles == 0)
            break;
    }
    return status;
}

/* --split: the files of the inputs (FILE..., or standard input when none) into c->inputs,
 * by what they are (junqi_cli_input_file: standard input by its descriptor), so that none
 * is taken for an earlier run's part. False, said, when memory runs out. */
static bool input_files(int argc, char **argv, collection *c)
{
    int nfiles = argc - optind;
    if (!(c->inputs = malloc(sizeof *c->inputs * (size_t)(nfiles ? nfiles : 1)))) {
        fprintf(stderr, _("%s: out of memory\n"), prog);
        return false;
    }
    for (int i = 0; i < (nfiles ? nfiles : 1); i++)
        c->ninputs += junqi_cli_input_file(nfiles ? argv[optind + i] : "-", &c->inputs[c->ninputs]);
    return true;
}

/* The end of a collection run: the last part of --split, the --count. */
static int finish_collection(const options *opt, collection *c, FILE *out, int status)
{
    bool keep = c->part.fp && junqi_cli_output_keep(&c->part, status); /* as -o FILE keeps it */
    if (c->part.fp && !junqi_cli_output_close(prog, &c->part, keep) && keep)
        status = JUNQI_EXIT_IO;
    if (c->failed) /* a part was left out: 3, unless a usage error stopped the run */
        junqi_cli_status_add(&status, JUNQI_EXIT_IO);
    if (opt->split && opt->output[strlen(opt->output) - 1] == '/' && c->parts == 0)
        fprintf(stderr, _("%s: no game was kept: nothing written to %s\n"), prog, opt->output);
    if (opt->split) /* an earlier, longer run's parts past this run's: kept, and said */
        junqi_cli_say_leftovers(prog, opt->output, split_extension(opt), false, c->parts, c->inputs, c->ninputs);
    free(c->inputs);
    if (opt->count && status != JUNQI_EXIT_USAGE) /* else the games before the error are no answer */
        fprintf(out, "%zu\n", c->kept);
    junqi_seen_free(c->seen);
    return status;
}

/* -o FILE (file: its name as read) that is one of the inputs (a FILE, standard input
 * redirected from it, a --setup formation file, FILE#WHICH's too; junqi_cli_input_under)
 * would be replaced by what is written from it, at the end, through the temporary file: a
 * QQ replay by its JGN text, a record that does not read by nothing at all (an empty file). A usage error before
 * anything is read, as junqi-analyze's -o and --split's parts over their inputs are.
 * Returns an exit status. */
static int check_output_not_input(const options *opt, const char *file, char **files, int n)
{
    const char *in = NULL;
    if (opt->deal || opt->position)
        return JUNQI_EXIT_OK; /* nothing read from a file */
    junqi_cli_formation_choice c; /* the file of FILE#WHICH, which was taken whole, for no file (break7 F10) */
    for (int s = 0; s < JUNQI_SEATS && !in; s++) {
        const char *path = c.path;
        in = opt->setup[s] && junqi_cli_split_formation(opt->setup[s], &c) ? junqi_cli_input_under(file, &path, 1) : NULL;
    }
    if (in) /* TRANSLATORS: -o's file's name, the --setup file's name */
        return junqi_cli_usage(prog, "-o %s would be written over the formation file %s, which the record starts "
                                     "from: choose another name", file, in);
    for (int s = 0; s < JUNQI_SEATS; s++)
        if (opt->setup[s])
            return JUNQI_EXIT_OK; /* --setup reads no FILE, nor standard input */
    if ((in = junqi_cli_input_under(file, (const char *const *)files, n)))
        /* TRANSLATORS: -o's file's name, the input's name */
        return junqi_cli_usage(prog, "-o %s would be written over the input %s, whose games it is made from: "
                                     "choose another name", file, in);
    return JUNQI_EXIT_OK;
}

int main(int argc, char **argv)
{
    junqi_cli_set_locale();
    junqi_cli_close_stdout_at_exit(prog);
    junqi_cli_set_game_picker("--select index=");
    options opt = {.format = OUT_TEXT, .to = CONVERT_NONE, .ply = JUNQI_CLI_PLY_END, .view = JUNQI_NO_SEAT,
                   .names = junqi_cli_locale_names(JUNQI_NAMES_ZH), .colour = -1, .board = JUNQI_FOUR_PLAYER};
    int rc = parse_options(argc, argv, &opt);
    bool go_on = rc == JUNQI_OPTIONS_GO_ON; /* not after --help, --version or a usage error */
    if (go_on && (rc = check_options(&opt, argc - optind)) != JUNQI_EXIT_OK)
        go_on = false;
    if (!go_on) {
        junqi_selection_free(opt.select);
        return rc;
    }
    if (opt.split && opt.to == CONVERT_NONE)
        opt.to = CONVERT_JGN;
    if (opt.split && (rc = junqi_cli_check_parts(prog, opt.output, split_extension(&opt), false, argv + optind,
                                                 argc - optind)) != JUNQI_EXIT_OK) {
        junqi_selection_free(opt.select);
        return rc;
    }
    collection c = {NULL, 0, {NULL, NULL, NULL}, 0, 0, false, JUNQI_FOLDER_UNTRIED, NULL, 0};
    junqi_cli_output out;
    char file[4096]; /* -o of one file: read as a name of several is (%% is %) */
    bool one = !opt.split && opt.output;
    bool named = !one || junqi_cli_output_name(prog, opt.output, file, sizeof file); /* said when not */
    if (one && named && (rc = check_output_not_input(&opt, file, argv + optind, argc - optind)) != JUNQI_EXIT_OK) {
        junqi_selection_free(opt.select);
        return rc;
    }
    if (!named ||
        (opt.unique && !(c.seen = junqi_seen_new())) || (opt.split && !input_files(argc, argv, &c)) ||
        !junqi_cli_output_open(prog, opt.split ? NULL : one ? file : opt.output, &out)) {
        junqi_selection_free(opt.select);
        free(c.inputs);
        return JUNQI_EXIT_IO;
    }
    bool colour = opt.colour == 1 || (opt.colour == -1 && !opt.output && junqi_cli_styled(STDOUT_FILENO));
    bool setup = false;
    for (int s = 0; s < JUNQI_SEATS; s++)
        setup |= opt.setup[s] != NULL;
    int status = opt.deal ? start_flip_record(&opt, out.fp)
                 : setup  ? start_record(&opt, out.fp)
                          : replay_inputs(&opt, argc, argv, out.fp, colour, &c);
    status = finish_collection(&opt, &c, out.fp, status);
    junqi_selection_free(opt.select);
    if (!junqi_cli_output_close(prog, &out, junqi_cli_output_keep(&out, status)))
        return JUNQI_EXIT_IO;
    return status;
}
