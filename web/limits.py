"""Per-address limits of the web pages: a token bucket of requests and a count of open
live streams, in bounded memory however many addresses come by."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

Clock = Callable[[], float]


@dataclass(slots=True)
class _Bucket:
    tokens: float
    at: float


class RateLimit:
    """`burst` requests at once per address, refilled at `per_s` a second. The table of
    addresses is an LRU of at most `addresses`: an address pushed out by many others
    starts again with a full bucket, which costs an attacker as much as it gains."""

    def __init__(self, burst: float = 60, per_s: float = 5, addresses: int = 10_000,
                 clock: Clock = time.monotonic) -> None:
        self.burst, self.per_s, self.addresses, self.clock = burst, per_s, addresses, clock
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()

    def take(self, address: str) -> float:
        """0 when the request may go ahead, else the seconds until it would."""
        now = self.clock()
        bucket = self._buckets.get(address)
        if bucket is None:
            bucket = self._buckets[address] = _Bucket(self.burst, now)
            while len(self._buckets) > self.addresses:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(address)
            bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.at) * self.per_s)
            bucket.at = now
        if bucket.tokens >= 1:
            bucket.tokens -= 1
            return 0.0
        return (1 - bucket.tokens) / self.per_s


class StreamLimit:
    """At most `per_address` open live streams per address and `total` in all: each holds
    a connection and a little memory for as long as a page stays open."""

    def __init__(self, per_address: int = 16, total: int = 5_000) -> None:
        self.per_address, self.total = per_address, total
        self._open: dict[str, int] = {}
        self.count = 0

    def open(self, address: str) -> bool:
        if self.count >= self.total or self._open.get(address, 0) >= self.per_address:
            return False
        self._open[address] = self._open.get(address, 0) + 1
        self.count += 1
        return True

    def close(self, address: str) -> None:
        n = self._open.get(address, 0) - 1
        if n > 0:
            self._open[address] = n
        else:
            self._open.pop(address, None)
        self.count -= 1
