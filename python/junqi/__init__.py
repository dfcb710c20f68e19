# SPDX-License-Identifier: MIT
"""junqi: Junqi (军棋 / 四国军棋) game records from Python.

A binding over libjunqi (ctypes, no compiled extension). It reads every
format the junqi tools read (QQ replays .jgs/.jqs and formations .jql, JGN,
position strings, YAML formations), replays records to any ply in any
seat's view, validates them with the tools' diagnostics, converts them to
JGN and JSON, and runs perft and the engine. Results are dataclasses whose
fields are named as the keys of the tools' JSON (docs/conventions.md,
docs/python.md)::

    import junqi
    for game in junqi.read("replays/jgs-000689.jgs"):
        print(game.result.winner, len(game.moves))
        pos = game.position(ply=100, view="south")
        print(game.go(ply=100, nodes=20000).bestmove)
"""
from __future__ import annotations

import ctypes
import dataclasses
import json
import os
import weakref
from ctypes import c_int, c_long, c_uint64
from dataclasses import dataclass, field
from typing import Dict, Iterator, List, Optional, Union

from . import _native
from ._native import JunqiError, lib

__all__ = [
    "JunqiError", "Diagnostic", "Result", "Summary", "Validation", "Piece", "Position",
    "Move", "Timeout", "Eliminated", "Left", "End", "Comment", "Line", "SeatInfo", "Game",
    "Formation", "Perft", "GoLine", "Go", "FlipAction", "FlipGo", "read", "parse", "validate", "version",
]


def version() -> str:
    """The version of the libjunqi in use, "MAJOR.MINOR.PATCH"."""
    return lib.junqi_version().decode("ascii")


__version__ = version()


# ---- repr: short whatever an object holds ------------------------------------------

#: The most characters a repr shows of one text (a tag, a player's name, a
#: path, a message, a line of moves): a record's tags can hold anything, and a
#: repr lands in a REPL, a traceback or a log line.
_CLIP = 40


def _clip(text: str, end: bool = False) -> str:
    """text cut to _CLIP characters, "..." marking the cut: its start kept,
    or with `end` its end (a path's file name)."""
    if len(text) <= _CLIP:
        return text
    return "..." + text[3 - _CLIP:] if end else text[:_CLIP - 3] + "..."


def _outcome(result: Optional["Result"]) -> str:
    """A result as JGN's Result tag writes it: the winner, "draw",
    "undecided", or "*" (None: the record stops before the end)."""
    return "*" if result is None else "draw" if result.draw else result.winner or "undecided"


def _shown(name: str, value) -> Optional[str]:
    """How a repr shows field `name`'s value, or None to leave it out (None,
    or empty): a text clipped (a source or file keeps its end), a Result as
    its outcome, a list of names or numbers as one text, other lists and
    dicts by their length, the rest (numbers, bools) as repr() gives them."""
    if value is None or (isinstance(value, (list, dict)) and not value):
        return None
    if isinstance(value, list) and all(isinstance(x, (str, int)) for x in value):
        value = " ".join(map(str, value))
    elif isinstance(value, Result):
        value = _outcome(value)
    if isinstance(value, str):
        return repr(_clip(value, end=name in ("source", "file")))
    return str(len(value)) if isinstance(value, (list, dict)) else repr(value)


def _brief(obj, **fields) -> str:
    """obj's repr in python-chess's manner, "<junqi.Move ply=1 seat='north'
    move='i13-j13' outcome='move'>": the fields given, each as _shown()
    shows it, so that a repr stays a short line."""
    shown = ((name, _shown(name, value)) for name, value in fields.items())
    return f"<junqi.{type(obj).__name__} " + " ".join(f"{name}={text}" for name, text in shown if text) + ">"


class _Brief:
    """The repr of the binding's dataclasses (declared repr=False): _brief()
    of the fields named in _fields (empty: every field of the dataclass)."""
    _fields: tuple = ()

    def __repr__(self) -> str:
        """The class and its identifying fields, short (_brief)."""
        names = self._fields or tuple(f.name for f in dataclasses.fields(self) if f.repr)
        return _brief(self, **{name: getattr(self, name) for name in names})


# ---- the JSON of the tools, as dataclasses --------------------------------------


