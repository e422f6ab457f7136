"""How long the e2e tests wait, scaled to the machine they run on.

A deadline of the tests ("the card is posted within 15 s") is how long the bot may take on
an idle machine; on a loaded one (CI beside other jobs, several suites sharing two cores)
the same work takes longer, and a fixed deadline fails a bot that is only slow. Every wait
of the fake Discord, of the e2e helpers and of the console's subprocess runs goes
through `scaled`: the given seconds times
`AUTOBAHN_E2E_SLOWDOWN` when it is set (a number, at least 1), else times the machine's
load per core over the last minute (at least 1, at most `MAX_FACTOR`).
"""

from __future__ import annotations

import os

MAX_FACTOR = 8.0


def factor() -> float:
    """How many times longer than on an idle machine the tests wait now."""
    given = os.environ.get("AUTOBAHN_E2E_SLOWDOWN")
    if given:
        return max(1.0, float(given))
    try:
        load = os.getloadavg()[0]
    except OSError:  # no load average on this system
        return 1.0
    return min(MAX_FACTOR, max(1.0, load / (os.cpu_count() or 1)))


def scaled(seconds: float) -> float:
    """`seconds` of an idle machine, on this one now."""
    return seconds * factor()
