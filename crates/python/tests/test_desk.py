"""`pdnkit.players` and `pdnkit.standings`: the same answers as `pdnkit players` and
`pdnkit standings --format json`, and figures that match a count made here from the tags."""

import json
import re
from collections import defaultdict

import pdnkit
from conftest import REPO

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
