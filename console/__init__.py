"""The local console: an adapter beside `cogs/`, a table in the terminal over the same
`GameService` as Discord.

It takes the slash commands in text form (`/game new players:3`, `/act build r2.1 with
red`, `/board`, `/undo`, `/log` ...), acts for whoever must decide (or `as <name> ...`),
prints a short status after each action and writes the board PNG after each completed
turn. Commands come from standard input, so a script can play a whole game. Errors are
printed and the session goes on; only /quit, the end of the input or Ctrl-C ends it.

    table.py    the commands of one table (parse, call the service, print)
    votes.py    /undo and the abandon vote, a part the table holds
    options.py  `key:value` words and numbers
    io.py       input lines off the event loop; file problems in the player's language
    session.py  `run_console`: open the database, read until the end, close
"""

from .session import run_console
from .table import Console

__all__ = ["Console", "run_console"]