@dataclass(repr=False)
class Diagnostic(_Brief):
    """A problem found in an input (docs/conventions.md, "Diagnostics")."""
    file: str
    severity: str  # "error", "warning", "note"
    code: str      # a stable name: "rail-turn", "truncated", ...
    message: str
    game: Optional[int] = None  # the game (or formation) of the file it is about, from 1; None: the whole file
    move: Optional[int] = None
    record: Optional[int] = None
    offset: Optional[int] = None
    line: Optional[int] = None
    column: Optional[int] = None

    def __str__(self) -> str:
        """The diagnostic as the first line the tools' text output gives it
        (docs/conventions.md, "Diagnostics"; in English): "games.jgn:8:13:
        error: ...", "x.jgs: move 12 (record 14, offset 0x224): error: ..."."""
        if self.line is not None and self.line > 0:
            where = f":{self.line}:{self.column if self.column and self.column > 0 else 1}: "
        else:
            move = self.move if self.move is not None and self.move > 0 else None
            record = self.record is not None and self.record >= 0 and self.offset is not None and self.offset >= 0
            offset = self.offset is not None and self.offset >= 0
            where = ": " + (f"move {move} (record {self.record}, offset 0x{self.offset:X}): " if move and record
                            else f"record {self.record} (offset 0x{self.offset:X}): " if record
                            else f"move {move} offset 0x{self.offset:X}: " if move and offset
                            else f"offset 0x{self.offset:X}: " if offset
                            else f"move {move} : " if move else "")
        return f"{self.file}{where}{self.severity}: {self.message}"


@dataclass(repr=False)
class Result(_Brief):
    """How a game ended: winner (a seat or a team, None for a draw or an
    undecided game), draw, reason; code for an unknown platform code, score
    for rule sets with a platform scoring ({"scoring": "qq", "north": 2, ...})."""
    winner: Optional[str]
    draw: bool
    reason: Optional[str]
    code: Optional[int] = None
    score: Optional[Dict[str, object]] = None
    _fields = ("winner", "draw", "reason", "code")


def _result(obj) -> Optional[Result]:
    return None if obj is None else Result(**obj)


@dataclass(repr=False)
class Summary(_Brief):
    """What checking an item found (`junqi-validate --format json`'s summary)."""
    type: str
    source: str
    game: int
    valid: bool
    errors: int
    warnings: int
    board: Optional[str]
    rules: Optional[str]
    seats: Optional[List[str]]
    moves: Optional[int]
    result: Optional[Result]
    formation: Optional[str] = None


@dataclass(repr=False)
class Validation(_Brief):
    """An item's diagnostics and its summary."""
    diagnostics: List[Diagnostic]
    summary: Summary

    @property
    def valid(self) -> bool:
        """Whether the item has no error (its summary's valid)."""
        return self.summary.valid

    def __repr__(self) -> str:
        """The item checked, whether it is valid, and its numbers of diagnostics."""
        s = self.summary
        return _brief(self, source=s.source, game=s.game, valid=s.valid, errors=s.errors, warnings=s.warnings,
                      diagnostics=self.diagnostics)


def _named(obj: dict, name: Optional[str]) -> dict:
    """obj (a diagnostic, summary, position or record of the JSON) naming its
    source `name` unless name is None. The JSON writes a file name that is
    not UTF-8 with U+FFFD for its bytes, which no longer names the file: the
    binding puts back the name it was given (os.fsdecode, as open() takes
    it), so that game.source, v.summary.source and d.file can be opened."""
    if name is not None:
        obj["file" if "file" in obj else "source"] = name
    return obj


def _validations(text: str, name: Optional[str] = None) -> List[Validation]:
    out, diags = [], []
    for line in text.splitlines():
        obj = _named(json.loads(line), name)
        if obj.get("type") == "summary":
            obj["result"] = _result(obj["result"])
            out.append(Validation(diags, Summary(**obj)))
            diags = []
        else:
            diags.append(Diagnostic(**obj))
    return out


