# SPDX-License-Identifier: MIT
"""Tests of the Python binding (unittest). Run by `make check` through
tests/cli/python.sh, with JUNQI_LIBRARY (the library under test) and
JUNQI_BIN (the tools it is compared with) set; the data are the repository's
samples and test fixtures.

The binding and the tools share one implementation, so most tests compare
the binding's answer with the tool's output for the same question."""
import copy
import dataclasses
import gc
import json
import os
import pathlib
import pickle
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import unittest

import junqi

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BIN = os.environ.get("JUNQI_BIN", os.path.join(ROOT, "bin"))
GAME = os.path.join(ROOT, "samples", "qq", "jgs-000689.jgs")      # 192 moves, north-south win
LONG = os.path.join(ROOT, "samples", "qq", "jgs-000001.jgs")      # 432 moves, east-west win
CORRUPT = os.path.join(ROOT, "tests", "data", "corrupt")
FORMATION = os.path.join(ROOT, "samples", "formations", "F01.yaml")
FLIP = os.path.join(ROOT, "tests", "data", "flip")                # one game of each flip rule set
FLIP_GAMES = [os.path.join(FLIP, f + ".jgn") for f in ("fanqi", "fanfan", "fanqi_wiki", "huqi", "zuhe")]


def tool(name, *args, check=True):
    """A tool's standard output for args."""
    done = subprocess.run([os.path.join(BIN, name), *args], capture_output=True, text=True)
    if check and done.returncode != 0:
        raise AssertionError(f"{name} {' '.join(args)}: exit {done.returncode}: {done.stderr}")
    return done.stdout


def first(path, **kw):
    return next(junqi.read(path, **kw))


