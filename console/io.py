"""The console's input and files: lines read off the event loop, and what went wrong with
a file, named in the player's language."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from locales import Phrase
from service.records import FORMAT as RECORD_FORMAT
from service.validation import MAX_RECORD_BYTES, check_record_bounds


class NotARecordFile(ValueError):
    """`/export` was given an existing file that is not a game record (a database, the
    player's notes): it is never written over."""


def file_problem(err: OSError | ValueError) -> Phrase:
    """What went wrong with a file, as a catalogue phrase: the OS's own text is English
    (and platform-specific), so the common cases are named in the player's language."""
    if isinstance(err, NotARecordFile):
        return Phrase("file.not_a_record")
    if isinstance(err, UnicodeDecodeError):
        return Phrase("file.not_utf8")
    if isinstance(err, json.JSONDecodeError):
        return Phrase("file.not_json", line=err.lineno, column=err.colno)
    if isinstance(err, FileNotFoundError):
        return Phrase("file.not_found")
    if isinstance(err, IsADirectoryError):
        return Phrase("file.is_directory")
    if isinstance(err, NotADirectoryError):
        return Phrase("file.not_a_directory")
    if isinstance(err, PermissionError):
        return Phrase("file.permission")
    code = getattr(err, "errno", None)
    if code == errno.ENOSPC:
        return Phrase("file.no_space")
    return Phrase("file.os_error", code=errno.errorcode.get(code, "?") if code else "?")


def read_record_file(path: Path) -> bytes:
    """A record file's bytes, reading at most one byte more than a record may hold, so a
    huge file or a device (/dev/zero) is refused (BadRecord) without being read whole."""
    with path.open("rb") as handle:
        data = handle.read(MAX_RECORD_BYTES + 1)
    check_record_bounds(data)
    return data


def is_record_file(path: Path) -> bool:
    """Whether the existing file at `path` is a game record (what `/export` writes)."""
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_RECORD_BYTES + 1)
        if len(data) > MAX_RECORD_BYTES:
            return False
        record = json.loads(data.decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return False
    return isinstance(record, dict) and record.get("format") == RECORD_FORMAT


def write_record_file(path: Path, text: str) -> None:
    """Write a record atomically (a temporary file beside it, then a rename), and only
    where no file is or a record was: never over a database or any other file (issue 30:
    `/export` onto the open database destroyed it). Raises OSError or NotARecordFile."""
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, "Is a directory", str(path))
    if (path.exists() or path.is_symlink()) and not is_record_file(path):
        raise NotARecordFile(str(path))
    partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
    try:
        with partial.open("x", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)


class Lines:
    """The console's input lines ('' at the end), read by a daemon thread so the loop
    stays free for rendering meanwhile. Not the loop's default executor: on Ctrl-C
    `asyncio.run` joins that executor's threads, and one blocked reading would hang until
    Enter.

    On a terminal where Python has GNU readline (or libedit), lines are read with
    `input(prompt)`: the arrow keys edit the line and Up brings back the previous command
    (issue 31 item 14: Up gave `Unknown command ''`). The thread then reads only when the
    session asks for the next line (`get`), so the prompt follows the last command's
    output instead of landing in the middle of it. `prompts` says whether the reader
    shows the prompt itself."""

    def __init__(self, stdin: IO[str], prompt: str = "> ") -> None:
        self._loop = asyncio.get_running_loop()
        self._queue: asyncio.Queue[str] = asyncio.Queue()
        self._wanted = threading.Event()
        self.prompts = stdin is sys.stdin and stdin.isatty() and _readline()
        target = self._edited if self.prompts else self._plain
        threading.Thread(target=target, args=(stdin, prompt), name="console-input",
                         daemon=True).start()

    async def get(self) -> str:
        self._wanted.set()
        return await self._queue.get()

    def _put(self, line: str) -> None:
        with contextlib.suppress(RuntimeError):  # the loop closed first: nobody listens
            self._loop.call_soon_threadsafe(self._queue.put_nowait, line)

    def _plain(self, stdin: IO[str], prompt: str) -> None:
        try:
            while line := stdin.readline():
                self._put(line)
        except (OSError, ValueError):  # closed under us: the session is over
            pass
        self._put("")

    def _edited(self, stdin: IO[str], prompt: str) -> None:
        while True:
            self._wanted.wait()
            self._wanted.clear()
            try:
                line = input(prompt)
            except EOFError:  # Ctrl-D
                print(flush=True)  # off the prompt's line
                break
            except (OSError, ValueError):
                break
            self._put(line + "\n")
        self._put("")


def _readline() -> bool:
    """Whether line editing is available (the `readline` module: not on Windows)."""
    try:
        import readline  # noqa: F401  (importing it is what makes input() edit lines)
    except ImportError:
        return False
    return True


@contextlib.contextmanager
def terminal_kept(stdin: IO[str]) -> Iterator[None]:
    """Put the terminal's modes back as they were when the session ends, however it
    ends: line editing switches echo and line mode off while it reads, and a Ctrl-C in
    the middle of a read must not leave the player's shell without echo."""
    try:
        import termios

        fd = stdin.fileno()
        saved = termios.tcgetattr(fd) if stdin.isatty() else None
    except (ImportError, OSError, ValueError):
        saved = None
    try:
        yield
    finally:
        if saved is not None:
            with contextlib.suppress(OSError, ValueError):
                termios.tcsetattr(fd, termios.TCSADRAIN, saved)
