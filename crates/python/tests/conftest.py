"""Shared fixtures: the pdnkit command line to compare with, and the archives to read.

The command line is `target/release/pdnkit` of this repository (or $PDNKIT_BIN). The corpus
comes from $PDNKIT_CORPUS; when it is set, a missing corpus fails the tests that need it.
"""

import json
import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
SAMPLE = REPO / "fixtures" / "sample" / "archive.pdn"
REAL_WORLD = sorted((REPO / "fixtures" / "real-world").glob("*.pdn"))


def corpus_files():
    root = os.environ.get("PDNKIT_CORPUS")
    if not root:
        return []
    files = sorted(Path(root).rglob("*.pdn"))
    assert files, f"PDNKIT_CORPUS={root} holds no .pdn file"
    return files


@pytest.fixture(scope="session")
def pdnkit_bin():
    path = Path(os.environ.get("PDNKIT_BIN", REPO / "target" / "release" / "pdnkit"))
    assert path.is_file(), f"{path} not found: build it with `cargo build --release` or set PDNKIT_BIN"
    return path


@pytest.fixture(scope="session")
def cli(pdnkit_bin):
    """Runs the command line; returns (exit code, stdout, stderr)."""

    def run(*args):
        done = subprocess.run([str(pdnkit_bin), *map(str, args)], capture_output=True, text=True)
        return done.returncode, done.stdout, done.stderr

    return run


@pytest.fixture(scope="session")
def cli_records(cli):
    """`validate --format json` of one file: one dict per game."""

    def records(path):
        code, out, err = cli("validate", "--format", "json", "--quiet", path)
        assert code in (0, 1), err
        return [json.loads(line) for line in out.splitlines()]

    return records


def archives():
    """The archives the comparisons run on: the sample, the real-world fixtures, the corpus."""
    return [SAMPLE, *REAL_WORLD, *corpus_files()]
