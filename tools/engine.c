/* SPDX-License-Identifier: MIT */
/*
 * engine.c - the engine protocol of `junqi-analyze --engine`
 * (docs/protocol.md). See engine.h.
 *
 * Design note: two threads. The main thread reads the commands and answers
 * each at once; `go` starts a search thread that runs junqi_play() (play.h)
 * on the position, prints an `info` line from the search's progress hook
 * after every completed iteration of every sample, and `bestmove` at the
 * end. The search reads the record and the position, so the main thread
 * does not change them while a search runs (`position`, `newgame` and
 * `setoption` are refused then); `stop` sets an atomic flag that the search
 * polls (search.h, limits.stop) and joins the thread. Every output line is
 * written and flushed under one mutex, so the two threads' lines never mix.
 * The search thread marks itself finished, under that mutex, before it
 * prints bestmove: a command that follows bestmove finds it finished and
 * joins it, never "a search is running".
 */
#include "engine.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "jgn.h"
#include "position_out.h"
#include "replay.h"
#include "search.h"
#include "text.h"

/* The limits of the protocol's numbers (docs/protocol.md, "Options"); the
 * nodes, the time and the seed as the options of junqi-analyze take them. */
#define MAX_THREADS 64
#define MAX_HASH_MB 4096
#define MAX_NODES JUNQI_CLI_MAX_NODES
#define MAX_SEED JUNQI_CLI_MAX_SEED
#define MAX_MOVETIME JUNQI_CLI_MAX_MOVETIME

typedef struct engine {
    FILE *out;
    pthread_mutex_t lock;   /* output lines, and `finished` */
    pthread_cond_t wake;    /* stop signals it: a `go infinite` search waits for it */
    bool failed;            /* the output could not be written */
    int error;              /* why: the errno of the first failure */
    junqi_engine_options opt;
    junqi_engine_options defaults; /* the start values, which `junqi` lists, whatever setoption changed */
    junqi_game *game;       /* the record (owned); NULL until a `position` */
    junqi_replay r;         /* the record replayed to its end */
    junqi_summary check;    /* the record's check (record_is_valid): what it inferred of the
                               hidden pieces, which a go at the end takes rather than infer it
                               again; inferred false when it is not game's */
    /* the search */
    pthread_t thread;
    bool started;           /* a search thread exists and is not joined */
    bool finished;          /* it has printed bestmove (under lock) */
    atomic_bool stop;
    bool infinite;
    double start, deadline; /* monotonic seconds; deadline 0: none */
    int searches;           /* searches of this go: the samples, or 1 */
    uint64_t job_nodes[JUNQI_MAX_SAMPLES]; /* nodes of each job's search under way */
    uint64_t done_nodes;    /* nodes of the searches that have ended */
    junqi_play_request req;
    junqi_play_result res;
} engine;

junqi_engine_options junqi_engine_defaults(void)
{
    junqi_engine_options o = {1, JUNQI_SEARCH_DEFAULT_HASH_MB, junqi_level_default(), 0, 0, -1, 0, 1};
    return o;
}

/* ---- output --------------------------------------------------------------- */

/* Writing failed (errno says why): the first reason is kept, and the engine stops. */
static void output_failed(engine *e)
{
    if (!e->failed)
        e->error = errno;
    e->failed = true;
}

/* One line of output, flushed; the caller holds the lock. */
__attribute__((format(printf, 2, 3)))
static void say_locked(engine *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (vfprintf(e->out, fmt, ap) < 0 || fputc('\n', e->out) == EOF || fflush(e->out) != 0)
        output_failed(e);
    va_end(ap);
}

#define SAY(e, ...)                          \
    do {                                     \
        pthread_mutex_lock(&(e)->lock);      \
        say_locked((e), __VA_ARGS__);        \
        pthread_mutex_unlock(&(e)->lock);    \
    } while (0)

/* A line being built (info lines), in memory; say_text() writes and frees it. */
typedef struct text {
    FILE *fp;
    char *s;
    size_t n;
} text;

static void text_open(text *t)
{
    t->s = NULL;
    t->fp = open_memstream(&t->s, &t->n);
}

__attribute__((format(printf, 2, 3)))
static void add(text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (t->fp)
        vfprintf(t->fp, fmt, ap);
    va_end(ap);
}

/* Write the line (lock held) and free it; out of memory fails the output. */
static void say_text(engine *e, text *t)
{
    if (t->fp && fclose(t->fp) == 0)
        say_locked(e, "%s", t->s);
    else
        output_failed(e);
    free(t->s);
}

static void add_pv(text *t, const junqi_board *b, const junqi_move *pv, int n)
{
    char name[8];
    add(t, " pv");
    for (int i = 0; i < n; i++)
        add(t, " %s", junqi_move_name(b, pv[i], name));
}

/* `score cp X`, or `score win N` / `score loss N` (plies) for a won or lost game. */
static void add_score(text *t, int score)
{
    if (score > JUNQI_SEARCH_WON)
        add(t, " score win %d", JUNQI_SEARCH_WIN - score);
    else if (score < -JUNQI_SEARCH_WON)
        add(t, " score loss %d", JUNQI_SEARCH_WIN + score);
    else
        add(t, " score cp %d", score);
}

/* nodes, nps and time since the go. */
static void add_speed(text *t, const engine *e, uint64_t nodes)
{
    double s = junqi_search_clock() - e->start;
    add(t, " nodes %llu nps %.0f time %.0f", (unsigned long long)nodes, s > 0 ? (double)nodes / s : 0,
        s * 1000);
}

/* The most of a word of the input that an error line quotes, and of a path:
 * a line of garbage is not echoed back whole (docs/protocol.md, "Errors"),
 * while a path the system could open is quoted whole. */
#define QUOTE_MAX 64
#define QUOTE_PATH_MAX 4096

/* w as junqi_clip() cuts it at max bytes, in buf (room for max + 4). */
static const char *clip(const char *w, size_t max, char *buf)
{
    junqi_clip(buf, w, strnlen(w, max + 1), max);
    return buf;
}

/* A word of the input as an error line quotes it; the text lives as long
 * as the enclosing block (the call it is an argument of). */
#define QUOTE(w) clip((w), QUOTE_MAX, (char[QUOTE_MAX + 4]){0})
/* A path, which error lines do not put in quotes: an empty one is '', as
 * the tools say it. */
#define QUOTE_PATH(w) (*(w) ? clip((w), QUOTE_PATH_MAX, (char[QUOTE_PATH_MAX + 4]){0}) : "''")

/* "error CMD: message" (bad commands; the engine goes on). The command and
 * the message may quote the bad command's bytes: control characters and
 * bytes that are not UTF-8 are written \xHH, so the line stays valid UTF-8
 * (docs/protocol.md); the command is cut as QUOTE cuts it. */
