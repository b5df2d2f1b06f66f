"""`pdnkit.players`, `pdnkit.standings` and `pdnkit.tags`: the same answers as `pdnkit players`,
`pdnkit standings --format json` and `pdnkit tags` (its games byte for byte, its --changes
rows), and figures that match a count made here from the tags."""

import csv
import json
import re
from collections import defaultdict

import pytest

import pdnkit
from conftest import REPO, corpus_files

ROUNDS = sorted((REPO / "fixtures" / "standings").glob("round-*.pdn"))


def test_players_equal_the_command_line(cli, tmp_path):
    paths = [str(p) for p in ROUNDS]
    roster = pdnkit.players(paths, jobs=2)
    code, out, err = cli("players", "--format", "json", *paths)
    assert code == 0, err
    assert roster == json.loads(out)
    nowicki = [p for p in roster["people"] if p["name"] == "Nowicki, Piotr"]
    assert len(nowicki) == 1
    spellings = {s for s, _ in nowicki[0]["spellings"]}
    assert spellings == {"Nowicki, Piotr", "NOWICKI P.", "P. Nowicki", "Nowicki,P."}
    aliases = tmp_path / "aliases.csv"
    aliases.write_text("name,spellings\nPiotr Nowicki,Nowicki Piotr | NOWICKI P.\n")
    named = pdnkit.players(paths, aliases=str(aliases))
    assert "Piotr Nowicki" in [p["name"] for p in named["people"]]


def tags(path):
    """(White, Black, Result) of each game, read line by line."""
    games, current = [], {}
    for line in path.read_text().splitlines():
        m = re.match(r'\[(\w+) "(.*)"\]', line.strip())
        if not m:
            continue
        if m.group(1) == "Event" and current:
            games.append(current)
            current = {}
        current[m.group(1)] = m.group(2)
    if current:
        games.append(current)
    return games


def test_standings_equal_the_command_line_and_a_count_by_hand(cli):
    paths = [str(p) for p in ROUNDS]
    result = pdnkit.standings(paths, group="none")
    code, out, err = cli("standings", "--format", "json", "--group", "none", *paths)
    assert code == 1, err  # one game without a result is flagged
    assert result == json.loads(out)
    assert [f["result"] for f in result["flagged"]] == ["*"]
    points = defaultdict(int)
    same = {"NOWICKI P.": "Nowicki, Piotr", "P. Nowicki": "Nowicki, Piotr",
            "Nowicki,P.": "Nowicki, Piotr", "Kowalski J.": "Kowalski, Jan"}
    for path in ROUNDS:
        for g in tags(path):
            if g["Result"] not in ("2-0", "1-1", "0-2"):
                continue
            w, b = (int(x) for x in g["Result"].split("-"))
            points[same.get(g["White"], g["White"])] += w
            points[same.get(g["Black"], g["Black"])] += b
    (table,) = result["tables"]
    assert {r["player"]: int(r["points"]) for r in table["rows"]} == dict(points)


# `pdnkit.tags`: the games the command line writes, byte for byte, and its --changes rows.

STATS = REPO / "fixtures" / "stats" / "tournament.pdn"

# The same edits as Python arguments and as the command line's options.
TAG_EDITS = [
    (
        {"set": {"Site": "Łódź", "Annotator": 'a "quoted" \\ name'}, "remove": ["Round"],
         "rename": {"Event": "Tournament"}},
        ["--set", "Site=Łódź", "--set", 'Annotator=a "quoted" \\ name', "--remove", "Round",
         "--rename", "Event=Tournament"],
    ),
    (
        {"dates": True, "plycount": True, "result": True, "gametype": True, "jobs": 1},
        ["--dates", "--plycount", "--result", "--gametype"],
    ),
    (
        {"where": {"White": "(?i)nowicki|ann"}, "set": [("Annotator", "x"), "Round=?"],
         "remove": "Date", "jobs": 2},
        ["--where", "White=(?i)nowicki|ann", "--set", "Annotator=x", "--set", "Round=?",
         "--remove", "Date"],
    ),
    (
        {"where": ["Result=^2-0$", ("GameType", "20")], "rename": [("White", "Black"),
         ("Black", "White")], "plycount": True},
        ["--where", "Result=^2-0$", "--where", "GameType=20", "--rename", "White=Black",
         "--rename", "Black=White", "--plycount"],
    ),
]


def tags_inputs():
    inputs = [[str(p) for p in ROUNDS], [str(STATS)]]
    corpus = corpus_files()
    if corpus:
        inputs.append([str(p) for p in corpus])
    return inputs


