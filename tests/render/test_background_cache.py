"""Issue 37, item 1: the view backgrounds are kept in an LRU bounded by bytes, so a render
worker's memory no longer grows with the combinations it meets."""

from __future__ import annotations

from PIL import Image

import rules
from render import background
from render.background import BackgroundCache, static_background


def image(width: int) -> Image.Image:
    return Image.new("P", (width, 100))


def test_the_cache_keeps_what_fits_its_byte_budget_dropping_the_least_recent() -> None:
    cache = BackgroundCache(budget=25_000)  # two 10,000-byte images fit, not three
    made: list[str] = []

    def make(key: str, width: int = 100):  # type: ignore[no-untyped-def]
        return lambda: made.append(key) or image(width)

    for key in ("a", "b"):
        cache.get(key, make(key))
    cache.get("a", make("a"))  # a hit: "a" is now the most recent
    cache.get("c", make("c"))  # over budget: "b", the least recent, goes
    assert made == ["a", "b", "c"] and len(cache) == 2 and cache.used == 20_000
    cache.get("a", make("a"))
    cache.get("b", make("b"))  # drawn again
    assert made == ["a", "b", "c", "b"]
    huge = cache.get("huge", make("huge", 1000))  # larger than the budget: drawn, not kept
    assert huge.size == (1000, 100) and cache.used <= cache.budget
    cache.resize(10_000)
    assert len(cache) == 1 and cache.used == 10_000


def test_a_background_is_drawn_once_and_counted_by_its_bytes() -> None:
    state = rules.new_game(rules.load_edition(), ["ann", "ben"], 1)
    edition = rules.edition_of(state)
    background.CACHE.clear()
    first = static_background(edition, "card", "de", 2, False)
    assert first.mode == "RGB" and first.readonly
    assert background.CACHE.used == first.width * first.height * 3
    misses = background.CACHE.misses
    assert static_background(edition, "card", "de", 2, False) is first
    assert background.CACHE.misses == misses
