/* SPDX-License-Identifier: MIT */
/*
 * test_formats.c - the position notation (round trips at every ply of real
 * games, errors) and YAML formations (schema, every violation located), and
 * the source lines that located diagnostics are given.
 */
#include <setjmp.h>
#include <unistd.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "flipnote.h"
#include "formation.h"
#include "movegen.h"
#include "posnote.h"
#include "source.h"
#include "testutil.h"
#include "text.h"

static void same_position(const junqi_position *a, const junqi_position *b)
{
    assert_memory_equal(a->cell, b->cell, sizeof a->cell);
    assert_int_equal(a->to_move, b->to_move);
    assert_int_equal(a->present, b->present);
    assert_int_equal(a->alive, b->alive);
    assert_int_equal(a->quiet, b->quiet);
    assert_int_equal(a->moves, b->moves);
    assert_int_equal(a->hash, b->hash);
    assert_ptr_equal(a->rules, b->rules);
    assert_ptr_equal(a->board, b->board);
    assert_memory_equal(a->side, b->side, sizeof a->side);
    assert_int_equal(a->result.status, b->result.status);
    assert_int_equal(a->result.winners, b->result.winners);
}

/* position -> string -> position is exact at every ply of real games,
 * and also for each seat's view (unknown pieces). */
static void positions_round_trip_at_every_ply_of_real_games(void **state)
{
    (void)state;
    const char *files[] = {"jgs-000029.jgs", "jgs-000638.jgs", "jgs-002751.jgs"};
    size_t checked = 0;
    for (size_t f = 0; f < 3; f++) {
        char rel[128];
        snprintf(rel, sizeof rel, "tests/data/perft/replays/%s", files[f]);
        junqi_game *g = load_replay(source_path(rel));
        assert_non_null(g);
        junqi_replay r;
        junqi_replay_start(&r, g, NULL, NULL);
        do {
            junqi_position views[2] = {r.pos};
            junqi_position_view(&views[1], &r.pos, JUNQI_SOUTH, JUNQI_DARK);
            for (int v = 0; v < 2; v++) {
                char *text = junqi_pos_format(&views[v]);
                junqi_position back;
                junqi_diags d;
                junqi_diags_init(&d);
                if (!junqi_pos_parse(text, strlen(text), &back, &d))
                    fail_msg("%s: '%s' does not read: %s", files[f], text, d.items[0].message);
                same_position(&views[v], &back);
                char *again = junqi_pos_format(&back);
                assert_string_equal(again, text);
                assert_true(strlen(text) < 260);
                free(text);
                free(again);
                junqi_diags_free(&d);
                checked++;
            }
        } while (junqi_replay_next(&r));
        junqi_game_free(g);
    }
    assert_true(checked > 500);
}

static void the_two_player_start_position_reads_as_written(void **state)
{
    (void)state;
    const char *text = "NL.LF21/4L522/B.3.B/7.9.3/5.4.6/.8...7... s 0 0 -";
    junqi_position pos;
    junqi_diags d;
    junqi_diags_init(&d);
    /* 6 ranks only: not a position */
    assert_false(junqi_pos_parse(text, strlen(text), &pos, &d));
    assert_string_equal(junqi_code_name(d.items[0].code), "bad-position");
    junqi_diags_free(&d);
    const char *start = "NLFL21/4L522/3.4.B/7B.18/9.3.7/51663/S81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL s 0 0 -";
    assert_true(junqi_pos_parse(start, strlen(start), &pos, &d));
    assert_int_equal(pos.board->kind, JUNQI_TWO_PLAYER);
    assert_int_equal(pos.to_move, JUNQI_SOUTH);
    assert_int_equal(pos.cell[junqi_square_parse(pos.board, "a6", 2)], JUNQI_CELL(JUNQI_SOUTH, JUNQI_GENERAL));
    assert_int_equal(pos.cell[junqi_square_parse(pos.board, "b12", 3)], JUNQI_CELL(JUNQI_NORTH, JUNQI_FLAG));
    assert_int_equal(junqi_position_players(&pos), 2);
    char *again = junqi_pos_format(&pos);
    assert_string_equal(again, start);
    free(again);
}