__attribute__((format(printf, 3, 4)))
static void error_line(engine *e, const char *cmd, const char *fmt, ...)
{
    text raw, t;
    text_open(&raw);
    if (cmd[0])
        add(&raw, "error %s: ", QUOTE(cmd));
    else /* no command word: a line that starts with a NUL byte */
        add(&raw, "error: ");
    va_list ap;
    va_start(ap, fmt);
    if (raw.fp)
        vfprintf(raw.fp, fmt, ap);
    va_end(ap);
    bool ok = raw.fp && fclose(raw.fp) == 0;
    text_open(&t);
    if (ok && t.fp)
        junqi_cli_put_visible(t.fp, raw.s);
    else if (t.fp)
        fclose(t.fp), t.fp = NULL; /* out of memory: say_text fails the output */
    free(raw.s);
    pthread_mutex_lock(&e->lock);
    say_text(e, &t);
    pthread_mutex_unlock(&e->lock);
}

/* The first error of d, or NULL. */
static const junqi_diag *first_error(const junqi_diags *d)
{
    for (size_t i = 0; i < d->n; i++)
        if (d->items[i].severity == JUNQI_SEV_ERROR)
            return &d->items[i];
    return NULL;
}

/* A diagnostic in n bytes of buf: where it is (a move, or line:column),
 * then the message and its code. */
static const char *describe_diag(const junqi_diag *g, char *buf, size_t n)
{
    if (g->move > 0)
        snprintf(buf, n, "move %d: %s (%s)", g->move, g->message, junqi_code_name(g->code));
    else if (g->loc.line > 0)
        snprintf(buf, n, "%d:%d: %s (%s)", g->loc.line, g->loc.column, g->message, junqi_code_name(g->code));
    else
        snprintf(buf, n, "%s (%s)", g->message, junqi_code_name(g->code));
    return buf;
}

/* The first error of d as an error line: where it is, then the message. */
static void diag_error(engine *e, const char *cmd, const junqi_diags *d)
{
    const junqi_diag *g = first_error(d);
    char text[1024];
    if (g)
        error_line(e, cmd, "%s", describe_diag(g, text, sizeof text));
    else
        error_line(e, cmd, "the input is not valid");
}

/* Check g into d as junqi-validate checks a record (junqi_check_item): every
 * move and outcome against the rules, and for a seat's record of a dark
 * game, that some identities of the hidden pieces agree with it (one
 * inference over the record, which a go at the end takes: junqi_summary's
 * knowledge, in *s when not NULL; a bisection only when none do); false if
 * it has an error. */
static bool replays_cleanly(junqi_game *g, junqi_diags *d, junqi_summary *s)
{
    junqi_input in = {.name = "<position>", .kind = JUNQI_INPUT_RECORD, .game = g};
    return junqi_check_item(NULL, &in, NULL, d, s);
}

/* ---- the search thread ----------------------------------------------------- */

static bool should_stop(void *ctx)
{
    const engine *e = ctx;
    return atomic_load(&e->stop) || (e->deadline > 0 && junqi_search_clock() >= e->deadline);
}

/* An info line after every completed iteration of every search. */
static void on_progress(void *ctx, int job, const junqi_search_result *p)
{
    engine *e = ctx;
    pthread_mutex_lock(&e->lock);
    if (job >= 0 && job < JUNQI_MAX_SAMPLES) {
        if (p->depth == 1) /* a new search of this job (an analysis may search a sample twice) */
            e->done_nodes += e->job_nodes[job];
        e->job_nodes[job] = p->nodes;
    }
    uint64_t nodes = e->done_nodes;
    for (int i = 0; i < e->searches; i++)
        nodes += e->job_nodes[i];
    text t;
    text_open(&t);
    add(&t, "info depth %d", p->depth);
    if (e->searches > 1)
        add(&t, " sample %d", job + 1);
    add_score(&t, p->score);
    add(&t, " winprob %.3f", junqi_eval_winprob(p->score));
    add_speed(&t, e, nodes);
    add_pv(&t, e->r.pos.board, p->lines[0].pv, p->lines[0].pv_len);
    say_text(e, &t);
    pthread_mutex_unlock(&e->lock);
}

/* The lines of a multipv search, each as "info multipv K ...". */
static void report_lines(engine *e, const junqi_analysis *a)
{
    for (int i = 0; a->nlines > 1 && i < a->nlines; i++) {
        const junqi_analysis_line *l = &a->lines[i];
        text t;
        text_open(&t);
        add(&t, "info multipv %d depth %d", i + 1, a->depth);
        add_score(&t, (int)lround(l->eval));
        add(&t, " winprob %.3f votes %d", l->winprob, l->votes);
        add_pv(&t, e->r.pos.board, l->pv, l->pv_len);
        say_text(e, &t);
    }
}

/* The end of a search: the summary info line and bestmove (lock held). */
static void report_result(engine *e)
{
    const junqi_play_result *r = &e->res;
    const junqi_analysis *a = &r->analysis;
    char name[8];
    if (junqi_go_status_of(r) != JUNQI_GO_WRITTEN) {
        char why[256];
        say_locked(e, "error go: %s",
                   junqi_go_status_message(junqi_go_status_of(r), &e->r.pos, "setoption name View value mover",
                                           why, sizeof why));
    } else if (a->status == JUNQI_SEARCH_NO_MEMORY) {
        say_locked(e, "error go: out of memory");
    } else if (r->move.from == JUNQI_NO_POINT) {
        /* the analysis's result, as --go's (report.c): a seat to move with no movable piece is
         * out, which the position's own result does not say yet ("unfinished") */
        char result[96];
        const junqi_result *over = a->status == JUNQI_SEARCH_GAME_OVER ? &a->result : &e->r.pos.result;
        say_locked(e, "info string the game is over: %s",
                   junqi_result_describe(over, e->r.pos.present, result, sizeof result));
    } else {
        report_lines(e, a);
        /* the chosen move's line (a->eval is the best line's); a level's deliberate move
         * outside the lines has none, and no score */
        const junqi_analysis_line *l = r->line >= 0 && r->line < a->nlines ? &a->lines[r->line] : NULL;
        text t;
        text_open(&t);
        add(&t, "info depth %d", a->depth);
        if (a->samples > 1)
            add(&t, " samples %d", a->samples);
        if (l) {
            add_score(&t, (int)lround(l->eval));
            add(&t, " winprob %.3f", l->winprob);
        }
        if (l && a->samples > 1)
            add(&t, " spread %.0f", l->spread);
        add_speed(&t, e, a->nodes);
        add_pv(&t, e->r.pos.board, l ? l->pv : &r->move, l ? l->pv_len : 1);
        say_text(e, &t);
        say_locked(e, "bestmove %s", junqi_move_name(e->r.pos.board, r->move, name));
        return;
    }
    say_locked(e, "bestmove (none)");
}

static void *search_main(void *arg)
{
    engine *e = arg;
    bool ok = junqi_play(&e->req, &e->res);
    pthread_mutex_lock(&e->lock);
    while (e->infinite && !atomic_load(&e->stop)) /* go infinite: bestmove only after stop */
        pthread_cond_wait(&e->wake, &e->lock);
    e->finished = true;
    if (ok)
        report_result(e);
    else
        say_locked(e, "error go: out of memory or threads");
    if (!ok)
        say_locked(e, "bestmove (none)");
    pthread_mutex_unlock(&e->lock);
    return NULL;
}