class ReadingTest(unittest.TestCase):
    def test_a_qq_replay_reads_as_a_game_named_by_its_source(self):
        g = first(GAME)
        self.assertIsInstance(g, junqi.Game)
        self.assertEqual((g.source, g.game, g.board, g.rules, g.mode), (GAME, 1, "four-player", "qq", "dark"))
        self.assertEqual(len(g.moves), 192)
        self.assertEqual(g.moves[0].ply, 1)
        self.assertEqual(g.result.winner, "north-south")
        self.assertEqual(g.result.reason, "flag_captured")
        self.assertEqual(sorted(g.seats), ["east", "north", "south", "west"])
        self.assertEqual(g.seats["north"].player, "黄方玩家")
        self.assertEqual(g.diagnostics, [])

    def test_the_record_is_the_json_of_replay_to_json(self):
        g = first(GAME)
        self.assertEqual(g.to_json(), tool("junqi-replay", "--to", "json", GAME).rstrip("\n"))
        self.assertEqual(json.loads(g.to_json())["line"]["items"][0]["move"], g.moves[0].move)

    def test_the_dataclasses_have_every_key_of_the_json(self):
        # every shared replay when the shared data is there, else the bundled ones (no skip)
        shared = os.path.join(ROOT, "..", "shared", "data", "qq-replays")
        bundled = [os.path.join(ROOT, "tests", "data", "qq"), os.path.join(ROOT, "tests", "data", "perft", "replays")]
        folders = [shared] if os.path.isdir(shared) else bundled
        paths = sorted(os.path.join(d, f) for d in folders for f in os.listdir(d) if f.endswith((".jgs", ".jqs")))
        self.assertGreater(len(paths), 10)
        for path in paths + FLIP_GAMES:  # a flip game's record has keys of its own, and only it
            flip = path in FLIP_GAMES
            g = first(path)
            doc = json.loads(g.to_json())
            fields = set(g.__dataclass_fields__) - {"diagnostics", "_handle"} - (set() if flip else {"deal"})
            self.assertEqual(fields, set(doc))
            for item, obj in zip(g.line.items, doc["line"]["items"]):
                keys = set(item.__dataclass_fields__)
                want = set(obj) | ({"variations"} if obj["type"] == "move" else set())
                optional = {"code"} if obj["type"] == "eliminated" else set()
                optional |= {"colour", "drop", "part"} if obj["type"] == "move" and not flip else set()
                self.assertEqual(keys - optional, want - optional, f"{path}: {obj['type']}")
                self.assertLessEqual(want, keys, f"{path}: {obj['type']}")
        flip_only = {"colours", "face_down", "removed"}
        for path in (GAME, os.path.join(ROOT, "tests", "data", "qq", "jgs-002724.jgs")):
            pos = first(path).position(3)
            want = json.loads(tool("junqi-replay", "--ply", "3", "--format", "json", path))
            self.assertEqual(set(pos.__dataclass_fields__) - flip_only, set(want))
        for path in FLIP_GAMES:
            pos = first(path).position(40)
            want = json.loads(tool("junqi-replay", "--ply", "40", "--format", "json", path))
            self.assertEqual(set(pos.__dataclass_fields__) - {"eliminated"}, set(want), path)
            piece_keys = set().union(*(p.keys() for p in want["pieces"]))
            self.assertLessEqual(piece_keys, set(junqi.Piece.__dataclass_fields__), path)

    def test_jgn_and_a_seats_record_are_the_tools(self):
        g = first(GAME)
        self.assertEqual(g.to_jgn() + "\n", tool("junqi-replay", "--to", "jgn", GAME))
        self.assertEqual(g.to_jgn(view="west") + "\n", tool("junqi-replay", "--to", "jgn", "--view", "west", GAME))
        west = next(junqi.parse(g.to_jgn(view="west")))
        self.assertEqual(west.view, "west")
        self.assertIsNone(west.seats["north"].setup)
        self.assertIsNotNone(west.seats["west"].setup)

    def test_many_games_in_one_file_are_numbered(self):
        text = first(LONG).to_jgn() + "\n\n" + first(GAME).to_jgn()
        games = list(junqi.parse(text, name="two.jgn"))
        self.assertEqual([(g.source, g.game, len(g.moves)) for g in games], [("two.jgn", 1, 432), ("two.jgn", 2, 192)])

    def test_bytes_of_a_qq_file_and_a_position_string_parse(self):
        with open(GAME, "rb") as f:
            g = next(junqi.parse(f.read()))
        self.assertEqual((g.source, len(g.moves)), ("<memory>", 192))
        p = next(junqi.parse(g.notation(30)))
        self.assertEqual(p.position().ply, 30)
        self.assertEqual(p.start, g.notation(30))

    def test_contents_past_the_read_limit_raise_junqierror_as_a_file_does(self):
        # 256 MiB and one byte that is no JGN: the library reads no more whole; it was
        # MemoryError("out of memory") on a machine with memory to spare
        data = b"x" * ((256 << 20) + 1)
        for call in (lambda: junqi.parse(data, name="big.txt"), lambda: junqi.validate(data, name="big.txt")):
            with self.assertRaises(junqi.JunqiError) as caught:
                call()
            self.assertEqual(str(caught.exception), "big.txt: larger than the 256 MiB limit")
        del data

    def test_a_formation_reads_as_a_formation(self):
        (f,) = list(junqi.read(FORMATION))
        self.assertIsInstance(f, junqi.Formation)
        self.assertEqual((f.name, f.board, f.game), ("F01", "four-player", 1))
        self.assertEqual(len(f.setup.split("/")), 6)

    def test_unreadable_items_raise_or_are_skipped(self):
        bad = os.path.join(CORRUPT, "truncated.jgs")
        with self.assertRaises(junqi.JunqiError) as caught:
            list(junqi.read(bad))
        self.assertEqual(caught.exception.diagnostics[0].code, "truncated")
        self.assertEqual(list(junqi.read(bad, errors="skip")), [])
        with self.assertRaises(junqi.JunqiError):
            junqi.read(os.path.join(ROOT, "no", "such.jgs"))
        with self.assertRaises(ValueError):
            junqi.read(GAME, errors="ignore")

    def test_an_unreadable_item_raises_its_first_error_located_as_the_tools_say_it(self):
        with tempfile.TemporaryDirectory() as tmp:
            two = os.path.join(tmp, "two.jgn")
            with open(two, "w") as f:
                f.write('[Board "two-player"]\n\n1. a6-a7 *\n\n[Board "two-player"]\n\n1. a6-a7 2. zz *\n')
            for path in (os.path.join(CORRUPT, "truncated.jgs"), two):
                said = subprocess.run([os.path.join(BIN, "junqi-validate"), path], capture_output=True, text=True,
                                      env=dict(os.environ, LANGUAGE="", LC_ALL="C")).stdout
                located = [line for line in said.splitlines() if ": error: " in line]
                with self.assertRaises(junqi.JunqiError) as caught:
                    list(junqi.read(path))
                self.assertEqual(str(caught.exception), located[-1])  # two.jgn: 8:13, the unreadable game 2
                self.assertEqual([str(d) for v in junqi.validate(path) for d in v.diagnostics if d.severity == "error"],
                                 located)

    def test_a_file_name_that_is_not_utf8_names_the_file(self):
        # a GBK name, as a zip of Chinese Windows unpacks: the JSON shows it with U+FFFD
        with tempfile.TemporaryDirectory() as tmp:
            name = os.path.join(os.fsencode(tmp), "军棋".encode("gbk") + b".jgn")
            with open(name, "wb") as f:
                f.write(b'[Board "two-player"]\n\n1. a6-a7 *\n\n[Board "two-player"]\n\n1. a6-a7 2. zz *\n')
            path = os.fsdecode(name)
            for given in (name, path, pathlib.Path(path)):
                g = next(junqi.read(given, errors="skip"))
                named = [g.source, g.position(0).source, g.positions()[-1].source, g.validate().summary.source,
                         pickle.loads(pickle.dumps(g)).position(1).source]
                named += [v.summary.source for v in junqi.validate(path)]
                named += [d.file for v in junqi.validate(path) for d in v.diagnostics]
                named += [d.file for d in g.validate().diagnostics]
                with self.assertRaises(junqi.JunqiError) as caught:
                    list(junqi.read(given))
                named += [d.file for d in caught.exception.diagnostics]
                self.assertEqual(set(named), {path})
                with open(g.source, "rb") as f:  # the name opens the file
                    data = f.read()
                self.assertTrue(data.startswith(b"[Board"))
            # such a name given with the contents, and in arguments where the library says what is wrong
            g = next(junqi.parse(data, name=path))
            self.assertEqual((g.source, g.position(1).source, junqi.validate(data, name=path)[0].summary.source),
                             (path, path, path))
            with self.assertRaisesRegex(junqi.JunqiError, "unknown view"):
                g.position(1, view=path)

    def test_a_path_that_cannot_be_opened_raises_even_when_skipping(self):
        # errors="skip" leaves out items whose content is no game; a path named explicitly that
        # cannot be opened is a mistake to say, as the tools say it (exit status 3), not nothing
        missing = os.path.join(ROOT, "no", "such.jgs")
        with tempfile.TemporaryDirectory() as folder:
            for path, reason in ((missing, "No such file or directory"), (folder, "Is a directory")):
                for errors in ("raise", "skip"):
                    with self.assertRaisesRegex(junqi.JunqiError, f"^{re.escape(path)}: {reason}$"):
                        list(junqi.read(path, errors=errors))
                with self.assertRaisesRegex(junqi.JunqiError, f"^{re.escape(path)}: {reason}$"):
                    junqi.validate(path)
                done = subprocess.run([os.path.join(BIN, "junqi-validate"), path, GAME], capture_output=True,
                                      text=True)
                self.assertEqual((done.returncode, done.stderr), (3, f"junqi-validate: {path}: {reason}\n"))

    def test_an_empty_or_blank_input_holds_no_games(self):
        # the tools' "zero games": a no-games note and exit 0 (docs/conventions.md, FILE)
        for text in ("", " \n\n\t\n", "\n"):
            self.assertEqual(list(junqi.parse(text)), [], repr(text))
            self.assertEqual(list(junqi.parse(text.encode(), errors="skip")), [], repr(text))
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "blank.jgn")
            with open(path, "w") as f:
                f.write("\n  \n")
            self.assertEqual(list(junqi.read(path)), [])
            (v,) = junqi.validate(path)
            self.assertTrue(v.valid)
            self.assertEqual([d.code for d in v.diagnostics], ["no-games"])
            self.assertEqual(tool("junqi-replay", "--to", "jgn", path), "")  # the tool: zero games, exit 0

    def test_diagnostics_name_the_game_of_the_file_they_are_about(self):
        # as the summaries: a many-game file's problems grouped by game, never by line numbers
        text = b'[Board "two-player"]\n\n1. zz *\n\n[Board "two-player"]\n\n1. yy *\n'
        games = [[d.game for d in v.diagnostics if d.code == "bad-token"] for v in junqi.validate(text)]
        self.assertEqual(games, [[1], [2]])

    def test_validate_with_rules_reads_an_untagged_record_on_their_board(self):
        # as junqi-validate --rules standard: a record with no Board or Rules tag was a
        # four-player game before the rules were applied ("'c6' is not a square")
        text = ('[NorthSetup "36615/7.3.9/81.B7/B.4.3/225L4/12LFL"]\n'
                '[SouthSetup "81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL"]\n\n1. c6<c7 2. a7<a6 *\n').encode()
        (v,) = junqi.validate(text, rules="standard", name="untagged.jgn")
        self.assertTrue(v.valid, [str(d) for d in v.diagnostics])
        self.assertEqual([d.code for d in v.diagnostics], ["no-board"])
        (v,) = junqi.validate(text, name="untagged.jgn")
        self.assertFalse(v.valid)

    def test_read_and_parse_with_rules_read_an_untagged_record_on_their_board(self):
        # as junqi-replay --rules standard: read() and parse() had no rules, and a record with no
        # Board or Rules tag was a four-player game ("'c6' is not a square of the four-player board")
        text = ('[NorthSetup "36615/7.3.9/81.B7/B.4.3/225L4/12LFL"]\n'
                '[SouthSetup "81125/9.3.2/72.B7/5.3.4/6B63L/1L4FL"]\n\n1. c6<c7 2. a7<a6 *\n')
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "untagged.jgn")
            with open(path, "w") as f:
                f.write(text)
            for rules in ("standard", "standard,bomb_moves=engineer"):
                for g in (first(path, rules=rules), next(junqi.parse(text, rules=rules)),
                          next(junqi.parse(text.encode(), rules=rules, errors="skip"))):
                    self.assertEqual((g.board, g.rules), ("two-player", rules))
                    self.assertEqual([(m.seat, m.move, m.outcome) for m in g.moves],
                                     [("south", "c6-c7", "attacker_loses"), ("north", "a7-a6", "attacker_loses")])
                    self.assertEqual([d.code for d in g.diagnostics], ["no-board"])
                    self.assertTrue(g.validate().valid)
                    self.assertEqual(g.to_jgn() + "\n", tool("junqi-replay", "--rules", rules, "--to", "jgn", path))
            for read in (lambda: first(path), lambda: next(junqi.parse(text))):
                with self.assertRaisesRegex(junqi.JunqiError, "'c6' \\(in 'c6<c7'\\) is not a square of the "
                                                              "four-player board$"):
                    read()
        # a record that states its board keeps it, and is read under the rules given
        g = next(junqi.parse(first(GAME).to_jgn(), rules="qq,bomb_moves=engineer"))
        self.assertEqual((g.board, g.rules, len(g.moves)), ("four-player", "qq,bomb_moves=engineer", 192))

    def test_moves_without_tags_name_rules_as_python_takes_it(self):
        # the library's message, shared with the tools, named their --rules (H10): a Python
        # user gives the rule set as rules=, and the tools still say --rules
        text = "1. c8^b3 2. c5^r1 colour:north:red *\n"
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "moves.jgn")
            with open(path, "w") as f:
                f.write(text)
            for read in (lambda: first(path), lambda: next(junqi.parse(text))):
                with self.assertRaisesRegex(junqi.JunqiError, "or is read with rules=, on its set's board") as e:
                    read()
                self.assertNotIn("--rules", str(e.exception))
            (v,) = junqi.validate(text.encode())
            self.assertIn("or is read with rules=, on its set's board", v.diagnostics[0].message)
            self.assertIn("or is read with --rules, on its set's board", tool("junqi-validate", path, check=False))
            self.assertEqual(first(path, rules="fanqi").rules, "fanqi")

    def test_read_and_parse_refuse_bad_rules_as_validate_does(self):
        text = first(GAME).to_jgn()
        for rules in ("bogus", "standard,bomb_moves=nobody", ""):
            with self.assertRaises(junqi.JunqiError) as want:
                junqi.validate(text.encode(), rules=rules)
            for call in (lambda: junqi.read(GAME, rules=rules), lambda: junqi.parse(text, rules=rules)):
                with self.assertRaises(junqi.JunqiError) as got:
                    call()  # at once, not at the first item
                self.assertEqual(str(got.exception), str(want.exception))
        with self.assertRaisesRegex(TypeError, "^rules must be a str, not bytes$"):
            junqi.parse(text, rules=b"qq")
        # rules that do not fit a record raise naming the item, errors="skip" or not, as validate() does
        why = "rule set 'standard' is for the two-player board, and this is a four-player game"
        with self.assertRaisesRegex(junqi.JunqiError, f"^{re.escape(GAME)}: {re.escape(why)}$"):
            first(GAME, rules="standard", errors="skip")
        with self.assertRaisesRegex(junqi.JunqiError, f"^<memory>: game 1 \\(line 1\\): {re.escape(why)}$"):
            next(junqi.parse(text, rules="standard"))

    def test_a_broken_jgn_game_read_leniently_keeps_its_valid_part(self):
        text = first(GAME).to_jgn().replace("\n1. ", "\n1. zz ", 1)
        self.assertEqual(list(junqi.parse(text, errors="skip")), [])
        g = next(junqi.parse(text, lenient=True))
        self.assertTrue(any(d.severity == "error" for d in g.diagnostics))
        self.assertFalse(g.validate().valid)

    def test_an_iterator_dropped_before_its_end_closes_its_file(self):
        def open_files():
            return len(os.listdir("/proc/self/fd"))
        jgn = os.path.join(ROOT, "samples", "match", "setups.jgn")
        before = open_files()
        for _ in range(100):
            junqi.read(GAME)                  # never started
            junqi.read(jgn)
            next(junqi.read(jgn))             # started, not finished
            junqi.parse(b"[Board \"two-player\"]\n\n1. a6-a7 *\n")
        gc.collect()
        self.assertEqual(open_files(), before)

    def test_moves_share_their_seat_and_outcome_names(self):
        # a str per value, as json.loads makes them, is a third of a game's memory
        moves = first(LONG).moves + first(GAME).moves
        self.assertEqual(len({id(m.seat) for m in moves}), 4)
        self.assertEqual(len({id(m.outcome) for m in moves}), len({m.outcome for m in moves}))
        self.assertEqual(len({id(m.type) for m in moves}), 1)
        pieces = [p for pos in first(GAME).positions()[::40] for p in pos.pieces]
        self.assertEqual(len({id(p.piece) for p in pieces}), len({p.piece for p in pieces}))
        self.assertEqual(len({id(p.seat) for p in pieces}), 4)

    def test_handles_are_freed_with_their_games(self):
        for _ in range(200):
            g = first(GAME)
            self.assertEqual(g.position(5).ply, 5)
        del g
        gc.collect()


