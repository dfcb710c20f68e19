/* SPDX-License-Identifier: MIT */
/*
 * annotread.c - see annotread.h. The forms read are the ones annotate.c
 * writes (docs/annotation.md).
 */
#include "annotread.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jgn.h"
#include "sentences.h"

/* The [%eval B A S] of a comment's text into j; false when it has none with three numbers. */
static bool read_eval(const char *text, junqi_move_judgement *j)
{
    char name[32], args[128];
    const char *a;
    size_t len;
    while (junqi_jgn_next_command(&text, name, &a, &len)) {
        if (strcmp(name, "eval") != 0 || len >= sizeof args)
            continue;
        memcpy(args, a, len);
        args[len] = 0;
        double before, after, score;
        if (sscanf(args, "%lf %lf %lf", &before, &after, &score) != 3)
            continue;
        j->winprob_before = before;
        j->winprob_after = after;
        j->eval_after = score * 100.0;
        j->loss = before > after ? before - after : 0;
        return true;
    }
    return false;
}

/* The engine's line v (annotate.c writes it as the marked move's last variation), as far as its
 * moves are moves. */
static void read_line(const junqi_line *v, junqi_move_judgement *j)
{
    for (size_t i = 0; i < v->nitems && j->pv_len < JUNQI_MAX_PLY; i++) {
        if (v->items[i].kind != JUNQI_ITEM_MOVE)
            break;
        j->pv[j->pv_len++] = v->items[i].move;
    }
    if (j->pv_len)
        j->best = j->pv[0];
}

/* The mark and the line the annotation's comment `text` gave move `it` (junqi_annotation_at):
 * a mark or a variation of the record's own, or a mark a user changed, is not the engine's. */
static void read_judgement(const junqi_board *b, const junqi_item *it, const char *text, junqi_move_judgement *j)
{
    char sentences[1024];
    if (!junqi_annotation_sentences(text, sentences, sizeof sentences))
        return;
    junqi_annotation_wrote w = junqi_annotation_at(b, it, sentences);
    j->mark = w.mark;
    if (w.line >= 0)
        read_line(&it->variations[w.line], j);
}

/* One seat's summary tags (NorthAccuracy ...); the counts of judged moves are the caller's. */
static void read_summary(const junqi_game *g, int seat, junqi_seat_summary *s)
{
    static const char *const names[] = {"North", "East", "South", "West"};
    const char *suffix[] = {"Accuracy", "AverageLoss", "Inaccuracies", "Mistakes", "Blunders"};
    double v[5] = {0};
    for (int k = 0; k < 5; k++) {
        char tag[32];
        snprintf(tag, sizeof tag, "%s%s", names[seat], suffix[k]);
        const char *value = junqi_game_tag(g, tag);
        if (value)
            v[k] = strtod(value, NULL);
    }
    s->accuracy = v[0];
    s->average_loss = v[1];
    s->inaccuracies = (int)v[2];
    s->mistakes = (int)v[3];
    s->blunders = (int)v[4];
}

bool junqi_annotation_read(const junqi_game *g, junqi_annotation *out)
{
    memset(out, 0, sizeof *out);
    size_t n = junqi_game_moves(g), ply = g->start ? g->start->moves : 0, judged = 0;
    const junqi_board *b = junqi_board_get(g->board);
    if (n && !(out->moves = calloc(n, sizeof *out->moves)))
        return false;
    for (size_t i = 0; i < g->main.nitems; i++) {
        const junqi_item *it = &g->main.items[i];
        if (it->kind != JUNQI_ITEM_MOVE)
            continue;
        junqi_move_judgement *j = &out->moves[out->nmoves++];
        j->ply = ++ply;
        j->item = i;
        j->seat = it->seat;
        j->best.from = j->best.to = JUNQI_NO_POINT;
        size_t last = junqi_line_through_end(&g->main, i + 1);
        const char *text = NULL;
        for (size_t c = 0; c < g->main.ncomments && !j->judged; c++)
            if (g->main.comments[c].before > i && g->main.comments[c].before <= last)
                j->judged = read_eval(text = g->main.comments[c].text, j);
        if (!j->judged)
            continue;
        judged++;
        read_judgement(b, it, text, j);
        if (j->seat < JUNQI_SEATS)
            out->seat[j->seat].moves++;
    }
    if (!judged) {
        junqi_annotation_free(out);
        return false;
    }
    for (int s = 0; s < JUNQI_SEATS; s++)
        if (out->seat[s].moves)
            read_summary(g, s, &out->seat[s]);
    return true;
}
