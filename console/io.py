"""The console's input and files: lines read off the event loop, and what went wrong with
a file, named in the player's language."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import os
import threading
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


def line_reader(stdin: IO[str]) -> asyncio.Queue[str]:
    """Lines of `stdin` ('' at the end) from a daemon thread, so the loop stays free for
    rendering meanwhile. Not the loop's default executor: on Ctrl-C `asyncio.run` joins
    that executor's threads, and one blocked in `readline` would hang until Enter."""
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[str] = asyncio.Queue()

    def put(line: str) -> None:
        with contextlib.suppress(RuntimeError):  # the loop closed first: nobody listens
            loop.call_soon_threadsafe(queue.put_nowait, line)

    def read() -> None:
        try:
            while line := stdin.readline():
                put(line)
        except (OSError, ValueError):  # closed under us: the session is over
            pass
        put("")

    threading.Thread(target=read, name="console-input", daemon=True).start()
    return queue
