"""The game's own words (locales/glossary.json), one form of address per language, real
plurals, and no English word in a German or French message (issue 13)."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from locales import catalogue, placeholders, plural_key, translate

GLOSSARY = json.loads(resources.files("locales").joinpath("glossary.json").read_text("utf-8"))
COMMANDS = json.loads(resources.files("locales").joinpath("commands.json").read_text("utf-8"))
# English words that are not German or French words either
ENGLISH = {"the", "with", "and", "you", "your", "is", "are", "has", "have", "cannot", "must",
           "game", "player", "players", "card", "cards", "link", "truck", "build", "upgrade",
           "deliver", "delivers", "office", "lobby", "floor", "black", "red", "green",
           "purple", "white", "yellow", "appliances", "chemicals", "automotive", "moves",
           "turn", "of", "from", "none", "channel", "delay", "delivery"}
# The notation and option words a player types, the same in every language (help texts)
TYPED = {"console.help"}


def _texts(lang: str) -> list[str]:
    words = [*catalogue(lang).values(), *COMMANDS.get(lang, {}).values()]
    return words  # the board's words are catalogue keys (board.*) too


def test_the_glossary_words_are_the_catalogues_words() -> None:
    for name, term in GLOSSARY["terms"].items():
        for lang in ("en", "de", "fr"):
            assert catalogue(lang)[term["key"]] == term[lang], (name, lang)


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_glossary_words_are_used_and_no_variant_is(lang: str) -> None:
    texts = _texts(lang)
    for name, term in GLOSSARY["terms"].items():
        if name in ("turn", "move"):
            continue
        uses = [t for t in texts if term[lang].lower() in t.lower()]
        assert len(uses) >= 2, (name, term[lang])  # the word itself and a message using it
    for pattern in GLOSSARY["forbidden"][lang]:
        found = [t for t in texts if re.search(pattern, t)]
        assert not found, (pattern, found[:3])


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_one_form_of_address(lang: str) -> None:
    assert GLOSSARY["address"][lang]["form"] == {"de": "du", "fr": "vous"}[lang]
    texts = _texts(lang)
    for pattern in GLOSSARY["address"][lang]["forbidden"]:
        found = [t for t in texts if re.search(pattern, t)]
        assert not found, (pattern, found[:3])
    marker = {"de": r"\b(du|dein\w*|dir|dich)\b", "fr": r"\b(vous|votre|vos)\b"}[lang]
    assert sum(bool(re.search(marker, t)) for t in texts) >= 10


def _sample(names: set[str]) -> dict[str, object]:
    return {n: 2 if n in ("count", "n", "move", "game", "seconds", "low", "high") else "Q"
            for n in names}


def _strip_typed(text: str) -> str:
    """What is notation or a command the player types, not a sentence word."""
    text = re.sub(r"(^|\s)/\S+", " ", text)
    text = re.sub(r"[„«“\"][^“»”\"]*[“»”\"]", " ", text)
    return re.sub(r"\S*[_:=<>\[\]|]\S*", " ", text)


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_every_message_renders_without_english_words(lang: str) -> None:
    bad = {}
    for code, template in catalogue(lang).items():
        if code in TYPED:
            continue
        text = translate(code, lang, **_sample(placeholders(template)))
        words = set(re.findall(r"[a-z]+", _strip_typed(text).lower()))
        if words & ENGLISH:
            bad[code] = sorted(words & ENGLISH)
    assert not bad, bad


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_plurals_are_real(lang: str) -> None:
    words = catalogue(lang)
    faked = [c for c, t in words.items() if re.search(r"\w\((s|en|e|es|x|veulent)\)", t)]
    assert not faked, faked
    counted = [c for c in words if f"{c}.one" in words]
    assert len(counted) >= 5
    for code in counted:
        one = translate(code, lang, **{**_sample(placeholders(words[code])), "count": 1})
        many = translate(code, lang, **{**_sample(placeholders(words[code])), "count": 2})
        # the singular may say the one in words ("then every hour"), never a wrong number
        assert one != many and ("1" in one or "{count}" not in words[f"{code}.one"]), code
        assert plural_key(code, lang, 1) == f"{code}.one"
    # French counts zero as one; English and German do not
    assert plural_key("x", "fr", 0) == "x.one" and plural_key("x", "de", 0) == "x"


def test_numbers_are_written_as_each_language_writes_them() -> None:
    done = {lang: translate("undo.done", lang, player="ann", count=12345, actions="-")
            for lang in ("en", "de", "fr")}
    assert "12,345" in done["en"] and "12.345" in done["de"] and "12\u202f345" in done["fr"]


def test_game_words_in_parameters_are_translated() -> None:
    text = translate("link_wrong_colour", "de", link="k2", actual="black", colour="purple")
    assert "Schwarz" in text and "Lila" in text and "black" not in text
    text = translate("goods_not_offered", "fr", depot="d", offered="appliances, chemicals",
                     goods="automotive")
    assert "Électroménager, Chimie" in text and "appliances" not in text
    assert "black" in translate("link_wrong_colour", "en", link="k2", actual="black",
                                colour="red")


def _language_tables(folder: str) -> list[str]:
    """Dict literals keyed by our languages ({"en": ..., "de": ...}) under `folder`: a
    second catalogue."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / folder
    found = []
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Dict):
                keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
                if {"de", "fr"} <= keys:
                    found.append(f"{path.name}:{node.lineno}")
    return found


