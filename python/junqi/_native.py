# SPDX-License-Identifier: MIT
"""The ctypes side of the binding: finding libjunqi, the prototypes of the
calls the binding makes (formats/source.h, formats/report.h, the stop
requests of libcore/search.h and junqi_rules_parse of libcore/rules.h, which
checks a rule string), and one helper that turns a call's returned JSON text
into a Python string (text, and stoppable for the engine's calls and perft,
which Ctrl-C stops), and the checks of the arguments passed to the calls
(fits, flag, cstr): a wrong type or a number that does not fit is a
TypeError or ValueError naming the argument, never ctypes' own error or a
silent wrap.

The binding never reads a C struct: every call takes handles (opaque
pointers), plain numbers and strings, and returns a JSON text that the
library writes exactly as the tools print it.
"""
from __future__ import annotations

import ctypes
import operator
import os
import threading
from ctypes import (POINTER, c_bool, c_char_p, c_int, c_long, c_size_t, c_uint,
                    c_uint64, c_void_p)

#: The soname this binding is written against: the major version of the
#: library's ABI (a new major may change the calls below).
SONAME = "libjunqi.so.0"


class JunqiError(Exception):
    """A call failed: bad arguments, an input that cannot be read, out of
    memory. ``diagnostics`` lists the problems found in an input, if any."""

    def __init__(self, message: str, diagnostics=None):
        super().__init__(message)
        self.diagnostics = list(diagnostics or [])


def _candidates():
    """Where libjunqi may be, in the order tried."""
    env = os.environ.get("JUNQI_LIBRARY")
    if env:
        yield env
        return
    try:
        from ._installed import LIBRARY  # written by `make install`
        yield LIBRARY
    except ImportError:
        pass
    here = os.path.dirname(os.path.abspath(__file__))
    yield os.path.join(here, "..", "..", "lib", SONAME)  # the build tree: python/junqi -> lib/
    yield SONAME  # the dynamic loader's search path


_ERR = c_char_p, c_size_t  # every string call ends with an error buffer and its size

_PROTOTYPES = {
    "junqi_version": (c_char_p, ()),
    "junqi_free": (None, (c_void_p,)),
    "junqi_game_free": (None, (c_void_p,)),
    "junqi_game_moves": (c_size_t, (c_void_p,)),
    "junqi_source_open": (c_void_p, (c_char_p, c_uint) + _ERR),
    "junqi_source_memory": (c_void_p, (c_char_p, c_size_t, c_char_p, c_uint)),
    "junqi_source_close": (None, (c_void_p,)),
    "junqi_report_next": (c_void_p, (c_void_p, POINTER(c_void_p)) + _ERR),
    "junqi_report_next_rules": (c_void_p, (c_void_p, c_char_p, POINTER(c_void_p)) + _ERR),
    "junqi_rules_parse": (c_bool, (c_char_p, c_int, POINTER(c_void_p)) + _ERR),
    "junqi_report_read_jgn": (c_void_p, (c_char_p, c_size_t, c_char_p, c_size_t) + _ERR),
    "junqi_report_validate": (c_void_p, (c_void_p, c_char_p) + _ERR),
    "junqi_report_check": (c_void_p, (c_void_p, c_char_p) + _ERR),
    "junqi_report_record": (c_void_p, (c_void_p, c_char_p) + _ERR),
    "junqi_report_jgn": (c_void_p, (c_void_p, c_char_p) + _ERR),
    "junqi_report_positions": (c_void_p, (c_void_p, c_long, c_char_p, c_char_p, c_bool) + _ERR),
    "junqi_report_notation": (c_void_p, (c_void_p, c_long, c_char_p, c_char_p, c_bool) + _ERR),
    "junqi_report_perft": (c_void_p, (c_void_p, c_long, c_char_p, c_bool, c_int, c_bool) + _ERR),
    "junqi_report_perft_stoppable": (c_void_p, (c_void_p, c_long, c_char_p, c_bool, c_int, c_bool, c_void_p) + _ERR),
    "junqi_report_go_stoppable": (c_void_p, (c_void_p, c_long, c_char_p, c_bool, c_char_p, c_char_p, c_int,
                                             c_uint64, c_int, c_uint64, c_int, c_int, c_int, c_void_p) + _ERR),
    "junqi_stop_new": (c_void_p, ()),
    "junqi_stop_request": (None, (c_void_p,)),
    "junqi_stop_free": (None, (c_void_p,)),
}


