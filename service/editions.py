"""Which edition a new game is played with: the shipped classic, or a group's own file.

A server may offer corrected editions (docs/editions.md): its operator puts `<name>.toml`
files in the folder named by the `AUTOBAHN_EDITIONS_DIR` setting, and a table opens a game
with `/game new edition:<name>`. The game records the file's hash, and the very bytes are
pinned under that hash in `rules.registry.TABLES_DIR` before the game exists, so a running
game keeps its rules when the group corrects its file again (RULES §13), and every process
(render workers too) finds them by the hash.
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from pathlib import Path

import rules
from rules import Edition
from rules.registry import TABLES_DIR

from .errors import ServiceError
from .progress import edition_named
from .validation import shown

CLASSIC = "classic"
# A name a table can type and a file system can hold: no paths, no dots.
NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")


class UnknownEditionName(ServiceError):
    code = "editions.unknown"  # params: edition, known


class EditionBroken(ServiceError):
    """The server's file has a mistake: the players are told so in their language, the
    operator finds the mistake with `python -m rules.editions check FILE`."""

    code = "editions.broken"  # params: edition


class Editions:
    """The editions a server offers: classic, and each `<name>.toml` in `folder`."""

    def __init__(self, folder: str | os.PathLike[str] | None = None,
                 pinned: Path = TABLES_DIR) -> None:
        self.folder = Path(folder) if folder else None
        self.pinned = pinned

    def names(self) -> list[str]:
        found = ([p.stem for p in sorted(self.folder.glob("*.toml")) if NAME.fullmatch(p.stem)]
                 if self.folder is not None and self.folder.is_dir() else [])
        return [CLASSIC, *(n for n in found if n != CLASSIC)]

    def named(self, name: object) -> Edition:
        """The edition a new game named `name` is played with, pinned by its hash."""
        if name is None or name == CLASSIC:
            return edition_named(CLASSIC)
        if not isinstance(name, str) or not NAME.fullmatch(name):
            raise UnknownEditionName(edition=shown(name), known=", ".join(self.names()))
        path = self.folder / f"{name}.toml" if self.folder is not None else None
        if path is None or not path.is_file():
            raise UnknownEditionName(edition=name, known=", ".join(self.names()))
        try:
            raw = path.read_bytes()
        except OSError:
            raise UnknownEditionName(edition=name, known=", ".join(self.names())) from None
        pinned = self._pin(name, raw)
        try:
            edition = rules.load_edition(pinned)
        except rules.EditionError:
            pinned.unlink(missing_ok=True)
            raise EditionBroken(edition=name) from None
        return rules.register_edition(edition)

    def _pin(self, name: str, raw: bytes) -> Path:
        """The file's bytes under `<name>-<hash>.toml`, written once and atomically (a game
        may be opened with it from two processes at once)."""
        digest = hashlib.sha256(raw).hexdigest()
        target = self.pinned / f"{name}-{digest[:12]}.toml"
        if target.is_file() and target.read_bytes() == raw:
            return target
        self.pinned.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(dir=self.pinned, prefix=".pin-", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(raw)
            os.replace(temp, target)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
        return target
