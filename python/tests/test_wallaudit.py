"""Tests of the Python module against the command line: the same dicts, the same order."""

import json
import os
import subprocess
import sys
import tarfile

import pytest

import wallaudit

SOURCE = os.environ["WALLAUDIT_SOURCE_DIR"]
BINARY = os.environ["WALLAUDIT_BINARY"]
SAMPLES = os.path.join(SOURCE, "samples")
GAMES = ["chang-cheng", "great-wall-of-china", "catan-great-wall", "dschingis-bohn"]


def cli_jsonl(*args, cwd=None, stdin=None):
    """The record lines of `wallaudit check --format jsonl ARGS`, as dicts."""
    run = subprocess.run([BINARY, "check", "--format", "jsonl", *args], cwd=cwd, input=stdin,
                         capture_output=True, check=False)
    assert run.returncode in (0, 1, 2), run.stderr
    lines = [json.loads(line) for line in run.stdout.decode().splitlines()]
    assert "summary" in lines[-1]
    return lines[:-1]


def without_seconds(record):
    return {k: v for k, v in record.items() if k != "seconds"}


def first(folder, game):
    directory = os.path.join(SAMPLES, game, folder)
    return os.path.join(directory, sorted(f for f in os.listdir(directory) if f.endswith(".xml"))[0])


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("folder", ["legal", "illegal", "disputed", "malformed"])
def test_check_of_a_path_is_the_jsonl_object(game, folder):
    if not os.path.isdir(os.path.join(SAMPLES, game, folder)):
        pytest.skip(f"no {folder} samples of {game}")
    path = first(folder, game)
    rel = os.path.relpath(path, SOURCE)
    expected = cli_jsonl(rel, cwd=SOURCE)
    assert len(expected) == 1
    here = os.getcwd()
    os.chdir(SOURCE)
    try:
        got = wallaudit.check(rel)
    finally:
        os.chdir(here)
    assert without_seconds(got) == without_seconds(expected[0])
    assert isinstance(got["seconds"], float)


def test_check_of_bytes_is_the_jsonl_object_of_standard_input():
    path = first("illegal", "chang-cheng")
    data = open(path, "rb").read()
    expected = cli_jsonl("-", stdin=data)
    got = wallaudit.check(data)
    assert got["file"] == "-"
    assert got["verdict"] == "illegal"
    assert without_seconds(got) == without_seconds(expected[0])
    assert wallaudit.check(data, name="mine.xml")["file"] == "mine.xml"


def test_bad_records_are_results_not_exceptions():
    got = wallaudit.check(b"<not-a-record")
    assert got["verdict"] == "malformed"
    missing = wallaudit.check("/nonexistent/record.xml")
    assert missing["verdict"] == "malformed"
    assert missing["diagnostics"][0]["rule"].startswith("REC-")


def test_misuse_raises():
    with pytest.raises(TypeError):
        wallaudit.check(42)
    with pytest.raises(ValueError):
        list(wallaudit.check_many([SAMPLES], jobs=0))
    with pytest.raises(TypeError):
        list(wallaudit.check_many([3]))


CC_FLOOD = os.path.join(SAMPLES, "chang-cheng", "disputed", "final-claimed-wrong.xml")
CT_BOARDS = os.path.join(SAMPLES, "catan-great-wall", "boards", "club-print.xml")
CT_LEGAL = os.path.join(SAMPLES, "catan-great-wall", "legal")


