"""`pdnkit.read`: the module's verdicts, final FENs and findings equal the command line's."""

import io
import os

import pytest

import pdnkit
from conftest import SAMPLE, archives, corpus_files


def record_fields(r):
    return {
        "game": r.game,
        "line": r.line,
        "status": r.status,
        "ok": r.ok,
        "variant": r.variant,
        "result": r.result,
        "plies": r.plies,
        "replayed": r.replayed,
        "final_fen": r.final_fen,
        "diagnostics": [
            (d.severity, d.code, d.line, d.column, d.ply, d.message) for d in r.diagnostics
        ],
    }


def cli_fields(j):
    return {
        "game": j["game"],
        "line": j["line"],
        "status": j["status"],
        "ok": j["ok"],
        "variant": j["variant"],
        "result": j["result"],
        "plies": j["plies"],
        "replayed": j["replayed"],
        "final_fen": j["final_fen"],
        "diagnostics": [
            (d["severity"], d["code"], d["line"], d["column"], d["ply"], d["message"])
            for d in j["diagnostics"]
        ],
    }


@pytest.mark.parametrize("path", archives(), ids=lambda p: p.name)
def test_verdicts_and_final_fens_equal_the_command_line(path, cli_records):
    ours = [record_fields(g) for g in pdnkit.read(path)]
    theirs = [cli_fields(j) for j in cli_records(path)]
    assert len(ours) == len(theirs)
    for a, b in zip(ours, theirs):
        assert a == b


def test_the_corpus_is_compared_when_it_is_named():
    if os.environ.get("PDNKIT_CORPUS"):
        assert len(corpus_files()) >= 30


def test_a_game_has_its_tags_moves_and_comments():
    games = list(pdnkit.read(str(SAMPLE)))
    first = games[0]
    assert isinstance(first, pdnkit.Game) and isinstance(first, pdnkit.Record)
    assert first.tags["Event"] == "WK 2003"
    assert first.tags["GameType"] == "20"
    assert [m.move for m in first.moves[:3]] == ["32-28", "17-22", "28x17"]
    third = first.moves[2]
    assert (third.ply, third.number, third.side) == (3, 2, "white")
    assert (third.from_square, third.to_square, third.captured) == ("28", "17", ["22"])
    assert third.notation == "28x17"
    assert first.start_fen == "W:W31-50:B1-20"
    assert len(first.moves) == first.plies == first.replayed


def test_comments_nags_and_moves_the_replay_did_not_reach():
    text = (
        '[GameType "20"]\n{before} 1. 32-28 $1 {after 32-28} 19-23 2. 28-22 18-12 3. 33-29 *\n'
    )
    (game,) = pdnkit.read(io.StringIO(text))
    assert game.comments == ["before"]
    assert game.moves[0].nags == [1] and game.moves[0].comments == ["after 32-28"]
    assert game.status == "invalid"
    # 28-22 is played although 28x19 was compulsory; 18-12 cannot be played: the replay
    # stops there, and the moves after it are kept as written.
    assert [m.ply for m in game.moves] == [1, 2, 3, None, None]
    assert [m.move for m in game.moves[3:]] == ["18-12", "33-29"]
    assert game.moves[3].notation is None
    assert (game.plies, game.replayed) == (5, 3)
    assert [d.code for d in game.diagnostics][:2] == ["capture-required", "illegal-move"]


def test_paths_lists_and_file_objects_give_the_same_games(tmp_path):
    data = SAMPLE.read_bytes()
    from_path = [record_fields(g) for g in pdnkit.read(SAMPLE)]
    from_list = [record_fields(g) for g in pdnkit.read([str(SAMPLE)])]
    with open(SAMPLE, "rb") as f:
        from_binary = [record_fields(g) for g in pdnkit.read(f)]
    from_text = [record_fields(g) for g in pdnkit.read(io.StringIO(data.decode("utf-8")))]
    assert from_path == from_list == from_binary == from_text
    two = list(pdnkit.read([SAMPLE, SAMPLE]))
    assert len(two) == 2 * len(from_path)
    assert two[len(from_path)].game == 1


def test_reading_is_lazy_and_an_unreadable_input_raises_oserror(tmp_path):
    games = pdnkit.read([tmp_path / "missing.pdn", SAMPLE])
    with pytest.raises(OSError, match="missing.pdn"):
        next(games)
    # The next input is still read.
    assert next(games).game == 1


def test_a_forced_variant_and_bad_arguments():
    text = "1. 32-28 19-23 *\n"
    (game,) = pdnkit.read(io.StringIO(text), variant="frisian")
    assert game.variant == "frisian"
    with pytest.raises(pdnkit.PdnError) as e:
        pdnkit.read(SAMPLE, variant="chess")
    assert e.value.code == "unknown-variant"
    with pytest.raises(TypeError):
        pdnkit.read(42)


INPUTS = SAMPLE.parents[1] / "inputs"


def test_legacy_encodings_folders_and_zip_archives_read_as_on_the_command_line(cli_records):
    # The encoding of each file is decided from its bytes, as the command line decides it.
    names = [(g.tags["White"], g.tags["Black"]) for g in pdnkit.read(INPUTS / "championship.utf8.pdn")]
    assert names[0] == ("Блиндер Б.", "Миротин Б.")
    for copy in ["cp1251", "koi8-r", "ibm866", "utf16le", "utf16be"]:
        path = INPUTS / f"championship.{copy}.pdn"
        games = list(pdnkit.read(path))
        assert [(g.tags["White"], g.tags["Black"]) for g in games] == names, copy
        assert [record_fields(g) for g in games] == [cli_fields(j) for j in cli_records(path)]
        with open(path, "rb") as f:
            assert [g.tags["White"] for g in pdnkit.read(f)] == [n[0] for n in names], copy
    # A folder is walked, a zip archive read member by member, each named as the command line names it.
    files = [g.file for g in pdnkit.read([INPUTS / "archive.zip", INPUTS / "tree"])]
    assert files[0].endswith("archive.zip:2015/round-01.pdn")
    assert files[-1].endswith("tree/2016.zip:d.pdn")
    assert len(files) == 10
