/* SPDX-License-Identifier: MIT */
/*
 * junqi-match - a match between two engine programs that speak the engine
 * protocol (docs/protocol.md), refereed so that each seat knows only what
 * its player would: dark games from real setups, each setup played twice
 * with the teams swapped, the score with its Elo estimate and 95 % interval,
 * and the games as JGN. See docs/match.md and docs/man/junqi-match.1.
 *
 * Structure: the referee is libcore's (referee.h). A worker thread runs an
 * engine process pair and plays the games it takes from a shared counter;
 * each game's record is kept until the games before it are written, so the
 * JGN output is in game order whatever the concurrency. With node or depth
 * limits the engines are deterministic, so the games are too. A signal
 * stops the match and keeps the games that finished (cli.h's
 * junqi_cli_watch_signals(), stop_engines and end_match).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <locale.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "i18n.h"
#include "jgn.h"
#include "movegen.h"
#include "referee.h"
#include "search.h"
#include "text.h"

static const char *prog = "junqi-match";

/* ---- engine processes --------------------------------------------------------- */

/* An engine process: its pid, our ends of its standard input (non-blocking:
 * see proc_write) and output, and what has been read of its output but not
 * yet returned as lines. */
typedef struct proc {
    pid_t pid;
    int to;        /* -1: none */
    bool late;     /* a line could not be written in time: the engine reads no more */
    int from;
    char *buf;
    size_t len, cap;
    size_t taken;  /* the bytes of the line returned last, dropped at the next read */
    size_t line_len; /* the length of the line returned last: a NUL byte it holds is no end */
    bool dropping; /* in a line longer than MAX_LINE: its bytes are dropped up to its end */
} proc;

/* The longest line an engine may write (a bestmove or an info line is far shorter): a
 * longer one is dropped as it comes, so that an engine that writes without end cannot
 * fill the referee's memory before its --timeout. */
#define MAX_LINE (1 << 20)

/* Held while an engine is forked (several workers must not inherit each
 * other's pipes: the pipes are made close-on-exec under it, before another
 * thread forks), while engine_group changes, and while stop_engines() kills
 * the groups, which comes after the stop signal is set
 * (junqi_cli_stop_signal()): so it kills every engine started before it,
 * and none starts after it. */
static pthread_mutex_t engines_lock = PTHREAD_MUTEX_INITIALIZER;

/* The process groups of the engines running (0: a free slot; two engines
 * per game at once, --concurrency at most 64). */
#define MAX_ENGINES 128
static int engine_group[MAX_ENGINES];

/* A pipe whose write end is closed when the match stops: proc_line polls
 * its read end beside the engine's output, so that every wait for an
 * engine wakes at once, even if the engine left a process behind that
 * holds its output open once its process group is killed ({-1, -1}: none). */
static int stop_pipe[2] = {-1, -1};

/* Replace `was` by pid in engine_group (engines_lock held): track a process
 * group (was 0), or forget one (pid 0). */
static void track_group(int pid, int was)
{
    for (int i = 0; i < MAX_ENGINES; i++)
        if (engine_group[i] == was) {
            engine_group[i] = pid;
            return;
        }
}

/* Stop the match for signal sig, on the thread that takes the signals
 * (junqi_cli_watch_signals(), which has set the stop signal, the first one):
 * no engine starts from now on, those running are killed with whatever they
 * started (they run in process groups of their own, which a terminal's
 * Ctrl-C and a scheduler's TERM do not reach), and every wait for an engine
 * wakes; no new game starts either (worker). A second signal comes here
 * too, then ends the process at once: the engines killed, -o's temporary
 * file removed (an earlier file of that name stays as it was), the
 * signal's own end. */
static void stop_engines(int sig)
{
    (void)sig;
    pthread_mutex_lock(&engines_lock);
    for (int i = 0; i < MAX_ENGINES; i++)
        if (engine_group[i] > 0)
            kill(-engine_group[i], SIGKILL);
    pthread_mutex_unlock(&engines_lock);
    if (stop_pipe[1] >= 0) { /* its read end hangs up for every poll; only the signals' thread gets here */
        close(stop_pipe[1]);
        stop_pipe[1] = -1;
    }
}

static bool cloexec_pipe(int fd[2])
{
    if (pipe(fd) != 0)
        return false;
    fcntl(fd[0], F_SETFD, FD_CLOEXEC);
    fcntl(fd[1], F_SETFD, FD_CLOEXEC);
    return true;
}

/* Whether cmd is a program named by its path and its arguments, plain
 * words (no quoting, expansion, redirection or control operator, no
 * assignment, no shell builtin such as `exit`), which `exec CMD` runs
 * exactly as CMD: the shell is then replaced by the engine and holds no pipe
 * end of its own, so an engine that closes its output is seen to end at once. */
