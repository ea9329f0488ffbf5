"""Type stubs of the extension module (python/src/lib.rs); the package's
own functions (``sgfconv.read``…) are typed in ``__init__.py``."""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Optional, Tuple

Point = Tuple[int, int]
Move = Tuple[str, Optional[Point]]

FORMATS: List[str]
OPTIONS: List[str]

class Diagnostic:
    """A problem found in the input, as the command reports it."""

    code: str
    severity: str
    message: str
    file: str
    game: Optional[int]
    property: Optional[str]
    line: Optional[int]
    column: Optional[int]

class Node:
    """One node of a game tree."""

    @property
    def properties(self) -> Dict[str, List[str]]: ...
    @property
    def move(self) -> Optional[Move]: ...
    @property
    def children(self) -> List[Node]: ...
    @property
    def parent(self) -> Optional[Node]: ...

class Game:
    """A game of a record: its source, game info, main line, tree and
    diagnostics."""

    @property
    def file(self) -> str: ...
    @property
    def index(self) -> int: ...
    @property
    def format(self) -> str: ...
    @property
    def info(self) -> Dict[str, str]: ...
    @property
    def main_line(self) -> List[Move]: ...
    @property
    def root(self) -> Node: ...
    @property
    def diagnostics(self) -> List[Diagnostic]: ...
    def __len__(self) -> int: ...

class Games(Iterator[Game]):
    """The games of a record or an archive, read ahead on a thread."""

    def __iter__(self) -> Games: ...
    def __next__(self) -> Game: ...
    @property
    def diagnostics(self) -> List[Diagnostic]: ...

class Outcome:
    """What a conversion or a check did and found."""

    data: bytes
    games: int
    nodes: int
    properties: int
    diagnostics: List[Diagnostic]
    errors: int
    warnings: int
    @property
    def ok(self) -> bool: ...
    def __bytes__(self) -> bytes: ...

def read(source: Any, format: Optional[str] = None, *, name: Optional[str] = None, **options: Any) -> Games: ...
def convert(
    source: Any, to: str = "sgf", *, format: Optional[str] = None, name: Optional[str] = None, **options: Any
) -> Outcome: ...
def check(
    source: Any,
    *,
    format: Optional[str] = None,
    name: Optional[str] = None,
    parse_only: bool = False,
    board: bool = True,
    **options: Any,
) -> Outcome: ...
def table(
    kind: str,
    sources: List[Any],
    *,
    start: int = 0,
    all_variations: bool = False,
    comments: bool = False,
    format: Optional[str] = None,
    jobs: Optional[int] = None,
    **options: Any,
) -> Tuple[bytes, List[int], List[Diagnostic]]: ...