class PickleTest(unittest.TestCase):
    """A Game goes to other processes (multiprocessing pickles it) and is
    copied; its record in the library must go with it, never its address."""

    def test_a_pickled_game_replays_in_another_process(self):
        g = first(GAME)
        child = ("import pickle, sys, junqi\n"
                 "g = pickle.load(sys.stdin.buffer)\n"
                 "print(g.position(100, view='south') == pickle.load(sys.stdin.buffer), "
                 "g.validate().valid, g.perft(2, ply=30).nodes, g.notation(100))\n")
        done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=False,
                              input=pickle.dumps(g) + pickle.dumps(g.position(100, view="south")))
        self.assertEqual(done.returncode, 0, done.stderr.decode())
        self.assertEqual(done.stdout.decode().rstrip("\n"),
                         f"True True {g.perft(2, ply=30).nodes} {g.notation(100)}")

    def test_an_unpickled_game_is_the_same_game_and_outlives_the_original(self):
        games = list(junqi.read(os.path.join(ROOT, "samples", "match", "setups.jgn")))
        g = games[2]
        want = (g.positions(), g.validate(), g.to_json(), g.go(nodes=500))
        h = pickle.loads(pickle.dumps(g))
        del g, games
        gc.collect()
        self.assertEqual((h.game, h.positions()[0].game), (3, 3))
        self.assertEqual((h.positions(), h.validate(), h.to_json(), h.go(nodes=500)), want)

    def test_a_game_as_a_dict_is_json(self):
        g = first(GAME)
        doc = json.loads(json.dumps(dataclasses.asdict(g)))
        self.assertEqual((doc["source"], len(doc["line"]["items"])), (GAME, len(g.line.items)))

    def test_copies_keep_the_record_alive(self):
        g = first(GAME)
        want = g.position(100)
        copies = [copy.copy(g), copy.deepcopy(g), dataclasses.replace(g, tags={})]
        del g
        gc.collect()
        for _ in range(50):  # reuse the freed memory, were it freed
            first(LONG).position(7)
        for c in copies:
            self.assertEqual(c.position(100), want)