@dataclass(repr=False)
class Piece(_Brief):
    """A piece on the board. In a flip game (docs/flip.md) seat is the seat
    of the piece's colour (None while the colours are unassigned), colour
    "red" or "blue" (None when not even that is known), face_down whether it
    still lies face down (its piece "unknown" in a seat's view), carries
    what a zuhe group's leader carries ("bomb", "landmine", "flag"; or the
    flag a fanqi_wiki piece carries), flag_under the colour of a flag lying
    under it; in other games those are None, False, [] and None."""
    square: str            # "h5"
    seat: Optional[str]    # "north", "east", "south", "west"
    piece: str             # "marshal" ... "flag", or "unknown" in a seat's view
    colour: Optional[str] = None
    face_down: bool = False
    carries: List[str] = field(default_factory=list)
    flag_under: Optional[str] = None


@dataclass(repr=False)
class Position(_Brief):
    """A position of a record (`junqi-replay --format json`). A flip game's
    (docs/flip.md) also has colours ({"north": "blue", "south": "red"}, a
    seat None before the colours are assigned), face_down (the number of
    pieces face down) and removed (per colour, {"red": {"engineer": 2}, ...});
    they are None in other games, and eliminated is empty in flip games."""
    source: Optional[str]
    game: Optional[int]
    ply: int
    to_move: Optional[str]
    pieces: List[Piece]
    eliminated: List[str]
    result: Optional[Result]
    rules: str  # the canonical rule string, e.g. "standard,bomb_moves=engineer"
    colours: Optional[Dict[str, Optional[str]]] = None
    face_down: Optional[int] = None
    removed: Optional[Dict[str, Dict[str, int]]] = None
    _fields = ("source", "game", "ply", "to_move", "pieces", "eliminated", "result", "rules", "face_down")

    @property
    def flip(self) -> bool:
        """Whether this is a flip game's position (docs/flip.md)."""
        return self.colours is not None

    def at(self, square: str) -> Optional[Piece]:
        """The piece on a square, or None."""
        return next((p for p in self.pieces if p.square == square), None)


#: The seats in their order (north first, clockwise).
_SEATS = ("north", "east", "south", "west")

#: One str object per seat, outcome and piece name for every move and piece:
#: json.loads makes a new str for each value, some 160 bytes a move, a third
#: of a game's memory.
_NAME = {s: s for s in _SEATS + ("move", "attacker_wins", "attacker_loses", "both_removed", "unknown", "marshal",
                                 "general", "major_general", "brigadier", "colonel", "major", "captain",
                                 "lieutenant", "engineer", "bomb", "landmine", "flag")}.get


def _position(obj, name: Optional[str] = None) -> Position:
    _named(obj, name)
    known = _NAME
    obj["pieces"] = [Piece(p["square"], known(p["seat"], p["seat"]), known(p["piece"], p["piece"])) if len(p) == 3
                     else Piece(**p) for p in obj["pieces"]]  # a flip game's pieces have more keys
    obj["result"] = _result(obj["result"])
    obj.setdefault("eliminated", [])  # a flip game's JSON has no eliminated seats
    return Position(source=obj.pop("source", None), game=obj.pop("game", None), **obj)


@dataclass(repr=False)
class Line(_Brief):
    """A line of play: the main line of a game, or a variation."""
    items: list
    comments: List["Comment"]
    _fields = ("moves", "items", "comments")

    @property
    def moves(self) -> List["Move"]:
        """The moves of the line, without its events."""
        return [it for it in self.items if isinstance(it, Move)]


@dataclass(repr=False)
class Comment(_Brief):
    """A comment of a line, shown before its item number `before` (0-based;
    the number of items: after the last)."""
    before: int  # shown before item `before` of its line
    text: str


@dataclass(repr=False)
class Move(_Brief):
    """A move of a line (an item of `--to json`'s "items"), with the
    variations that branch off before it."""
    type: str     # "move"
    ply: int
    seat: Optional[str]
    move: str     # "h5-h6"
    outcome: str  # "move", "attacker_wins", "attacker_loses", "both_removed", "absorbs" (zuhe), "unknown"
    flags: List[str]
    # the piece the move showed to every seat: {"square", "piece"}; in a flip game what a flip or
    # a revealing attack turned face up, {"square", "piece", "colour"}; or None
    shown: Optional[dict]
    nags: List[int]
    variations: List[Line] = field(default_factory=list)
    # flip games only (docs/jgn.md §6; None elsewhere): the colour event {"seat", "colour"}, the
    # square carry_home's flag was set down on, zuhe's part that moves ("@1L")
    colour: Optional[dict] = None
    drop: Optional[str] = None
    part: Optional[str] = None
    _fields = ("ply", "seat", "move", "outcome", "flags", "nags", "variations", "colour", "drop", "part")