/* Join a search thread that has finished; true if none is running now. */
static bool idle(engine *e)
{
    if (!e->started)
        return true;
    pthread_mutex_lock(&e->lock);
    bool finished = e->finished;
    pthread_mutex_unlock(&e->lock);
    if (finished) {
        pthread_join(e->thread, NULL);
        e->started = false;
    }
    return finished;
}

/* Wait for the search thread to end (it prints its bestmove); with `stop`,
 * stop it first. */
static void end_search(engine *e, bool stop)
{
    if (!e->started)
        return;
    if (stop) {
        atomic_store(&e->stop, true);
        pthread_mutex_lock(&e->lock);
        pthread_cond_broadcast(&e->wake);
        pthread_mutex_unlock(&e->lock);
    }
    pthread_join(e->thread, NULL);
    e->started = false;
}

/* A command that changes what a search reads must wait for it. */
static bool refuse_while_searching(engine *e, const char *cmd)
{
    if (idle(e))
        return false;
    error_line(e, cmd, "a search is running: send stop first");
    return true;
}

/* ---- lines -------------------------------------------------------------- */

/* The longest line read, without its newline: a record on one line may be as
 * large as the readers take one (jgn.h), and no larger line is kept in
 * memory (docs/protocol.md, "Lines and words"). */
#define MAX_LINE JUNQI_JGN_MAX_GAME

typedef enum line_status { LINE_OK, LINE_END, LINE_LONG, LINE_NO_MEMORY } line_status;

/* A line of the input as getline() reads one (*s NUL-terminated, its '\n'
 * kept, *len its bytes: a NUL byte in it shows as strlen(*s) < *len), but
 * bounded: a line longer than MAX_LINE, or one memory does not hold, is
 * read to its end and dropped (LINE_LONG, LINE_NO_MEMORY), keeping its
 * first bytes in *s, so that the next line is read as a line. LINE_END at
 * the end of the input. The main thread alone reads `in`. */
static line_status read_line(FILE *in, char **s, size_t *cap, size_t *len)
{
    line_status st = LINE_OK;
    size_t n = 0;
    int c = EOF;
    while ((c = getc_unlocked(in)) != EOF) {
        if (st == LINE_OK && c != '\n' && n == MAX_LINE)
            st = LINE_LONG;
        if (st == LINE_OK && n + 2 > *cap) { /* c and the NUL */
            size_t room = *cap < 64 ? 128 : *cap > MAX_LINE / 2 ? MAX_LINE + 2 : 2 * *cap;
            char *grown = realloc(*s, room);
            if (grown)
                *s = grown, *cap = room;
            else
                st = LINE_NO_MEMORY;
        }
        if (st == LINE_OK)
            (*s)[n++] = (char)c;
        if (c == '\n')
            break;
    }
    if (*s)
        (*s)[n] = '\0';
    *len = n;
    return c == EOF && n == 0 && st == LINE_OK ? LINE_END : st;
}

/* ---- words -------------------------------------------------------------- */

/* The next blank-separated word of *s (NUL-terminated in place), or NULL. */
static char *next_word(char **s)
{
    char *p = *s + strspn(*s, " \t");
    if (!*p)
        return NULL;
    char *end = p + strcspn(p, " \t");
    if (*end)
        *end++ = '\0';
    *s = end;
    return p;
}

/* What next_path found wrong with a quoted path. */
typedef enum path_fault {
    PATH_FINE,     /* a path, or none */
    PATH_UNCLOSED, /* the quote is never closed */
    PATH_GLUED     /* a word follows the closing quote with no blank between */
} path_fault;

/* The path of `position file` (docs/protocol.md): a blank-separated word, or
 * a double-quoted one that may hold blanks, with \" and \\ inside as in a
 * JGN tag's value, and a blank or the end after its closing quote.
 * Unquoted in place; NULL if there is none, or (with *fault set) if the
 * quote is never closed, or a word is glued to it (*s then at that word). */
static char *next_path(char **s, path_fault *fault)
{
    char *p = *s + strspn(*s, " \t"), *in = p + 1, *out = p;
    *fault = PATH_FINE;
    if (*p != '"')
        return next_word(s);
    for (; *in && *in != '"'; in++) {
        if (*in == '\\' && (in[1] == '"' || in[1] == '\\'))
            in++;
        *out++ = *in;
    }
    if (!*in)
        *fault = PATH_UNCLOSED;
    else if (in[1] && in[1] != ' ' && in[1] != '\t')
        *fault = PATH_GLUED;
    if (*fault) {
        *s = *in ? in + 1 : in;
        return NULL;
    }
    *out = '\0';
    *s = in + 1;
    return p;
}

/* A count word: 0..max. */
static bool count_word(const char *w, int64_t max, int64_t *v)
{
    return w && junqi_cli_parse_count(w, max, v);
}

/* ---- go ----------------------------------------------------------------- */

/* The parts of a go command: per-search limits and the whole move's budget. */
typedef struct go_args {
    int depth;
    int64_t nodes;     /* for the whole move, split over the searches */
    int64_t movetime;  /* for the whole move, ms */
    bool infinite;
} go_args;

static bool parse_go(engine *e, char *args, go_args *g)
{
    memset(g, 0, sizeof *g);
    unsigned given = 0; /* the first letters' bits of the words seen: each is given once, as a tool's option */
    for (char *w; (w = next_word(&args));) {
        int64_t v = 0;
        bool known = strcmp(w, "depth") == 0 || strcmp(w, "nodes") == 0 || strcmp(w, "movetime") == 0 ||
                     strcmp(w, "infinite") == 0;
        int64_t max = w[0] == 'd' ? JUNQI_MAX_PLY - 1 : w[0] == 'n' ? MAX_NODES : MAX_MOVETIME;
        if (!known) {
            error_line(e, "go", "unknown parameter '%s' (known: depth, nodes, movetime, infinite)", QUOTE(w));
            return false;
        }
        if (given & 1u << (w[0] - 'a')) { /* "go nodes 5 nodes 6" searched the last */
            error_line(e, "go", "%s is given twice: a go takes each parameter once", w);
            return false;
        }
        given |= 1u << (w[0] - 'a');
        if (w[0] == 'i') {
            g->infinite = true;
            continue;
        }
        const char *value = next_word(&args);
        if (!count_word(value, max, &v) || v < 1) {
            error_line(e, "go", "%s takes a number from 1 to %lld, not '%s'", w, (long long)max,
                       QUOTE(value ? value : ""));
            return false;
        }
        if (w[0] == 'd')
            g->depth = (int)v;
        else if (w[0] == 'n')
            g->nodes = v;
        else
            g->movetime = v;
    }
    return true;
}