class PositionTest(unittest.TestCase):
    def test_a_position_in_a_seats_view_is_the_tools(self):
        g = first(GAME)
        want = json.loads(tool("junqi-replay", "--ply", "100", "--view", "south", "--format", "json", GAME))
        p = g.position(100, view="south")
        self.assertEqual((p.source, p.game, p.ply, p.to_move), (want["source"], want["game"], 100, want["to_move"]))
        self.assertEqual([(x.square, x.seat, x.piece) for x in p.pieces],
                         [(x["square"], x["seat"], x["piece"]) for x in want["pieces"]])
        self.assertIn("unknown", {x.piece for x in p.pieces if x.seat != "south"})

    def test_every_position_from_the_start_to_the_end(self):
        g = first(GAME)
        ps = g.positions()
        self.assertEqual([p.ply for p in ps], list(range(193)))
        self.assertEqual(ps[-1], g.position())
        self.assertIsNone(ps[0].result)
        self.assertEqual(ps[-1].result.winner, "north-south")
        self.assertEqual(ps[0].at(ps[0].pieces[0].square), ps[0].pieces[0])

    def test_positions_stop_before_an_illegal_move_as_the_tools(self):
        path = os.path.join(CORRUPT, "rail-turn.jgs")  # move 9 turns off the railway
        g = first(path)
        want = [json.loads(line) for line in tool("junqi-replay", "--all", "--format", "json", path,
                                                  check=False).splitlines()]
        self.assertEqual([p.ply for p in g.positions()], [p["ply"] for p in want])
        self.assertEqual(g.position().ply, want[-1]["ply"])
        self.assertEqual(g.notation(), tool("junqi-replay", "--format", "pos", path, check=False).rstrip("\n"))
        with self.assertRaisesRegex(junqi.JunqiError, "never had that position: the move after ply 8 is illegal"):
            g.position(9)
        lenient = tool("junqi-replay", "--lenient", "--all", "--format", "json", path, check=False).splitlines()
        self.assertEqual(len(g.positions(lenient=True)), len(lenient))
        self.assertEqual(g.go(depth=1).pv[0], json.loads(
            tool("junqi-analyze", "--go", "--depth", "1", "--format", "json", path, check=False))["pv"][0])

    def test_go_on_a_seats_record_plays_that_seat_only(self):
        # at another seat's turn the record does not hold what the mover knew: refused as the
        # tools and the protocol refuse it (it was played with south's knowledge for north's)
        south = next(junqi.parse(first(GAME).to_jgn(view="south")))
        turns = {south.position(p).to_move: p for p in range(20, 24)}
        self.assertTrue(south.go(turns["south"], nodes=500).bestmove)
        mover = next(seat for seat in turns if seat != "south")
        with self.assertRaisesRegex(junqi.JunqiError, f"^{mover} is to move, and the record does not show "
                                                      f"{mover}'s pieces: what that seat knew is not in it$"):
            south.go(turns[mover], nodes=500)

    def test_notation_is_replay_format_pos(self):
        g = first(GAME)
        self.assertEqual(g.notation(10), tool("junqi-replay", "--ply", "10", "--format", "pos", GAME).rstrip("\n"))

    def test_bad_arguments_say_what_is_wrong(self):
        g = first(GAME)
        with self.assertRaisesRegex(junqi.JunqiError, "past the end: the game has 192 moves"):
            g.position(193)
        with self.assertRaisesRegex(junqi.JunqiError, "unknown view 'up'"):
            g.position(1, view="up")
        with self.assertRaisesRegex(junqi.JunqiError, "unknown rule set 'chess'"):
            g.position(1, rules="chess")
        # a seat that takes no part in the game, as the tools' usage error (--view west): to_jgn
        # wrote a record with [View "east"] that junqi-validate rejects, position() a board of '?'
        two = next(junqi.parse('[Board "two-player"]\n\n*\n'))
        for call in (lambda v: two.position(0, view=v), lambda v: two.positions(view=v),
                     lambda v: two.notation(0, view=v), lambda v: two.to_jgn(view=v),
                     lambda v: two.to_json(view=v)):
            with self.assertRaisesRegex(junqi.JunqiError, r"^view: east takes no part in this game "
                                                          r"\(its seats: north, south\)$"):
                call("east")
            call("south")
        with self.assertRaises(ValueError):
            g.position(-1)
        # past a C long: it would wrap (2**64 + 5 was ply 5, 2**64 - 2 every position)
        for ply in (2 ** 63, 2 ** 64 - 2, 2 ** 64 + 5):
            for call in (g.position, g.notation, lambda p: g.perft(1, ply=p), lambda p: g.go(p, depth=1)):
                with self.assertRaisesRegex(ValueError, f"ply must be at most {2 ** 63 - 1}, not {ply}"):
                    call(ply)
        with self.assertRaisesRegex(junqi.JunqiError, f"ply {2 ** 63 - 1} is past the end"):
            g.position(2 ** 63 - 1)
        # the other numbers too: nodes=-1 was no node limit (a search without end), 2**32 + 1 depth 1
        wrapping = {"perft depth": (lambda: g.perft(2 ** 32 + 1, ply=10), "depth must be at most 2147483647"),
                    "go depth": (lambda: g.go(10, depth=2 ** 32 + 1), "depth must be at most 2147483647"),
                    "go nodes": (lambda: g.go(10, nodes=-1), "nodes must be 0 or more, not -1"),
                    "go seed": (lambda: g.go(10, depth=1, seed=2 ** 64), "seed must be at most 18446744073709551615, not 18446744073709551616"),
                    "go multipv": (lambda: g.go(10, depth=1, multipv=2 ** 32 + 2), "multipv must be at most"),
                    "go samples": (lambda: g.go(10, depth=1, samples=2 ** 32 + 1), "samples must be at most"),
                    "go threads": (lambda: g.go(10, depth=1, threads=2 ** 32 + 1), "threads must be at most"),
                    "go movetime": (lambda: g.go(10, movetime=2 ** 32 + 1), "movetime must be at most")}
        for name, (call, message) in wrapping.items():
            with self.assertRaisesRegex(ValueError, message, msg=name):
                call()

    def test_wrong_types_are_type_errors_naming_the_argument(self):
        # ctypes said "wrong type" of an unnamed argument, or '<' not supported, or took any
        # object as a C bool (lenient="no" was lenient) or True as one node
        g = first(GAME)
        calls = {"ply must be an int, not str": lambda: g.position(ply="3"),
                 "ply must be an int, not float": lambda: g.notation(2.0),
                 "ply must be an int, not bool": lambda: g.position(True),
                 "nodes must be an int, not str": lambda: g.go(10, nodes="x"),
                 "nodes must be an int, not bool": lambda: g.go(10, nodes=True),
                 "seed must be an int, not str": lambda: g.go(10, depth=1, seed="0"),
                 "depth must be an int, not float": lambda: g.perft(1.5, ply=10),
                 "level must be a str, not int": lambda: g.go(10, level=5),
                 "view must be a str, not int": lambda: g.position(10, view=1),
                 "rules must be a str, not bytes": lambda: g.validate(rules=b"qq"),
                 "lenient must be a bool, not str": lambda: g.position(10, lenient="no"),
                 "divide must be a bool, not int": lambda: g.perft(1, ply=10, divide=1),
                 "path must be a str, bytes or os.PathLike, not int": lambda: junqi.read(5),
                 "name must be a str, not int": lambda: junqi.parse("", name=3),
                 "data must be a str or bytes, not list": lambda: junqi.parse([]),
                 "path_or_data must be a str, bytes or os.PathLike, not int": lambda: junqi.validate(5),
                 # None is no path (it read standard input), and errors=5 was a ValueError
                 "path must be a str, bytes or os.PathLike, not NoneType": lambda: junqi.read(None),
                 "path_or_data must be a str, bytes or os.PathLike, not NoneType": lambda: junqi.validate(None),
                 "errors must be a str, not int": lambda: junqi.read(GAME, errors=5)}
        for message, call in calls.items():
            with self.assertRaises(TypeError, msg=message) as caught:
                call()
            self.assertEqual(str(caught.exception), message)
        # a NUL character would end the C string: GAME + "\0x" read GAME, view "all\0x" was "all"
        nul = {"path must not hold a NUL character": lambda: junqi.read(GAME + "\0x"),
               "path_or_data must not hold a NUL character": lambda: junqi.validate(pathlib.Path(GAME + "\0x")),
               "name must not hold a NUL character": lambda: junqi.parse("", name="a\0b"),
               "view must not hold a NUL character": lambda: g.position(10, view="all\0x")}
        for message, call in nul.items():
            with self.assertRaises(ValueError, msg=message) as caught:
                call()
            self.assertEqual(str(caught.exception), message)
        # text read with errors="surrogateescape" (a GBK file as UTF-8) is its bytes, as a name
        # from os.fsdecode() is: parse() raised UnicodeEncodeError ("'utf-8' codec can't encode
        # character '\udcc6'"), naming no argument; a surrogate that stands for no byte is a
        # ValueError that names its argument, for data and names alike
        gbk = g.to_jgn().encode("gbk")
        escaped = gbk.decode("utf-8", "surrogateescape")
        self.assertEqual([x.tags for x in junqi.parse(escaped, errors="skip")],
                         [x.tags for x in junqi.parse(gbk, errors="skip")])
        lone = {"data holds the surrogate U+D800 (character 3), which stands for no text or bytes":
                    lambda: junqi.parse("ab\ud800"),
                "view holds the surrogate U+DBFF (character 1), which stands for no text or bytes":
                    lambda: g.position(10, view="\udbff")}
        for message, call in lone.items():
            with self.assertRaises(ValueError, msg=message) as caught:
                call()
            self.assertEqual(str(caught.exception), message)
        # a number out of range names its argument (depth, multipv and movetime shared one message)
        # and the number
        ranges = {"depth takes 0 to 63 (0: none), not 64": lambda: g.go(10, depth=64),
                  "multipv takes 0 to 16 (0: none), not 17": lambda: g.go(10, depth=1, multipv=17),
                  "movetime takes 0 to 86400000 milliseconds (0: none), not -5": lambda: g.go(10, movetime=-5),
                  "threads takes 1 to 64, not 0": lambda: g.go(10, depth=1, threads=0),
                  # samples alone did not say the number it refused, and named a range from 1
                  # beside its 0: "samples takes 1 to 128 (0: the level's)"
                  "samples takes 0 to 128 (0: the level's), not 129": lambda: g.go(10, depth=1, samples=129)}
        for message, call in ranges.items():
            with self.assertRaises(junqi.JunqiError, msg=message) as caught:
                call()
            self.assertEqual(str(caught.exception), message)
        # a path that cannot be opened is named as text, bytes or not (it said b'...')
        with self.assertRaises(junqi.JunqiError) as caught:
            junqi.read(b"/no/such.jgn")
        self.assertEqual(str(caught.exception), "/no/such.jgn: No such file or directory")
        # an empty name is said as the tools say it: '' (it gave ': No such file or directory')
        for call in (lambda: list(junqi.read("")), lambda: junqi.validate("")):
            with self.assertRaises(junqi.JunqiError) as caught:
                call()
            self.assertEqual(str(caught.exception), "'': No such file or directory")
        # what has __index__ is an int, and a path may be bytes or a PathLike, as for open()
        class Three:
            def __index__(self):
                return 3
        self.assertEqual(g.position(Three()).ply, 3)
        self.assertEqual(first(os.fsencode(GAME)).game, 1)
        self.assertTrue(junqi.validate(pathlib.Path(GAME))[0].summary.valid)

    def test_a_seats_record_is_shown_from_that_seat_only_as_the_tools(self):
        # south's record holds no other seat's knowledge: --view north of it is the tools' usage
        # error; the binding wrote a [View "north"] record with no setups, and positions of it
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "sv.jgn")
            with open(path, "w", encoding="utf-8") as f:
                f.write(tool("junqi-replay", "--view", "south", "--to", "jgn", GAME))
            south = first(path)
            self.assertEqual(south.view, "south")
            done = subprocess.run([os.path.join(BIN, "junqi-replay"), "--view", "north", "--to", "jgn", path],
                                  capture_output=True, text=True)
            self.assertEqual(done.returncode, 2)
            said = "the record is south's view, which does not hold {}'s pieces"
            self.assertIn(f": --view north: {said.format('north')}\n", done.stderr)
            calls = {"to_jgn": lambda v: south.to_jgn(view=v), "to_json": lambda v: south.to_json(view=v),
                     "position": lambda v: south.position(40, view=v), "positions": lambda v: south.positions(view=v),
                     "notation": lambda v: south.notation(40, view=v)}
            for name, call in calls.items():
                for seat in ("north", "east", "west"):
                    with self.assertRaises(junqi.JunqiError, msg=name) as caught:
                        call(seat)
                    self.assertEqual(str(caught.exception), f"view {seat}: {said.format(seat)}", name)
                call("south")
                call("all")
                call(None)
            self.assertEqual(south.to_jgn(view="south") + "\n",
                             tool("junqi-replay", "--view", "south", "--to", "jgn", path))
            # an open game's view record holds every seat's pieces: any seat can be shown
            with open(path, "w", encoding="utf-8") as f:
                f.write(tool("junqi-replay", "--rules", "qq,mode=open", "--view", "east", "--to", "jgn", GAME))
            east = first(path)
            self.assertEqual(east.view, "east")
            self.assertEqual(east.notation(3, view="north") + "\n",
                             tool("junqi-replay", "--view", "north", "--ply", "3", "--format", "pos", path))

    def test_errors_name_the_ply_as_the_binding_calls_it(self):
        # the binding's `ply` argument, not the tools' option --ply (formats/report.c REPORT_PLY)
        g = first(GAME)
        calls = {"position": lambda: g.position(193), "notation": lambda: g.notation(193),
                 "perft": lambda: g.perft(1, ply=193), "go": lambda: g.go(193, depth=1)}
        for name, call in calls.items():
            with self.assertRaises(junqi.JunqiError) as caught:
                call()
            self.assertEqual(str(caught.exception), "ply 193 is past the end: the game has 192 moves", name)
        broken = first(os.path.join(CORRUPT, "rail-turn.jgs"))  # move 9 turns off the railway
        for call in (lambda: broken.position(9), lambda: broken.go(9, depth=1)):
            with self.assertRaises(junqi.JunqiError) as caught:
                call()
            self.assertEqual(str(caught.exception),
                             "ply 9: the game never had that position: the move after ply 8 is illegal")
        # past the record's last move it is past the end, as the tools say (not "never had")
        for call in (lambda: broken.position(22), lambda: broken.notation(22), lambda: broken.perft(1, ply=22),
                     lambda: broken.go(22, depth=1)):
            with self.assertRaises(junqi.JunqiError) as caught:
                call()
            self.assertEqual(str(caught.exception), "ply 22 is past the end: the game has 21 moves")
        # the tools name it as their option
        done = subprocess.run([os.path.join(BIN, "junqi-analyze"), "--go", "--ply", "193", GAME],
                              capture_output=True, text=True)
        self.assertEqual(done.returncode, 2)
        self.assertIn(": --ply 193 is past the end: the game has 192 moves\n", done.stderr)


