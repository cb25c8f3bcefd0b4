"""wallaudit: check logged games of the Great Wall family of board games from Python.

    import wallaudit
    result = wallaudit.check("game.xml")          # or the record's bytes
    result["verdict"]                             # the dict of `wallaudit check --format jsonl`
    for r in wallaudit.check_many(["archive.tar.zst", "games/"], jobs=2):
        ...                                       # one dict per record, in input order
    game = wallaudit.load("game.xml")             # a record driven move by move
    game.states[3].legal_actions()                # after turn 3
    game.apply("red: wall 2A.W5")["findings"]

Bad records are results, as in the command line; exceptions are raised only for misuse (a
wrong type, jobs < 1, checking options the command line would refuse, text that is no action
of the game, stepping a game that cannot be driven).

The checking options of `wallaudit check` are keywords of check, check_many and load:
    wallaudit.check("game.xml", options={"flood": "plus-only"}, boards=["my-boards.xml"])
"""

import json as _json
import os as _os

from . import _wallaudit

__all__ = ["check", "check_many", "load", "games", "driveable_game", "Game", "State", "NotDriveable", "__version__"]
__version__ = _wallaudit.version()

State = _wallaudit.State


class NotDriveable(RuntimeError):
    """Raised when stepping a game whose record cannot be driven move by move."""


def _path(value, what):
    if isinstance(value, (str, _os.PathLike)):
        return _os.fspath(value)
    raise TypeError(f"{what} takes a path (str or os.PathLike), not {type(value).__name__}")


def _paths(value, what):
    if value is None:
        return []
    if isinstance(value, (str, _os.PathLike)):
        value = [value]
    return [_path(v, what) for v in value]


def _options(options=None, boards=None, definitions=None, allow_any_path=False, max_turns=None):
    """The checking options of `wallaudit check`: `options` a dict of rules options (name to
    value, as --option NAME=VALUE), `boards` board definition files (--boards), `definitions`
    directories where files named by records may also lie (--definitions), `allow_any_path`
    and `max_turns` (--allow-any-path, --max-turns)."""
    rules = []
    if options is not None:
        if not isinstance(options, dict):
            raise TypeError(f"options takes a dict of rules options (name: value), not {type(options).__name__}")
        for name, value in options.items():
            if not isinstance(name, str) or not isinstance(value, str):
                raise TypeError(f"options takes names and values that are str, not {name!r}: {value!r}")
            rules.append((name, value))
    if max_turns is not None and (not isinstance(max_turns, int) or isinstance(max_turns, bool)):
        raise TypeError(f"max_turns takes a whole number, not {max_turns!r}")
    return _wallaudit.options(rules, _paths(boards, "boards"), _paths(definitions, "definitions"),
                              bool(allow_any_path), max_turns)


def check(record, name="-", *, options=None, boards=None, definitions=None,
          allow_any_path=False, max_turns=None):
    """Checks one record: a path, or the record's bytes. Returns the dict `wallaudit check
    --format jsonl` prints for it; a record that cannot be read is a malformed result.

    The keyword options are those of `wallaudit check`: `options={"flood": "plus-only"}`
    (--option), `boards=[...]` (--boards), `definitions=[...]` (--definitions),
    `allow_any_path`, `max_turns`. Options the command would refuse raise ValueError."""
    opts = _options(options, boards, definitions, allow_any_path, max_turns)
    if isinstance(record, (bytes, bytearray, memoryview)):
        return _json.loads(_wallaudit.check_bytes(bytes(record), name, opts))
    return _json.loads(_wallaudit.check_file(_path(record, "check"), opts))


def check_many(paths, jobs=2, all_files=False, *, options=None, boards=None, definitions=None,
               allow_any_path=False, max_turns=None):
    """Checks every record of `paths` (files, directories, archives; one path or a list) on
    `jobs` threads and yields their dicts in input order, as `wallaudit check --format jsonl`
    prints them (without the summary line). The keyword options are those of check()."""
    if isinstance(paths, (str, _os.PathLike)):
        paths = [paths]
    paths = [_path(p, "check_many") for p in paths]
    if not isinstance(jobs, int) or isinstance(jobs, bool) or jobs < 1:
        raise ValueError(f"jobs must be a whole number of at least 1, not {jobs!r}")
    opts = _options(options, boards, definitions, allow_any_path, max_turns)
    return _results(_wallaudit.Batch(paths, jobs, bool(all_files), opts))


def _results(batch):
    try:
        while True:
            bunch = batch.next_many()
            if not bunch:
                return
            yield from _json.loads(bunch)
    finally:
        batch.close()


class Game:
    """A record read and driven through its game's engine: the states after the set-up and
    after each turn, and a current state to step from (the end of the record at first)."""

    def __init__(self, path, **options):
        self.path = _path(path, "load")
        self._options = options
        self._opts = _options(**options)
        self._game = _wallaudit.Game(self.path, self._opts)
        self._current = self._game.end_state() if self._game.driveable else None

    @property
    def driveable(self):
        """Whether the record's game can be driven move by move (see `reason` if not)."""
        return self._game.driveable

    @property
    def reason(self):
        """Why the record cannot be driven; empty when it can."""
        return self._game.reason

    @property
    def turns(self):
        return self._game.turns

    @property
    def states(self):
        """The state after the set-up (index 0) and after each turn (index n), copies."""
        self._need()
        return self._game.states

    def state(self):
        """The current state: the end of the record, then after what apply() applied."""
        self._need()
        return self._current

    def rewind(self, turn):
        """Makes the state after `turn` (0: after the set-up) the current state."""
        self._need()
        states = self._game.states
        if not 0 <= turn < len(states):
            raise IndexError(f"turn {turn} is not in the record (0 to {len(states) - 1})")
        self._current = states[turn]

    def legal_actions(self):
        """The canonical texts of the legal actions of the current state's next decision."""
        return self.state().legal_actions()

    def apply(self, action):
        """Applies an action's canonical text to the current state: a dict with the action,
        its step number, its findings (dicts: kind, rule, message, colour, involves, cause,
        at: the earlier step a finding is about, None for this one), points,
        completions and whether it was erroneous. Text that is no action raises ValueError."""
        return self.state().apply(action)

    def check(self):
        """The record's check result (the JSONL dict), with the options it was loaded with."""
        return check(self.path, **self._options)

    def explain(self):
        """The score audit of `wallaudit explain --format json` as a dict, or None when the
        record cannot be replayed."""
        text = _wallaudit.explain(self.path, self._opts)
        return None if text is None else _json.loads(text)

    def _need(self):
        if not self._game.driveable:
            raise NotDriveable(f"{self.path}: {self._game.reason}")


def games():
    """The ids of the games compiled in ("chang-cheng", …)."""
    return _wallaudit.games()


def driveable_game(game_id):
    """Whether the game `game_id` is built on the engine interface (load() can step it)."""
    return _wallaudit.engine_game(game_id)


def load(path, *, options=None, boards=None, definitions=None, allow_any_path=False,
         max_turns=None):
    """Reads a record for stepping through; see Game. The keyword options are those of
    check()."""
    return Game(path, options=options, boards=boards, definitions=definitions,
                allow_any_path=allow_any_path, max_turns=max_turns)