static bool plain_words(const char *cmd)
{
    static const char safe[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./,:+@%-= ";
    size_t first = strcspn(cmd, " ");
    return strspn(cmd, safe) == strlen(cmd) && memchr(cmd, '/', first) && !memchr(cmd, '=', first);
}

/* Start `cmd` under /bin/sh with its standard input and output on pipes,
 * in a process group of its own: the shell may start the engine as its
 * child, and proc_stop must be able to end both. */
static bool proc_start(proc *p, const char *cmd)
{
    memset(p, 0, sizeof *p);
    p->pid = -1;
    p->to = -1;
    int in[2], out[2];
    char *line = malloc(strlen(cmd) + 6);
    if (!line)
        return false;
    sprintf(line, "%s%s", plain_words(cmd) ? "exec " : "", cmd);
    struct sigaction pipe_default = {.sa_handler = SIG_DFL};
    sigemptyset(&pipe_default.sa_mask);
    pthread_mutex_lock(&engines_lock);
    bool ok = !junqi_cli_stop_signal() && cloexec_pipe(in);
    if (ok && !cloexec_pipe(out)) {
        close(in[0]);
        close(in[1]);
        ok = false;
    }
    if (ok && (p->pid = fork()) == 0) {
        junqi_cli_restore_signal_mask();         /* a mask outlives exec */
        sigaction(SIGPIPE, &pipe_default, NULL); /* and so does our ignored SIGPIPE */
        setpgid(0, 0);
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        execl("/bin/sh", "sh", "-c", line, (char *)NULL);
        _exit(127);
    }
    free(line);
    if (ok && p->pid > 0) {
        setpgid(p->pid, p->pid); /* here too: proc_stop may come before the child runs */
        track_group(p->pid, 0);
    }
    pthread_mutex_unlock(&engines_lock);
    if (!ok)
        return false;
    close(in[0]);
    close(out[1]);
    p->from = out[0];
    int flags = fcntl(in[1], F_GETFL);
    if (p->pid < 0 || flags < 0 || fcntl(in[1], F_SETFL, flags | O_NONBLOCK) != 0) {
        close(in[1]);
        close(out[0]);
        return false;
    }
    p->to = in[1];
    return true;
}

/* Write n bytes to the engine's input within `seconds` (0: only what its
 * pipe takes at once). The pipe is non-blocking and waited for with poll,
 * beside stop_pipe: an engine that no longer reads its input (its pipe
 * full) would otherwise hold the worker for ever. False if the engine
 * ended (EPIPE), the match stops, or the time ran out: then p->late is set,
 * and the engine fails as one that does not answer in time. */
static bool proc_write(proc *p, const char *data, size_t n, double seconds)
{
    double deadline = junqi_search_clock() + seconds;
    while (n > 0) {
        ssize_t w = write(p->to, data, n);
        if (w > 0) {
            data += w;
            n -= (size_t)w;
            continue;
        }
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
            return false; /* EPIPE: it ended, or closed its input */
        int wait = (int)ceil((deadline - junqi_search_clock()) * 1000);
        if (wait <= 0) {
            p->late = true;
            return false;
        }
        struct pollfd pfd[2] = {{p->to, POLLOUT, 0}, {stop_pipe[0], POLLIN, 0}};
        int r = poll(pfd, 2, wait);
        if ((r < 0 && errno != EINTR) || (r > 0 && pfd[1].revents)) /* an error, or the match stops */
            return false;
    }
    return true;
}

/* Send one line within `seconds` (proc_write); false if the engine no
 * longer reads (p->late: not within the time), was stopped, or memory ran out. */
__attribute__((format(printf, 3, 4)))
static bool proc_send(proc *p, double seconds, const char *fmt, ...)
{
    if (p->to < 0)
        return false;
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int len = vsnprintf(NULL, 0, fmt, ap);
    char *line = len >= 0 ? malloc((size_t)len + 2) : NULL;
    if (line) {
        vsnprintf(line, (size_t)len + 1, fmt, again);
        line[len] = '\n';
    }
    va_end(again);
    va_end(ap);
    bool ok = line && proc_write(p, line, (size_t)len + 1, seconds);
    free(line);
    return ok;
}

/* What reading an engine's output gave. */
typedef enum line_status {
    LINE_READ,   /* a line (or, for proc_wait, the line wanted) */
    LINE_ENDED,  /* the end of the output: the engine ended */
    LINE_LATE,   /* nothing in time */
    LINE_FAILED, /* a read error or out of memory */
    LINE_UNREAD, /* (engine_open) nothing to read: the engine did not read its input in time (proc_send) */
} line_status;

/* The next line of output (NUL-terminated, valid until the next call) in
 * *line: LINE_READ, else LINE_ENDED (also once the match stops: see
 * stop_pipe), LINE_LATE past the deadline (monotonic seconds) or
 * LINE_FAILED. A line longer than MAX_LINE is skipped. */
static line_status proc_line(proc *p, double deadline, char **line)
{
    static const size_t chunk = 65536;
    if (p->taken) {
        memmove(p->buf, p->buf + p->taken, p->len - p->taken);
        p->len -= p->taken;
        p->taken = 0;
    }
    for (;;) {
        char *nl = p->len ? memchr(p->buf, '\n', p->len) : NULL;
        if (nl && p->dropping) { /* the end of a line too long to keep */
            p->len -= (size_t)(nl + 1 - p->buf);
            memmove(p->buf, nl + 1, p->len);
            p->dropping = false;
            continue;
        }
        if (!nl && p->len >= MAX_LINE) {
            p->len = 0;
            p->dropping = true;
        }
        if (nl) {
            *nl = '\0';
            p->taken = (size_t)(nl - p->buf) + 1;
            if (nl > p->buf && nl[-1] == '\r')
                *--nl = '\0';
            *line = p->buf;
            p->line_len = (size_t)(nl - p->buf);
            return LINE_READ;
        }
        int wait = (int)((deadline - junqi_search_clock()) * 1000);
        if (wait <= 0)
            return LINE_LATE;
        struct pollfd pfd[2] = {{p->from, POLLIN, 0}, {stop_pipe[0], POLLIN, 0}};
        int r = poll(pfd, 2, wait);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return r == 0 ? LINE_LATE : LINE_FAILED;
        if (pfd[1].revents) /* the match stops: its engines are killed */
            return LINE_ENDED;
        if (p->cap - p->len < chunk) {
            char *grown = realloc(p->buf, p->cap + chunk);
            if (!grown)
                return LINE_FAILED;
            p->buf = grown;
            p->cap += chunk;
        }
        ssize_t n = read(p->from, p->buf + p->len, p->cap - p->len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return n == 0 ? LINE_ENDED : LINE_FAILED;
        p->len += (size_t)n;
    }
}

/* The len bytes at src, a line an engine wrote (a NUL byte in it too), as
 * text fit for a record and a terminal: control characters and bytes that
 * are not UTF-8 become \xHH (junqi_cli_put_visible_n). At most n - 1 bytes
 * are kept, cut between characters: a record must stay UTF-8. */
static void visible_copy_n(char *dst, size_t n, const char *src, size_t len)
{
    FILE *f = fmemopen(dst, n, "w");
    if (!f) {
        snprintf(dst, n, "?");
        return;
    }
    setbuf(f, NULL);
    junqi_cli_put_visible_n(f, src, len);
    fclose(f);
    junqi_utf8_drop_cut(dst);
}

/* visible_copy_n() of the string src. */
static void visible_copy(char *dst, size_t n, const char *src)
{
    visible_copy_n(dst, n, src, strlen(src));
}

/* The blanks between an engine's words: spaces and tabs, as between a command's
 * (docs/protocol.md, "Lines and words"). */
#define BLANKS " \t"

/* Whether `line`'s first word is `word`: the word, then a blank or the line's end. */
static bool first_word(const char *line, const char *word)
{
    size_t k = strlen(word);
    return strncmp(line, word, k) == 0 && (line[k] == '\0' || strchr(BLANKS, line[k]));
}

/* Read lines until one whose first word is `want` (first_word), up to `seconds`: LINE_READ
 * (*line holds it), LINE_LATE (no answer in time), else LINE_ENDED (the
 * engine ended, or its output could not be read).
 * Error lines on the way are kept in err (n bytes). */
static line_status proc_wait(proc *p, const char *want, double seconds, char **line, char *err, size_t n)
{
    double deadline = junqi_search_clock() + seconds;
    for (;;) {
        line_status r = proc_line(p, deadline, line);
        if (r != LINE_READ)
            return r == LINE_LATE ? LINE_LATE : LINE_ENDED;
        if (first_word(*line, want))
            return LINE_READ;
        if (err && strncmp(*line, "error ", 6) == 0)
            visible_copy(err, n, *line);
    }
}

/* Whether the engine's process has ended (not reaped: proc_stop reaps it),
 * waiting up to `tries` steps of 10 ms for it. */
static bool proc_exited(const proc *p, int tries)
{
    siginfo_t info = {0};
    for (int i = 0; i < tries; i++) {
        info.si_pid = 0;
        if (waitid(P_PID, (id_t)p->pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0)
            return true; /* nothing to wait for */
        if (info.si_pid)
            return true;
        nanosleep(&(struct timespec){0, 10000000}, NULL);
    }
    return false;
}

/* Ask the engine to quit, give it a second, then kill its process group
 * (the shell and whatever it started); reap it and return its wait status
 * (-1 if it never started). The group is killed while the shell is still
 * unreaped, so its id cannot have been reused. */
static int proc_stop(proc *p)
{
    int status = -1;
    if (p->pid <= 0)
        return status;
    if (p->to >= 0) {
        proc_send(p, 0, "quit"); /* if its pipe has room: it is killed anyway */
        close(p->to);
    }
    close(p->from);
    proc_exited(p, 100);
    kill(-p->pid, SIGKILL);
    pthread_mutex_lock(&engines_lock); /* forgotten before it is reaped: stop_engines kills no reused id */
    track_group(0, p->pid);
    pthread_mutex_unlock(&engines_lock);
    waitpid(p->pid, &status, 0);
    free(p->buf);
    bool late = p->late; /* kept for the reason of its forfeit */
    memset(p, 0, sizeof *p);
    p->to = -1;
    p->late = late;
    return status;
}

/* ---- options -------------------------------------------------------------------- */

#define MAX_ENGINE_OPTIONS 32
#define MAX_SETUP_FILES 64

/* One engine of the match: its command, the options it is given, its name. */
typedef struct engine_spec {
    const char *cmd;
    const char *option[MAX_ENGINE_OPTIONS]; /* "Name=Value" */
    int noptions;
    const char *name;                       /* --name1/--name2, or NULL: its id name */
    char name_text[256];                    /* --name1/--name2 as typed, in UTF-8 (junqi_cli_text_arg) */
    char id[128];
} engine_spec;

typedef struct options {
    engine_spec engine[2];
    const char *setups[MAX_SETUP_FILES];
    int nsetup_files;
    int64_t games, skip;       /* setups played (0: all), setups skipped */
    junqi_board_kind board;
    bool board_given;          /* --board */
    const junqi_rules *rules;  /* --rules, else the board's default */
    int64_t limit[3];          /* --nodes, --movetime, --depth (0: none); each given once */
    char go[96];               /* the go command of every move, made of limit */
    int64_t concurrency, max_moves;
    int64_t timeout;           /* seconds an engine has for a move (0: 60 + movetime) */
    /* (the counts but the limits are at most a few million, and messages print them as long,
     * which holds that much on every platform, so that their translations stay as they are) */
    const char *output;        /* -o */
    junqi_cli_format format;
    bool quiet;
} options;

static void usage(void)
{
    char rules[256];
    /* TRANSLATORS: the %s after "NAME is one of:" is the list of rule sets on
     * lines of their own, each indented by 22 spaces; keep every line of this
     * help within 79 columns. */
    printf(_("Usage: %s [OPTIONS] --setups FILE ENGINE1 ENGINE2\n"
           "Play a match between two engine programs that speak the engine protocol\n"
           "(docs/protocol.md; e.g. 'junqi-analyze --engine'), each command run by /bin/sh.\n"
           "Games are dark (unless the rule set's mode says otherwise): a referee gives\n"
           "each engine only its seat's record (its own setup, every move with its\n"
           "outcome, the flags and pieces shown, the events). Each setup is played twice,\n"
           "the engines swapping sides. Prints the score of ENGINE1 with its Elo estimate\n"
           "and 95%% interval; writes the games as JGN with -o.\n\n"
           "  --setups FILE       records whose setups start the games (JGN, QQ replays);\n"
           "                      may be given again; e.g. samples/match/setups.jgn\n"
           "  --games N           play N setups (2N games; default: every setup)\n"
           "  --skip K            skip the first K setups\n"
           "  --board B           four-player (default) or two-player (north's and south's\n"
           "                      setups of each record)\n"
           "  --rules RULES       rule set NAME[,SWITCH=VALUE]... of every game and its\n"
           "                      board (default: the board's own; switches:\n"
           "                      junqi-replay(1)); NAME is one of:\n"
           "%s\n"
           "  --nodes N           every move: go nodes N (default: go, each engine's level)\n"
           "  --movetime MS       every move: go movetime MS (results then vary by machine)\n"
           "  --depth D           every move: go depth D\n"
           "  --option NAME=VALUE  setoption for both engines (may be repeated)\n"
           "  --option1 NAME=VALUE, --option2 NAME=VALUE  for one engine\n"
           "  --name1 NAME, --name2 NAME  names in the records (default: the engines' ids)\n"
           "  --concurrency N     games at once, each with its own engine processes\n"
           "                      (default 1)\n"
           "  --max-moves N       adjudicate a draw after N moves (default 2000)\n"
           "  --timeout S         seconds an engine has for a move before it forfeits, and\n"
           "                      to answer junqi and isready (default 60, plus the\n"
           "                      movetime)\n"
           "  -o FILE             write the games as JGN, in game order\n"
           "  --format text|json  the summary as text (default) or one JSON object\n"
           "  -q, --quiet         no line per game on standard error\n"
           "  -h, --help          this help\n"
           "  --version           the version\n\n"
           "Exit status: 0 the match was played, 1 an engine could not start or refused an\n"
           "option, or no setup could be used, 2 usage error, 3 a file could not be read\n"
           "or written, 128+N stopped by signal N (130: Ctrl-C), after writing and summing\n"
           "up the games that finished (a second signal ends it at once, writing nothing).\n"),
           prog, junqi_cli_help_list(junqi_rules_family_names(JUNQI_FORMATION_GAME), rules, sizeof rules));
}

/* Whether s holds a control character (junqi_cli_control: C0 but tab, and
 * DEL): in an option a line end would end its setoption line and send the
 * rest to the engine as a command of its own; in a name it would split the
 * lines of standard error, and the record's words. */
static bool has_control(const char *s)
{
    for (; *s; s++)
        if (junqi_cli_control((unsigned char)*s))
            return true;
    return false;
}

/* --name1 (k 1) or --name2: some text on one line. */
static int set_name(engine_spec *e, int k, const char *arg)
{
    char shown[256];
    if (!arg[0])
        return junqi_cli_usage(prog, "--name%d is empty: give a name, or leave the option out for the engine's id", k);
    if (has_control(arg)) {
        visible_copy(shown, sizeof shown, arg);
        return junqi_cli_usage(prog, "--name%d holds a control character: '%s'", k, shown);
    }
    char option[8];
    snprintf(option, sizeof option, "--name%d", k);
    if (junqi_cli_text_arg(prog, option, arg, e->name_text, sizeof e->name_text) != JUNQI_EXIT_OK)
        return JUNQI_EXIT_USAGE;
    e->name = e->name_text;
    return JUNQI_EXIT_OK;
}

static int add_option(engine_spec *e, const char *arg)
{
    const char *eq = strchr(arg, '=');
    char shown[256];
    if (!eq || eq == arg || strpbrk(arg, BLANKS)) /* a blank would split the name or the value */
        return junqi_cli_usage(prog, "an engine option is NAME=VALUE, not '%s'", arg);
    if (has_control(arg)) {
        visible_copy(shown, sizeof shown, arg);
        return junqi_cli_usage(prog, "an engine option holds a control character, which would end its setoption "
                               "line: '%s'", shown);
    }
    if (e->noptions == MAX_ENGINE_OPTIONS)
        return junqi_cli_usage(prog, "at most %d options per engine", MAX_ENGINE_OPTIONS);
    e->option[e->noptions++] = arg;
    return JUNQI_EXIT_OK;
}

/* The words of go for options.limit, in its order. */
static const char *const limit_word[3] = {"nodes", "movetime", "depth"};

/* A limit of the go command: --nodes, --movetime or --depth (limit k); given
 * again with another value, junqi_cli_once() refused it, as every option of one value. */
static int set_limit(options *o, int k, const char *arg, int64_t max)
{
    return junqi_cli_parse_range(prog, limit_word[k], arg, 1, max, &o->limit[k]);
}

/* The go command of every move, from the limits given. */
static void make_go(options *o)
{
    strcpy(o->go, "go");
    for (int k = 0; k < 3; k++)
        if (o->limit[k]) {
            size_t n = strlen(o->go);
            snprintf(o->go + n, sizeof o->go - n, " %s %lld", limit_word[k], (long long)o->limit[k]);
        }
}

static int parse_option(options *o, int c, const char *arg)
{
    switch (c) {
    case 's':
        if (o->nsetup_files == MAX_SETUP_FILES)
            return junqi_cli_usage(prog, "at most %d --setups files", MAX_SETUP_FILES);
        if (junqi_cli_take_name(prog, "--setups", arg, false, &o->setups[o->nsetup_files]) != JUNQI_EXIT_OK)
            return JUNQI_EXIT_USAGE;
        o->nsetup_files++;
        return JUNQI_EXIT_OK;
    case 'g': return junqi_cli_parse_range(prog, "games", arg, 1, 1000000, &o->games);
    case 'k': return junqi_cli_parse_range(prog, "skip", arg, 0, 1000000, &o->skip);
    case 'c': return junqi_cli_parse_range(prog, "concurrency", arg, 1, 64, &o->concurrency);
    case 'm': return junqi_cli_parse_range(prog, "max-moves", arg, 1, 100000, &o->max_moves);
    case 't': return junqi_cli_parse_range(prog, "timeout", arg, 1, 86400, &o->timeout);
    case 'N': return set_limit(o, 0, arg, JUNQI_CLI_MAX_NODES);
    case 'T': return set_limit(o, 1, arg, JUNQI_CLI_MAX_MOVETIME);
    case 'D': return set_limit(o, 2, arg, 63);
    case 'O': {
        int rc = add_option(&o->engine[0], arg);
        return rc != JUNQI_EXIT_OK ? rc : add_option(&o->engine[1], arg);
    }
    case '1': return add_option(&o->engine[0], arg);
    case '2': return add_option(&o->engine[1], arg);
    case 'a': return set_name(&o->engine[0], 1, arg);
    case 'b': return set_name(&o->engine[1], 2, arg);
    case 'o': return junqi_cli_take_name(prog, "-o", arg, false, &o->output);
    case 'q': o->quiet = true; return JUNQI_EXIT_OK;
    case 'B':
        if (!junqi_board_kind_parse(arg, &o->board))
            return junqi_cli_usage(prog, "--board takes two-player or four-player, not '%s'", arg);
        o->board_given = true;
        return JUNQI_EXIT_OK;
    case 'r': return junqi_cli_parse_rules(prog, arg, &o->rules);
    case 'f':
        if (!junqi_cli_parse_format(arg, &o->format))
            return junqi_cli_usage(prog, "--format takes text or json, not '%s'", arg);
        return JUNQI_EXIT_OK;
    default: return JUNQI_EXIT_USAGE;
    }
}

/* The rule set of the games: --rules, whose board must be --board's if both
 * are given, else the default set of the board. */
static int match_rules(options *o)
{
    if (!o->rules)
        o->rules = junqi_rules_default(o->board);
    else if (junqi_rules_flip(o->rules)) /* no setups to start from, and the protocol refuses them */
        return junqi_cli_usage(prog, "--rules %s is a flip game's rule set: junqi-match plays formation games",
                               o->rules->text);
    else if (o->board_given && o->rules->board != o->board)
        return junqi_cli_usage(prog, "--rules %s is played on the %s board, not on --board %s", o->rules->text,
                               _(junqi_board_kind_name(o->rules->board)), _(junqi_board_kind_name(o->board)));
    o->board = o->rules->board;
    return JUNQI_EXIT_OK;
}

/* -o over a --setups file (by its name, a link, a hard link, or the file
 * --setups - reads): the records the games start from, a collection of real
 * games, were replaced by the match's games. A usage error, before any
 * engine starts, as junqi-analyze's -o over its input is. */
static int check_output_not_setups(const options *o)
{
    const char *in = junqi_cli_input_under(o->output, o->setups, o->nsetup_files);
    if (in) /* TRANSLATORS: -o's file's name, the setups file's name */
        return junqi_cli_usage(prog, "-o %s would be written over the setups file %s, whose games the match "
                                     "starts from: choose another name", o->output, in);
    return JUNQI_EXIT_OK;
}

/* parse_args() after --help or --version: exit 0 at once. */
#define ARGS_DONE (-1)

static int parse_args(int argc, char **argv, options *o)
{
    static const char shortopts[] = "ho:q";
    static const struct option longopts[] = {
        {"setups", required_argument, NULL, 's'},  {"games", required_argument, NULL, 'g'},
        {"skip", required_argument, NULL, 'k'},    {"board", required_argument, NULL, 'B'},
        {"nodes", required_argument, NULL, 'N'},   {"movetime", required_argument, NULL, 'T'},
        {"depth", required_argument, NULL, 'D'},   {"option", required_argument, NULL, 'O'},
        {"option1", required_argument, NULL, '1'}, {"option2", required_argument, NULL, '2'},
        {"name1", required_argument, NULL, 'a'},   {"name2", required_argument, NULL, 'b'},
        {"concurrency", required_argument, NULL, 'c'}, {"max-moves", required_argument, NULL, 'm'},
        {"timeout", required_argument, NULL, 't'}, {"format", required_argument, NULL, 'f'},
        {"rules", required_argument, NULL, 'r'},   {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},       {NULL, 0, NULL, 0},
    };
    int c;
    junqi_cli_given given = {0};
    opterr = 0;
    while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
        /* --setups and the engines' --option, --option1, --option2 add up */
        if (!strchr("sO12", c) && junqi_cli_once(prog, &given, shortopts, longopts, c, optarg) != JUNQI_EXIT_OK)
            return JUNQI_EXIT_USAGE;
        if (c == 'h' || c == 'V') {
            if (c == 'h')
                usage();
            else
                junqi_cli_version(prog);
            return ARGS_DONE;
        }
        if (c == '?' || c == ':')
            return junqi_cli_bad_option(prog, argv, shortopts, longopts);
        int rc = parse_option(o, c, optarg);
        if (rc != JUNQI_EXIT_OK)
            return rc;
    }
    if (argc - optind != 2)
        return junqi_cli_usage(prog, "give two engine commands (%d given)", argc - optind);
    if (!o->nsetup_files)
        return junqi_cli_usage(prog, "give the setups: --setups FILE (e.g. samples/match/setups.jgn)");
    o->engine[0].cmd = argv[optind];
    o->engine[1].cmd = argv[optind + 1];
    for (int e = 0; e < 2; e++)
        if (!o->engine[e].cmd[strspn(o->engine[e].cmd, " \t")])
            return junqi_cli_usage(prog, "engine %d: the command is empty", e + 1);
    int rc = check_output_not_setups(o);
    if (rc != JUNQI_EXIT_OK)
        return rc;
    make_go(o);
    if (o->timeout && o->limit[1] && o->timeout * 1000 <= o->limit[1]) /* a move searched to its time comes late */
        return junqi_cli_usage(prog, "--timeout %lld s is no longer than --movetime %lld ms: an engine that searches its "
                               "time would forfeit (without --timeout it has 60 s more than the movetime)",
                               (long long)o->timeout, (long long)o->limit[1]);
    if (!o->timeout)
        o->timeout = 60 + (o->limit[1] + 999) / 1000; /* --movetime in ms */
    return match_rules(o);
}

/* ---- the match ------------------------------------------------------------------ */

/* One game's outcome, kept until the games before it are written. */
typedef struct game_out {
    junqi_game *record;  /* owned until written */
    int points;          /* for engine 1: 2 a win, 1 a draw, 0 a loss */
    int moves;
    bool forfeit, adjudicated;
    bool done;
} game_out;

typedef struct match {
    const options *opt;
    junqi_game **setups;   /* owned */
    int nsetups, ngames;
    atomic_int next;       /* the next game to play */
    atomic_bool failed;    /* an engine could not start: stop taking games */
    pthread_mutex_t lock;  /* games[], written, out, stderr lines */
    game_out *games;
    int written;
    FILE *out;             /* -o, or NULL */
    atomic_bool write_failed; /* -o could not be written: stop taking games */
    int write_errno;          /* why (under lock), for the message at the end */
} match;

/* An engine process as a worker holds it. */
typedef struct player {
    proc p;
    bool running;
    int status; /* once it ended by itself (engine_ended), its wait status; else -1 */
} player;

__attribute__((format(printf, 2, 3)))
static void note(match *m, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&m->lock);
    fprintf(stderr, "%s: ", prog);
    vfprintf(stderr, _(fmt), ap);
    fputc('\n', stderr);
    pthread_mutex_unlock(&m->lock);
    va_end(ap);
}

/* Why an engine failed its handshake, into why (n bytes): the error line it
 * wrote (err), else what it did with the command `step` it did not answer:
 * nothing within `timeout` seconds (rc LINE_LATE), did not read what was
 * sent within them (LINE_UNREAD), or it ended (its wait status: exit
 * status 127 is the shell's "command not found"). */
static void handshake_failure(char *why, size_t n, const char *err, const char *step, line_status rc,
                              int status, int64_t timeout)
{
    if (err[0])
        snprintf(why, n, "%s", err);
    else if (rc == LINE_LATE)
        snprintf(why, n, _("no answer to '%s' within %ld s: does it speak the engine protocol?"), step,
                 (long)timeout);
    else if (rc == LINE_UNREAD)
        snprintf(why, n, _("the engine did not read its input within %ld s"), (long)timeout);
    else if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
        snprintf(why, n, _("ended before answering '%s': the command was not found (exit status 127)"), step);
    else if (WIFEXITED(status))
        snprintf(why, n, _("ended before answering '%s' (exit status %d)"), step, WEXITSTATUS(status));
    else if (WIFSIGNALED(status))
        snprintf(why, n, _("ended before answering '%s' (killed by signal %d)"), step, WTERMSIG(status));
    else
        snprintf(why, n, _("ended before answering '%s'"), step);
}

/* The engine's name from what follows "id name " (visible_copy, idlen
 * bytes), without the blanks round it: blanks alone name no engine. */
static void engine_id(char *id, size_t idlen, const char *name)
{
    name += strspn(name, BLANKS);
    size_t len = strlen(name);
    while (len && strchr(BLANKS, name[len - 1]))
        len--;
    visible_copy_n(id, idlen, name, len);
}

/* Start engine e, read its id, give it its options; false (with a note
 * saying why) if it does not start, does not answer or refuses an option. */
static bool engine_open(match *m, int e, player *pl, char *id, size_t idlen)
{
    const engine_spec *spec = &m->opt->engine[e];
    char err[512] = "", why[640], *line;
    if (!proc_start(&pl->p, spec->cmd)) {
        if (!junqi_cli_stop_signal()) /* else it was not tried: the match stops */
            note(m, "engine %d: cannot run '%s'", e + 1, spec->cmd);
        return false;
    }
    pl->running = true;
    pl->status = -1;
    double timeout = (double)m->opt->timeout, deadline = junqi_search_clock() + timeout;
    const char *step = "junqi";
    bool ok = proc_send(&pl->p, timeout, "junqi");
    line_status rc = LINE_ENDED;
    while (ok && (rc = proc_line(&pl->p, deadline, &line)) == LINE_READ && !first_word(line, "junqiok"))
        if (id && strncmp(line, "id name ", 8) == 0)
            engine_id(id, idlen, line + 8);
    ok = ok && rc == LINE_READ;
    for (int i = 0; ok && i < spec->noptions; i++) {
        const char *eq = strchr(spec->option[i], '=');
        ok = proc_send(&pl->p, timeout, "setoption name %.*s value %s", (int)(eq - spec->option[i]), spec->option[i],
                       eq + 1);
    }
    if (ok) {
        step = "isready";
        rc = LINE_ENDED;
        ok = proc_send(&pl->p, timeout, "isready") &&
             (rc = proc_wait(&pl->p, "readyok", timeout, &line, err, sizeof err)) == LINE_READ;
    }
    if (ok && !err[0])
        return true;
    if (pl->p.late)
        rc = LINE_UNREAD;
    int status = proc_stop(&pl->p);
    pl->running = false;
    if (junqi_cli_stop_signal()) /* it was killed as the match stops: nothing to say */
        return false;
    handshake_failure(why, sizeof why, err, step, rc, status, m->opt->timeout);
    note(m, "engine %d ('%s'): %s", e + 1, spec->cmd, why);
    return false;
}

static void engine_close(player *pl)
{
    if (pl->running)
        proc_stop(&pl->p);
    pl->running = false;
    pl->status = -1; /* it was killed: its status says nothing of it */
}

/* Close engine pl, whose output ended (it may still run: an engine can close
 * its output and live on), keeping in pl->status its wait status if it ended
 * by itself within half a second, for the reason of its forfeit; -1 if it had to
 * be killed. Nothing for an engine already closed, whose status stays. */
static void engine_ended(player *pl)
{
    if (!pl->running)
        return;
    bool by_itself = proc_exited(&pl->p, 50); /* its output closes as it exits: it is soon reapable */
    int status = proc_stop(&pl->p);
    pl->status = by_itself ? status : -1;
    pl->running = false;
}

/* Which engine plays seat s: engine 1 has the side of the seat that moves
 * first in even games, the other side in odd ones. */
static int engine_of(const junqi_position *pos, int first, int game, int s)
{
    bool firsts = (pos->side[s] >> first) & 1;
    return firsts == (game % 2 == 0) ? 0 : 1;
}

/* Why a seat forfeits: in English for its record (the record's words stay
 * English, as JGN's), and in the user's language for standard error. */
typedef struct reason {
    char en[640], local[640];
} reason;

/* Fill both texts of *why from fmt (marked N_ by the caller) and its arguments. */
__attribute__((format(printf, 2, 3)))
static void say_why(reason *why, const char *fmt, ...)
{
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    vsnprintf(why->en, sizeof why->en, fmt, ap);
    vsnprintf(why->local, sizeof why->local, _(fmt), again);
    va_end(again);
    va_end(ap);
    junqi_utf8_drop_cut(why->en); /* an engine's long line cut where it fills them: between characters */
    junqi_utf8_drop_cut(why->local);
}

/* The C locale, for the English words of the records (NULL if it cannot be made). */
static locale_t c_locale;

static void make_c_locale(void)
{
    c_locale = newlocale(LC_ALL_MASK, "C", (locale_t)0);
}

/* Play mv for its seat; false with why it is illegal in *why, in both
 * languages: the referee's own words come in the thread's locale, so they
 * are asked for again under the C locale (an illegal move changes nothing). */
static bool referee_play(junqi_referee *r, junqi_move mv, reason *why)
{
    char local[512], en[512];
    if (junqi_referee_play(r, mv, local, sizeof local))
        return true;
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, make_c_locale);
    locale_t was = c_locale ? uselocale(c_locale) : (locale_t)0;
    junqi_referee_play(r, mv, en, sizeof en);
    if (was)
        uselocale(was);
    snprintf(why->en, sizeof why->en, "%s (an illegal move)", c_locale ? en : local);
    snprintf(why->local, sizeof why->local, _("%s (an illegal move)"), local);
    return false;
}

