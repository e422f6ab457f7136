"""The console's input and files: lines read off the event loop, and what went wrong with
a file, named in the player's language."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import threading
from typing import IO

from locales import Phrase


def file_problem(err: OSError | ValueError) -> Phrase:
    """What went wrong with a file, as a catalogue phrase: the OS's own text is English
    (and platform-specific), so the common cases are named in the player's language."""
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