def test_checking_options_are_those_of_the_command(tmp_path):
    plus_only = cli_jsonl("--option", "flood=plus-only", CC_FLOOD)[0]
    got = wallaudit.check(CC_FLOOD, options={"flood": "plus-only"})
    assert without_seconds(got) == without_seconds(plus_only)
    assert got["verdict"] != wallaudit.check(CC_FLOOD)["verdict"]
    with open(CC_FLOOD, "rb") as f:
        data = f.read()
    assert wallaudit.check(data, options={"flood": "plus-only"})["scores"] == plus_only["scores"]

    with open(os.path.join(CT_LEGAL, "four-players-ten-vp.xml"), encoding="utf-8") as f:
        text = f.read().replace('<board name="great-wall-modelled"/>', '<board name="club-print"/>')
    record = str(tmp_path / "club.xml")
    with open(record, "w", encoding="utf-8") as f:
        f.write(text)
    club = cli_jsonl("--boards", CT_BOARDS, record)[0]
    got = wallaudit.check(record, boards=[CT_BOARDS])
    assert got["verdict"] == "ok"
    assert without_seconds(got) == without_seconds(club)
    assert wallaudit.check(record)["verdict"] == "malformed"  # no such board without the file

    expected = cli_jsonl("--boards", CT_BOARDS, "--max-turns", "60", CT_LEGAL)
    got = list(wallaudit.check_many(CT_LEGAL, jobs=2, boards=CT_BOARDS, max_turns=60))
    assert [without_seconds(r) for r in got] == [without_seconds(r) for r in expected]
    assert any(r["verdict"] == "malformed" for r in got)  # a record past 60 turns

    game = wallaudit.load(CC_FLOOD, options={"flood": "plus-only"})
    assert without_seconds(game.check()) == without_seconds(plus_only)


def test_checking_options_the_command_refuses_raise():
    with pytest.raises(ValueError) as e:
        wallaudit.check(CC_FLOOD, options={"floods": "plus-only"})
    assert str(e.value).startswith("unknown rules option 'floods' (options: ")
    with pytest.raises(ValueError) as e:
        wallaudit.check(CC_FLOOD, options={"flood": "minus"})
    assert str(e.value) == "option flood takes plus-or-minus, plus-only, not 'minus'"
    with pytest.raises(ValueError) as e:
        wallaudit.check(CC_FLOOD, boards=["/nonexistent/boards.xml"])
    assert str(e.value).startswith("cannot read board definitions /nonexistent/boards.xml: ")
    broken = os.path.join(SAMPLES, "catan-great-wall", "boards", "broken-board.xml")
    with pytest.raises(ValueError) as e:
        list(wallaudit.check_many([CT_LEGAL], boards=[broken]))
    lines = str(e.value).splitlines()
    assert lines[0] == "the board definitions do not hold (1 error)"
    assert lines[1].startswith(broken + ":87:34: error: ") and lines[1].endswith("[CT-209]")
    with pytest.raises(ValueError) as e:
        wallaudit.check(CC_FLOOD, definitions=[CC_FLOOD])
    assert str(e.value) == f"--definitions takes a directory, not '{CC_FLOOD}'"
    with pytest.raises(ValueError):
        wallaudit.check(CC_FLOOD, max_turns=0)
    with pytest.raises(ValueError):
        wallaudit.load(CC_FLOOD, options={"flood": "x"})
    with pytest.raises(TypeError):
        wallaudit.check(CC_FLOOD, options={"flood": 2})
    with pytest.raises(TypeError):
        wallaudit.check(CC_FLOOD, options=["flood=plus-only"])
    with pytest.raises(TypeError):
        wallaudit.check(CC_FLOOD, max_turns="60")


def test_check_many_of_a_directory_matches_the_command_in_order():
    expected = cli_jsonl("samples", cwd=SOURCE)
    here = os.getcwd()
    os.chdir(SOURCE)
    try:
        got = list(wallaudit.check_many(["samples"], jobs=2))
    finally:
        os.chdir(here)
    assert len(got) == len(expected) > 40
    assert [r["file"] for r in got] == [r["file"] for r in expected]
    assert [without_seconds(r) for r in got] == [without_seconds(r) for r in expected]


def test_check_many_reads_archives_and_files_together(tmp_path):
    archive = tmp_path / "games.tar.gz"
    legal = os.path.join(SAMPLES, "great-wall-of-china", "legal")
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(legal, arcname="legal")
    single = first("illegal", "chang-cheng")
    expected = cli_jsonl(str(archive), single)
    got = list(wallaudit.check_many([archive, single], jobs=2))
    assert [without_seconds(r) for r in got] == [without_seconds(r) for r in expected]
    assert got[0]["file"].startswith(str(archive) + "!legal/")
    assert got[-1]["verdict"] == "illegal"


def test_check_many_notes_duplicates_as_the_command_does():
    path = first("legal", "great-wall-of-china")
    got = list(wallaudit.check_many([path, path]))
    expected = cli_jsonl(path, path)
    assert [without_seconds(r) for r in got] == [without_seconds(r) for r in expected]
    assert any(d["rule"] == "duplicate" for d in got[1]["diagnostics"])