/* The forfeit of an engine whose output ended (engine_ended), into *why:
 * with its exit status or signal when it ended by itself (a crash says so),
 * plainly when it closed its output and lived on until it was killed. */
static void ended_reason(player *pl, reason *why)
{
    engine_ended(pl);
    if (pl->status != -1 && WIFEXITED(pl->status))
        say_why(why, N_("the engine ended (exit status %d)"), WEXITSTATUS(pl->status));
    else if (pl->status != -1 && WIFSIGNALED(pl->status))
        say_why(why, N_("the engine ended (killed by signal %d)"), WTERMSIG(pl->status));
    else
        say_why(why, N_("the engine ended"));
}

/* Ask engine pl for seat s's move: its record on one line, then go. False
 * with the reason in *why when no move comes. */
static bool ask_move(match *m, player *pl, junqi_referee *r, int s, junqi_move *mv, reason *why)
{
    char *text = junqi_jgn_to_string(r->view[s]), err[512] = "", *line;
    if (!text) {
        say_why(why, N_("out of memory"));
        return false;
    }
    for (char *c = text; *c; c++)
        if (*c == '\n')
            *c = ' ';
    double timeout = (double)m->opt->timeout;
    /* isready before go: what the engine wrote before its readyok (a second bestmove to the last
     * go, as from a proxy) is read and dropped, not taken for this go's answer (break10 K8) */
    bool sent = proc_send(&pl->p, timeout, "position jgn %s", text) && proc_send(&pl->p, timeout, "isready");
    free(text);
    line_status rc = sent ? proc_wait(&pl->p, "readyok", timeout, &line, err, sizeof err) : LINE_ENDED;
    if (rc == LINE_READ)
        rc = proc_send(&pl->p, timeout, "%s", m->opt->go) ? proc_wait(&pl->p, "bestmove", timeout, &line, err, sizeof err)
                                                          : LINE_ENDED;
    if (rc != LINE_READ) {
        if (pl->p.late)
            say_why(why, N_("the engine did not read its input within %ld s"), (long)m->opt->timeout);
        else if (rc == LINE_ENDED) {
            ended_reason(pl, why);
            return false;
        } else
            say_why(why, N_("no move within %ld s"), (long)m->opt->timeout);
        engine_close(pl);
        return false;
    }
    const char *w = line + 8; /* "bestmove", then a blank or the line's end (proc_wait): not past it */
    w += strspn(w, BLANKS);
    size_t len = strcspn(w, BLANKS); /* the move, the one word after it, blanks after it dropped */
    bool whole = strlen(line) == pl->p.line_len; /* a NUL byte: what follows it is no part of a move */
    if (!whole || w[len + strspn(w + len, BLANKS)] != '\0' || !junqi_move_parse(r->pos.board, w, len, mv)) {
        char said[256];
        visible_copy_n(said, sizeof said, line, pl->p.line_len);
        say_why(why, N_("no move ('%s'%s%s)"), said, err[0] ? ", " : "", err);
        return false;
    }
    return true;
}