def as_json(piece):
    """A Piece as the object of junqi-replay's flip JSON (absent members left out)."""
    obj = {"square": piece.square, "seat": piece.seat, "colour": piece.colour, "piece": piece.piece,
           "face_down": piece.face_down}
    if piece.carries:
        obj["carries"] = piece.carries
    if piece.flag_under:
        obj["flag_under"] = piece.flag_under
    return obj


class FlipPositionTest(unittest.TestCase):
    """Flip games (docs/flip.md): the binding's positions are junqi-replay's."""

    def assert_same(self, got, want):
        self.assertEqual((got.source, got.game, got.ply, got.to_move, got.rules),
                         (want["source"], want["game"], want["ply"], want["to_move"], want["rules"]))
        self.assertEqual((got.colours, got.face_down, got.removed), (want["colours"], want["face_down"], want["removed"]))
        self.assertEqual([as_json(p) for p in got.pieces], want["pieces"])
        self.assertEqual(got.result and got.result.__dict__,
                         want["result"] and dict(want["result"], code=None, score=None))
        self.assertTrue(got.flip)
        self.assertEqual(got.eliminated, [])

    def test_every_position_of_each_flip_game_is_the_tools(self):
        for path in FLIP_GAMES:
            g = first(path)
            want = [json.loads(line) for line in tool("junqi-replay", "--all", "--format", "json", path).splitlines()]
            got = g.positions()
            self.assertEqual(len(got), len(g.moves) + 1, path)
            self.assertEqual(len(got), len(want), path)
            for p, w in zip(got, want):
                self.assert_same(p, w)
            self.assertEqual(got[-1], g.position())
            self.assertEqual(got[-1].result.reason, want[-1]["result"]["reason"])

    def test_a_fanqi_position_has_face_down_pieces_and_colours(self):
        g = first(FLIP_GAMES[0])
        start = g.position(0)
        self.assertEqual((start.face_down, start.colours), (50, {"north": None, "south": None}))
        self.assertTrue(all(p.face_down for p in start.pieces))
        p = g.position(10)
        self.assertEqual(p.colours, {"north": "blue", "south": "red"})  # 6. ... colour:north:blue
        self.assertEqual(p.face_down, 41)
        self.assertEqual(p.at("b6"), junqi.Piece("b6", "north", "lieutenant", "blue", False))
        self.assertEqual(p.removed, {"red": {}, "blue": {"engineer": 1}})
        self.assertFalse(junqi.read(GAME).__next__().position(3).flip)

    def test_a_seats_view_hides_the_face_down_identities(self):
        g = first(FLIP_GAMES[0])
        want = json.loads(tool("junqi-replay", "--ply", "10", "--view", "south", "--format", "json", FLIP_GAMES[0]))
        p = g.position(10, view="south")
        self.assert_same(p, want)
        self.assertEqual(p, g.position(10, view="north"))  # both seats see the same
        down = [x for x in p.pieces if x.face_down]
        self.assertEqual({x.piece for x in down}, {"unknown"})
        self.assertEqual(len(down), 41)

    def test_fanqi_wiki_backs_show_the_colour_and_zuhe_groups_carry(self):
        wiki = first(os.path.join(FLIP, "fanqi_wiki.jgn")).position(0, view="south")
        self.assertEqual({p.colour for p in wiki.pieces}, {"red", "blue"})
        zuhe = first(os.path.join(FLIP, "zuhe.jgn"))
        carried = [x for p in zuhe.positions() for x in p.pieces if x.carries]
        self.assertTrue(carried)
        self.assertLessEqual({c for x in carried for c in x.carries}, {"bomb", "landmine", "flag"})

    def test_flip_notation_is_replay_format_pos(self):
        for path in FLIP_GAMES:
            g = first(path)
            self.assertEqual(g.notation(25), tool("junqi-replay", "--ply", "25", "--format", "pos", path).rstrip("\n"))
            self.assertEqual(next(junqi.parse(g.notation(25))).position().pieces, g.position(25).pieces)

    def test_flip_errors_say_what_is_wrong(self):
        g = first(FLIP_GAMES[0])
        with self.assertRaisesRegex(junqi.JunqiError, "past the end: the game has 167 moves"):
            g.position(168)
        with self.assertRaisesRegex(junqi.JunqiError, "rule set 'standard' is a formation game's rule set, and this is a flip game"):
            g.position(3, rules="standard")
        with self.assertRaisesRegex(junqi.JunqiError, "rule set 'fanqi' is a flip game's rule set, and this is a formation game"):
            first(GAME).position(3, rules="fanqi")
        with self.assertRaisesRegex(junqi.JunqiError,
                                    "level plays formation games; a flip game takes nodes, depth or movetime"):
            g.go(10, level="expert")
        self.assertEqual(g.position(10, rules="fanqi"), g.position(10))

    def test_flip_perft_and_go_are_the_tools(self):
        for path in FLIP_GAMES:
            g = first(path)
            want = json.loads(tool("junqi-analyze", "--perft", "2", "--ply", "10", "--divide", "--format", "json", path))
            got = g.perft(2, ply=10, divide=True)
            self.assertEqual((got.depth, got.nodes, got.divide), (want["depth"], want["nodes"], want["divide"]), path)
            want = json.loads(tool("junqi-analyze", "--go", "--ply", "20", "--nodes", "3000", "--multipv", "3",
                                   "--format", "json", path))
            got = g.go(20, nodes=3000, multipv=3)
            self.assertIsInstance(got, junqi.FlipGo)
            self.assertEqual((got.bestmove, got.winprob, got.pv, got.nodes, got.to_move),
                             (want["bestmove"], want["winprob"], want["pv"], want["nodes"], want["to_move"]), path)
            self.assertEqual([(a.action, a.winprob) for a in got.actions],
                             [(a["action"], a["winprob"]) for a in want["actions"]], path)
        over = first(FLIP_GAMES[0]).go()
        self.assertEqual((over.bestmove, over.actions), (None, []))
        self.assertIn("won", over.result)

    def test_flip_go_past_the_end_and_past_an_illegal_action(self):
        g = first(FLIP_GAMES[0])
        with self.assertRaises(junqi.JunqiError) as caught:
            g.go(168, depth=1)
        self.assertEqual(str(caught.exception), "ply 168 is past the end: the game has 167 moves")
        # fanqi.jgn cut to 12 actions, the 9th attacking a face-down piece (e5): an illegal action
        with open(FLIP_GAMES[0], encoding="utf-8") as f:
            tags = [t for t in f.read().split("\n\n")[0].split("\n") if not t.startswith(("[Result", "[Termination"))]
        text = "\n".join(tags) + "\n\n1. b6^b2 2. b1^r4 3. a6^b3 4. a3^rL 5. d6^r2 6. a5^b1 colour:north:blue " \
            "7. e4^r1 8. e6^b1 9. d6>e5 10. c6^b7 11. e5^r1 12. c6>e6 *\n"
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "broken.jgn")
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            broken = first(path)
            with self.assertRaises(junqi.JunqiError) as caught:
                broken.go(12, depth=1)
            self.assertEqual(str(caught.exception),
                             "ply 12: the game never had that position: the move after ply 8 is illegal")
            args = ["--go", "--depth", "1", "--format", "json"]
            for got, extra in ((broken.go(depth=1), []), (broken.go(8, depth=1), ["--ply", "8"]),
                               (broken.go(12, depth=1, lenient=True), ["--ply", "12", "--lenient"])):
                want = json.loads(tool("junqi-analyze", *args, *extra, path, check=False))
                self.assertEqual((got.bestmove, got.winprob, got.pv, got.nodes, got.to_move),
                                 (want["bestmove"], want["winprob"], want["pv"], want["nodes"], want["to_move"]),
                                 extra)
            self.assertEqual(broken.go(depth=1), broken.go(8, depth=1))  # the end: the last legal position