@dataclass(repr=False)
class Timeout(_Brief):
    """An event: a seat's timeout, its count-th."""
    type: str
    seat: str
    count: int
    _fields = ("seat", "count")


@dataclass(repr=False)
class Eliminated(_Brief):
    """An event: a seat out of the game, and why ("flag_captured", ...)."""
    type: str
    seat: str
    reason: str
    code: Optional[int] = None  # the platform's code when the reason is unknown (QQ's 6)
    _fields = ("seat", "reason", "code")


@dataclass(repr=False)
class Left(_Brief):
    """An event: a seat that left the game (its pieces leave the board), and why."""
    type: str
    seat: str
    reason: str
    _fields = ("seat", "reason")


@dataclass(repr=False)
class End(_Brief):
    """The event that ends the game, with its result."""
    type: str
    result: Optional[Result]
    _fields = ("result",)


_EVENTS = {"timeout": Timeout, "eliminated": Eliminated, "left": Left}


def _line(obj) -> Line:
    items = []
    add = items.append
    name = _NAME
    for it in obj["items"]:
        kind = it["type"]
        if kind == "move":  # by far the most items: built without keyword matching
            variations = it.get("variations")
            seat, outcome = it["seat"], it["outcome"]
            add(Move("move", it["ply"], name(seat, seat), it["move"], name(outcome, outcome), it["flags"],
                     it["shown"], it["nags"], [_line(v) for v in variations] if variations else [],
                     it.get("colour"), it.get("drop"), it.get("part")))
        elif kind == "end":
            add(End(kind, _result(it["result"])))
        else:
            add(_EVENTS[kind](**it))
    return Line(items, [Comment(**c) for c in obj["comments"]])


@dataclass(repr=False)
class SeatInfo(_Brief):
    """A seat of a record: its player's name and its setup, as far as the record gives them."""
    player: Optional[str]
    setup: Optional[str]  # the layout notation, None when the record does not show it


@dataclass(repr=False)
class Perft(_Brief):
    """`junqi-analyze --perft D [--divide] --format json`."""
    depth: int
    nodes: int
    divide: Optional[Dict[str, int]] = None


@dataclass(repr=False)
class GoLine(_Brief):
    """One of the engine's best moves (Go.multipv), with its evaluation, win
    probability, the samples that chose it (votes) and its line."""
    move: str
    eval: float
    winprob: float
    votes: int
    pv: List[str]


@dataclass(repr=False)
class Go(_Brief):
    """The engine's move (`junqi-analyze --go --format json`); docs/engine.md."""
    bestmove: Optional[str]
    result: Optional[str]   # a finished game: who won ("north-south", "draw", ...)
    reason: Optional[str]
    eval: Optional[float]   # centi-material, for the side to move (None as spread)
    winprob: Optional[float]
    pv: List[str]
    depth: int
    nodes: int
    to_move: Optional[str]
    view: str
    level: str
    samples: int
    spread: Optional[float]  # None: a deliberate move of level easy that no line valued
    multipv: List[GoLine]


@dataclass(repr=False)
class FlipAction(_Brief):
    """One of the engine's best actions in a flip game (FlipGo.actions)."""
    action: str             # the action's token: "e4^" (a flip), "c7>c8^b5" (docs/flip.md)
    winprob: float


@dataclass(repr=False)
class FlipGo(_Brief):
    """The engine's action in a flip game (`junqi-analyze --go --format json` of a
    flip record; docs/flip.md): values are expected win probabilities of the
    seat to move; eval is winprob on the centi-material scale."""
    bestmove: Optional[str]
    result: Optional[str]   # a finished game: who won and why
    winprob: Optional[float]
    eval: Optional[float]
    pv: List[str]
    depth: int
    nodes: int
    to_move: Optional[str]
    actions: List[FlipAction]  # the best multipv actions (at least one), best first


def _seed(seed: Optional[int]) -> int:
    """go()'s seed for the library: None is none given (NO_SEED), which the
    largest uint64_t stands for, so that one given is refused as out of
    range, as the library refuses any past the tools' largest."""
    if seed is None:
        return _native.NO_SEED
    seed = _native.fits("seed", seed, c_uint64)
    if seed == _native.NO_SEED:
        raise JunqiError(f"seed takes 0 to 2147483647, not {seed}")
    return seed