/* The tags of game g: event, round, the engines at their seats, the setup. */
static void tag_game(match *m, junqi_referee *r, int g, int first)
{
    char round[16];
    snprintf(round, sizeof round, "%d", g + 1);
    junqi_game_set_tag(r->game, "Event", "junqi-match");
    junqi_game_set_tag(r->game, "Round", round);
    for (int s = 0; s < JUNQI_SEATS; s++)
        if (r->game->seat[s].present)
            junqi_game_set_player(r->game, (junqi_seat)s, m->opt->engine[engine_of(&r->pos, first, g, s)].name);
    const junqi_game *from = m->setups[g / 2];
    const char *source = junqi_game_tag(from, "SetupSource");
    junqi_game_set_tag(r->game, "SetupSource", source ? source : from->source ? from->source : "?");
    junqi_game_set_tag(r->game, "Go", m->opt->go);
}

/* The moves of game g until it ends; false if the match stopped first (a
 * signal: the engines were killed, and the game is not over). */
static bool play_moves(match *m, player pl[2], junqi_referee *r, int g, game_out *out)
{
    int first = r->pos.to_move;
    reason why;
    char text[720];
    for (int s; (s = junqi_referee_to_move(r)) != JUNQI_NO_SEAT;) {
        if (out->moves >= m->opt->max_moves) {
            snprintf(text, sizeof text, "adjudicated a draw: the move limit of %ld", (long)m->opt->max_moves);
            junqi_referee_adjudicate_draw(r, text);
            out->adjudicated = true;
            return true;
        }
        int e = engine_of(&r->pos, first, g, s);
        junqi_move mv;
        bool ok = ask_move(m, &pl[e], r, s, &mv, &why) && referee_play(r, mv, &why);
        if (!ok && junqi_cli_stop_signal()) /* no forfeit: its engine was killed, or might have been */
            return false;
        if (!ok) {
            snprintf(text, sizeof text, "%s (%s) forfeits: %s", m->opt->engine[e].name,
                     junqi_seat_name((junqi_seat)s), why.en);
            junqi_utf8_drop_cut(text); /* the record stays UTF-8 */
            if (!m->opt->quiet) /* -q: no line per game; the record and the summary say it */
                note(m, "game %d: %s (%s) forfeits: %s", g + 1, m->opt->engine[e].name,
                     _(junqi_seat_name((junqi_seat)s)), why.local);
            junqi_referee_forfeit(r, s, text); /* the record's words stay English */
            out->forfeit = true;
            return true;
        }
        out->moves++;
    }
    return true;
}