def cli_tags(cli, tmp_path, paths, options):
    """What `pdnkit tags` writes: (games, change rows, stderr)."""
    out, changes = tmp_path / "cli.pdn", tmp_path / "cli-changes.csv"
    code, _, err = cli("tags", *options, "-o", out, "--changes", changes, *paths)
    assert code == 0, err
    with open(changes, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    return out.read_bytes(), rows, err


def summary_line(err):
    """(written, changed, {kind: n}) from the command line's `N games written, M changed`."""
    m = re.search(r"pdnkit: (\d+) games? written, (\d+) changed(?: \((.*)\))?", err)
    assert m, err
    kinds = {}
    for part in (m.group(3) or "").split(", "):
        if part:
            n, kind = part.split(" ")
            kinds[kind] = int(n)
    return int(m.group(1)), int(m.group(2)), kinds


@pytest.mark.parametrize("edit", range(len(TAG_EDITS)))
def test_tags_write_what_the_command_line_writes(cli, tmp_path, edit):
    kwargs, options = TAG_EDITS[edit]
    for paths in tags_inputs():
        games, rows, err = cli_tags(cli, tmp_path, paths, options)
        out = tmp_path / "py.pdn"
        done = pdnkit.tags(paths, out, **kwargs)
        assert out.read_bytes() == games
        assert done["text"] is None
        assert [{k: str(v) for k, v in c.items()} for c in done["changes"]] == rows
        assert (done["written"], done["changed"], done["kinds"]) == summary_line(err)
        assert done["not_written"] == 0
        assert done["read"] == done["written"] > 0
        # Without an output, the same games come back as text.
        again = pdnkit.tags(paths, **kwargs)
        assert again["text"].encode("utf-8") == games
        assert again["changes"] == done["changes"]
    # Every option set changes something on the fixtures.
    assert done["changed"] > 0 or edit == 3


def test_tags_on_the_round_files_change_what_was_asked():
    paths = [str(p) for p in ROUNDS]
    done = pdnkit.tags(paths, set={"Site": "Łódź"}, remove="Round", rename={"Event": "Tournament"})
    text = done["text"]
    assert "[Round " not in text and "[Event " not in text
    games = text.count("[Tournament ")
    assert games == done["written"] == sum(len(tags(p)) for p in ROUNDS)
    assert text.count('[Site "Łódź"]') == games
    assert done["kinds"] == {"remove": games, "rename": games, "set": games}
    first = done["changes"][0]
    assert set(first) == {"file", "game", "line", "tag", "old", "new", "kind"}
    assert (first["file"], first["game"], first["kind"]) == (paths[0], 1, "rename")
    # A file object reads as its path does.
    with open(ROUNDS[0], "rb") as f:
        from_file = pdnkit.tags(f, set={"Site": "Łódź"}, remove="Round",
                                rename={"Event": "Tournament"})
    alone = pdnkit.tags(paths[0], set={"Site": "Łódź"}, remove="Round",
                        rename={"Event": "Tournament"})
    assert from_file["text"] == alone["text"] and text.startswith(alone["text"])


def test_tags_aliases_as_the_command_line(cli, tmp_path):
    table = tmp_path / "aliases.csv"
    table.write_text("name,spellings\nPiotr Nowicki,Nowicki Piotr | NOWICKI P. | P. Nowicki\n")
    paths = [str(p) for p in ROUNDS]
    games, rows, err = cli_tags(cli, tmp_path, paths, ["--aliases", table, "--dates"])
    done = pdnkit.tags(paths, aliases=str(table), dates=True)
    assert done["text"].encode("utf-8") == games
    assert [{k: str(v) for k, v in c.items()} for c in done["changes"]] == rows
    assert done["kinds"]["aliases"] > 0
    assert all(c["new"] == "Piotr Nowicki" for c in done["changes"] if c["kind"] == "aliases")


def test_tags_leave_out_an_oversize_game_as_the_command_line(cli, tmp_path):
    path = tmp_path / "big.pdn"
    small = '[Event "a"]\n[GameType "20"]\n1. 32-28 *\n\n'
    big = '[Event "big"]\n[GameType "20"]\n1. 32-28 {' + "x" * (1 << 20) + "} *\n\n"
    path.write_text(small + big + small)
    out, changes = tmp_path / "cli.pdn", tmp_path / "changes.csv"
    code, _, err = cli("tags", "--set", "Site=here", "-o", out, "--changes", changes, path)
    assert code == 1, err
    assert "larger than the game size limit" in err
    done = pdnkit.tags(str(path), set={"Site": "here"})
    assert done["text"].encode("utf-8") == out.read_bytes()
    assert (done["written"], done["not_written"], done["read"]) == (2, 1, 3)
    assert done["text"].count('[Site "here"]') == 2


def test_tags_refuse_bad_arguments(tmp_path):
    paths = [str(ROUNDS[0])]
    with pytest.raises(pdnkit.PdnError, match="NAME=VALUE"):
        pdnkit.tags(paths, set=["Site"])
    with pytest.raises(ValueError, match="not a tag name"):
        pdnkit.tags(paths, rename={" ": "x"})
    with pytest.raises(pdnkit.PdnError) as bad:
        pdnkit.tags(paths, where={"White": "("})
    assert bad.value.code == "usage"
    with pytest.raises(TypeError):
        pdnkit.tags(paths, set=5)
    with pytest.raises(TypeError):
        pdnkit.tags(paths, remove=[1])
    with pytest.raises(pdnkit.PdnError, match="no-such.csv"):
        pdnkit.tags(paths, aliases=str(tmp_path / "no-such.csv"))
    with pytest.raises(OSError):
        pdnkit.tags(paths, tmp_path / "no-such-dir" / "out.pdn", dates=True)
    assert not (tmp_path / "no-such-dir").exists()


def test_tags_raise_for_an_input_that_cannot_be_read(cli, tmp_path):
    missing = tmp_path / "missing.pdn"
    paths = [str(ROUNDS[0]), str(missing)]
    out = tmp_path / "out.pdn"
    with pytest.raises(pdnkit.PdnError, match="missing.pdn") as failed:
        pdnkit.tags(paths, out, dates=True)
    assert failed.value.code == "io"
    # The games of the inputs read are written, as the command line writes them.
    cli_out = tmp_path / "cli.pdn"
    code, _, err = cli("tags", "--dates", "-o", cli_out, *paths)
    assert code == 2 and "missing.pdn" in err, err
    assert out.read_bytes() == cli_out.read_bytes() == ROUNDS[0].read_bytes()