def test_one_catalogue_render_and_rules_carry_only_keys() -> None:
    from render import labels as board

    assert _language_tables("render") == [] and _language_tables("rules") == []
    assert len(board.all_keys()) >= 90
    for key in board.all_keys():
        for lang in ("en", "de", "fr"):
            assert board.label(key, lang) == translate(f"board.{key}", lang)
    assert board.label("tile_money", "de", n=3) == "3DM" and board.goods_letter(
        "appliances", "fr") == "É"


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_no_option_is_written_as_discords_english_true(lang: str) -> None:
    """'/undo force:True' read as English in a German sentence; the option is named in words."""
    spelt = [code for code, text in [*catalogue(lang).items(), *COMMANDS[lang].items()]
             if re.search(r"\b(True|False)\b", text)]
    assert not spelt, spelt


def test_french_writes_one_apostrophe_the_rulebooks() -> None:
    """The French rulebook writes "Hall de l’Administration": one apostrophe everywhere, so
    the catalogue's own elisions and those `translate` adds (d’Ann) look alike."""
    straight = [code for code, text in [*catalogue("fr").items(), *COMMANDS["fr"].items()]
                if "'" in text]
    assert not straight, straight
    assert GLOSSARY["terms"]["lobby"]["fr"] == "Hall de l’Administration"


def test_french_undo_is_annuler_never_the_take_backs_reprendre() -> None:
    """/annuler takes a move back, /reprendre takes the played cards back: 'Vous n’avez
    aucune action à reprendre' and 'a repris 2 actions' mixed the two."""
    undo = {code: text for code, text in catalogue("fr").items()
            if "undo" in code or code.startswith(("consent_required", "discord.consent"))}
    assert len(undo) >= 8
    assert not [code for code, text in undo.items() if "repr" in text], undo
    # and what it takes back is a move, "coup" (glossary.json), not an "action"
    assert not [code for code, text in undo.items()
                if re.search(r"\bactions?\b", re.sub(r"\{\w+\}", "", text))]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "up to {0} steps in era 1 and {1} in eras 2–3 (+{2} starting on an upgraded link)"),
    ("de", "bis zu {0} Schritte in Ära 1 und {1} in den Ären 2–3 (+{2} beim Start"),
    ("fr", "jusqu’à {0} étapes à l’ère 1 et {1} aux ères 2–3 (+{2} en partant"),
])
def test_the_player_aid_tells_the_truck_rule_of_the_edition(lang: str, said: str) -> None:
    """The aid said trucks "move along built sections of the colour played": they start on
    the card's colour and then run on any built section (seed ruling, p. 11–12), each
    truck with its own range (RULES §8)."""
    import rules

    ed = rules.load_edition()
    ranges = [era.truck_range for era in ed.eras]
    assert ranges[1:] == [ranges[1]] * (len(ranges) - 1)  # the sentence's "eras 2–3"
    aid = catalogue(lang)["rules.aid"]
    assert said.format(ranges[0], ranges[1], ed.upgrade_extra_range) in aid


def test_french_sets_a_narrow_no_break_space_before_its_high_punctuation() -> None:
    """French typography: "Pas si vite : réessayez", with U+202F before : ; ! ? » and
    after «, so that a phone never wraps a colon onto a line of its own."""
    loose = [code for code, text in [*catalogue("fr").items(), *COMMANDS["fr"].items()]
             if re.search(r"\S [:;!?»]|« ", text)]
    assert not loose, loose
    assert "\u202f:" in catalogue("fr")["discord.cooldown"]
