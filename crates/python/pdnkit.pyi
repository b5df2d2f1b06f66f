"""pdnkit: read, validate and convert PDN (Portable Draughts Notation) archives of every
draughts variant; Arrow tables of games and plies; a board for every variant."""

import os
from typing import IO, Any, Iterable, Iterator, Literal, Mapping, Optional, TypedDict, Union

import pyarrow

__version__: str

PathLike = Union[str, os.PathLike[str]]
Paths = Union[PathLike, Iterable[PathLike]]

class PdnError(ValueError):
    """What pdnkit could not accept: a diagnostic, with its fields as attributes."""

    code: str
    severity: str
    message: str
    ply: Optional[int]
    move_number: Optional[int]
    side: Optional[str]
    move: Optional[str]

class Diagnostic:
    """A finding: what does not fit, and where."""

    severity: Literal["error", "warning", "note"]
    code: str
    message: str
    line: int
    column: int
    ply: Optional[int]
    move_number: Optional[int]
    side: Optional[Literal["white", "black"]]
    move: Optional[str]
    variation: int

class Record:
    """The verdict on one game, with the fields of `pdnkit validate --format json`."""

    file: str
    game: int
    line: int
    event: Optional[str]
    white: Optional[str]
    black: Optional[str]
    result: Optional[str]
    variant: Optional[str]
    plies: int
    replayed: int
    ok: bool
    status: Literal["clean", "warnings", "invalid", "unreadable"]
    final_fen: Optional[str]
    diagnostics: list[Diagnostic]

class Move:
    """A main-line move as written, with what the replay made of it (None where it did not
    reach the move)."""

    move: str
    ply: Optional[int]
    number: Optional[int]
    side: Optional[Literal["white", "black"]]
    notation: Optional[str]
    from_square: Optional[str]
    to_square: Optional[str]
    captured: list[str]
    promotion: bool
    nags: list[int]
    comments: list[str]

class Game(Record):
    """A game: its record, and its tags, main-line moves and comments."""

    tags: dict[str, str]
    start_fen: Optional[str]
    moves: list[Move]
    comments: list[str]

class Games(Iterator[Game]):
    """The games of an archive, read and checked one at a time."""

    def __iter__(self) -> Games: ...
    def __next__(self) -> Game: ...

class Report:
    """What `validate` found."""

    games: int
    clean: int
    warnings: int
    invalid: int
    unreadable: int
    failed: list[str]
    findings: list[Record]

class Board:
    """A draughts position with its history, under one variant's rules."""

    def __init__(self, variant: str, fen: Optional[str] = None) -> None: ...
    @property
    def variant(self) -> str: ...
    @property
    def turn(self) -> Literal["white", "black"]: ...
    @property
    def moves(self) -> list[str]: ...
    def fen(self) -> str: ...
    def legal_moves(self) -> list[str]: ...
    def play(self, move: str) -> None: ...
    def is_over(self) -> bool: ...
    def perft(self, depth: int, count: Literal["drop", "keep", "paths"] = "drop") -> int: ...
    def svg(
        self,
        size: int = 400,
        flip: bool = False,
        last_move: bool = True,
        theme: Literal["light", "dark"] = "light",
    ) -> str: ...
    def _repr_svg_(self) -> str: ...

def read(source: Union[Paths, IO[bytes], IO[str]], variant: Optional[str] = None) -> Games:
    """The games of paths or an open file, read and checked one at a time."""

def validate(paths: Paths, jobs: int = 0, variant: Optional[str] = None) -> Report:
    """Every game of `paths` replayed and judged on `jobs` threads (0: one per core)."""

def to_arrow(
    paths: Paths,
    table: Literal["games", "plies"] = "games",
    jobs: int = 0,
    variant: Optional[str] = None,
    fen: bool = False,
) -> pyarrow.Table:
    """The games or plies table of `pdnkit convert --to parquet` as a pyarrow.Table (with
    `fen=True`, the plies table has the `fen_after` column of `--fen`)."""

def variants() -> list[str]:
    """The names of the variants pdnkit plays."""

def players(paths: Paths, aliases: Optional[str] = None, jobs: int = 0) -> dict[str, Any]:
    """Every person with games, as `pdnkit players --format json` gives them: people (name,
    games, spellings, first_date, last_date, events), placeholders, missing."""

def standings(
    paths: Paths, group: Optional[str] = None, aliases: Optional[str] = None, jobs: int = 0
) -> dict[str, Any]:
    """Each event's standings, as `pdnkit standings --format json` gives them: tables (name,
    kind, scale, tiebreak, rounds, rows) and the games flagged (the first 1,000 in `flagged`,
    how many in all in `flagged_total`)."""

TagPairs = Union[Mapping[str, str], str, Iterable[Union[str, tuple[str, str]]]]
"""NAME=VALUE pairs: a dict, one "NAME=VALUE" string, or a list of such strings and pairs."""

class TagChange(TypedDict):
    """One change, a row of `pdnkit tags --changes`."""

    file: str
    game: int
    line: int
    tag: str
    old: str
    new: str
    kind: Literal["set", "rename", "remove", "aliases", "dates", "plycount", "result", "gametype"]

class Retagged(TypedDict):
    """What `tags` did: games written and changed, games over the size limit left out, games
    read and those unreadable (written as they were), changes by kind, each change, and the
    games' text when no output was given."""

    written: int
    changed: int
    not_written: int
    read: int
    unreadable: int
    kinds: dict[str, int]
    changes: list[TagChange]
    text: Optional[str]

def tags(
    paths: Union[Paths, IO[bytes], IO[str]],
    output: Optional[PathLike] = None,
    *,
    set: Optional[TagPairs] = None,
    where: Optional[TagPairs] = None,
    rename: Optional[TagPairs] = None,
    remove: Optional[Union[str, Iterable[str]]] = None,
    aliases: Optional[str] = None,
    dates: bool = False,
    plycount: bool = False,
    result: bool = False,
    gametype: bool = False,
    jobs: int = 0,
) -> Retagged:
    """The games with their tags edited and every other byte as it was, as `pdnkit tags`
    writes them with the same options, to `output` or (when it is None) into `text`; `where`
    (TAG=REGEX) picks the games edited, the others are written as they were."""