def _bind(lib) -> None:
    """Give lib's calls their prototypes; AttributeError naming the first
    call lib does not have (another library, or an older libjunqi)."""
    for name, (restype, argtypes) in _PROTOTYPES.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes


def _load():
    """The first candidate library that loads and has every call of
    _PROTOTYPES; ImportError saying what each candidate lacked else."""
    errors = []
    for path in _candidates():
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:  # its message names the path, mostly
            errors.append(str(e) if path in str(e) else f"{path}: {e}")
            continue
        try:
            _bind(lib)
        except AttributeError as e:
            missing = str(e).rsplit(" ", 1)[-1].strip("'")
            errors.append(f"{path}: not the libjunqi this binding needs: it has no {missing}")
            continue
        return lib
    raise ImportError("junqi: cannot load the junqi library (set JUNQI_LIBRARY to its path): "
                      + "; ".join(errors))


lib = _load()

#: JUNQI_REPORT_END and JUNQI_REPORT_ALL of report.h: the `ply` of the end
#: of the game, and of every position.
PLY_END = -1
PLY_ALL = -2
#: junqi_report_go()'s seed when none is given (report.h JUNQI_REPORT_NO_SEED): a seed of 0 is a
#: seed given, refused where a seed does not apply (a flip game, view "all").
NO_SEED = 2 ** 64 - 1

#: Source flag JUNQI_SOURCE_LENIENT (source.h).
SOURCE_LENIENT = 1
#: Source flag JUNQI_SOURCE_RULES_KEYWORD (source.h): messages name rules=, not --rules.
SOURCE_RULES_KEYWORD = 2

#: JUNQI_MAX_INPUT (source.h): the largest input the library reads whole (every format but JGN,
#: which is streamed); junqi_source_memory() refuses more with NULL, as it does when memory runs out.
MAX_INPUT = 256 << 20

#: junqi_rules_parse()'s board JUNQI_RULES_ANY_BOARD (rules.h): a rule string of either board.
RULES_ANY_BOARD = -1


#: The size of the error buffer passed to the calls: a reason names its
#: item by the file's path (up to PATH_MAX, 4096 bytes) before saying what
#: is wrong, so a smaller buffer could keep the path and lose the reason.
ERR_SIZE = 8192


def error_buffer():
    """A new error buffer of ERR_SIZE bytes for a call of the library."""
    return ctypes.create_string_buffer(ERR_SIZE)


def text(fn, *args) -> str:
    """Call a string call of report.h with its arguments (the error buffer is
    added): its JSON text, or JunqiError with the library's reason."""
    err = error_buffer()
    ptr = fn(*args, err, len(err))
    if not ptr:
        raise JunqiError(err.value.decode("utf-8", "replace") or "the call failed")
    try:
        return ctypes.string_at(ptr).decode("utf-8")
    finally:
        lib.junqi_free(ptr)


class _Stop:
    """A stop request of the library (search.h junqi_stop), passed to the C
    calls as the handle itself (ctypes' _as_parameter_) and freed when the
    last reference goes: the thread that runs the call and the one that may
    request the stop each hold one, so neither frees it under the other."""
    __slots__ = ("_as_parameter_",)

    def __init__(self):
        self._as_parameter_ = lib.junqi_stop_new()
        if not self._as_parameter_:
            raise MemoryError("junqi: out of memory")

    def __del__(self, free=lib.junqi_stop_free):
        free(self._as_parameter_)


#: Seconds between the waiting thread's looks at Ctrl-C (stoppable): a
#: signal delivered to another thread is seen at the next look.
POLL = 0.05


def stoppable(fn, *args) -> str:
    """text() of a call that a stop request ends early (fn takes a junqi_stop
    before the error buffer: junqi_report_go_stoppable,
    junqi_report_perft_stoppable), made so that Ctrl-C
    stops it at once. ctypes holds the calling thread in C until the call
    returns, and Python raises KeyboardInterrupt between bytecodes only, so
    the call runs on a thread of its own while this one waits in short
    steps (POLL): a KeyboardInterrupt (or any exception a signal handler
    raises) comes out of the wait, requests the stop, waits for the call to
    end (its searches stop within about 1,024 nodes, a perft count within
    1,024 positions) and is raised again.
    The call's own result or exception is this function's."""
    stop, done = _Stop(), {}

    def run():
        try:
            done["text"] = text(fn, *args, stop)
        except BaseException as e:  # raised again on the calling thread
            done["error"] = e

    worker = threading.Thread(target=run, name="junqi call", daemon=True)
    try:
        worker.start()
        while worker.is_alive():
            worker.join(POLL)
    except BaseException:
        lib.junqi_stop_request(stop)
        if worker.is_alive():  # not started, or a second interrupt: it ends soon, holding what it uses
            worker.join()
        raise
    if "error" in done:
        raise done["error"]
    return done["text"]