/* The number of searches a go runs: the samples of view mover, else 1. */
static int searches_of(const engine *e)
{
    int view = e->opt.view >= 0 ? e->opt.view : (int)junqi_play_default_view(e->game);
    if (view == JUNQI_VIEW_ALL || junqi_position_over(&e->r.pos))
        return 1;
    int k = e->opt.samples ? e->opt.samples : e->opt.level->samples;
    return k < JUNQI_MAX_SAMPLES ? k : JUNQI_MAX_SAMPLES;
}

/* The limits of each search: the whole move's nodes and time shared out. */
static junqi_search_limits search_limits(engine *e, const go_args *g)
{
    junqi_search_limits l = {0};
    l.depth = g->infinite ? JUNQI_MAX_PLY - 1 : g->depth;
    if (g->nodes)
        l.nodes = (uint64_t)(g->nodes / e->searches > 0 ? g->nodes / e->searches : 1);
    if (g->movetime) {
        int threads = e->opt.threads < e->searches ? e->opt.threads : e->searches;
        int64_t ms = g->movetime * threads / e->searches; /* at most movetime: threads <= searches */
        l.movetime = (int)(ms > 0 ? ms : 1);
    }
    if (!g->infinite && !g->depth && !g->nodes && !g->movetime)
        l.nodes = e->opt.nodes; /* 0: the level's */
    l.multipv = e->opt.multipv;
    l.hash_mb = e->opt.hash_mb;
    l.stop = should_stop;
    l.progress = on_progress;
    l.ctx = e;
    return l;
}

/* The machine's memory in MiB; 0 if the system does not say. */
static unsigned long long machine_mib(void)
{
#ifdef _SC_PHYS_PAGES
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    if (pages > 0 && size > 0)
        return (unsigned long long)pages * (unsigned long long)size >> 20;
#endif
    return 0;
}

/* Whether the transposition tables of the searches a go may run at once
 * (Threads, Hash MiB each) fit in the machine's memory: search.c clears a
 * table whole when a search starts, and a system that grants more memory
 * than it has then kills the engine rather than let the allocation fail.
 * False with an error line. */
static bool tables_fit(engine *e)
{
    unsigned long long need = (unsigned long long)e->opt.threads * (unsigned long long)e->opt.hash_mb;
    unsigned long long have = machine_mib();
    if (!have || need <= have)
        return true;
    error_line(e, "go", "Threads %d x Hash %d MiB is %llu MiB, more than the machine's %llu MiB of memory: "
                        "lower Hash or Threads", e->opt.threads, e->opt.hash_mb, need, have);
    return false;
}

/* Start the search a go asks for; false, with an error line, when it cannot
 * run (bad arguments, no position, tables past the machine's memory, no
 * thread). */
static bool start_search(engine *e, char *args)
{
    go_args g;
    if (!parse_go(e, args, &g))
        return false;
    if (!e->game) {
        error_line(e, "go", "no position: send position first");
        return false;
    }
    if (!tables_fit(e))
        return false;
    e->searches = searches_of(e);
    e->req = (junqi_play_request){e->game, &e->r.pos, e->r.moves, NULL, e->opt.level, e->opt.view,
                                  e->opt.samples, e->opt.seed, search_limits(e, &g), e->opt.threads,
                                  e->check.inferred ? &e->check.knowledge : NULL};
    e->start = junqi_search_clock();
    e->deadline = g.movetime ? e->start + (double)g.movetime / 1000.0 : 0;
    memset(e->job_nodes, 0, sizeof e->job_nodes);
    e->done_nodes = 0;
    atomic_store(&e->stop, false);
    e->infinite = g.infinite;
    e->finished = false;
    if (pthread_create(&e->thread, NULL, search_main, e) != 0) {
        error_line(e, "go", "cannot start the search thread");
        return false;
    }
    e->started = true;
    return true;
}

/* Every go but one refused during a search gets one bestmove, (none) when
 * the search cannot run: a program that waits for it (junqi-match, a GUI)
 * does not wait for its timeout (docs/protocol.md, "Errors"). */
static void cmd_go(engine *e, char *args)
{
    if (!refuse_while_searching(e, "go") && !start_search(e, args))
        SAY(e, "bestmove (none)");
}

/* ---- position ------------------------------------------------------------- */

/* A record sent on one line, and where the lines of the JGN text made from
 * it (unfold_record) start on it: starts[k], the byte offset in `line` of
 * line k + 1 of the text, for k < nlines (room: one per '[' of the line,
 * + 2). gbk: the line is GBK (junqi_text_kind_of), asked once, as the
 * unfolding steps over its characters and the columns count them. */
typedef struct record_line {
    const char *line;
    size_t *starts;
    int nlines;
    bool gbk;
} record_line;

/* A record on one line (docs/protocol.md): the tags `[Name "Value"]` one
 * after another, then the movetext. Returns the JGN text of rl->line with
 * each tag on a line of its own and a blank line before the movetext
 * (caller frees), rl's starts, nlines and gbk set; NULL when out of
 * memory. A diagnostic of the text is located on the line with them. */
static char *unfold_record(record_line *rl)
{
    const char *s = rl->line, *line = s;
    size_t len = strlen(s);
    char *out = malloc(2 * len + 3), *o = out;
    const char *end = s + len;
    /* a GBK line's trail bytes may be those of '\\' or '"' (淺 is 9C 5C): they are its characters' */
    bool gbk = rl->gbk = junqi_text_kind_of(s, len) == JUNQI_TEXT_GBK;
    size_t *starts = rl->starts;
    int *nlines = &rl->nlines;
    *nlines = 0;
    if (!out)
        return NULL;
    for (;;) {
        s += strspn(s, " \t");
        if (*s != '[')
            break;
        starts[(*nlines)++] = (size_t)(s - line);
        bool quoted = false;
        for (; *s; s++) {
            if ((unsigned char)*s >= 0x80) { /* a character of more bytes: no mark */
                size_t k = junqi_text_char_length(s, (size_t)(end - s), gbk);
                memcpy(o, s, k);
                o += k;
                s += k - 1;
                continue;
            }
            *o++ = *s;
            if (quoted && *s == '\\' && s[1])
                *o++ = *++s;
            else if (*s == '"')
                quoted = !quoted;
            else if (*s == ']' && !quoted) {
                s++;
                break;
            }
        }
        *o++ = '\n';
    }
    starts[(*nlines)++] = (size_t)(s - line); /* the blank line, then the movetext */
    starts[(*nlines)++] = (size_t)(s - line);
    *o++ = '\n';
    strcpy(o, s);
    return out;
}

/* Locate d's diagnostics of a text unfold_record() made from rl->line on
 * that line: line 1, the column counted in its characters as the reader
 * reads them (junqi_text_chars: a GBK line converted, as the text was), so
 * that they count as the column of the same text in a file does. */
static void locate_on_line(junqi_diags *d, const record_line *rl)
{
    for (size_t i = 0; i < d->n; i++) {
        junqi_loc *l = &d->items[i].loc;
        if (l->line < 1 || l->line > rl->nlines)
            continue;
        l->column += (int)junqi_text_chars(rl->line, rl->starts[l->line - 1], rl->gbk);
        l->line = 1;
    }
}

