"""Every counted message reads right at 0, 1 and 2 in each language (issue 31, item 2):
"1 Punkt", "2 Punkte", French "0 point" (CLDR counts 0 as singular there), never
"1 players" or "take back 1 actions". A number that counts a word is always the `count`
parameter, so that `locales.translate` picks the form CLDR's rule names (Babel)."""

from __future__ import annotations

import re

import pytest

from locales import SUPPORTED, catalogue, placeholders, translate
from tests.reading import counted_words, plural_errors

# Numbers in templates that never count a noun after them, or only ever count more than
# one: a move's number, a game's, an era's, a level, the bounds of a range ("2 to 4").
NOT_COUNTS = {"game", "move", "era", "level", "low", "high", "first", "last", "page", "pages",
              "number", "seed", "old", "new", "n", "place", "floor", "version", "actual",
              "expected", "seconds", "limit", "ref", "range", "built", "code", "line",
              "column", "days", "repeats", "vacation", "cost", "money", "dm", "delta",
              "capacity", "lobby", "needed", "seats", "size", "found", "supported"}


def _sample(template: str, count: int) -> dict[str, object]:
    return {name: count if name == "count" else 7 if name in NOT_COUNTS else "Q"
            for name in placeholders(template)}


def _counted_codes(lang: str) -> list[str]:
    words = catalogue(lang)
    return sorted(c for c, t in words.items() if "{count}" in t and not c.endswith(
        (".one", ".two", ".few", ".many", ".zero")))


@pytest.mark.parametrize("lang", SUPPORTED)
def test_every_counted_message_at_zero_one_and_two(lang: str) -> None:
    codes = _counted_codes(lang)
    assert len(codes) >= 30
    bad = []
    for code in codes:
        for n in (0, 1, 2):
            text = translate(code, lang, **_sample(catalogue(lang)[code], n))
            if found := plural_errors(text, lang):
                bad.append((code, n, found))
    assert bad == []


@pytest.mark.parametrize("lang", SUPPORTED)
def test_a_number_before_a_counted_word_is_the_count(lang: str) -> None:
    """"{points} Punkte" could not say "1 Punkt": the number must be `count`."""
    nouns = counted_words(lang)
    pattern = re.compile(r"\{(\w+)\}\s+(" + "|".join(map(re.escape, nouns)) + r")\b")
    bad = [(code, m[0]) for code, text in catalogue(lang).items()
           for m in pattern.finditer(text) if m[1] not in ("count", "player", *NOT_COUNTS)]
    assert bad == []


def test_the_checker_knows_the_words_that_change() -> None:
    assert counted_words("de")["Punkt"] == "one" and counted_words("de")["Punkte"] == "other"
    assert plural_errors("Ann: 10 DM, 1 Punkte", "de") == ["1 Punkte"]
    assert plural_errors("Ann : 10 DM, 0 points", "fr") == ["0 points"]
    assert plural_errors("Ann: 10 DM, 0 points", "en") == []
    assert plural_errors("took back 2 action", "en") == ["2 action"]


@pytest.mark.parametrize(("lang", "one", "two", "zero"), [
    ("en", "1 point", "2 points", "0 points"),
    ("de", "1 Punkt", "2 Punkte", "0 Punkte"),
    ("fr", "1 point", "2 points", "0 point"),
])
def test_the_score_line_counts_points(lang: str, one: str, two: str, zero: str) -> None:
    said = {n: translate("status.player", lang, player="Ann", money=10, count=n)
            for n in (0, 1, 2)}
    assert said[1].endswith(one) and said[2].endswith(two) and said[0].endswith(zero)


def test_german_agrees_with_one_player_asked() -> None:
    """"müssen Anna zustimmen" was wrong for one player: the sentence no longer needs the
    verb to agree with the names."""
    one = translate("consent_required", "de", count=1, players="Anna")
    assert "müssen" not in one and "1 Aktion" in one
    assert "muss zustimmen" in translate("abandon.vote", "de", game=1, yes="Ben", count=1,
                                         seats=3, waiting="Cem")


def test_an_english_plural_after_the_count_has_its_singular() -> None:
    """A new message "{count} lines" without a `.one` form would say "1 lines"; every
    language has the same codes (test_locales), so German and French get theirs too."""
    words = catalogue("en")
    missing = [code for code, text in words.items()
               if re.search(r"\{count\}\s+(\w+\s)?[a-z]+s\b", text)
               and not code.endswith(".one") and f"{code}.one" not in words]
    assert missing == []
