"""A console session: open the database, read commands until the end, close cleanly."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import IO

from service import BoardPool, Companion, GameService, GameStore
from service.editions import Editions
from service.settings import Settings

from .io import Lines, terminal_kept
from .table import Console


async def run_console(settings: Settings, *, lang: str = "en", boards: Path = Path("boards"),
                      stdin: IO[str] | None = None, stdout: IO[str] | None = None,
                      companions: Sequence[Companion] = ()) -> int:
    """Open the database of `settings` (bot.py's, read once) and play from `stdin` until
    /quit, the end of input or Ctrl-C. `companions` run beside the table on the same
    service (bot.py passes the web pages when WEB_PORT is set)."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout

    def out(text: str) -> None:
        print(text, file=stdout, flush=True)

    store = await GameStore.open(settings.db_path)
    service = GameService(store, renderer=BoardPool(),
                          editions=Editions(settings.editions_dir))
    console = Console(service, lang=lang, boards=boards, out=out)
    interactive = stdin.isatty()
    lines = Lines(stdin)
    stops: list[Callable[[], Awaitable[None]]] = []
    with terminal_kept(stdin):
        try:
            for companion in companions:
                stops.append(await companion(service))
            console.say("console.welcome", db=store.path, boards=boards)
            await console.resume()
            while True:
                if interactive and not lines.prompts:  # else the line editor shows it
                    print("> ", end="", file=stdout, flush=True)
                line = await lines.get()
                if not line:  # end of input (Ctrl-D)
                    if interactive and not lines.prompts:
                        print(file=stdout, flush=True)  # off the prompt's line
                    break
                if interactive is False and line.strip():
                    out("> " + line.rstrip("\n"))  # echo: a scripted transcript reads in order
                if not await console.handle(line):
                    break
            console.say("console.bye")
        except asyncio.CancelledError:  # Ctrl-C: asyncio.run cancels us, then raises it again
            out("")
            console.say("console.bye")
            raise
        finally:
            for stop in reversed(stops):
                await stop()
            service.close()
            await store.close()
    return 0