def _ply(ply: Optional[int]) -> int:
    if ply is None:
        return _native.PLY_END
    ply = _native.fits("ply", ply, c_long)  # 2**64 + 5 would be ply 5, 2**64 - 2 every ply
    if ply < 0:
        raise ValueError(f"ply must be 0 or more, not {ply}")
    return ply


class _Record(int):
    """A game's record in the library: the handle's address, as an int (so
    that dataclasses.asdict(game) stays JSON as it was), that owns the
    record, freed when the last object holding it is collected: a Game and
    its copies (copy.copy, copy.deepcopy, dataclasses.replace) share one. A
    handle is an address in this process only: pickled, a record is its
    canonical JGN text with its source and index, which the unpickling
    process reads into a record of its own (junqi_report_read_jgn)."""

    def __new__(cls, handle: int, source: Optional[str], index: Optional[int]):
        record = super().__new__(cls, handle)
        record.source, record.index = source, index
        return record

    def __del__(self, free=lib.junqi_game_free):  # an int takes no weak reference, so no finalize
        free(int(self))

    def __reduce__(self):
        return _record_from_jgn, (_native.text(lib.junqi_report_jgn, self, None), self.source, self.index)

    def __copy__(self):
        return self  # a record never changes: copies of a Game share it

    def __deepcopy__(self, memo):
        return self


def _record_from_jgn(jgn: str, source: Optional[str], index: Optional[int]) -> _Record:
    """The _Record of a pickled game: its JGN text read as item index of source."""
    data = jgn.encode("utf-8")
    err = _native.error_buffer()
    handle = lib.junqi_report_read_jgn(data, len(data), None if source is None else os.fsencode(source), index or 0,
                                       err, len(err))
    if not handle:
        raise JunqiError(err.value.decode("utf-8", "replace") or "the call failed")
    return _Record(handle, source, index)