/* Play game g (setup g / 2, engine 1 first in even games); not done if
 * the match stopped before its end. */
static game_out play_game(match *m, player pl[2], int g)
{
    game_out out = {0};
    junqi_referee r;
    char err[256];
    if (!junqi_referee_start(&r, m->opt->rules, m->setups[g / 2], err, sizeof err)) {
        note(m, "game %d: %s", g + 1, err); /* the setups were checked when loaded */
        atomic_store(&m->failed, true);
        return out;
    }
    int first = r.pos.to_move;
    tag_game(m, &r, g, first);
    for (int e = 0; e < 2; e++)
        if (pl[e].running && (!proc_send(&pl[e].p, (double)m->opt->timeout, "newgame") ||
                              !proc_send(&pl[e].p, (double)m->opt->timeout, "isready")))
            pl[e].p.late ? engine_close(&pl[e]) : engine_ended(&pl[e]); /* else its pipe broke: it ended */
    char *line;
    for (int e = 0; e < 2; e++) {
        line_status rc = pl[e].running ? proc_wait(&pl[e].p, "readyok", (double)m->opt->timeout, &line, NULL, 0)
                                       : LINE_READ;
        if (rc == LINE_ENDED) /* its forfeit says how it ended */
            engine_ended(&pl[e]);
        else if (rc != LINE_READ)
            engine_close(&pl[e]);
    }
    if (!play_moves(m, pl, &r, g, &out)) {
        junqi_referee_free(&r);
        return out;
    }
    const junqi_result *res = &r.pos.result;
    bool ours = (res->winners >> first) & 1; /* the side of the first seat won */
    out.points = res->status != JUNQI_DECIDED ? 1 : ours == (g % 2 == 0) ? 2 : 0;
    out.record = r.game;
    r.game = NULL;
    junqi_referee_free(&r);
    out.done = true;
    return out;
}