class ValidationTest(unittest.TestCase):
    def test_validate_is_junqi_validate_format_json(self):
        files = [os.path.join(CORRUPT, f) for f in ("rail-turn.jgs", "truncated.jgs")] + [FORMATION]
        for path in files:
            want = [json.loads(line) for line in tool("junqi-validate", "--format", "json", path, check=False).splitlines()]
            got = junqi.validate(path)
            self.assertEqual(len(got), 1)
            self.assertEqual([d.__dict__ for d in got[0].diagnostics], want[:-1])
            summary = dict(got[0].summary.__dict__)
            summary["result"] = summary["result"] and {k: v for k, v in summary["result"].__dict__.items()
                                                       if v is not None or k in ("winner", "reason")}
            if summary["formation"] is None and "formation" not in want[-1]:
                del summary["formation"]
            self.assertEqual(summary, want[-1])

    def test_rules_that_do_not_fit_a_record_raise_as_the_tools_usage_error(self):
        # junqi-validate --rules wiki on a four-player record is a usage error (exit 2); validate()
        # gave a bad-rules diagnostic, where game.validate() and the other calls raise
        for rules, why in (("wiki", "rule set 'wiki' is for the two-player board, and this is a four-player game"),
                           ("fanqi", "rule set 'fanqi' is a flip game's rule set, and this is a formation game")):
            with self.assertRaisesRegex(junqi.JunqiError, f"^{re.escape(GAME)}: {re.escape(why)}$"):
                junqi.validate(GAME, rules=rules)
            with open(GAME, "rb") as f:
                with self.assertRaisesRegex(junqi.JunqiError, f"^<memory>: {re.escape(why)}$"):
                    junqi.validate(f.read(), rules=rules)
            with self.assertRaisesRegex(junqi.JunqiError, f"^{re.escape(why)}$"):
                first(GAME).validate(rules=rules)
            self.assertEqual(tool("junqi-validate", "--rules", rules, GAME, check=False), "")
            done = subprocess.run([os.path.join(BIN, "junqi-validate"), "--rules", rules, GAME], capture_output=True)
            self.assertEqual(done.returncode, 2)
        # in a file of several games the item is named, as the tool names it
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "two.jgn")
            with open(path, "w") as f:
                f.write(first(GAME).to_jgn() + '\n[Board "two-player"]\n\n*\n')
            line = sum(1 for _ in open(path)) - 2
            with self.assertRaisesRegex(junqi.JunqiError, f"^{re.escape(path)}: game 2 \\(line {line}\\): rule set 'qq' "
                                                          "is for the four-player board, and this is a two-player game$"):
                junqi.validate(path, rules="qq")
            done = subprocess.run([os.path.join(BIN, "junqi-validate"), "--rules", "qq", path], capture_output=True,
                                  text=True)
            self.assertEqual(done.returncode, 2)
            self.assertIn(f"{path}: game 2 (line {line}): --rules qq", done.stderr)
        self.assertTrue(junqi.validate(GAME, rules="qq")[0].valid)

    def test_a_long_path_does_not_crowd_out_the_reason(self):
        with tempfile.TemporaryDirectory() as tmp:
            folder = os.path.join(tmp, *["d" * 60] * 9)  # 560 bytes and more, as deep cluster paths are
            os.makedirs(folder)
            path = os.path.join(folder, "g.jgs")
            with open(GAME, "rb") as src, open(path, "wb") as dst:
                dst.write(src.read())
            with self.assertRaises(junqi.JunqiError) as caught:
                junqi.validate(path, rules="standard")
            self.assertEqual(str(caught.exception),
                             f"{path}: rule set 'standard' is for the two-player board, and this is a four-player game")

    def test_a_rule_set_that_does_not_fit_a_formation_raises(self):
        # junqi-validate --rules standard F01.yaml is a usage error; the binding called the
        # four-player formation valid under the two-player set, and read() gave it
        path = os.path.join(ROOT, "samples", "formations", "F01.yaml")
        label = f"{path}: formation 1 (line 3): "
        for rules, why in (("standard", "rule set 'standard' is for the two-player board, and this is a "
                                        "four-player formation"),
                           ("fanqi", "rule set 'fanqi' is a flip game's rule set, and this is a formation")):
            for call in (lambda: junqi.validate(path, rules=rules), lambda: list(junqi.read(path, rules=rules))):
                with self.assertRaisesRegex(junqi.JunqiError, f"^{re.escape(label + why)}$"):
                    call()
            done = subprocess.run([os.path.join(BIN, "junqi-validate"), "--rules", rules, path],
                                  capture_output=True, text=True)
            self.assertEqual(done.returncode, 2)
        self.assertTrue(junqi.validate(path, rules="qq")[0].valid)

    def test_a_rule_set_without_the_mountains_a_position_uses_raises(self):
        # a piece sheltering on dM (docs/position.md's example): under "standard" that point does not
        # exist; junqi-validate --rules standard is a usage error, the binding answered as if it did
        text = ("NLFL21/4L522/3.4.B/7B.18/9.3.7/51663/.S8/.1125/9.3.2/72.B7/5.3.4/6B63L/1L4FL n 0 1 - "
                "standard,mountain=shelter")
        why = "rule set 'standard' has no mountain points, and the game's position has pieces on them"
        g = next(junqi.parse(text))
        for call in (lambda: g.position(rules="standard"), lambda: g.notation(rules="standard"),
                     lambda: g.perft(1, rules="standard"), lambda: g.validate(rules="standard")):
            with self.assertRaisesRegex(junqi.JunqiError, f"^{re.escape(why)}$"):
                call()
        with self.assertRaisesRegex(junqi.JunqiError, f"^<memory>: game 1 \\(line 1\\): {re.escape(why)}$"):
            junqi.validate(text.encode(), rules="standard")
        done = subprocess.run([os.path.join(BIN, "junqi-validate"), "--rules", "standard", "--position", text],
                              capture_output=True)
        self.assertEqual(done.returncode, 2)
        self.assertTrue(junqi.validate(text.encode(), rules="wiki,mountain=shelter")[0].valid)
        self.assertEqual(g.notation(rules="wiki,mountain=shelter"), text.replace("standard,", "wiki,"))

    def test_a_games_check_finds_the_broken_move(self):
        g = first(os.path.join(CORRUPT, "rail-turn.jgs"))
        v = g.validate()
        self.assertFalse(v.valid)
        error = next(d for d in v.diagnostics if d.severity == "error")
        self.assertEqual((error.code, error.move, error.record), ("rail-turn", 9, 8))
        self.assertEqual((v.summary.moves, v.summary.game), (21, 1))
        self.assertTrue(first(GAME).validate().valid)


