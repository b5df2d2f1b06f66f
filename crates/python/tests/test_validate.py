"""`pdnkit.validate`: counts and findings equal `pdnkit validate`'s, for every `jobs`, with the
GIL released while it runs."""

import re
import threading
import time

import pytest

import pdnkit
from conftest import REAL_WORLD, SAMPLE, archives


def cli_counts(cli, paths):
    code, _, err = cli("validate", *paths)
    m = re.search(
        r"(\d+) games? read: (\d+) clean, (\d+) with warnings, (\d+) invalid, (\d+) unreadable", err
    )
    assert m, err
    return tuple(int(x) for x in m.groups())


def test_counts_and_findings_equal_the_command_line(cli, cli_records):
    paths = [str(p) for p in archives()]
    report = pdnkit.validate(paths, jobs=2)
    assert (
        report.games,
        report.clean,
        report.warnings,
        report.invalid,
        report.unreadable,
    ) == cli_counts(cli, paths)
    expected = [
        (j["file"], j["game"], j["status"], [d["code"] for d in j["diagnostics"]])
        for p in paths
        for j in cli_records(p)
        if j["status"] != "clean"
    ]
    found = [(r.file, r.game, r.status, [d.code for d in r.diagnostics]) for r in report.findings]
    assert found == expected
    assert report.failed == []


def test_the_report_is_the_same_for_every_jobs():
    paths = [str(SAMPLE), *map(str, REAL_WORLD)]
    reports = [pdnkit.validate(paths, jobs=j) for j in (1, 2, 3)]
    summaries = [
        (r.games, r.clean, r.warnings, r.invalid, r.unreadable, [(f.file, f.game) for f in r.findings])
        for r in reports
    ]
    assert summaries[0] == summaries[1] == summaries[2]


def test_inputs_that_fail_are_listed_and_the_others_read(tmp_path):
    report = pdnkit.validate([tmp_path / "missing.pdn", SAMPLE])
    assert len(report.failed) == 1 and "missing.pdn" in report.failed[0]
    assert report.games == 31


def test_the_gil_is_released_while_games_are_checked():
    ticks = 0
    stop = threading.Event()

    def tick():
        nonlocal ticks
        while not stop.is_set():
            ticks += 1
            time.sleep(0.001)

    t = threading.Thread(target=tick)
    t.start()
    time.sleep(0.05)
    # Long enough that a held GIL would starve the other thread for many of its ticks: the
    # archive is given more times until the call lasts, whatever the machine's speed.
    copies = 100
    while True:
        before = ticks
        start = time.perf_counter()
        report = pdnkit.validate([str(SAMPLE)] * copies, jobs=1)
        elapsed = time.perf_counter() - start
        during = ticks - before
        if elapsed > 0.1 or copies >= 100 * 4**5:
            break
        copies *= 4
    stop.set()
    t.join()
    assert report.games == 31 * copies
    # The ticking thread ran all through the call (it ticks about once a millisecond).
    assert elapsed > 0.1, elapsed
    assert during >= elapsed * 1000 / 4, (during, elapsed)