static void bad_positions_are_located(void **state)
{
    (void)state;
    const struct {
        const char *text;
        int column;
        const char *message;
    } cases[] = {
        {"...../...../...../...../...../...../...../...../...../...../...../..... s 0 0 -", 73,
         "the seat to move, south, is not in the game"},
        {"..9../...../...../...../...../...../...../...../...../...../...../..... n 0 0 -", 3,
         "the piece '9' has no seat: write N, E, S or W before it"},
        {"N99.../...../...../...../...../...../...../...../...../...../...../..... n 0 0 -", 3,
         "north has more than 1 marshal"},
        {"N9..../...../...../...../...../...../...../...../...../...../...../..... n 0 0", 79,
         "the eliminated seats must be - or letters of nesw, in that order"},
        {"NLFL21/4L522/3.4.B/7B.18/9.3.7/51663/S81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL s 0 0 e", 81,
         "a seat listed as eliminated has no arm on this board"}, /* the fuzz smoke run's find */
        {"N9..../...../...../...../...../...../...../...../...../...../...../..... n 0 0 - chess", 82,
         "unknown rule set 'chess' (known: qq, standard, open, wiki, fanqi, fanfan, fanqi_wiki, huqi or zuhe)"},
        {"N9..../...../...../...../...../...../...../...../...../...../...../..... n 0 0 - qq", 82,
         "rule set 'qq' is for the four-player board, not the two-player board"},
        {"N9..../...../...../...../...../...../...../...../...../...../...../..... n 0 0 - standard,mode=bright", 82,
         "mode takes dark, double-open or open, not 'bright'"},
        {"N9...../...../...../...../...../...../...../...../...../...../...../..... n 0 0 -", 7,
         "rank 12 has too many points"},
        {"N9.x./...../...../...../...../...../...../...../...../...../...../..... n 0 0 -", 4,
         "'x' is not a piece symbol (9..1, B, L, F, ?), a seat (N, E, S, W) or '.'"},
        /* a character that is no symbol is quoted whole, not its first byte ('\xe5') */
        {"N9.军./...../...../...../...../...../...../...../...../...../...../..... n 0 0 -", 4,
         "'军' is not a piece symbol (9..1, B, L, F, ?), a seat (N, E, S, W) or '.'"},
        {"S9.N军/...../...../...../...../...../...../...../...../...../...../..... n 0 0 -", 4,
         "a seat letter stands right before a piece, not before '军'"},
        /* a message of more than 200 bytes, whole (it was cut at 200: "... reveal_on") */
        {"N9..../...../...../...../...../...../...../...../...../...../...../..... n 0 0 - standard,foo=1", 82,
         "unknown switch 'foo' (the switches of 'standard' are landmine_vs_piece, bomb_vs_flag, no_combat_draw, "
         "first, mode, bomb_moves, bomb_front_row, rail_mode, hq_locks, timeouts, engineer_scout, "
         "reveal_on_combat or mountain)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        junqi_position pos;
        junqi_diags d;
        junqi_diags_init(&d);
        assert_false(junqi_pos_parse(cases[i].text, strlen(cases[i].text), &pos, &d));
        assert_int_equal(d.n, 1);
        if (strcmp(d.items[0].message, cases[i].message) != 0 || d.items[0].loc.column != cases[i].column)
            fail_msg("'%s': expected col %d '%s', got col %d '%s'", cases[i].text, cases[i].column,
                     cases[i].message, d.items[0].loc.column, d.items[0].message);
        junqi_diags_free(&d);
    }
}

/* The one error a position string gets: its column and message. */
static void refused_at(const char *text, int column, const char *message)
{
    junqi_position pos;
    junqi_diags d;
    junqi_diags_init(&d);
    assert_false(junqi_pos_parse(text, strlen(text), &pos, &d));
    assert_int_equal(d.n, 1);
    assert_string_equal(junqi_code_name(d.items[0].code), "bad-position");
    if (strcmp(d.items[0].message, message) != 0 || d.items[0].loc.column != column)
        fail_msg("'%s': expected col %d '%s', got col %d '%s'", text, column, message,
                 d.items[0].loc.column, d.items[0].message);
    junqi_diags_free(&d);
}

/* A position string that reads, and writes back as it was. */
static void accepted(const char *text)
{
    junqi_position pos;
    junqi_diags d;
    junqi_diags_init(&d);
    if (!junqi_pos_parse(text, strlen(text), &pos, &d))
        fail_msg("'%s' does not read: %s", text, d.items[0].message);
    char *again = junqi_pos_format(&pos);
    assert_string_equal(again, text);
    free(again);
    junqi_diags_free(&d);
}

/* Landmines never move (rules.md): one outside its seat's last two rows is
 * in no game, and the message says where its seat may place it. */
static void a_landmine_outside_its_seats_last_two_rows_is_refused(void **state)
{
    (void)state;
    refused_at(".NF.../...../...../...../...../...../...../...../...../..SL../...../.F... s 0 0 -", 59,
               "south's landmine stands on c3: a landmine never moves, and south may place it only on "
               "a2, b2, c2, d2, e2, a1, b1, c1, d1 or e1");
    /* four-player: rank 3 of south's arm */
    refused_at("N2LLF7/65BLB/3.2.6/31.38/4.1.5/24719/W4L3355...E65B42L/WF1.B.2E1.8.LF/WL38.11...E91.134/"
               "W27.4.2E3.7.L2/WL66B79...E25B736/S93215/B.4.7/31.2B/5.3.L/867L6/124FL n 0 0 -", 145,
               "south's landmine stands on k3: a landmine never moves, and south may place it only on "
               "g2, h2, i2, j2, k2, g1, h1, i1, j1 or k1");
}

/* A seat places its landmines in its own arm: not in another seat's last
 * rows, not in the centre, not on a mountain. */
static void a_landmine_off_its_own_arm_is_refused(void **state)
{
    (void)state;
    refused_at("SLNF.../...../...../...../...../...../...../...../...../...../...../.SF... s 0 0 -", 2,
               "south's landmine stands on a12: a landmine never moves, and south may place it only on "
               "a2, b2, c2, d2, e2, a1, b1, c1, d1 or e1");
    refused_at("N2LLF7/65BLB/3.2.6/31.38/4.1.5/24719/W4L3355...E65B42L/WF1.B.2E1.8.LF/WL38.11SL..E91.134/"
               "W27.4.2E3.7.L2/WL66B79...E25B736/S93215/B.4.7/31.2B/5.3.6/867L./124FL n 0 0 -", 79,
               "south's landmine stands on g9: a landmine never moves, and south may place it only on "
               "g2, h2, i2, j2, k2, g1, h1, i1, j1 or k1");
    refused_at(".NF.../...../...../...../...../...../.SL/...../...../...../...../...../.F... s 0 0 - "
               "standard,mountain=shelter", 40,
               "south's landmine stands on dM: a landmine never moves, and south may place it only on "
               "a2, b2, c2, d2, e2, a1, b1, c1, d1 or e1");
}

/* The flag never moves: it stands on one of its own seat's headquarters. */
static void a_flag_outside_its_seats_headquarters_is_refused(void **state)
{
    (void)state;
    refused_at(".NF.../...../...../...../...../...../...../...../...../...../...../..SF.. s 0 0 -", 71,
               "south's flag stands on c1: a flag never moves, and south may place it only on b1 or d1");
    refused_at(".NF.SF./...../...../...../...../...../...../...../...../...../...../..... s 0 0 -", 6,
               "south's flag stands on d12: a flag never moves, and south may place it only on b1 or d1");
    refused_at("N2LLF7/65BLB/3.2.6/31.38/4.1.5/24719/W4L3355...E65B42L/WF1.B.2E1.8.LF/WL38.11...E91.134/"
               "W27.4.2E3.7.LSF/WL66B79...E25B736/S93215/B.4.7/31.2B/5.3.6/867LL/124.L n 0 0 -", 103,
               "south's flag stands on q8: a flag never moves, and south may place it only on h1 or j1");
}

/* A seat in the game has its flag (a captured flag takes its seat out):
 * shown, or a hidden piece on a square where it may stand. The error is at
 * the first such square. */
static void a_seat_without_a_flag_or_a_hidden_piece_where_it_may_stand_is_refused(void **state)
{
    (void)state;
    refused_at("N\?..../...../...../...../...../...../...../...../...../...../...../.SF... s 0 0 -", 3,
               "north's flag is not on the board: a seat in the game has its flag, shown or hidden, "
               "where it may be placed (b12 or d12)");
    refused_at("N\?.\?.\?/\?\?\?\?\?/\?.\?.\?/\?\?.\?\?/\?.\?.\?/\?\?\?\?\?/W4L3355...E\?\?\?\?\?\?/WF1.B.2E\?.\?.\?\?/WL38.11...E\?\?.\?\?\?/"
               "W27.4.2E\?.\?.\?\?/WL66B79...E\?\?\?\?\?\?/S\?\?\?\?\?/\?.\?.\?/\?\?.\?\?/\?.\?.\?/\?\?\?\?\?/\?\?\?\?\? n 0 0 -", 3,
               "north's flag is not on the board: a seat in the game has its flag, shown or hidden, "
               "where it may be placed (h17 or j17)");
    refused_at(".NF.../...../...../...../...../...../...../...../...../...../...../S9.... s 0 0 -", 70,
               "south's flag is not on the board: a seat in the game has its flag, shown or hidden, "
               "where it may be placed (b1 or d1)");
}

/* What no rule limits reads: hidden pieces anywhere (any one on a
 * headquarters may be the flag), bombs anywhere (they move, even from row 1
 * under bomb_front_row=forbid), landmines anywhere in the last two rows, in
 * every rule set of the formation game; and flip positions, whose pieces
 * are dealt anywhere, keep their own notation and rules. */
static void pieces_that_move_and_hidden_pieces_may_stand_anywhere(void **state)
{
    (void)state;
    accepted(".N\?.../\?...\?/...../...../...../...../...../...../...../..S\?../...../.F... s 0 0 -");
    accepted(".NF.../...../...../...../...../...../SB..../...../...../...../...../.F..NB s 0 0 -");
    accepted(".NF.../...../...../...../...../...../...../...../...../...../SL...L/.F..L s 0 0 - "
             "standard,bomb_front_row=allow");
    accepted("N\?\?\?\?\?/\?\?\?\?\?/\?.\?.\?/\?\?.\?\?/\?.\?.\?/\?\?\?\?\?/W4L3355...E\?\?\?\?\?\?/WF1.B.2E\?.\?.\?\?/WL38.11...E\?\?.\?\?\?/"
             "W27.4.2E\?.\?.\?\?/WL66B79...E\?\?\?\?\?\?/S\?\?\?\?\?/\?.\?.\?/\?\?.\?\?/\?.\?.\?/\?\?\?\?\?/\?\?\?\?\? n 0 0 -");
    const char *flip = "r8..../...../.6..F/.bL.../...../....r9/...../.5.../...../L..../.bLrL.bF/..r2.L "
                       "-s:all_movable_lost 0 167 sr r77654433322111BBb9877665544333222111BBL fanqi";
    junqi_flip pos;
    junqi_diags d;
    junqi_diags_init(&d);
    assert_true(junqi_flip_pos_parse(flip, strlen(flip), &pos, &d));
    junqi_diags_free(&d);
}

static junqi_formations read_yaml(const char *text, junqi_diags *d, bool ok)
{
    junqi_formations list = {0};
    assert_int_equal(junqi_formation_read_yaml((const uint8_t *)text, strlen(text), &list, d), ok);
    return list;
}

static void yaml_formations_read_in_every_accepted_form(void **state)
{
    (void)state;
    junqi_diags d;
    junqi_diags_init(&d);
    /* a sequence of two formations, names in four styles, ~ and camp at camps */
    junqi_formations list = read_yaml(
        "- name: 河东狮吼\n  board: four-player\n  rows:\n"
        "  - [师长, 工兵, 连长, 排长, 师长]\n  - [旅长, ~, 连长, ~, 炸弹]\n"
        "  - [炸弹, 营长, ~, 团长, 旅长]\n  - [军长, camp, 工兵, ~, 连长]\n"
        "  - [司令, 工兵, 营长, 地雷, 排长]\n  - [团长, 排长, 地雷, 军旗, 地雷]\n"
        "- rows:\n  - [7, 1, 3, 2, 7]\n  - [6, ~, 3, ~, B]\n  - [B, 4, ~, 5, 6]\n"
        "  - [8, ~, 工, ~, 連]\n  - [9, engineer, 营, L, 排]\n  - [团, 排長, 雷, F, landmine]\n",
        &d, true);
    assert_int_equal(list.n, 2);
    assert_string_equal(list.items[0].name, "河东狮吼");
    assert_true(list.items[0].has_board);
    assert_null(list.items[1].name);
    assert_memory_equal(list.items[0].setup, list.items[1].setup, sizeof list.items[0].setup);
    for (size_t i = 0; i < 2; i++)
        assert_int_equal(junqi_formation_check(&list.items[i], NULL, &d), 0);
    assert_int_equal(list.items[0].cell[3][4].line, 7);
    assert_int_equal(list.items[0].cell[3][4].column, 23); /* characters, not bytes */
    junqi_formations_free(&list);
    /* several documents */
    list = read_yaml("rows: [[7,1,3,2,7],[6,~,3,~,B],[B,4,~,5,6],[8,~,1,~,3],[9,1,4,L,2],[5,2,L,F,L]]\n"
                     "---\nname: two\nrows: [[7,1,3,2,7],[6,~,3,~,B],[B,4,~,5,6],[8,~,1,~,3],[9,1,4,L,2],[5,2,L,F,L]]\n",
                     &d, true);
    assert_int_equal(list.n, 2);
    assert_string_equal(list.items[1].name, "two");
    junqi_formations_free(&list);
    /* an empty document (a --- with nothing after it, as a writer of documents
     * may end each one, or ~) is no formation, and no error either */
    list = read_yaml("---\nrows: [[7,1,3,2,7],[6,~,3,~,B],[B,4,~,5,6],[8,~,1,~,3],[9,1,4,L,2],[5,2,L,F,L]]\n"
                     "---\n---\n~\n---\n", &d, true);
    assert_int_equal(list.n, 1);
    junqi_formations_free(&list);
    assert_int_equal(d.errors, 0);
    junqi_diags_free(&d);
}

/* A flip position's errors are said whole: the reader kept its first
 * problem in 200 bytes, and a bad value of 300 bytes lost the message's end. */
static void a_flip_position_says_its_errors_whole(void **state)
{
    (void)state;
    char text[1000], value[301];
    memset(value, 'x', 300);
    value[300] = '\0';
    snprintf(text, sizeof text, "#####/#####/#.#.#/##.##/#.#.#/#####/#b2###/#.#.#/##.##/#.#.#/#####/#r4### "
             "s 2 2 ?sbbrn - fanqi,flag_win=%s", value);
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_flip pos;
    assert_false(junqi_flip_pos_parse(text, strlen(text), &pos, &d));
    assert_int_equal(d.n, 1);
    const char *m = d.items[0].message;
    assert_non_null(strstr(m, value));
    assert_string_equal(m + strlen(m) - 2, "x'");
    junqi_diags_free(&d);
    /* a character that is no symbol is quoted whole, not its first byte */
    static const char *const bad[][2] = {
        {"#####/#####/#.#.#/##.##/#.#.#/#####/#b2#军#/#.#.#/##.##/#.#.#/#####/#r4### s 2 2 ?sbbrn - fanqi",
         "'军' is not a piece symbol (9..1, B, L, F, *SYM, *?, #), a colour (r, b) or '.'"},
        {"#####/#####/#.#.#/##.##/#.#.#/#####/#b军###/#.#.#/##.##/#.#.#/#####/#r4### s 2 2 ?sbbrn - fanqi",
         "a colour letter stands right before a piece, not before '军'"},
        {"#####/#####/#.#.#/##.##/#.#.#/#####/#b2###/#.#.#/##.##/#.#.#/#####/#r4### s 2 2 ?sbbrn r军 fanqi",
         "a colour letter stands right before a piece, not before '军'"},
        {"#####/#####/#.#.#/##.##/#.#.#/#####/#b2###/#.#.#/##.##/#.#.#/#####/#r4### s 2 2 ?sbbrn 军 fanqi",
         "'军' is not a piece symbol or a colour in the removed pieces"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        junqi_diags_init(&d);
        assert_false(junqi_flip_pos_parse(bad[i][0], strlen(bad[i][0]), &pos, &d));
        assert_string_equal(d.items[0].message, bad[i][1]);
        junqi_diags_free(&d);
    }
}

/* A long piece name or key is quoted as JGN's tokens are: at most
 * JUNQI_QUOTE_MAX bytes, cut between characters, then "..." */
static void yaml_quotes_a_long_name_in_part(void **state)
{
    (void)state;
    char text[4000];
    int n = sprintf(text, "rows: [[");
    for (int i = 0; i < 600; i++)
        n += sprintf(text + n, "军");
    n += sprintf(text + n, ",1,3,2,7]]\n");
    for (int i = 0; i < 1000; i++)
        text[n++] = 'k';
    strcpy(text + n, ": 1\n");
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_formations list = read_yaml(text, &d, false);
    int quoted = 0;
    for (size_t i = 0; i < d.n; i++) {
        const char *m = d.items[i].message;
        if (d.items[i].code != JUNQI_CODE_UNKNOWN_PIECE_NAME && d.items[i].code != JUNQI_CODE_BAD_FORMATION)
            continue;
        assert_true(strlen(m) < 200);
        assert_true(junqi_utf8_valid(m, strlen(m)));
        assert_non_null(strstr(m, "...'"));
        quoted++;
    }
    assert_int_equal(quoted, 2);
    junqi_formations_free(&list);
    junqi_diags_free(&d);
}

/* Every violation at once, each at its entry. */
static void yaml_violations_are_all_reported_where_they_are(void **state)
{
    (void)state;
    junqi_diags d;
    junqi_diags_init(&d);
    junqi_formations list = read_yaml("name: broken\n"
                                      "rows:\n"
                                      "  - [B, 1, 3, 2, 7]\n"      /* bomb in the front row */
                                      "  - [6, 司令, 3, ~, 7]\n"   /* piece on a camp */
                                      "  - [B, 4, ~, 5, 6]\n"
                                      "  - [8, ~, L, ~, 3]\n"      /* landmine in row 4 */
                                      "  - [F, 1, 4, 2]\n"         /* flag outside a HQ; 4 entries */
                                      "  - [5, 2, L, xx, L]\n",    /* unknown name */
                                      &d, false);
    assert_int_equal(list.n, 1);
    junqi_formation_check(&list.items[0], NULL, &d);
    const struct {
        const char *code;
        int line, column;
    } want[] = {
        {"row-length", 7, 5}, {"unknown-piece-name", 8, 15}, {"bomb-front-row", 3, 6},
        {"piece-on-camp", 4, 9}, {"landmine-row", 6, 12}, {"flag-not-in-headquarters", 7, 6},
    };
    assert_int_equal(d.n, sizeof want / sizeof want[0]);
    for (size_t i = 0; i < d.n; i++) {
        if (strcmp(junqi_code_name(d.items[i].code), want[i].code) != 0 || d.items[i].loc.line != want[i].line ||
            d.items[i].loc.column != want[i].column)
            fail_msg("diagnostic %zu: expected %s at %d:%d, got %s at %d:%d (%s)", i, want[i].code,
                     want[i].line, want[i].column, junqi_code_name(d.items[i].code), d.items[i].loc.line,
                     d.items[i].loc.column, d.items[i].message);
    }
    junqi_formations_free(&list);
    junqi_diags_free(&d);
    /* YAML syntax errors carry libyaml's mark */
    list = read_yaml("rows: [[1, 2\nname: x\n", &d, false);
    assert_string_equal(junqi_code_name(d.items[0].code), "yaml-syntax");
    assert_int_equal(d.items[0].loc.line, 2);
    junqi_formations_free(&list);
    junqi_diags_free(&d);
}

/* A formation's counts in the singular for one and the plural for more ("rows has 1 rows" was
 * written for one row). */
static void yaml_counts_are_said_in_the_singular_and_the_plural(void **state)
{
    (void)state;
    static const struct { const char *text, *message; } cases[] = {
        {"rows: [[7,1,3,2,7]]\n", "rows has 1 row, a formation has 6"},
        {"rows: [[7,1,3,2,7],[6,~,3,~,B]]\n", "rows has 2 rows, a formation has 6"},
        {"rows: [[7],[6,~,3,~,B],[B,4,~,5,6],[8,~,1,~,3],[9,1,4,L,2],[5,2,L,F,L]]\n",
         "row 1 has 1 entry, a row has 5"},
        {"rows: [[7,1,3,2,7,3],[6,~,3,~,B],[B,4,~,5,6],[8,~,1,~,3],[9,1,4,L,2],[5,2,L,F,L]]\n",
         "row 1 has 6 entries, a row has 5"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        junqi_diags d;
        junqi_diags_init(&d);
        junqi_formations list = read_yaml(cases[i].text, &d, false);
        assert_string_equal(d.items[0].message, cases[i].message);
        junqi_formations_free(&list);
        junqi_diags_free(&d);
    }
}

/* The statuses of reading every item of text (len bytes, NULs and all) as a file, one letter
 * each (o read, b broken), in out, and the first diagnostic as "code line:column", in first. */
static void read_items(const char *text, size_t len, char *out, size_t n, char *first, size_t first_n)
{
    junqi_source *src = junqi_source_memory(text, len, "t", 0);
    assert_non_null(src);
    junqi_diags d;
    junqi_diags_init(&d);
    size_t k = 0;
    junqi_input in;
    for (junqi_read_status rc; (rc = junqi_source_next(src, &in, &d)) != JUNQI_READ_END && k + 1 < n;) {
        out[k++] = rc == JUNQI_READ_OK ? 'o' : 'b';
        junqi_input_free(&in);
    }
    out[k] = '\0';
    snprintf(first, first_n, "%s %d:%d", d.n ? junqi_code_name(d.items[0].code) : "-", d.n ? d.items[0].loc.line : 0,
             d.n ? d.items[0].loc.column : 0);
    junqi_diags_free(&d);
    junqi_source_close(src);
}

/* A NUL byte in a file of position strings (formation or flip ones) or in a YAML formation is
 * the nul-byte error at the byte, as in JGN: a position line with one was "'/' is not a piece
 * symbol" (the parser stopped at the NUL), one at the end of a line another error, and a YAML
 * file with one no format junqi reads (libyaml refuses it at once). The other lines of a
 * position file are read; a binary file that starts with NUL bytes is still no format. */
static void a_nul_byte_is_the_nul_byte_error_where_it_is(void **state)
{
    (void)state;
    static const char pos[] = ".NF.../.S9.../...../...../...../....N3/...../...../...../...../...../.SF... s 0 40 -",
                      flip[] = ".bF.../.r2..b9/...../...../...../*3..../r4..../...../...../....5/...../..... s 0 40 sr "
                               "r9877665433322111BBLLLFb87766554433222111BBLLL fanqi_wiki",
                      rows[] = "rows: [[7,1,3,2,7],[6,~,3,~,B],[B,4,~,5,6],[8,~,1,~,3],[9,1,4,L,2],[5,2,L,F,L]]\n";
    static const struct { const char *head; size_t at; const char *tail, *items, *first; } cases[] = {
        {pos, 15, "\n", "ob", "nul-byte 2:16"},           /* in a word, the second line */
        {pos, sizeof pos - 1, "\n", "ob", "nul-byte 2:85"}, /* at the end of the line */
        {pos, 0, "\n", "ob", "nul-byte 2:1"},             /* first */
        {flip, 20, "\n", "ob", "nul-byte 2:21"},
        {rows, 75, "", "b", "nul-byte 1:76"},             /* in a row */
        {rows, sizeof rows - 1, "", "b", "nul-byte 2:1"}, /* after the document */
        {"", 0, "\1binary", "b", "unknown-format -1:-1"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        /* positions: a good line first; then the text with a NUL byte at `at`, and the tail */
        const char *head = cases[i].head;
        char text[600], items[8], first[64];
        int n = snprintf(text, sizeof text, "%s%s%.*s", head == rows ? "" : head, *head && head != rows ? "\n" : "",
                         (int)cases[i].at, head);
        text[n++] = '\0';
        n += snprintf(text + n, sizeof text - (size_t)n, "%s%s", head + cases[i].at, cases[i].tail);
        read_items(text, (size_t)n, items, sizeof items, first, sizeof first);
        if (strcmp(items, cases[i].items) != 0 || strcmp(first, cases[i].first) != 0)
            fail_msg("case %zu: items '%s', first diagnostic '%s'; expected '%s', '%s'", i, items, first,
                     cases[i].items, cases[i].first);
    }
}

static void published_formations_validate_except_the_one_with_wrong_counts(void **state)
{
    (void)state;
    const char *ids[] = {"F01", "F03", "F05", "F06", "F07", "F09", "F11", "F13",
                         "F15", "F17", "F19", "F21", "F23", "F25", "F27"};
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
        char rel[64];
        snprintf(rel, sizeof rel, "samples/formations/%s.yaml", ids[i]);
        size_t len;
        uint8_t *data = read_file(source_path(rel), &len);
        assert_non_null(data);
        junqi_diags d;
        junqi_diags_init(&d);
        junqi_formations list = {0};
        assert_true(junqi_formation_read_yaml(data, len, &list, &d));
        assert_int_equal(list.n, 1);
        int errors = junqi_formation_check(&list.items[0], NULL, &d);
        if (strcmp(ids[i], "F06") == 0) {
            assert_int_equal(errors, 2);
            assert_string_equal(d.items[0].message, "wrong number of engineers: 3 expected, found 2");
            assert_string_equal(d.items[1].message, "wrong number of captains: 3 expected, found 4");
        } else {
            assert_int_equal(errors, 0);
        }
        /* the same formation as QQ's .jql file (tests/data/jql) */
        char path[64];
        snprintf(path, sizeof path, "tests/data/jql/%s.jql", ids[i]);
        size_t jlen;
        uint8_t *jql = read_file(source_path(path), &jlen), setup[6][5];
        assert_non_null(jql);
        assert_true(junqi_qq_read_formation(jql, jlen, setup, NULL));
        assert_memory_equal(setup, list.items[0].setup, sizeof setup);
        free(jql);
        junqi_formations_free(&list);
        junqi_diags_free(&d);
        free(data);
    }
}

/* The message of the one error a position string gives, or NULL when it reads. */
static char *position_error(const char *text)
{
    static char msg[300];
    junqi_position pos;
    junqi_diags d;
    junqi_diags_init(&d);
    bool ok = junqi_pos_parse(text, strlen(text), &pos, &d);
    snprintf(msg, sizeof msg, "%s", d.n ? d.items[0].message : "");
    junqi_diags_free(&d);
    return ok ? NULL : msg;
}

#define TWO_PLAYER_START "NLFL21/4L522/3.4.B/7B.18/9.3.7/51663/S81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL"

/* Issue 10, defect 11: a position already at the no-combat limit (70 under
 * standard, even 71) was a live game with legal moves. At the limit the
 * game is drawn: with '-' it reads as a draw, with a seat to move it is an
 * error, and past the limit always. */
static void defect11_a_position_at_the_no_combat_limit_is_a_draw(void **state)
{
    (void)state;
    assert_null(position_error(TWO_PLAYER_START " n 69 100 -"));
    assert_string_equal(position_error(TWO_PLAYER_START " n 70 100 -"),
                        "the no-combat count has reached the limit of standard, 70: the game is drawn "
                        "and no seat is to move (write -)");
    assert_string_equal(position_error(TWO_PLAYER_START " n 71 100 -"),
                        "the no-combat count 71 is past the limit of standard, 70");
    assert_non_null(position_error(TWO_PLAYER_START " - 71 100 -"));
    junqi_position pos;
    assert_true(junqi_pos_parse(TWO_PLAYER_START " - 70 100 -", strlen(TWO_PLAYER_START " - 70 100 -"),
                                &pos, NULL));
    assert_int_equal(pos.result.status, JUNQI_DRAWN);
    assert_int_equal(pos.result.reason, JUNQI_REASON_NO_COMBAT_DRAW);
    junqi_move moves[JUNQI_MAX_MOVES];
    assert_int_equal(junqi_generate_moves(&pos, moves), 0);
}

/* Issue 10, defect 7 (positions): a position of one seat is not a game. */
static void defect07_a_position_of_one_seat_is_not_a_game(void **state)
{
    (void)state;
    assert_string_equal(position_error("NLFL21/4L522/3.4.B/7B.18/9.3.7/51663/...../...../...../...../...../..... n 0 0 -"),
                        "only north takes part: a game needs two sides (seats that are out are listed "
                        "as eliminated)");
    /* the other seat out: a decided game */
    assert_null(position_error("NLFL21/4L522/3.4.B/7B.18/9.3.7/51663/...../...../...../...../...../..... - 0 40 s"));
}

/* Diagnostics at the given lines (0 ends the list), with no source line yet. */
/* A pipe that its writer holds open: the format was told from a fixed block of 4,096 bytes, so
 * that the first game was read only once that much had come or the pipe was closed (a program
 * streaming games had no answer). The games are in the pipe and its write end stays open while
 * the first is read: a read that waited for more would never end, and the alarm ends the test
 * (a failure, never a hang); nothing is timed. */
static void a_pipe_held_open_gives_its_first_game_as_the_second_starts(void **state)
{
    (void)state;
    static const char games[] = "[Board \"two-player\"]\n[Event \"first\"]\n\n*\n\n[Board \"two-player\"]\n";
    int fd[2];
    assert_int_equal(pipe(fd), 0);
    assert_int_equal(write(fd[1], games, sizeof games - 1), (ssize_t)(sizeof games - 1));
    char err[256];
    alarm(30);
    junqi_source *src = junqi_source_stream(fdopen(fd[0], "rb"), "pipe", 0, err, sizeof err);
    assert_non_null(src);
    junqi_input in;
    junqi_diags d;
    junqi_diags_init(&d);
    assert_int_equal(junqi_source_next(src, &in, &d), JUNQI_READ_OK);
    assert_string_equal(junqi_game_tag(in.game, "Event"), "first");
    alarm(0);
    junqi_input_free(&in);
    close(fd[1]); /* the writer ends: the second game ends with the input */
    assert_int_equal(junqi_source_next(src, &in, &d), JUNQI_READ_OK);
    assert_null(junqi_game_tag(in.game, "Event"));
    junqi_input_free(&in);
    assert_int_equal(junqi_source_next(src, &in, &d), JUNQI_READ_END);
    junqi_source_close(src);
    junqi_diags_free(&d);
}

static void diags_at(junqi_diags *d, const int *lines)
{
    for (; *lines; lines++)
        junqi_diags_add(d, JUNQI_CODE_BAD_POSITION, -1, (junqi_loc){-1, -1, *lines, 1, 0}, "here");
}

/* The source lines of d's diagnostics from `from` on, '|'-separated ("-": none), into buf. */
static const char *lines_of(const junqi_diags *d, size_t from, char *buf, size_t n)
{
    buf[0] = '\0';
    for (size_t i = from; i < d->n; i++)
        snprintf(buf + strlen(buf), n - strlen(buf), "%s%s", i > from ? "|" : "",
                 d->items[i].source_line ? d->items[i].source_line : "-");
    return buf;
}

static void diagnostics_get_their_lines_in_any_order(void **state)
{
    (void)state;
    const char *text = "one\ntwo\r\nthree\nfour";
    char buf[256];
    junqi_diags d;
    junqi_diags_init(&d);
    diags_at(&d, (const int[]){3, 3, 1, 4, 2, 9, 0});
    junqi_diags_attach_lines(&d, 0, text, strlen(text), 1);
    assert_string_equal(lines_of(&d, 0, buf, sizeof buf), "three|three|one|four|two|-");
    /* a text whose first line is line 10 of its input */
    diags_at(&d, (const int[]){11, 5, 10, 0});
    junqi_diags_attach_lines(&d, 6, text, strlen(text), 10);
    assert_string_equal(lines_of(&d, 6, buf, sizeof buf), "two|-|one");
    junqi_diags_free(&d);
    /* a source's lines: each call goes on from the last one's, or starts again */
    junqi_source *src = junqi_source_string(text);
    assert_non_null(src);
    int calls[][3] = {{2, 0}, {4, 3, 0}, {1, 0}, {4, 0}};
    const char *want[] = {"two", "four|three", "one", "four"};
    junqi_diags_init(&d);
    for (size_t c = 0; c < 4; c++) {
        size_t from = d.n;
        diags_at(&d, calls[c]);
        junqi_source_attach_lines(src, &d, from);
        assert_string_equal(lines_of(&d, from, buf, sizeof buf), want[c]);
    }
    junqi_diags_free(&d);
    junqi_source_close(src);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(positions_round_trip_at_every_ply_of_real_games),
        cmocka_unit_test(the_two_player_start_position_reads_as_written),
        cmocka_unit_test(bad_positions_are_located),
        cmocka_unit_test(a_landmine_outside_its_seats_last_two_rows_is_refused),
        cmocka_unit_test(a_landmine_off_its_own_arm_is_refused),
        cmocka_unit_test(a_flag_outside_its_seats_headquarters_is_refused),
        cmocka_unit_test(a_seat_without_a_flag_or_a_hidden_piece_where_it_may_stand_is_refused),
        cmocka_unit_test(pieces_that_move_and_hidden_pieces_may_stand_anywhere),
        cmocka_unit_test(yaml_formations_read_in_every_accepted_form),
        cmocka_unit_test(yaml_violations_are_all_reported_where_they_are),
        cmocka_unit_test(yaml_quotes_a_long_name_in_part),
        cmocka_unit_test(yaml_counts_are_said_in_the_singular_and_the_plural),
        cmocka_unit_test(a_nul_byte_is_the_nul_byte_error_where_it_is),
        cmocka_unit_test(a_flip_position_says_its_errors_whole),
        cmocka_unit_test(diagnostics_get_their_lines_in_any_order),
        cmocka_unit_test(a_pipe_held_open_gives_its_first_game_as_the_second_starts),
        cmocka_unit_test(published_formations_validate_except_the_one_with_wrong_counts),
        cmocka_unit_test(defect11_a_position_at_the_no_combat_limit_is_a_draw),
        cmocka_unit_test(defect07_a_position_of_one_seat_is_not_a_game),
    };
    return cmocka_run_group_tests_name("formats", tests, NULL, NULL);
}