static const char *describe(const game_out *g, const options *o, char *buf, size_t n)
{
    const junqi_result *r = &g->record->result;
    const char *who = g->points == 2 ? o->engine[0].name : o->engine[1].name;
    if (g->points == 1)
        snprintf(buf, n, _("a draw (%s)"), g->adjudicated ? _("move limit") : _(junqi_reason_name((junqi_reason)r->reason)));
    else
        snprintf(buf, n, _("%s won (%s)"), who, g->forfeit ? _("forfeit") : _(junqi_reason_name((junqi_reason)r->reason)));
    return buf;
}

/* Write the finished games now due, in game order, from the first game
 * not written yet up to the first one not finished (m->lock held, or no
 * worker running); with `all`, every finished game, past those that did
 * not finish: the end of a match that stopped with games in play. */
static void write_due(match *m, bool all)
{
    for (; m->written < m->ngames && (all || m->games[m->written].done); m->written++) {
        game_out *w = &m->games[m->written];
        if (!w->done)
            continue;
        if (m->out && (!junqi_jgn_write(m->out, w->record) || fputc('\n', m->out) == EOF))
            m->write_failed = true;
        junqi_game_free(w->record);
        w->record = NULL;
    }
    /* each game reaches -o as it is due: a full disk stops the match at its
     * first game, not after hours of games with nowhere to go */
    if (m->out && !m->write_failed && fflush(m->out) != 0) {
        m->write_errno = errno;
        m->write_failed = true;
    }
}