class EngineTest(unittest.TestCase):
    def test_perft_is_the_tools(self):
        g = first(GAME)
        want = json.loads(tool("junqi-analyze", "--perft", "2", "--ply", "10", "--divide", "--format", "json", GAME))
        got = g.perft(2, ply=10, divide=True)
        self.assertEqual((got.depth, got.nodes, got.divide), (want["depth"], want["nodes"], want["divide"]))
        self.assertEqual(sum(got.divide.values()), got.nodes)
        self.assertIsNone(g.perft(1, ply=10).divide)

    def test_go_is_the_tools(self):
        g = first(GAME)
        args = ["--go", "--ply", "50", "--nodes", "3000", "--format", "json", GAME]
        want = json.loads(tool("junqi-analyze", *args))
        got = g.go(50, nodes=3000)
        self.assertEqual(got.bestmove, want["bestmove"])
        self.assertEqual((got.eval, got.winprob, got.pv, got.nodes), (want["eval"], want["winprob"], want["pv"], want["nodes"]))
        self.assertEqual(got.view, "mover")
        self.assertEqual(len(got.multipv), len(want["multipv"]))

    def test_go_on_a_finished_game_names_its_result(self):
        got = first(GAME).go(nodes=1000)
        self.assertIsNone(got.bestmove)
        self.assertEqual(got.result, "north-south")
        with self.assertRaisesRegex(junqi.JunqiError, "unknown level"):
            first(GAME).go(10, level="grandmaster")


    def test_go_refuses_what_the_tools_refuse(self):
        # nodes past the tools' cap searched without end, a seed past theirs was taken, and
        # samples or seed with view all were ignored; a finished game answers at once if taken
        g = first(GAME)
        for args in (["--nodes", "1000000000001"], ["--seed", "2147483648"], ["--movetime", "86400001"],
                     ["--view", "all", "--samples", "3"], ["--view", "all", "--seed", "3"],
                     ["--view", "all", "--seed", "0"]):
            done = subprocess.run([os.path.join(BIN, "junqi-analyze"), "--go", *args, GAME], capture_output=True,
                                  text=True)
            self.assertEqual(done.returncode, 2, args)
        calls = {"nodes takes 0 to 1000000000000 (0: none), not 1000000000001": lambda: g.go(nodes=10 ** 12 + 1),
                 "nodes takes 0 to 1000000000000 (0: none), not 10000000000000": lambda: g.go(nodes=10 ** 13),
                 "seed takes 0 to 2147483647, not 2147483648": lambda: g.go(seed=2 ** 31),
                 "movetime takes 0 to 86400000 milliseconds (0: none), not 86400001":
                     lambda: g.go(movetime=86400001),
                 "samples and seed belong to view mover (view all searches one position)":
                     lambda: g.go(view="all", samples=3),
                 "samples and seed belong to view mover (view all searches one position) ":
                     lambda: g.go(view="all", seed=3),
                 # a seed of 0 given is given, as --seed 0 is (it was taken: the library could not
                 # tell it from none)
                 "samples and seed belong to view mover (view all searches one position)  ":
                     lambda: g.go(view="all", seed=0),
                 # the largest uint64_t stands for none given in the library (JUNQI_REPORT_NO_SEED):
                 # given, it is out of range as any past the tools' largest
                 "seed takes 0 to 2147483647, not 18446744073709551615": lambda: g.go(seed=2 ** 64 - 1)}
        for message, call in calls.items():
            with self.assertRaises(junqi.JunqiError, msg=message) as caught:
                call()
            self.assertEqual(str(caught.exception), message.rstrip())
        self.assertIsNone(g.go(nodes=10 ** 12, seed=2 ** 31 - 1).bestmove)  # the largest are taken
        self.assertIsNone(g.go(view="all", nodes=1000).bestmove)

    def test_a_flip_game_refuses_what_junqi_analyze_go_refuses(self):
        # level, view, samples and seed play formation games; seed was taken silently, and then
        # seed 0, which the library could not tell from none, while junqi-analyze --go refused it
        path = FLIP_GAMES[0]
        g = first(path)
        for arg, value, call in (("level", "expert", lambda: g.go(10, level="expert")),
                                 ("view", "mover", lambda: g.go(10, view="mover")),
                                 ("samples", "3", lambda: g.go(10, samples=3)),
                                 ("seed", "5", lambda: g.go(10, seed=5)),
                                 ("seed", "0", lambda: g.go(10, seed=0))):
            with self.assertRaises(junqi.JunqiError, msg=arg) as caught:
                call()
            self.assertEqual(str(caught.exception),
                             f"{arg} plays formation games; a flip game takes nodes, depth or movetime")
            done = subprocess.run([os.path.join(BIN, "junqi-analyze"), "--go", "--ply", "10", "--depth", "1",
                                   f"--{arg}", value, path], capture_output=True, text=True)
            self.assertEqual(done.returncode, 2, arg)
            self.assertIn(": --level, --view, --samples and --seed play formation games; a flip game takes "
                          "--nodes, --depth or --movetime\n", done.stderr)
        self.assertEqual(g.go(10, depth=1, seed=None), g.go(10, depth=1))  # none given: taken

    def test_the_default_level_is_named_default(self):
        g = first(GAME)
        self.assertEqual(g.go(nodes=1000).level, "default")
        self.assertEqual(g.go(nodes=1000, level="default").level, "default")
        for doc in (junqi.Game.go.__doc__, pathlib.Path(ROOT, "docs", "python.md").read_text(encoding="utf-8")):
            self.assertNotRegex(doc, r'"normal" \(default\)|"easy", "normal" or "expert"')
            self.assertIn('"default"', doc)


class ReprTest(unittest.TestCase):
    """Every repr is short whatever the object holds (python-chess's manner:
    a REPL or a traceback shows a line, not a 400-move record)."""

    LIMIT = 500  # characters: 4 x 40 clipped texts and the numbers

    @staticmethod
    def clipped(path):
        """A path as a repr shows it: its last 40 characters, "..." marking a cut."""
        return path if len(path) <= 40 else "..." + path[-37:]

    @staticmethod
    def one_of_each():
        """One object of every dataclass of junqi.__all__, as the binding makes them where it can."""
        g = first(GAME)
        v = junqi.validate(os.path.join(CORRUPT, "rail-turn.jgs"))[0]
        go = g.go(50, nodes=500, multipv=2)
        flip = first(FLIP_GAMES[0]).go(20, nodes=500)
        return [g, g.result, v, v.summary, v.diagnostics[0], g.position(100), g.position(100).pieces[0], g.line,
                g.moves[0], junqi.Comment(1, "a comment"), junqi.Timeout("timeout", "north", 1),
                junqi.Eliminated("eliminated", "east", "flag_captured"), junqi.Left("left", "west", "fled"),
                junqi.End("end", g.result), g.seats["north"], first(FORMATION), g.perft(1, ply=10, divide=True),
                go, go.multipv[0], flip, flip.actions[0]]

    @staticmethod
    def bloated(obj, depth=0):
        """obj with every text 5,000 characters longer and every list and dict 1,000 times longer, inside too."""
        def grow(value):
            if isinstance(value, str):
                return value + "长" * 5000
            if isinstance(value, list):
                return [grow(x) for x in value[:2]] * 1000
            if isinstance(value, dict):
                return {f"{k}{i}": grow(x) for i in range(1000) for k, x in list(value.items())[:2]}
            return ReprTest.bloated(value, depth + 1) if dataclasses.is_dataclass(value) and depth < 3 else value
        fields = {f.name: grow(getattr(obj, f.name)) for f in dataclasses.fields(obj) if f.init}
        return dataclasses.replace(obj, **fields)

    def test_the_docs_show_the_reprs(self):
        doc = DocsTest.DOC
        g = first(GAME)
        source = "samples/qq/jgs-000689.jgs"  # as the example reads it
        shown = dataclasses.replace(g, source=source), dataclasses.replace(g.position(100, view="south"), source=source)
        self.assertIn(f">>> game\n{shown[0]!r}\n", doc)
        self.assertIn(f"\n{(g.moves[0], shown[1])!r}\n", doc)

    def test_every_repr_is_short_whatever_it_holds(self):
        objects = self.one_of_each()
        self.assertEqual({type(o).__name__ for o in objects},
                         {n for n in junqi.__all__ if dataclasses.is_dataclass(getattr(junqi, n))})
        for obj in objects:
            name = type(obj).__name__
            for shown in (repr(obj), repr(self.bloated(obj))):
                self.assertTrue(shown.startswith(f"<junqi.{name} ") and shown.endswith(">"), shown)
                self.assertLessEqual(len(shown), self.LIMIT, shown)
                self.assertNotIn("\n", shown)

    def test_a_games_repr_names_it_and_str_is_its_record(self):
        g = first(LONG)
        self.assertEqual(repr(g), f"<junqi.Game source='{self.clipped(LONG)}' game=1 "
                                  "players='黄方玩家, 蓝方玩家, 绿方玩家, 紫方玩家' board='four-player' rules='qq' "
                                  "moves=432 result='east-west' termination='flag_captured'>")
        self.assertEqual(str(g), g.to_jgn())  # the whole record, as python-chess's str(game) is its PGN
        tags = {"Event": "Club night " * 1000, "Site": "Beijing", "Date": "2024.05.01", "Round": "3"}
        seats = {s: dataclasses.replace(i, player="名" * 10000) for s, i in g.seats.items()}
        shown = repr(dataclasses.replace(g, tags=tags, seats=seats, result=None))
        self.assertLessEqual(len(shown), self.LIMIT, shown)
        self.assertIn("event='Club night Club night Club night Club...' site='Beijing' date='2024.05.01' "
                      "round='3' players='名名名", shown)
        self.assertIn("moves=432 result='*'>", shown)

    def test_the_others_say_what_they_are(self):
        g = first(GAME)
        self.assertEqual(repr(g.moves[0]), "<junqi.Move ply=1 seat='north' move='i13-j13' outcome='move'>")
        self.assertEqual(repr(g.line), "<junqi.Line moves=192 items=198>")
        pos, perft = g.position(100, view="south"), g.perft(1, ply=10, divide=True)
        self.assertEqual(repr(pos), f"<junqi.Position source='{self.clipped(GAME)}' game=1 ply=100 to_move='west' "
                                    f"pieces={len(pos.pieces)} rules='qq'>")
        self.assertEqual(repr(perft), f"<junqi.Perft depth=1 nodes={perft.nodes} divide={len(perft.divide)}>")
        self.assertEqual(repr(g.result), "<junqi.Result winner='north-south' draw=False reason='flag_captured'>")
        go = g.go(50, nodes=500, view="all")
        self.assertTrue(repr(go).startswith(f"<junqi.Go bestmove='{go.bestmove}' eval={go.eval} "
                                            f"winprob={go.winprob} pv='{' '.join(go.pv)[:37]}"), repr(go))