/* Whether s is the word alone, with blanks (or a line's end) round it. */
static bool only_word(const char *s, const char *word)
{
    size_t n = strlen(word);
    s += strspn(s, " \t");
    return strncmp(s, word, n) == 0 && s[n + strspn(s + n, " \t\r\n")] == '\0';
}

/* Whether a line of the input (read_line: st, n bytes) is the line `end`
 * of `position jgn`: no NUL byte may hide more after it. */
static bool is_end_line(line_status st, const char *line, size_t n)
{
    return st == LINE_OK && strlen(line) >= n && only_word(line, "end");
}

typedef enum record_status { RECORD_OK, RECORD_NO_MEMORY, RECORD_TOO_LARGE, RECORD_UNENDED } record_status;

/* The lines after `position jgn` up to a line `end`, joined into *text
 * (caller frees; *len bytes, which may hold a NUL byte for the reader to
 * find), RECORD_OK. Else *text is NULL: the input ended before `end`
 * (RECORD_UNENDED: what came is no record a GUI meant to send whole);
 * memory ran out; or (RECORD_TOO_LARGE) the lines pass
 * JUNQI_JGN_MAX_GAME, the readers' limit, or one line passes MAX_LINE: the
 * lines are then read on to `end` and dropped, so that the commands after
 * it stay commands and the memory used stays bounded. */
static record_status read_record(FILE *in, char **text, size_t *len)
{
    char *line = NULL;
    size_t room = 0, cap = 0, n;
    line_status st;
    record_status rs = RECORD_OK;
    *text = NULL;
    *len = 0;
    while ((st = read_line(in, &line, &cap, &n)) != LINE_END && !is_end_line(st, line, n)) {
        if (rs == RECORD_OK && st == LINE_NO_MEMORY)
            rs = RECORD_NO_MEMORY;
        if (rs == RECORD_OK && (st == LINE_LONG || *len + n > JUNQI_JGN_MAX_GAME))
            rs = RECORD_TOO_LARGE;
        if (rs != RECORD_OK)
            continue; /* read on to `end` all the same */
        if (*len + n + 1 > room) { /* doubling: many lines are read in linear time */
            char *grown = realloc(*text, 2 * (*len + n + 1));
            if (!grown) {
                rs = RECORD_NO_MEMORY;
                continue;
            }
            *text = grown;
            room = 2 * (*len + n + 1);
        }
        memcpy(*text + *len, line, n);
        *len += n;
    }
    free(line);
    if (st == LINE_END)
        rs = RECORD_UNENDED;
    if (rs == RECORD_OK && !*text && !(*text = malloc(1)))
        rs = RECORD_NO_MEMORY;
    if (rs != RECORD_OK) {
        free(*text);
        *text = NULL;
    } else {
        (*text)[*len] = '\0';
    }
    return rs;
}

/* The record of a JGN text of len bytes; NULL (with an error line) if it
 * has an error or holds none. A text of several records gives the first,
 * with an info line. A text unfolded from a line (from; NULL: none) by
 * unfold_record has its errors located on that line. */
static junqi_game *load_jgn(engine *e, const char *text, size_t len, const record_line *from)
{
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_jgn_reader *r = junqi_jgn_reader_new(NULL, (const uint8_t *)text, len, "<position>", 0);
    junqi_game *g = NULL, *more = NULL;
    junqi_read_status rc = r ? junqi_jgn_next(r, &g, &d) : JUNQI_READ_FAILED;
    if (!r)
        error_line(e, "position", "out of memory");
    else if (rc == JUNQI_READ_END)
        error_line(e, "position", "no record: the text holds no game");
    else if (!g || d.errors) {
        if (from)
            locate_on_line(&d, from);
        diag_error(e, "position", &d);
    } else if (junqi_jgn_next(r, &more, NULL) != JUNQI_READ_END)
        SAY(e, "info string the text holds more than one game; the first is used");
    if (g && d.errors) {
        junqi_game_free(g);
        g = NULL;
    }
    junqi_game_free(more);
    junqi_jgn_reader_free(r);
    junqi_diags_free(&d);
    return g;
}

/* Load one record from a position string (text) or a file (fp, open on
 * the file named path, taken: closed here; any format the tools read):
 * record `game` of a file (game->n from 1; 0: not given, the first, and an
 * info line when the file holds more); NULL (with an error line) if it is
 * none. */
static junqi_game *load_record(engine *e, const char *text, FILE *fp, const char *path,
                               const junqi_cli_ordinal *game)
{
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_input in;
    junqi_source *src = NULL;
    junqi_cli_held held = {0, 0};
    char why[256] = "";
    int rc = fp ? junqi_cli_read_game(fp, path, 0, game, &in, &d, &src, &held, why, sizeof why)
                  : junqi_cli_read_position(text, &in, &d, &src);
    junqi_game *g = NULL;
    if (rc == JUNQI_EXIT_IO && *why) /* said here alone, with the reason: nothing on stderr */
        error_line(e, "position", "%s cannot be read: %s", QUOTE_PATH(path), why);
    else if (rc == JUNQI_EXIT_IO && d.n == 0) /* a read that fails says why in d, unless memory ran out */
        error_line(e, "position", "out of memory");
    else if (rc == JUNQI_EXIT_USAGE && held.games == 0) /* the number as sent: SIZE_MAX is not what was sent */
        error_line(e, "position", held.formations == 1
                                      ? "game %s is past the end: the file holds %zu formation and no game"
                                      : "game %s is past the end: the file holds %zu formations and no game",
                   QUOTE(game->text), held.formations);
    else if (rc == JUNQI_EXIT_USAGE)
        error_line(e, "position", held.games == 1 ? "game %s is past the end: the file holds %zu game"
                                                  : "game %s is past the end: the file holds %zu games",
                   QUOTE(game->text), held.games);
    else if (rc != JUNQI_EXIT_OK)
        diag_error(e, "position", &d);
    else if (in.kind != JUNQI_INPUT_RECORD)
        error_line(e, "position", "a formation, not a game record");
    else {
        g = in.game;
        in.game = NULL;
        if (fp && !game->n && junqi_cli_more_games(src))
            SAY(e, "info string the file holds more than one game; game 1 is used (game N after the path "
                   "chooses another)");
    }
    junqi_source_close(src);
    junqi_input_free(&in);
    junqi_diags_free(&d);
    return g;
}

/* Say in an info line when g breaks the rules after its first `ply` moves,
 * which are kept: the position is legal, the record is not. */
static void note_later_error(engine *e, junqi_game *g, int64_t ply)
{
    junqi_diags d;
    junqi_diags_init(&d);
    const junqi_diag *bad = replays_cleanly(g, &d, NULL) ? NULL : first_error(&d);
    char text[1024];
    int64_t last = (int64_t)junqi_game_first_number(g) - 1 + ply; /* the number of the last move kept */
    if (bad && bad->move > last)
        SAY(e, "info string the record breaks the rules later, at %s; the position after move %lld is used",
            describe_diag(bad, text, sizeof text), (long long)last);
    junqi_diags_free(&d);
}