def test_a_generator_left_early_stops_the_batch():
    results = wallaudit.check_many([SAMPLES], jobs=2)
    taken = [next(results) for _ in range(3)]
    results.close()
    assert len(taken) == 3
    assert all("verdict" in r for r in taken)


def test_explain_is_the_json_of_the_command():
    path = first("disputed", "chang-cheng")
    run = subprocess.run([BINARY, "explain", "--format", "json", path], capture_output=True,
                         check=False)
    assert wallaudit.load(path).explain() == json.loads(run.stdout)


# Stepping a record needs its game built on the engine interface (an EngineGame): every
# built-in game is.
@pytest.mark.parametrize("game", GAMES)
def test_a_loaded_record_steps_through_the_engine(game, monkeypatch):
    # Files a record names (a map, a board set) must lie in the current directory's tree,
    # as for the command line: work from the repository's root.
    monkeypatch.chdir(SOURCE)
    path = first("legal", game)
    game_id = wallaudit.check(path)["game"]
    loaded = wallaudit.load(path)
    assert wallaudit.driveable_game(game_id)
    assert loaded.driveable, loaded.reason
    states = loaded.states
    assert len(states) == loaded.turns + 1
    start = states[0]
    legal = start.legal_actions()
    assert legal or start.action_families(), start.decision()
    # A legal action applies without a rule finding; text that is no action is misuse.
    if legal:
        step = start.clone().apply(legal[0])
        assert step["action"] == legal[0]
        assert not step["erroneous"], step["findings"]
    with pytest.raises(ValueError):
        start.clone().apply("nobody: nothing at all")
    # An action legal earlier and no longer legal is a finding (the engine tests' method).
    loaded.rewind(0)
    seen = []
    found = None
    for turn in range(loaded.turns):
        before = states[turn]
        allowed = set(before.legal_actions())
        families = {kind for kind, _ in before.action_families()}
        for text in seen:
            if text not in allowed and text.split(":", 1)[1].split()[0] not in families:
                found = before.clone().apply(text)
                break
        if found:
            break
        seen.extend(states[turn].legal_actions()[:1])
    if found:
        assert found["erroneous"]
        assert found["findings"][0]["kind"] == "rule"
        assert found["findings"][0]["rule"]
        assert found["findings"][0]["at"] is None  # about the step itself


def test_a_chang_cheng_game_steps_and_judges_a_lone_wall_at_the_turns_end(monkeypatch):
    monkeypatch.chdir(SOURCE)
    loaded = wallaudit.load(os.path.join("samples", "chang-cheng", "legal", "three-players.xml"))
    after = loaded.states[5].clone()
    assert after.decision() == "turn 6, blue: the turn begins"
    assert after.legal_actions()[0] == "blue: begin"
    wall = after.apply("blue: wall 2A.W1")
    assert not wall["erroneous"], wall["findings"]
    end = after.apply("blue: end")
    assert [(f["rule"], f["at"]) for f in end["findings"]] == [("CC-404", wall["step"])]


def test_the_archive_stats_example_prints_win_rates_by_seat(tmp_path):
    pytest.importorskip("pandas")
    archive = tmp_path / "games.tar"
    with tarfile.open(archive, "w") as tar:
        tar.add(os.path.join(SAMPLES, "great-wall-of-china", "legal"), arcname="legal")
    run = subprocess.run([sys.executable, os.path.join(SOURCE, "examples", "archive_stats.py"),
                          str(archive)], capture_output=True, text=True, check=False,
                         env={**os.environ, "PYTHONPATH": os.path.dirname(
                             os.path.dirname(wallaudit.__file__))})
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    expected = [r for r in cli_jsonl(str(archive))]
    assert lines[0] == f"{len(expected)} records: {len(expected)} ok"
    assert lines[1] == f"{len(expected)} finished games with verdict ok"
    header = lines[2].split()
    assert header == ["game", "players", "seat", "games", "wins", "mean_points", "win_rate"]
    # Each finished game has one winner or more: at least as many wins as games.
    seats = [line.split() for line in lines[3:]]
    assert sum(int(s[4]) for s in seats) >= len(expected)
    assert all(s[0] == "great-wall-of-china" for s in seats)