def wrong_type(name: str, wanted: str, value) -> TypeError:
    """The TypeError of argument `name`, which must be `wanted` ("an int"), given value."""
    return TypeError(f"{name} must be {wanted}, not {type(value).__name__}")


def fits(name: str, value: int, ctype) -> int:
    """value, checked to be an int (anything with __index__, but not a bool:
    go(nodes=True) is a mistake, not one node) and to fit C type ctype
    (ctypes would wrap it silently: 2**64 + 5 as a long is 5, -1 as a
    uint64_t no node limit at all). TypeError naming argument `name` and the
    type wanted when it is no int ("ply must be an int, not str"),
    ValueError naming it when it does not fit."""
    if isinstance(value, bool):
        raise wrong_type(name, "an int", value)
    try:
        value = operator.index(value)
    except TypeError:
        raise wrong_type(name, "an int", value) from None
    bits = 8 * ctypes.sizeof(ctype)
    signed = ctype(-1).value < 0
    low, high = (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1) if signed else (0, 2 ** bits - 1)
    if value < low:
        raise ValueError(f"{name} must be {'at least ' + str(low) if signed else '0 or more'}, not {value}")
    if value > high:
        raise ValueError(f"{name} must be at most {high}, not {value}")
    return value


def flag(name: str, value: bool) -> bool:
    """value, checked to be a bool (ctypes takes any object as a C bool:
    lenient="no" would be lenient); TypeError naming argument `name` else."""
    if not isinstance(value, bool):
        raise wrong_type(name, "a bool", value)
    return value


def rules_text(rules):
    """The C string of a `rules` argument (None: None, each record's own
    rule set), checked as cstr() checks it and parsed as the library parses
    it (junqi_rules_parse, any board): JunqiError with the library's reason
    for one that is no rule string, the message junqi_report_validate()
    gives, so that a call that reads lazily (read(), parse()) refuses it at
    once rather than at its first item."""
    data = cstr("rules", rules)
    if data is not None:
        err, parsed = error_buffer(), c_void_p()
        if not lib.junqi_rules_parse(data, RULES_ANY_BOARD, ctypes.byref(parsed), err, len(err)):
            raise JunqiError(err.value.decode("utf-8", "replace") or "the call failed")
    return data


def source_flags(lenient: bool) -> int:
    """The source flags (source.h) of a `lenient` argument, checked by flag();
    a rule set is given to the binding as rules=, which its messages name."""
    return (SOURCE_LENIENT if flag("lenient", lenient) else 0) | SOURCE_RULES_KEYWORD


def encode(name: str, s: str) -> bytes:
    """The bytes of str `s`, argument `name`: UTF-8, and a string from
    os.fsdecode() or a file read with errors="surrogateescape" keeps the
    bytes it stands for (U+DC80 to U+DCFF), as os.fsencode() gives them.
    Any other surrogate stands for no bytes: ValueError naming the argument
    and where it is (it was UnicodeEncodeError's "'utf-8' codec can't
    encode character", which named neither)."""
    try:
        return s.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError as e:
        raise ValueError(f"{name} holds the surrogate U+{ord(s[e.start]):04X} (character {e.start + 1}), "
                         f"which stands for no text or bytes") from None


def cstr(name: str, s, path: bool = False):
    """A Python string (or None) as the bytes of a C string; with `path`, a
    file's name: str, bytes or os.PathLike, as open() takes, never None (a
    NULL path would be standard input, which is "-"). TypeError naming
    argument `name` and the type wanted for anything else ("level must be a
    str, not int"), which ctypes would refuse with a message of its own;
    ValueError for a NUL character, where C would end the string ("x.jgn\\0y"
    would read x.jgn), as open() refuses it."""
    if s is None and not path:
        return None
    if path and isinstance(s, (str, bytes, os.PathLike)):
        data = os.fsencode(s)
    elif not path and isinstance(s, str):
        data = encode(name, s)
    else:
        raise wrong_type(name, "a str, bytes or os.PathLike" if path else "a str", s)
    if b"\0" in data:
        raise ValueError(f"{name} must not hold a NUL character")
    return data