@dataclass(repr=False)
class Game(_Brief):
    """A game record (`junqi-replay --to json`), with what reading it found.

    ``game`` is the record's 1-based index in its source. The record stays
    in the library too, so that it can be replayed, checked and searched,
    until the game and its copies are collected. A Game pickles (for
    multiprocessing): the other process reads its canonical JGN (to_jgn())
    into a record of its own, which replays, converts and searches alike.
    """
    source: Optional[str]
    game: Optional[int]
    board: str
    rules: str
    mode: Optional[str]  # "dark", "open", ...; None for a flip game, which has no modes
    view: Optional[str]
    first: Optional[str]
    start: Optional[str]
    tags: Dict[str, str]
    seats: Dict[str, SeatInfo]
    line: Line
    result: Optional[Result]
    deal: Optional[str] = None  # a flip game's Deal (docs/jgn.md §6); None in other games
    diagnostics: List[Diagnostic] = field(default_factory=list)
    _handle: Optional[_Record] = field(default=None, repr=False, compare=False)

    def __repr__(self) -> str:
        """What identifies the game, short (python-chess's manner; str() is
        the whole record): its source and index, the tags Event, Site, Date
        and Round present, the players in seat order, board, rules, a seat's
        view, the number of moves, the result and why, and how many
        diagnostics reading it gave. Every text is clipped to 40 characters."""
        players = [self.seats[s].player or "?" for s in _SEATS if s in self.seats]
        tags = {name.lower(): self.tags.get(name) for name in ("Event", "Site", "Date", "Round")}
        return _brief(self, source=self.source, game=self.game, **tags,
                      players=", ".join(players) if set(players) - {"?"} else None, board=self.board,
                      rules=self.rules, view=self.view, moves=len(self.moves), result=_outcome(self.result),
                      termination=self.result and self.result.reason, diagnostics=self.diagnostics)

    def __str__(self) -> str:
        """The whole record as canonical JGN text (to_jgn()), as python-chess's str(game) is its PGN."""
        return self.to_jgn()

    @property
    def _name(self) -> Optional[str]:
        """The source's name where the library's JSON cannot write it (see _named), else None."""
        return self.source if self.source is not None and _lossy(self.source) else None

    @property
    def moves(self) -> List[Move]:
        """The moves of the main line."""
        return self.line.moves

    def position(self, ply: Optional[int] = None, view: Optional[str] = None,
                 rules: Optional[str] = None, *, lenient: bool = False) -> Position:
        """The position after `ply` moves (None: the end of the game), as
        `view` saw it (a seat, or None / "all" for everything). Of a record
        that breaks the rules, only the positions before its first illegal
        move (the end is the last of them; a later ply raises JunqiError)
        unless `lenient`, which replays past it as the tools' --lenient."""
        text = _native.text(lib.junqi_report_positions, self._handle, _ply(ply),
                            _native.cstr("view", view), _native.cstr("rules", rules),
                            _native.flag("lenient", lenient))
        return _position(json.loads(text), self._name)

    def positions(self, view: Optional[str] = None, rules: Optional[str] = None, *,
                  lenient: bool = False) -> List[Position]:
        """Every position, from ply 0 (the start) to the end (lenient: as position())."""
        text = _native.text(lib.junqi_report_positions, self._handle, _native.PLY_ALL,
                            _native.cstr("view", view), _native.cstr("rules", rules),
                            _native.flag("lenient", lenient))
        return [_position(json.loads(line), self._name) for line in text.splitlines()]

    def notation(self, ply: Optional[int] = None, view: Optional[str] = None,
                 rules: Optional[str] = None, *, lenient: bool = False) -> str:
        """The position after `ply` moves in the one-line position notation (lenient: as position())."""
        return _native.text(lib.junqi_report_notation, self._handle, _ply(ply), _native.cstr("view", view),
                            _native.cstr("rules", rules), _native.flag("lenient", lenient)).rstrip("\n")

    def validate(self, rules: Optional[str] = None) -> Validation:
        """Check the record as junqi-validate does: the diagnostics of reading
        it, then those of replaying it, and the summary."""
        v = _validations(_native.text(lib.junqi_report_check, self._handle, _native.cstr("rules", rules)),
                         self._name)[0]
        read_errors = sum(d.severity == "error" for d in self.diagnostics)
        read_warnings = sum(d.severity == "warning" for d in self.diagnostics)
        v.summary.errors += read_errors
        v.summary.warnings += read_warnings
        v.summary.valid = v.summary.errors == 0
        return Validation(self.diagnostics + v.diagnostics, v.summary)

    def to_jgn(self, view: Optional[str] = None) -> str:
        """The record as canonical JGN text; with a seat, that seat's record."""
        return _native.text(lib.junqi_report_jgn, self._handle, _native.cstr("view", view))

    def to_json(self, view: Optional[str] = None) -> str:
        """The record as the JSON document of `junqi-replay --to json`."""
        return _native.text(lib.junqi_report_record, self._handle, _native.cstr("view", view))

    def perft(self, depth: int, ply: Optional[int] = None, divide: bool = False,
              rules: Optional[str] = None, *, lenient: bool = False) -> Perft:
        """Count the move sequences of length `depth` from the position after
        `ply` moves (lenient: as position()). Ctrl-C stops a deep count at
        once (KeyboardInterrupt), as it stops go()."""
        text = _native.stoppable(lib.junqi_report_perft_stoppable, self._handle, _ply(ply),
                                 _native.cstr("rules", rules), _native.flag("lenient", lenient),
                                 _native.fits("depth", depth, c_int), _native.flag("divide", divide))
        return Perft(**json.loads(text))

    def go(self, ply: Optional[int] = None, *, level: Optional[str] = None,
           view: Optional[str] = None, samples: int = 0, seed: Optional[int] = None, depth: int = 0,
           nodes: int = 0, movetime: int = 0, multipv: int = 0, threads: int = 1,
           rules: Optional[str] = None, lenient: bool = False) -> Union[Go, FlipGo]:
        """The engine's move in the position after `ply` moves (docs/engine.md):
        level "easy", "normal", "default" or "expert" (None: "default", the
        analysis's default level); view "all" or "mover" (default: the
        record's), samples and seed (None: none given, 0 used) for view
        "mover" only; a budget of depth, nodes or movetime (ms) for each
        search, else the level's (view
        "mover" searches each of its samples, 8 at the default level, with
        it: nodes=5000 is then 40,000 nodes in all, movetime=200 about 1.6 s);
        multipv lines; the same result for any threads unless movetime is
        given; lenient as for position(). What the tools refuse (nodes past
        10**12, a seed past 2**31 - 1, ...) raises JunqiError. A flip record
        gives a FlipGo (level, view, samples and seed do not apply to it: one
        given, a seed of 0 too, raises JunqiError, as junqi-analyze --go
        refuses it)."""
        fits = _native.fits
        text = _native.stoppable(lib.junqi_report_go_stoppable, self._handle, _ply(ply),
                                 _native.cstr("rules", rules), _native.flag("lenient", lenient),
                                 _native.cstr("level", level), _native.cstr("view", view),
                                 fits("samples", samples, c_int), _seed(seed),
                                 fits("depth", depth, c_int), fits("nodes", nodes, c_uint64),
                                 fits("movetime", movetime, c_int), fits("multipv", multipv, c_int),
                                 fits("threads", threads, c_int))
        obj = json.loads(text)
        if "actions" in obj:
            obj["actions"] = [FlipAction(**a) for a in obj["actions"]]
            return FlipGo(**obj)
        obj["multipv"] = [GoLine(**line) for line in obj["multipv"]]
        return Go(**obj)