class InterruptTest(unittest.TestCase):
    """Ctrl-C stops a long search at once (ctypes alone would hold Python in
    the C call to its end), and the game stays usable. SIGINT gets Python's
    own handler first: a process started in the background by a shell
    ignores it, and so would the interpreter."""

    SOON = 2.0  # seconds from the signal to the KeyboardInterrupt

    def assert_ctrl_c_ends(self, call):
        """Ctrl-C (SIGINT) half a second into game.`call` (of GAME) in a
        Python of its own ends it by KeyboardInterrupt within SOON seconds."""
        code = ("import signal, sys, junqi\n"
                "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
                "game = next(junqi.read(sys.argv[1]))\n"
                "print('started', flush=True)\n"
                f"game.{call}\n")
        child = subprocess.Popen([sys.executable, "-c", code, GAME], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True)
        try:
            self.assertEqual(child.stdout.readline(), "started\n")
            time.sleep(0.5)  # in the C call by now
            sent = time.monotonic()
            child.send_signal(signal.SIGINT)
            _, err = child.communicate(timeout=10)
            took = time.monotonic() - sent
        except subprocess.TimeoutExpired:
            took, err = float("inf"), "no end within 10 s of SIGINT"
        finally:
            child.kill()
            child.communicate()
        self.assertEqual(err.strip().splitlines()[-1], "KeyboardInterrupt", err)
        self.assertEqual(child.returncode, -signal.SIGINT)
        self.assertLess(took, self.SOON)

    def assert_ctrl_c_stops(self, call, again):
        """Ctrl-C 0.3 s into call() here, from another thread (as it may
        come), raises KeyboardInterrupt within SOON seconds; again() (a
        check that the game still works) then leaves no thread behind."""
        before = signal.signal(signal.SIGINT, signal.default_int_handler)
        ctrl_c = threading.Timer(0.3, signal.raise_signal, (signal.SIGINT,))
        threads, start = threading.active_count(), time.monotonic()
        try:
            ctrl_c.start()
            with self.assertRaises(KeyboardInterrupt):
                call()
        finally:
            ctrl_c.cancel()
            ctrl_c.join()
            signal.signal(signal.SIGINT, before)
        self.assertLess(time.monotonic() - start, 0.3 + self.SOON)
        again()
        gone = time.monotonic() + 1  # a stopped thread leaves threading's list just after join() returns
        while threading.active_count() > threads and time.monotonic() < gone:
            time.sleep(0.01)
        self.assertEqual(threading.active_count(), threads)  # the searches' threads are gone

    def test_ctrl_c_ends_a_search_without_end_at_once(self):
        self.assert_ctrl_c_ends("go(50, nodes=10**12)")  # days of search

    def test_ctrl_c_ends_a_deep_perft_at_once(self):
        self.assert_ctrl_c_ends("perft(9, 50)")  # years of counting

    def test_a_game_counts_again_after_a_perft_stopped_by_ctrl_c(self):
        game = first(GAME)
        self.assert_ctrl_c_stops(lambda: game.perft(8, 50, divide=True), lambda: self.assertEqual(
            game.perft(2, 50, divide=True), first(GAME).perft(2, 50, divide=True)))

    def test_a_game_searches_again_after_a_search_stopped_by_ctrl_c(self):
        game = first(GAME)
        self.assert_ctrl_c_stops(lambda: game.go(50, movetime=1000),  # about 8 s: 8 samples of 1 s
                                 lambda: self.assertEqual(game.go(50, nodes=3000), first(GAME).go(50, nodes=3000)))


class DocsTest(unittest.TestCase):
    """docs/python.md's examples print what their comments say."""

    DOC = open(os.path.join(ROOT, "docs", "python.md"), encoding="utf-8").read()

    def test_the_engine_curve(self):
        shown = re.search(r'# \[\(0, "(.*?)", ([0-9.]+)\), \(10, "(.*?)", ([0-9.]+)\), \.\.\.\]', self.DOC)
        game = first(GAME)
        curve = []
        for ply in (0, 10):
            g = game.go(ply, nodes=5000, view="all")
            p = g.winprob if g.to_move in ("north", "south") else 1 - g.winprob
            curve += [g.bestmove, str(round(p, 3))]
        self.assertEqual(list(shown.groups()), curve)

    def test_the_marshal_and_the_workers(self):
        game = first(GAME)
        fell = next(p.ply for p in game.positions()
                    if not any(x.seat == "east" and x.piece == "marshal" for x in p.pieces))
        self.assertIn(f'print("east\'s marshal fell before ply", p.ply)  # {fell}\n', self.DOC)
        replays = sorted(os.listdir(os.path.join(ROOT, "..", "shared", "data", "qq-replays")))[:5] \
            if os.path.isdir(os.path.join(ROOT, "..", "shared", "data", "qq-replays")) else None
        if replays:  # the example's "replays/" folder: the first of the shared replays
            games = [first(os.path.join(ROOT, "..", "shared", "data", "qq-replays", f)) for f in replays]
            left = [len(g.position(min(100, len(g.moves))).pieces) for g in games]
            self.assertIn(f"[:5])     # {left}\n", self.DOC)


    def test_the_flip_example_shows_a_piece_as_its_repr(self):
        # the comment showed a dataclass's generated repr, Piece(square='b6', ...), which the
        # binding's one-line repr replaced
        shown = re.search(r'^print\(pos\.at\("b6"\)\) +# (.*)$', self.DOC, re.M)
        self.assertEqual(shown.group(1), repr(first(os.path.join(FLIP, "fanqi.jgn")).position(10).at("b6")))

    def test_a_budget_is_each_searchs(self):
        g = first(GAME).go(50, nodes=5000)
        self.assertEqual(g.samples, 8)
        self.assertIn(f"searches {g.samples} samples (`g.samples`) and `g.nodes` is {g.nodes},", " ".join(self.DOC.split()))
        self.assertGreaterEqual(g.nodes, g.samples * 5000)

    def test_the_reference_lists_every_parameter(self):
        import inspect
        rows = re.findall(r"^\| (.*?) \|", self.DOC, re.M)
        calls = [c for row in rows for c in re.findall(r"`((?:junqi|Game)?\.?\w+)\(([^)]*)\)`", row)]
        checked = set()
        for name, params in calls:  # "junqi.read", "Game.position", ".positions" (of Game)
            fn = getattr(junqi, name[6:]) if name.startswith("junqi.") else getattr(junqi.Game, name.split(".")[-1])
            want = [p for p in inspect.signature(fn).parameters if p != "self"]
            shown = [p.split("=")[0].strip() for p in params.split(",") if p.strip()]
            self.assertEqual(shown, want, name)
            checked.add(fn.__name__)
        self.assertTrue({"read", "parse", "validate", "position", "positions", "notation", "perft", "go"} <= checked)


    def test_everything_public_has_a_docstring_of_its_own(self):
        import inspect
        missing = []
        for name in junqi.__all__:
            obj = getattr(junqi, name)
            if not inspect.isclass(obj):
                missing += [] if obj.__doc__ else [name]
                continue
            if not obj.__doc__ or obj.__doc__.startswith(name + "("):  # a dataclass's generated one
                missing.append(name)
            for attr, value in vars(obj).items():
                if not attr.startswith("_") and (isinstance(value, property) or inspect.isfunction(value)) \
                        and not (value.__doc__ or "").strip():
                    missing.append(f"{name}.{attr}")
        self.assertEqual(missing, [])


class LoadingTest(unittest.TestCase):
    def test_a_library_that_is_not_libjunqi_is_an_import_error_naming_it(self):
        for path, says in (("libc.so.6", "libc.so.6: not the libjunqi this binding needs: it has no junqi_"),
                           ("/nonexistent/libjunqi.so.0", "/nonexistent/libjunqi.so.0: cannot open shared object")):
            done = subprocess.run([sys.executable, "-c", "import junqi"], capture_output=True, text=True,
                                  env=dict(os.environ, JUNQI_LIBRARY=path))
            self.assertNotEqual(done.returncode, 0)
            last = done.stderr.strip().splitlines()[-1]
            self.assertTrue(last.startswith("ImportError: junqi: cannot load the junqi library (set JUNQI_LIBRARY"
                                            " to its path): " + says), last)


class VersionTest(unittest.TestCase):
    def test_the_version_is_the_makefiles(self):
        with open(os.path.join(ROOT, "Makefile")) as f:
            version = next(line.split(":=")[1].strip() for line in f if line.startswith("VERSION "))
        self.assertEqual(junqi.version(), version)
        self.assertEqual(junqi.__version__, version)


if __name__ == "__main__":
    unittest.main()