/* Keep g's moves up to the ply `word` names, in the record's own numbering as
 * the tools' --ply counts it (a record from a set position at ply P has plies
 * P to P + its moves: docs/conventions.md, "--ply"), and the events recorded
 * before the next move. */
static bool cut_at_ply(engine *e, junqi_game *g, const char *word)
{
    junqi_plies p = junqi_record_plies(g, NULL);
    int64_t ply;
    char why[512];
    if (!count_word(word, LONG_MAX, &ply)) {
        if (!word || !*word || word[strspn(word, "0123456789")]) { /* a number is the checks' to refuse */
            error_line(e, "position", "ply takes a ply of the record, from %zu to %zu, not '%s'", p.first, p.last,
                       QUOTE(word ? word : ""));
            return false;
        }
        ply = LONG_MAX; /* too large to hold: past the end, as --ply says it */
    }
    if (!junqi_record_check_ply_as(g, &p, (long)ply, "ply", word, why, sizeof why)) {
        error_line(e, "position", "%s", why);
        return false;
    }
    int64_t keep = ply - (int64_t)p.first; /* the moves played */
    note_later_error(e, g, keep);
    size_t i = 0;
    for (int64_t seen = 0; i < g->main.nitems; i++)
        if (g->main.items[i].kind == JUNQI_ITEM_MOVE && seen++ == keep)
            break;
    size_t comments = 0;
    while (comments < g->main.ncomments && g->main.comments[comments].before <= i)
        comments++;
    junqi_line_truncate(&g->main, i, comments);
    g->result = (junqi_result){0};
    return true;
}

/* Split "... moves TOKENS" at the word `moves`: returns TOKENS from its first
 * (or NULL; columns of errors count from there) and ends args before it. */
static char *split_moves(char *args)
{
    for (char *p = args; (p = strstr(p, "moves"));) {
        bool starts = p == args || p[-1] == ' ' || p[-1] == '\t';
        if (starts && (p[5] == '\0' || p[5] == ' ' || p[5] == '\t')) {
            *p = '\0';
            return p + 5 + strspn(p + 5, " \t");
        }
        p += 5;
    }
    return NULL;
}

/* Whether path names `in`, a pipe or terminal (/dev/stdin), where reading
 * would take the commands that follow as a record. A file of commands
 * may be read: its reader has an offset of its own. */
static bool is_protocol_input(const char *path, FILE *in)
{
    struct stat a, b;
    return fstat(fileno(in), &b) == 0 && !S_ISREG(b.st_mode) && stat(path, &a) == 0 && a.st_dev == b.st_dev &&
           a.st_ino == b.st_ino;
}

/* What a file that is not a regular one is, for an error line. */
static const char *file_kind(mode_t mode)
{
    return S_ISFIFO(mode)  ? "a FIFO"
           : S_ISCHR(mode) ? "a character device"
           : S_ISBLK(mode) ? "a block device"
           : S_ISDIR(mode) ? "a directory"
           : S_ISSOCK(mode) ? "a socket"
                            : "a special file";
}

/* The regular file path names, open for reading from its start (NULL with
 * an error line else): it is all `position file` reads. A FIFO would hold
 * the engine until it had a writer, and /dev/zero would be read without
 * end: no command after it would be answered. The path is opened once,
 * with O_NONBLOCK, so that opening a FIFO does not wait for a writer (and
 * O_NOCTTY, so that a terminal does not become the engine's), what was
 * opened is checked, and the record is read from that descriptor: a file
 * swapped for a FIFO after the check is not opened again by its path. */
static FILE *open_regular_file(engine *e, const char *path)
{
    struct stat st;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC), flags;
    bool seen = fd >= 0 && fstat(fd, &st) == 0;
    if (seen && !S_ISREG(st.st_mode)) {
        error_line(e, "position", "%s cannot be read: it is %s, not a regular file", QUOTE_PATH(path),
                   file_kind(st.st_mode));
        close(fd);
        return NULL;
    }
    FILE *fp = NULL; /* reads block from here on, as a regular file's always may */
    if (!seen || (flags = fcntl(fd, F_GETFL)) < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0 ||
        !(fp = fdopen(fd, "rb"))) {
        error_line(e, "position", "%s cannot be read: %s", QUOTE_PATH(path), strerror(errno));
        if (fd >= 0)
            close(fd);
    }
    return fp;
}

/* The record of `position file PATH [game N] [ply N]` (args: from PATH on);
 * NULL with an error line if there is none. */
static junqi_game *file_record(engine *e, char *args, FILE *in)
{
    path_fault fault;
    bool cut = false;
    char *path = next_path(&args, &fault), *word = path ? next_word(&args) : NULL, *ply = NULL;
    if (fault == PATH_GLUED) {
        error_line(e, "position", "file: a blank must follow the path's closing quote, not '%s'",
                   QUOTE(next_word(&args)));
        return NULL;
    }
    if (!path || strcmp(path, "-") == 0) { /* "-" would read the protocol's own input as a record */
        error_line(e, "position", fault == PATH_UNCLOSED ? "file: the path's quote is never closed with '\"'"
                                  : path                 ? "file takes a path: standard input carries the protocol"
                                                         : "file takes a path");
        return NULL;
    }
    if (is_protocol_input(path, in)) {
        error_line(e, "position", "%s is the protocol's own input: its commands would be read as a record",
                   QUOTE_PATH(path));
        return NULL;
    }
    junqi_cli_ordinal game = {0, NULL};
    if (word && strcmp(word, "game") == 0) {
        char *number = next_word(&args);
        if (!junqi_cli_parse_ordinal(number, &game)) {
            error_line(e, "position", "game takes a game's number, from 1, not '%s'", QUOTE(number ? number : ""));
            return NULL;
        }
        word = next_word(&args);
    }
    if (word && strcmp(word, "ply") == 0) { /* ply N comes last: a word after it is not taken silently */
        cut = true;
        ply = next_word(&args);
        word = next_word(&args);
    }
    if (word) {
        /* the path as taken: an unquoted path with a blank shows where it was cut */
        error_line(e, "position", "unknown word '%s' after the path %s (game N, then ply N; a path with blanks is "
                   "written in double quotes)", QUOTE(word), QUOTE_PATH(path));
        return NULL;
    }
    FILE *fp = open_regular_file(e, path);
    junqi_game *g = fp ? load_record(e, NULL, fp, path, &game) : NULL;
    if (g && cut && !cut_at_ply(e, g, ply)) {
        junqi_game_free(g);
        g = NULL;
    }
    return g;
}

/* The record of `position jgn [RECORD]` (args: the record on the line, from
 * its first character, where the columns of its errors count from; else
 * the lines after it up to `end`); NULL with an error line if there is none. */