def _game(obj, diagnostics, handle) -> Game:
    obj["seats"] = {s: SeatInfo(v.get("player"), v.get("setup")) for s, v in obj["seats"].items()}
    obj["line"] = _line(obj["line"])
    obj["result"] = _result(obj["result"])
    obj.setdefault("source", None)
    obj.setdefault("game", None)
    return Game(**obj, diagnostics=diagnostics, _handle=_Record(handle, obj["source"], obj["game"]))


@dataclass(repr=False)
class Formation(_Brief):
    """A formation (a seat's setup) from a YAML or .jql file."""
    source: str
    game: int  # its 1-based index in the source
    name: Optional[str]
    board: Optional[str]
    setup: str  # the layout notation: six rows front first, "/"-separated
    diagnostics: List[Diagnostic] = field(default_factory=list)


# ---- reading ----------------------------------------------------------------------

Item = Union[Game, Formation]


def _lossy(name: str) -> bool:
    """Whether file name `name` (from os.fsdecode) is not UTF-8, so that the
    library's JSON cannot write it as it is (see _named)."""
    return os.fsencode(name) != name.encode("utf-8", "replace")


class _Source:
    """A source open in the library (its file open, for a path), passed to
    the C calls as the handle itself (ctypes' _as_parameter_); close() closes
    it, and so does collecting it: an iterator of read() that is dropped
    before it is started or finished closes its file too. name: the file's
    name where the library's JSON cannot write it (see _named), else None."""
    __slots__ = ("_as_parameter_", "close", "name", "__weakref__")

    def __init__(self, src: int, name: Optional[str] = None):
        self._as_parameter_ = src
        self.close = weakref.finalize(self, lib.junqi_source_close, src)
        self.name = name


def _open(argument: str, path, lenient: bool) -> _Source:
    """The source of file `path` (argument `argument`'s value), or JunqiError
    saying why it cannot be opened, as the tools do ("x.jgs: No such file or
    directory")."""
    err = _native.error_buffer()
    name = _native.cstr(argument, path, path=True)
    src = lib.junqi_source_open(name, _native.source_flags(lenient), err, len(err))
    if not src:
        shown = os.fsdecode(name) or "''"  # an empty name, said as the tools say it
        raise JunqiError(f"{shown}: {err.value.decode('utf-8', 'replace')}")
    return _Source(src, os.fsdecode(name) if _lossy(os.fsdecode(name)) else None)


def _items(src: _Source, errors: str, rules: Optional[bytes]) -> Iterator[Item]:
    """The items of src as read() gives them, its records read under rule
    string `rules` (C bytes from _native.rules_text; None: their own)."""
    try:
        while True:
            handle = ctypes.c_void_p()
            err = _native.error_buffer()
            ptr = lib.junqi_report_next_rules(src, rules, ctypes.byref(handle), err, len(err))
            if not ptr:
                if err.value:
                    raise JunqiError(err.value.decode("utf-8", "replace"))
                return
            try:
                obj = _named(json.loads(ctypes.string_at(ptr).decode("utf-8")), src.name)
            finally:
                lib.junqi_free(ptr)
            diags = [Diagnostic(**_named(d, src.name)) for d in obj["diagnostics"]]
            if obj["type"] == "record":
                yield _game(_named(obj["record"], src.name), diags, handle.value)
            elif obj["type"] == "formation":
                yield Formation(obj["source"], obj["game"], diagnostics=diags, **obj["formation"])
            elif obj["type"] == "empty":  # zero games, as the tools say: not an error
                continue
            elif errors == "raise":  # its first error, located as the tools give it
                first = next((d for d in diags if d.severity == "error"), None)
                raise JunqiError(str(first) if first else f"{obj['source']}: item {obj['game']}: unreadable",
                                 diags)
    finally:
        src.close()