/* Keep game g's outcome, say it, and write every game now due, in order. */
static void finish_game(match *m, int g, game_out *out)
{
    char text[256];
    pthread_mutex_lock(&m->lock);
    m->games[g] = *out;
    if (!m->opt->quiet)
        fprintf(stderr,
                P_("%s: game %d/%d (setup %ld, %s first): %s, %d move\n",
                   "%s: game %d/%d (setup %ld, %s first): %s, %d moves\n", (unsigned long)out->moves),
                prog, g + 1, m->ngames, (long)(m->opt->skip + g / 2 + 1), m->opt->engine[g % 2].name,
                describe(out, m->opt, text, sizeof text), out->moves);
    write_due(m, false);
    pthread_mutex_unlock(&m->lock);
}

static void *worker(void *arg)
{
    match *m = arg;
    player pl[2] = {{{0}, false, -1}, {{0}, false, -1}};
    for (int g; !atomic_load(&m->failed) && !junqi_cli_stop_signal() && !atomic_load(&m->write_failed) &&
                (g = atomic_fetch_add(&m->next, 1)) < m->ngames;) {
        for (int e = 0; e < 2; e++)
            if (!pl[e].running && !engine_open(m, e, &pl[e], NULL, 0))
                atomic_store(&m->failed, true);
        if (atomic_load(&m->failed))
            break;
        game_out out = play_game(m, pl, g);
        if (out.done)
            finish_game(m, g, &out);
    }
    engine_close(&pl[0]);
    engine_close(&pl[1]);
    return NULL;
}

/* ---- setups ---------------------------------------------------------------------- */

typedef struct loading {
    match *m;
    int64_t seen; /* usable setups so far, skipped ones included */
    int64_t want; /* setups wanted after the skipped ones (0: all) */
} loading;

/* Why record g cannot start the match's games whatever its setups hold,
 * or NULL: a flip game's record has a deal and no setups, and a
 * two-player record has none for east and west. Said as it is, where the
 * referee's "the record has no setup for east" hid what to change. */
static const char *unfit_record(const match *m, const junqi_game *g)
{
    if (junqi_rules_flip(g->rules))
        return _("a flip game's record, which has no setups (junqi-match plays formation games)");
    if (g->board == JUNQI_TWO_PLAYER && m->opt->board == JUNQI_FOUR_PLAYER)
        return _("a two-player record, and the games are on the four-player board (--board two-player plays "
                 "its setups)");
    return NULL;
}

/* Keep a record whose setups start a game (after --skip, up to --games). */
static int add_setup(void *ctx, junqi_input *in)
{
    loading *l = ctx;
    match *m = l->m;
    junqi_referee r;
    char err[256];
    const char *unfit = unfit_record(m, in->game);
    if (unfit)
        snprintf(err, sizeof err, "%s", unfit);
    if (unfit || !junqi_referee_start(&r, m->opt->rules, in->game, err, sizeof err)) {
        fprintf(stderr, _("%s: %s: %s: not used\n"), prog, in->name, err);
        return JUNQI_EXIT_OK;
    }
    junqi_referee_free(&r);
    if (l->seen++ < m->opt->skip || (l->want && m->nsetups >= l->want))
        return JUNQI_EXIT_OK;
    junqi_game **grown = realloc(m->setups, (size_t)(m->nsetups + 1) * sizeof *grown);
    if (!grown)
        return JUNQI_EXIT_IO;
    m->setups = grown;
    m->setups[m->nsetups++] = in->game;
    if (!in->game->source)
        in->game->source = strdup(in->name);
    in->game = NULL; /* kept */
    return JUNQI_EXIT_OK;
}

static int load_setups(match *m)
{
    loading l = {m, 0, m->opt->games};
    for (int i = 0; i < m->opt->nsetup_files; i++) {
        int rc = junqi_cli_each_record(prog, junqi_cli_open(prog, m->opt->setups[i], 0), add_setup, &l);
        if (rc == JUNQI_EXIT_IO)
            return rc;
    }
    if (m->nsetups == 0 && !junqi_cli_stop_signal()) { /* stopped: no setup read further, no game played */
        if (m->opt->skip)
            fprintf(stderr, _("%s: no setup to play from (after --skip %ld)\n"), prog, (long)m->opt->skip);
        else
            fprintf(stderr, _("%s: no setup to play from\n"), prog);
        return JUNQI_EXIT_INVALID;
    }
    m->ngames = 2 * m->nsetups;
    if (l.want && m->nsetups < l.want && !junqi_cli_stop_signal()) { /* else fewer games came unsaid */
        if (m->opt->skip)
            fprintf(stderr, _("%s: --games %ld, but the setups hold %d after the %ld skipped: the match plays %d games\n"),
                    prog, (long)l.want, m->nsetups, (long)m->opt->skip, m->ngames);
        else
            fprintf(stderr, _("%s: --games %ld, but the setups hold %d: the match plays %d games\n"), prog,
                    (long)l.want, m->nsetups, m->ngames);
    }
    return JUNQI_EXIT_OK;
}

/* ---- the summary ---------------------------------------------------------------- */

typedef struct tally {
    int points[3];   /* engine 1's losses, draws, wins */
    int side[2][3];  /* the same, by the side engine 1 had: moving first, second */
    long moves;
    int forfeits, adjudicated;
} tally;

static tally count(const match *m)
{
    tally t = {{0}, {{0}}, 0, 0, 0};
    for (int g = 0; g < m->ngames; g++) {
        const game_out *o = &m->games[g];
        if (!o->done)
            continue;
        t.points[o->points]++;
        t.side[g % 2][o->points]++;
        t.moves += o->moves;
        t.forfeits += o->forfeit;
        t.adjudicated += o->adjudicated;
    }
    return t;
}

/* v rounded to `decimals`, with no negative zero ("-0", "-0.0"). */
static double unsigned_zero(double v, int decimals)
{
    return fabs(v) < 0.5 * pow(10, -decimals) ? 0.0 : v;
}

/* An Elo figure with its sign, or +inf / -inf. */
static const char *elo_text(double v, char *buf, size_t n)
{
    if (isinf(v))
        snprintf(buf, n, "%sinf", v > 0 ? "+" : "-");
    else
        snprintf(buf, n, "%+.0f", unsigned_zero(v, 0));
    return buf;
}

static void json_elo(junqi_json *j, const char *key, double v)
{
    junqi_json_key(j, key);
    if (isinf(v))
        junqi_json_null(j);
    else
        junqi_json_number(j, unsigned_zero(v, 1), 1);
}

/* The summary as one JSON object; sig: the signal that stopped the match
 * (key interrupted), or 0. */
static void summary_json(const match *m, const tally *t, const junqi_match_score *s, int sig)
{
    junqi_json j;
    junqi_json_init(&j, stdout);
    junqi_json_begin_object(&j);
    junqi_json_key(&j, "engines");
    junqi_json_begin_array(&j);
    junqi_json_string(&j, m->opt->engine[0].name);
    junqi_json_string(&j, m->opt->engine[1].name);
    junqi_json_end_array(&j);
    const struct {
        const char *key;
        long v;
    } counts[] = {{"games", t->points[0] + t->points[1] + t->points[2]}, {"wins", s->wins}, {"draws", s->draws},
                  {"losses", s->losses}, {"forfeits", t->forfeits}, {"adjudicated", t->adjudicated},
                  {"moves", t->moves}};
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        junqi_json_key(&j, counts[i].key);
        junqi_json_int(&j, (int)counts[i].v);
    }
    junqi_json_key(&j, "score");
    junqi_json_number(&j, s->score, 4);
    json_elo(&j, "elo", s->elo);
    json_elo(&j, "elo_low", s->elo_low);
    json_elo(&j, "elo_high", s->elo_high);
    junqi_json_key(&j, "interrupted");
    if (sig)
        junqi_json_string(&j, junqi_cli_signal_name(sig));
    else
        junqi_json_null(&j);
    junqi_json_key(&j, "games_planned");
    junqi_json_int(&j, m->ngames);
    junqi_json_end_object(&j);
    putchar('\n');
}