static junqi_game *jgn_record(engine *e, const char *args, FILE *in)
{
    if (*args) {
        size_t tags = 0; /* a line per tag, each from its '[': not a slot per byte, 8 times the line */
        for (const char *p = args; (p = strchr(p, '[')); p++)
            tags++;
        record_line rl = {.line = args, .starts = malloc((tags + 2) * sizeof *rl.starts)};
        char *text = rl.starts ? unfold_record(&rl) : NULL;
        junqi_game *g = text ? load_jgn(e, text, strlen(text), &rl) : NULL;
        if (!text)
            error_line(e, "position", "out of memory");
        free(rl.starts);
        free(text);
        return g;
    }
    char *text;
    size_t len;
    record_status rs = read_record(in, &text, &len);
    junqi_game *g = text ? load_jgn(e, text, len, NULL) : NULL;
    if (rs == RECORD_UNENDED)
        error_line(e, "position", "the input ends before the record's line 'end': the record is dropped (truncated)");
    else if (rs == RECORD_TOO_LARGE)
        error_line(e, "position", "the record is larger than 64 MiB: it is dropped up to its line 'end' "
                                  "(game-too-large)");
    else if (rs == RECORD_NO_MEMORY)
        error_line(e, "position", "out of memory");
    free(text);
    return g;
}

/* The new record of a position command (a fresh one, or e->game for
 * `position moves`); NULL with an error line if there is none. */
static junqi_game *position_record(engine *e, char *args, FILE *in, char **moves)
{
    char *kind = next_word(&args);
    *moves = NULL;
    if (kind && strcmp(kind, "moves") == 0) {
        *moves = args + strspn(args, " \t");
        if (!e->game)
            error_line(e, "position", "no position to add moves to");
        return e->game;
    }
    if (kind && strcmp(kind, "jgn") == 0)
        return jgn_record(e, args + strspn(args, " \t"), in);
    if (kind && (strcmp(kind, "pos") == 0 || strcmp(kind, "file") == 0)) {
        *moves = split_moves(args);
        return kind[0] == 'p' ? load_record(e, args, NULL, NULL, NULL) : file_record(e, args, in);
    }
    error_line(e, "position", "takes pos, jgn, file or moves, not '%s'", QUOTE(kind ? kind : ""));
    return NULL;
}

/* Replay g with every check; false (with an error line) if it has an error. */
static bool record_is_valid(engine *e, junqi_game *g)
{
    if (junqi_rules_flip(g->rules)) { /* flip games have their own engine (flip_search.h) */
        error_line(e, "position", "a flip game (rules '%s') is not played over the protocol: junqi-analyze --go takes it",
                   g->rules->text);
        return false;
    }
    junqi_diags d;
    junqi_diags_init(&d);
    bool ok = replays_cleanly(g, &d, &e->check);
    if (!ok)
        diag_error(e, "position", &d);
    junqi_diags_free(&d);
    e->check.inferred &= ok; /* a record refused leaves the one before, whose knowledge this is not */
    return ok;
}

static void cmd_position(engine *e, char *args, FILE *in)
{
    if (refuse_while_searching(e, "position")) {
        /* The record's lines belong to the command refused: read as
         * commands they gave an error line each, and a line `stop` or
         * `quit` in a comment was obeyed. */
        char *text;
        size_t len;
        if (only_word(args, "jgn") && read_record(in, &text, &len) == RECORD_OK)
            free(text);
        return;
    }
    char *moves;
    junqi_game *g = position_record(e, args, in, &moves);
    if (!g)
        return;
    bool fresh = g != e->game;
    size_t items = g->main.nitems, comments = g->main.ncomments;
    junqi_result result = g->result;
    junqi_diags d;
    junqi_diags_init(&d);
    bool ok = !moves || junqi_jgn_parse_moves(g, moves, strlen(moves), "moves", &d);
    if (!ok)
        diag_error(e, "position", &d);
    junqi_diags_free(&d);
    if (ok && !(ok = record_is_valid(e, g)) && !fresh) {
        junqi_line_truncate(&g->main, items, comments);
        g->result = result;
    }
    if (!ok) {
        if (fresh)
            junqi_game_free(g);
        return;
    }
    if (fresh) {
        junqi_game_free(e->game);
        e->game = g;
    }
    junqi_replay_start(&e->r, e->game, NULL, NULL);
    junqi_replay_run(&e->r);
}

/* ---- options and the small commands ---------------------------------------- */

static void cmd_junqi(engine *e, char *args)
{
    (void)args;
    const junqi_engine_options *o = &e->defaults; /* as UCI's `uci`: not the current values */
    static const char *const views[] = {"all", "mover"};
    pthread_mutex_lock(&e->lock);
    say_locked(e, "id name junqi-analyze %s", JUNQI_VERSION);
    say_locked(e, "id author the junqi project");
    say_locked(e, "option name Threads type spin default %d min 1 max %d", o->threads, MAX_THREADS);
    say_locked(e, "option name Hash type spin default %d min 1 max %d", o->hash_mb, MAX_HASH_MB);
    say_locked(e, "option name Level type combo default %s var easy var normal var default var expert",
               o->level->name);
    say_locked(e, "option name Nodes type spin default %llu min 0 max %lld", (unsigned long long)o->nodes,
               (long long)MAX_NODES);
    say_locked(e, "option name Samples type spin default %d min 0 max %d", o->samples, JUNQI_MAX_SAMPLES);
    say_locked(e, "option name View type combo default %s var auto var all var mover",
               o->view < 0 ? "auto" : views[o->view]);
    say_locked(e, "option name Seed type spin default %llu min 0 max %ld", (unsigned long long)o->seed, MAX_SEED);
    say_locked(e, "option name MultiPV type spin default %d min 1 max %d", o->multipv, JUNQI_MAX_MULTIPV);
    say_locked(e, "junqiok");
    pthread_mutex_unlock(&e->lock);
}

static void cmd_isready(engine *e, char *args)
{
    (void)args;
    SAY(e, "readyok");
}

static void cmd_newgame(engine *e, char *args)
{
    (void)args;
    if (refuse_while_searching(e, "newgame"))
        return;
    junqi_game_free(e->game);
    e->game = NULL;
}

static void cmd_stop(engine *e, char *args)
{
    (void)args;
    end_search(e, true);
}

/* The options, as error lines list them (docs/protocol.md, "Options"). */
#define KNOWN_OPTIONS "Threads, Hash, Level, Nodes, Samples, View, Seed, MultiPV"

/* A numeric option: its name and range. */
typedef struct spin {
    const char *name;
    int64_t min, max;
} spin;

static const spin spins[] = {{"Threads", 1, MAX_THREADS}, {"Hash", 1, MAX_HASH_MB},
                             {"Nodes", 0, MAX_NODES},     {"Samples", 0, JUNQI_MAX_SAMPLES},
                             {"Seed", 0, MAX_SEED},       {"MultiPV", 1, JUNQI_MAX_MULTIPV}};