def _check_errors(errors: str):
    if not isinstance(errors, str):
        raise _native.wrong_type("errors", "a str", errors)
    if errors not in ("raise", "skip"):
        raise ValueError(f"errors takes 'raise' or 'skip', not {errors!r}")


def read(path: Union[str, os.PathLike], *, lenient: bool = False,
         errors: str = "raise", rules: Optional[str] = None) -> Iterator[Item]:
    """The records and formations of a file ("-": standard input), in order,
    its format detected by content. A JGN file is read one game at a time;
    an empty or blank file holds no items (the tools' "no-games" note).

    lenient: keep the valid part of a broken JGN game (its errors are in the
    game's diagnostics). errors: "raise" (JunqiError at the first item that
    cannot be read at all) or "skip" (leave such items out). A path that
    cannot be opened or read raises JunqiError either way, as the tools
    say it (exit status 3): a missing file is a mistake, not zero games.

    rules: a rule string ("standard", "standard,bomb_moves=engineer"; None:
    each record's own) that every record is read under, as the tools'
    --rules: a JGN game with neither a Board nor a Rules tag is on its
    board (not the four-player board), and each game's rules are that set.
    One that is no rule string raises JunqiError at once, as validate()
    does; one that does not fit a record (another board, no mountain points
    where its position has pieces, flip against formation game) raises
    JunqiError naming the item when it is read, errors="skip" or not, as
    the tools' usage error (exit 2)."""
    _check_errors(errors)
    rules_c = _native.rules_text(rules)
    return _items(_open("path", path, lenient), errors, rules_c)


def _memory(data: Union[str, bytes], name: Optional[str], lenient: bool) -> _Source:
    if isinstance(data, str):
        data = _native.encode("data", data)
    elif not isinstance(data, bytes):
        raise _native.wrong_type("data", "a str or bytes", data)
    src = lib.junqi_source_memory(data, len(data), _native.cstr("name", name),
                                  _native.source_flags(lenient))
    if not src and len(data) > _native.MAX_INPUT:  # not memory: the limit a file of that size meets
        shown = "<memory>" if name is None else name or "''"
        raise JunqiError(f"{shown}: larger than the {_native.MAX_INPUT >> 20} MiB limit")
    if not src:
        raise MemoryError("junqi: out of memory")
    return _Source(src, name if name is not None and _lossy(name) else None)


def parse(data: Union[str, bytes], name: Optional[str] = None, *, lenient: bool = False,
          errors: str = "raise", rules: Optional[str] = None) -> Iterator[Item]:
    """As read() for the contents of a file (text or bytes: JGN, position
    strings, YAML, a QQ file's bytes), shown as `name` (default "<memory>")."""
    _check_errors(errors)
    rules_c = _native.rules_text(rules)
    return _items(_memory(data, name, lenient), errors, rules_c)


def validate(path_or_data: Union[str, os.PathLike, bytes], rules: Optional[str] = None, *,
             lenient: bool = False, name: Optional[str] = None) -> List[Validation]:
    """Check every item of a file (a path: str or os.PathLike) or of bytes
    (always a file's contents, shown as `name`: a path in bytes goes as
    os.fsdecode(path)), exactly as `junqi-validate --format json` does:
    each item's diagnostics and summary.
    A `rules` that does not fit a record (another board, no mountain points
    where its position has pieces, flip against formation game) raises JunqiError naming the item, as the tool's usage
    error (exit 2)."""
    if isinstance(path_or_data, bytes):
        src = _memory(path_or_data, name, lenient)
    else:
        src = _open("path_or_data", path_or_data, lenient)
    try:
        return _validations(_native.text(lib.junqi_report_validate, src, _native.cstr("rules", rules)), src.name)
    finally:
        src.close()
