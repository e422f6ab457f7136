"""The catalogues: every code in every language, with the same placeholders as English."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import pytest

import locales
import rules.errors
import service.errors
from locales import (
    COUNTRY_FORMS,
    SUPPORTED,
    Phrase,
    catalogue,
    placeholders,
    read_catalogue,
    translate,
)
from rules.errors import CODES

RULES_DIR = Path(__file__).resolve().parents[2] / "rules"


def rule_codes() -> set[str]:
    """CODES plus every code the rules raise by name anywhere."""
    raised = set()
    for path in RULES_DIR.rglob("*.py"):
        # Codes raised directly (`...Error("code"`) and through the `_err("code"` helpers.
        raised |= set(re.findall(r'(?:Error|_err)\(\s*"([a-z_]+)"', path.read_text("utf-8")))
    return set(CODES) | raised | {"rule_error"}


def service_codes() -> set[str]:
    return {cls.code for _, cls in inspect.getmembers(service.errors, inspect.isclass)
            if issubclass(cls, service.errors.ServiceError)} - {""} | {
        "possible_instead", "internal_error"}


@pytest.mark.parametrize("lang", SUPPORTED)
def test_every_error_code_is_translated(lang: str) -> None:
    missing = (rule_codes() | service_codes()) - set(catalogue(lang))
    assert not missing, f"{lang} lacks {sorted(missing)}"


@pytest.mark.parametrize("lang", SUPPORTED)
def test_same_codes_and_placeholders_as_english(lang: str) -> None:
    english, other = catalogue("en"), catalogue(lang)
    assert set(other) == set(english)
    for code, template in english.items():
        assert placeholders(other[code]) == placeholders(template), code


def raise_sites() -> list[tuple[str, str, set[str]]]:
    """(file:line, code, the keyword parameters) of every rule error raised by its code."""
    classes = {cls.__name__: cls.code for _, cls in inspect.getmembers(rules.errors,
                                                                       inspect.isclass)
               if issubclass(cls, rules.errors.RuleError)}
    sites = []
    for path in RULES_DIR.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name not in classes and name != "_err":
                continue
            first = node.args[0] if node.args else None
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                code = first.value
            elif first is None and name in classes:
                code = classes[name]
            else:
                continue
            params = {k.arg for k in node.keywords if k.arg}
            sites.append((f"{path.name}:{node.lineno}", code, params))
    return sites


def test_english_catalogue_matches_the_rules_fallbacks() -> None:
    # The catalogue's English is the rules' only text: each raise gives every parameter
    # its template names (in every language: same placeholders, tested above).
    sites = raise_sites()
    assert len(sites) >= 50
    for where, code, params in sites:
        assert code in CODES, where
        derived = set(COUNTRY_FORMS) if "country" in params else set()
        assert placeholders(catalogue("en")[code]) <= params | derived, (where, code)


GOODS = ("automotive", "appliances", "chemicals", "pharmaceuticals")
# Texts that are rightly the same as the English: pure layout around names, and words
# that are spelt alike (Service, Orange, France, Station, Promotions, Autobot).
SAME_AS_ENGLISH = {
    "de": {"word.department.service", "place.link", "place.coloured", "label.move",
           "label.autobot", "label.group.autobot", "console.legal_group", "console.legal_item",
           "story.step", "story.points_in", "computer.name", "undo.reply", "computer.level.normal",
           "setting.item", "hint.separator", "word.separator", "board.colon",
           # the board's words (render/labels.py keys into the catalogue)
           "board.colour_orange", "board.depot", "board.goods_pharmaceuticals", "board.hand",
           "board.route", "board.service", "board.short_finance", "board.tile_money",
           "story.tile_what.money", *(f"board.letter_{g}" for g in GOODS)},
    "fr": {"word.colour.orange", "word.card_colour.orange", "word.country.fr",
           "word.department.service", "word.slot.station", "place.link", "place.coloured",
           "label.group.promote", "label.group.station", "label.group.autobot",
           "console.legal_item", "story.points_in", "computer.level.normal",
           "board.administration", "board.colour_orange", "board.goods_pharmaceuticals",
           "board.legend_promote", "board.points", "board.pts", "board.route", "board.score",
           "board.service", "board.short_finance", "board.slot_station", "board.stations",
           "board.tile_money", "board.tile_promote", "story.tile_what.money",
           "story.reward.promotions", "story.reward.promotions.one",
           *(f"board.letter_{g}" for g in ("automotive", "chemicals", "pharmaceuticals"))},
}


@pytest.mark.parametrize("lang", SUPPORTED)
def test_translations_are_not_english_copies(lang: str) -> None:
    if lang == "en":
        return
    same = [c for c, t in catalogue(lang).items()
            if t == catalogue("en")[c] and placeholders(t) != {t.strip("{}")}
            and not c.startswith(("log.line", "act.done", "game.list_item"))
            and c not in SAME_AS_ENGLISH[lang]]
    assert not same, same


def test_translate_never_raises() -> None:
    assert translate("cannot_pay", "de", cost=3) == "Das kostet 3 DM; du hast {money} DM."
    assert translate("cannot_pay", "xx", cost=3, money=2) == "That costs 3 DM; you have 2 DM."
    assert translate("no_such_code", "fr", a=1) == "no_such_code (a=1)"
    assert translate("cannot_pay", "de-AT", cost=1, money=0).startswith("Das kostet")
    assert locales.normalise(None) == "en"


def test_a_phrase_parameter_is_translated_into_the_messages_language() -> None:
    for lang, word in (("en", "a number"), ("de", "eine Zahl"), ("fr", "un nombre")):
        text = translate("bad_option", lang, name="seed", value="x",
                         expected=Phrase("expect.number"))
        assert word in text and "expect." not in text, text


def test_no_error_carries_english_prose_in_its_expected_parameter() -> None:
    # `expected=` reaches German and French players: notation, numbers and names of
    # options are fine ("map | players | full", "2-4"), words of English are not.
    root = Path(__file__).resolve().parents[2]
    prose = re.compile(r"\b[a-z]{2,} [a-z]{2,}\b")
    offenders = []
    for folder in ("service", "cogs", "rules"):
        for path in (root / folder).glob("*.py"):
            for node in ast.walk(ast.parse(path.read_text("utf-8"))):
                literal = (isinstance(node, ast.keyword) and node.arg == "expected"
                           and isinstance(node.value, ast.Constant)
                           and isinstance(node.value.value, str))
                if literal and prose.search(node.value.value):
                    offenders.append(f"{path.name}:{node.value.lineno}")
    assert offenders == []


def test_french_elides_de_before_a_vowel_of_what_was_filled_in() -> None:
    assert "Employés d’Ordinateur 2 (fort)" in translate(
        "story.lobby", "fr", count=2, player="Ordinateur 2 (fort)")
    assert "La place d’Ann " in translate("computer.stint_open", "fr", player="Ann",
                                          level="facile", first=3)
    assert "Employés de Ben" in translate("story.lobby", "fr", count=2, player="Ben")
    # Only French: German and English keep their words as they are.
    assert "von Ann" in translate("story.lobby", "de", count=2, player="Ann")


def test_a_list_in_a_message_is_separated_as_the_language_writes_it() -> None:
    """French sets a space before the semicolon: "Possible à la place : A ; B", which read
    "A; B" as in English."""
    from locales import Named

    options = Named.joined(["route a", "route b"])
    assert translate("possible_instead", "fr", options=options).endswith("route a\u202f; route b.")
    assert translate("possible_instead", "de", options=options).endswith("route a; route b.")


def test_catalogue_reads_fragments_in_name_order(tmp_path: Path) -> None:
    (tmp_path / "de.json").write_text('{"a": "A"}', encoding="utf-8")
    (tmp_path / "de").mkdir()
    (tmp_path / "de" / "b_area.json").write_text('{"c": "C"}', encoding="utf-8")
    (tmp_path / "de" / "a_area.json").write_text('{"b": "B"}', encoding="utf-8")
    (tmp_path / "de" / "notes.txt").write_text("not a catalogue", encoding="utf-8")
    assert list(read_catalogue(tmp_path, "de").items()) == [("a", "A"), ("b", "B"), ("c", "C")]


def test_a_code_defined_in_two_catalogue_files_is_refused(tmp_path: Path) -> None:
    (tmp_path / "fr.json").write_text('{"a": "A"}', encoding="utf-8")
    (tmp_path / "fr").mkdir()
    (tmp_path / "fr" / "area.json").write_text('{"a": "autre"}', encoding="utf-8")
    with pytest.raises(ValueError, match="'a' is defined twice"):
        read_catalogue(tmp_path, "fr")