/* "N wins, N draws, N losses" and a newline, each word in its number. */
static void print_counts(int wins, int draws, int losses)
{
    printf(P_("%d win", "%d wins", (unsigned long)wins), wins);
    printf(P_(", %d draw", ", %d draws", (unsigned long)draws), draws);
    printf(P_(", %d loss\n", ", %d losses\n", (unsigned long)losses), losses);
}

/* The summary of the games that finished, in text or JSON; sig: the
 * signal that stopped the match, or 0. */
static void summary(const match *m, int sig)
{
    tally t = count(m);
    junqi_match_score s = junqi_match_score_of(t.points[2], t.points[1], t.points[0]);
    if (m->opt->format == JUNQI_FORMAT_JSON) {
        summary_json(m, &t, &s, sig);
        return;
    }
    int games = s.wins + s.draws + s.losses;
    char a[16], lo[16], hi[16];
    printf(P_("%s vs %s: %d game, ", "%s vs %s: %d games, ", (unsigned long)games), m->opt->engine[0].name,
           m->opt->engine[1].name, games);
    print_counts(s.wins, s.draws, s.losses);
    printf(_("score %.1f%% (%.1f/%d), Elo %s (95%%: %s to %s)\n"), 100 * s.score, s.wins + 0.5 * s.draws, games,
           elo_text(s.elo, a, sizeof a), elo_text(s.elo_low, lo, sizeof lo), elo_text(s.elo_high, hi, sizeof hi));
    for (int k = 0; k < 2; k++) {
        fputs(k == 0 ? _("moving first: ") : _("moving second: "), stdout);
        print_counts(t.side[k][2], t.side[k][1], t.side[k][0]);
    }
    printf(_("moves per game %.1f, forfeits %d, adjudicated draws %d\n"), games ? (double)t.moves / games : 0,
           t.forfeits, t.adjudicated);
    if (sig)
        junqi_cli_say_interrupted(stdout, NULL, sig, games, m->ngames);
}

/* ---- main ------------------------------------------------------------------------ */

/* The engines' names: --name1/--name2, else their ids (told apart if equal). */
static int name_engines(match *m, options *o)
{
    for (int e = 0; e < 2; e++) {
        player pl = {{0}, false, -1};
        if (!engine_open(m, e, &pl, o->engine[e].id, sizeof o->engine[e].id))
            return JUNQI_EXIT_INVALID;
        engine_close(&pl);
    }
    bool same = strcmp(o->engine[0].id, o->engine[1].id) == 0;
    for (int e = 0; e < 2; e++)
        if (!o->engine[e].name) {
            char *id = o->engine[e].id;
            if (same && id[0]) { /* the id cut, between characters, where " (N)" would not fit: told apart all the same */
                size_t n = junqi_utf8_cut(id, strlen(id), sizeof o->engine[e].id - sizeof " (N)");
                snprintf(id + n, sizeof o->engine[e].id - n, " (%d)", e + 1);
            }
            o->engine[e].name = o->engine[e].id[0] ? o->engine[e].id : e ? "engine 2" : "engine 1";
        }
    return JUNQI_EXIT_OK;
}

static int run(match *m)
{
    pthread_t tid[64];
    int n = (int)(m->opt->concurrency < m->ngames ? m->opt->concurrency : m->ngames), started = 0;
    for (int i = 0; i < n; i++)
        started += pthread_create(&tid[started], NULL, worker, m) == 0;
    if (started == 0)
        worker(m);
    for (int i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    return atomic_load(&m->failed) ? JUNQI_EXIT_INVALID : JUNQI_EXIT_OK;
}

/* Take the ending signals (junqi_cli_watch_signals(): stop_engines), with
 * the pipe whose closing wakes every wait for an engine: before any other
 * thread starts, so that every thread has them blocked and inherits that. */
static void watch_ending_signals(void)
{
    int fd[2];
    if (cloexec_pipe(fd)) {
        stop_pipe[0] = fd[0];
        stop_pipe[1] = fd[1];
    }
    junqi_cli_watch_signals(stop_engines);
}

/* The end of the match, rc its exit status so far and sig the signal that
 * stopped it (0: none): the finished games not written yet, the summary of
 * those, and -o renamed into place; an interrupted match says so first on
 * stderr, and one where no game finished prints no summary and keeps no -o
 * (an earlier file of that name stays as it was). Returns the exit status,
 * JUNQI_EXIT_IO if -o could not be written. */
static int end_match(match *m, junqi_cli_output *out, int rc, int sig)
{
    int finished = 0;
    for (int g = 0; m->games && g < m->ngames; g++)
        finished += m->games[g].done;
    /* said before anything is written: a second signal would end it at once, writing nothing */
    if (sig && finished) /* TRANSLATORS: the program, then the signal's name: SIGINT, SIGTERM or SIGHUP */
        fprintf(stderr, _("%s: %s: the games in play are dropped, the finished ones kept "
                          "(a second signal ends it at once)\n"), prog, junqi_cli_signal_name(sig));
    else if (sig)
        junqi_cli_say_interrupted(stderr, prog, sig, 0, m->ngames);
    bool keep = !sig || finished;
    if (m->games) {
        write_due(m, true);
        if (keep)
            summary(m, sig);
    }
    errno = m->write_errno; /* the failed write's reason, which the close says */
    keep = keep && !m->write_failed && junqi_cli_output_keep(out, rc); /* a failed match that wrote nothing: none */
    if (out->fp && !junqi_cli_output_close(prog, out, keep))
        rc = JUNQI_EXIT_IO;
    return rc;
}

int main(int argc, char **argv)
{
    junqi_cli_set_locale();
    junqi_cli_close_stdout_at_exit(prog);
    static options o = {.board = JUNQI_FOUR_PLAYER, .concurrency = 1, .max_moves = 2000};
    int rc = parse_args(argc, argv, &o);
    if (rc != JUNQI_EXIT_OK)
        return rc == ARGS_DONE ? JUNQI_EXIT_OK : rc;
    signal(SIGPIPE, SIG_IGN); /* an engine that dies is a forfeit, not our end */
    watch_ending_signals();
    static match m;
    m.opt = &o;
    pthread_mutex_init(&m.lock, NULL);
    rc = load_setups(&m);
    if (rc == JUNQI_EXIT_OK)
        rc = name_engines(&m, &o);
    junqi_cli_output out = {0};
    bool opened = rc == JUNQI_EXIT_OK; /* -o, whose close says what became of it */
    if (rc == JUNQI_EXIT_OK && o.output && !junqi_cli_output_open(prog, o.output, &out))
        rc = JUNQI_EXIT_IO;
    m.out = out.fp;
    if (rc == JUNQI_EXIT_OK && !(m.games = calloc((size_t)m.ngames, sizeof *m.games)))
        rc = JUNQI_EXIT_IO;
    if (rc == JUNQI_EXIT_OK)
        rc = run(&m);
    int sig = junqi_cli_stop_signal(); /* a first signal after this finds the match over: unseen here */
    rc = end_match(&m, &out, rc, sig);
    if (!opened) /* the setups or an engine failed: an earlier file of -o's name is there still */
        junqi_cli_say_left_unopened(prog, o.output, rc);
    for (int i = 0; i < m.nsetups; i++)
        junqi_game_free(m.setups[i]);
    free(m.setups);
    free(m.games);
    if (!junqi_cli_flush_stdout(prog))
        rc = JUNQI_EXIT_IO;
    if (sig && rc != JUNQI_EXIT_IO) /* the games that finished are written: the signal's end */
        junqi_cli_end_by_signal(sig);
    return rc;
}