static bool set_spin(engine *e, const spin *s, const char *value)
{
    int64_t v;
    if (!count_word(value, s->max, &v) || v < s->min) {
        error_line(e, "setoption", "%s takes a number from %lld to %lld, not '%s'", s->name, (long long)s->min,
                   (long long)s->max, QUOTE(value));
        return false;
    }
    junqi_engine_options *o = &e->opt;
    switch (s - spins) {
    case 0: o->threads = (int)v; break;
    case 1: o->hash_mb = (int)v; break;
    case 2: o->nodes = (uint64_t)v; break;
    case 3: o->samples = (int)v; break;
    case 4: o->seed = (uint64_t)v; break;
    default: o->multipv = (int)v; break;
    }
    return true;
}

static void set_option(engine *e, const char *name, const char *value)
{
    for (size_t i = 0; i < sizeof spins / sizeof spins[0]; i++)
        if (strcasecmp(name, spins[i].name) == 0) {
            set_spin(e, &spins[i], value);
            return;
        }
    if (strcasecmp(name, "Level") == 0) {
        const junqi_level *l = junqi_level_get(value);
        if (l)
            e->opt.level = l;
        else
            error_line(e, "setoption", "Level takes %s, not '%s'", junqi_level_names(), QUOTE(value));
    } else if (strcasecmp(name, "View") == 0) {
        if (strcmp(value, "auto") == 0)
            e->opt.view = -1; /* the game's default view */
        else if (strcmp(value, "all") == 0 || strcmp(value, "mover") == 0)
            e->opt.view = value[0] == 'a' ? JUNQI_VIEW_ALL : JUNQI_VIEW_MOVER;
        else
            error_line(e, "setoption", "View takes auto, all or mover, not '%s'", QUOTE(value));
    } else {
        error_line(e, "setoption", "unknown option '%s' (known: " KNOWN_OPTIONS ")", QUOTE(name));
    }
}

/* setoption name NAME value VALUE */
static void cmd_setoption(engine *e, char *args)
{
    if (refuse_while_searching(e, "setoption"))
        return;
    char *w = next_word(&args), *name = next_word(&args), *v = next_word(&args), *value = next_word(&args);
    char *more = value ? next_word(&args) : NULL;
    /* what is wrong is said as precisely as the words allow; 'name value 2' has no name (it was
     * "an option's name is one word, not 'value 2'") */
    if (!w || strcmp(w, "name") != 0 || !name || strcmp(name, "value") == 0)
        error_line(e, "setoption", "the command is setoption name NAME value VALUE");
    else if (v && strcmp(v, "value") != 0) /* UCI's names may have blanks; these have none */
        error_line(e, "setoption", "an option's name is one word, not '%s %s' (known: " KNOWN_OPTIONS ")",
                   QUOTE(name), QUOTE(v));
    else if (!value)
        error_line(e, "setoption", "%s needs a value: setoption name %s value VALUE", QUOTE(name), QUOTE(name));
    else if (more)
        error_line(e, "setoption", "%s takes one word as its value; '%s' follows it", QUOTE(name), QUOTE(more));
    else
        set_option(e, name, value);
}

/* ---- the loop ------------------------------------------------------------- */

static const struct command {
    const char *name;
    void (*run)(engine *e, char *args);
} commands[] = {
    {"junqi", cmd_junqi}, {"isready", cmd_isready},     {"newgame", cmd_newgame},
    {"go", cmd_go},       {"setoption", cmd_setoption}, {"stop", cmd_stop},
};

/* Run one command line; false for quit. */
static bool dispatch(engine *e, char *line, FILE *in)
{
    char *args = line, *cmd = next_word(&args);
    if (!cmd)
        return true;
    if (strcmp(cmd, "quit") == 0)
        return false;
    if (strcmp(cmd, "position") == 0) {
        cmd_position(e, args, in);
        return true;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(cmd, commands[i].name) == 0) {
            commands[i].run(e, args);
            return true;
        }
    error_line(e, cmd, "unknown command (known: junqi, isready, newgame, setoption, position, go, "
               "stop, quit)");
    return true;
}

/* Whether a line read (read_line: st, n bytes) is a command to run, its
 * line end dropped; a line too long, one memory does not hold and one with
 * a NUL byte get an error line, named by their first word, and are not. */
static bool is_command(engine *e, line_status st, char *line, size_t n)
{
    if (!line) /* memory ran out before a byte could be kept */
        line = "";
    bool nul = strlen(line) < n; /* the command's text would end there unseen */
    if (st == LINE_OK && !nul) {
        n -= n > 0 && line[n - 1] == '\n';
        n -= n > 0 && line[n - 1] == '\r'; /* CRLF; a CR before it is a byte of the line, not cut there */
        line[n] = '\0';
        return true;
    }
    char *rest = line, *cmd = next_word(&rest);
    if (!cmd)
        cmd = "";
    if (st == LINE_LONG)
        error_line(e, cmd, "the line is longer than 64 MiB: it is ignored");
    else if (st == LINE_NO_MEMORY)
        error_line(e, cmd, "out of memory");
    else
        error_line(e, cmd, "the line holds a NUL byte (\\x00), which no command takes: it is ignored");
    return false;
}

int junqi_engine_run(const char *prog, FILE *in, FILE *out, const junqi_engine_options *start)
{
    /* The protocol is for programs and is English whatever the locale, as chess's UCI is
     * (docs/protocol.md, "Language"): so are the library's messages that its error lines quote
     * (diagnostics, strerror's reasons, lists of values), which follow LC_MESSAGES. Set before
     * any thread starts. */
    setlocale(LC_MESSAGES, "C");
    engine *e = calloc(1, sizeof *e);
    if (!e) {
        fprintf(stderr, "%s: out of memory\n", prog);
        return JUNQI_EXIT_IO;
    }
    e->out = out;
    e->opt = *start;
    e->defaults = *start;
    pthread_mutex_init(&e->lock, NULL);
    pthread_cond_init(&e->wake, NULL);
    char *line = NULL;
    size_t cap = 0, n;
    bool quit = false;
    for (line_status st; !quit && !e->failed && (st = read_line(in, &line, &cap, &n)) != LINE_END;) {
        quit = is_command(e, st, line, n) && !dispatch(e, line, in);
        if (cap > 65536) { /* a long line's room (up to MAX_LINE) is not kept for the short ones after it */
            free(line);
            line = NULL;
            cap = 0;
        }
    }
    end_search(e, quit || e->infinite); /* at the end of the input a search runs to its limits */
    free(line);
    bool failed = e->failed;
    int error = e->error;
    junqi_game_free(e->game);
    pthread_cond_destroy(&e->wake);
    pthread_mutex_destroy(&e->lock);
    free(e);
    if (failed && out == stdout)
        junqi_cli_stdout_failed(prog, error);
    else if (failed)
        fprintf(stderr, "%s: the output cannot be written: %s\n", prog, strerror(error ? error : EIO));
    return failed ? JUNQI_EXIT_IO : JUNQI_EXIT_OK;
}
