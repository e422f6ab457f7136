"""Every action named by what is on the board, in every language (issue 13)."""

from __future__ import annotations

import random
import re

import pytest

from locales import catalogue, translate
from rules import (
    apply,
    current_player,
    delivery_countries,
    legal_actions,
    load_edition,
    new_game,
)
from rules.actions import USAGE
from service import labels as L
from service.labels import action_label, fit, labelled, legal_lines, matches, ranked

LANGS = ("en", "de", "fr")
EDITION = load_edition()
# engine ids that must never reach a player: sections (k3.1), depots (d_black_n), seats
ID = re.compile(r"\b[a-z]{1,3}\d{1,2}\.\d\b|\bd_[a-z_]+|seat:|\bi\d\d\b")
# English words a German or French label must not contain (none is a de/fr word)
ENGLISH = {"with", "the", "build", "upgrade", "load", "research", "truck", "delivers",
           "floor", "office", "lobby", "card", "take", "black", "red", "green", "purple",
           "white", "yellow", "appliances", "chemicals", "automotive", "pass", "promote"}
MOST = max(x.sections for x in EDITION.links.values())
KINDS = {w.split()[0] for w in USAGE.split(" | ")} | {"key"}


def _played(seed: int, players: int) -> list[tuple[object, str, list[object]]]:
    """(state, player, legal actions) at every decision of a random game."""
    rng = random.Random(seed)
    state = new_game(EDITION, ["ann", "ben", "cem", "dan"][:players], seed=seed)
    seen = []
    while (pid := current_player(state)) is not None:
        options = legal_actions(state, pid)
        seen.append((state, pid, options))
        state = apply(state, pid, rng.choice(options))
    return seen


@pytest.fixture(scope="module")
def decisions() -> list[tuple[object, str, list[object]]]:
    return [d for seed, n in ((1, 2), (2, 3), (3, 4)) for d in _played(seed, n)]


def _kind(notation: str) -> str:
    head = notation.split()[0]
    return "key" if head == "research" and " with " not in notation else head


def sample_actions() -> dict[str, str]:
    """One notation of every kind, made from the edition's own ids."""
    link = next(x for x in EDITION.links.values() if x.sections == MOST)
    depot = next(iter(EDITION.depots.values()))
    card = next(c for c in EDITION.cards.values() if len(c.colours) > 1 and not c.wild)
    return {
        "route": f"route {next(iter(EDITION.route_cards))}",
        "bonus": "bonus fr",
        "build": f"build {link.id}.2 with {link.colour}",
        "upgrade": f"upgrade {link.id} with {card.id}:{card.colours[0]}",
        "load": f"load {depot.id} {depot.goods[0]} with {depot.colour}",
        "station": f"station {link.id}.1 with {link.colour}",
        "research": f"research trade2 with {link.colour}",
        "key": "research network2",
        "takeback": "takeback", "grant": "grant", "pass": "pass",
        "extra": f"extra {link.id}.1",
        "move": f"move 1 {link.id}.1 {link.id}.2",
        "promote": "promote seat:red lobby",
        "pick": f"pick {card.id}",
        "slot": "slot build",
        "autobot": f"autobot red 7a- 1a build {link.id}.1 extra upgrade {link.id}",
    }


def test_the_samples_cover_every_kind_of_the_notation() -> None:
    assert set(sample_actions()) == KINDS


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_has_a_label_without_engine_ids(kind: str, lang: str) -> None:
    notation = sample_actions()[kind]
    text = action_label(notation, EDITION, lang)
    assert text and text != notation and not ID.search(text), text
    if lang != "en":
        assert not set(re.findall(r"[a-z]+", text.lower())) & ENGLISH, text


def test_a_section_is_named_by_its_link_cities_and_place() -> None:
    link = next(x for x in EDITION.links.values() if x.sections == MOST)
    a, b = EDITION.nodes[link.a].name, EDITION.nodes[link.b].name
    build = f"build {link.id}.2 with {link.colour}"
    assert f"{a}–{b}, 2nd of {MOST} · {link.colour}" in action_label(build, EDITION, "en")
    assert f"{a}–{b}, 2. von {MOST}" in action_label(build, EDITION, "de")
    assert f"{a}–{b}, 2e sur {MOST}" in action_label(build, EDITION, "fr")
    first = action_label(f"station {link.id}.1 with {link.colour}", EDITION, "fr")
    assert f"{a}–{b}, 1re sur {MOST}" in first


def test_a_delivery_names_its_country_and_a_depot_its_city_and_goods() -> None:
    link = next(x for x in EDITION.links.values()
                if EDITION.nodes[x.b].country == "fr" and x.sections == 1)
    text = action_label(f"move 2 {link.id}.1 deliver", EDITION, "de")
    assert text.startswith("Lkw 2") and text.endswith("liefert nach Frankreich"), text
    depot = next(d for d in EDITION.depots.values() if "chemicals" in d.goods)
    load = action_label(f"load {depot.id} chemicals with {depot.colour}", EDITION, "fr")
    assert "Chimie" in load and EDITION.nodes[depot.node].name in load


@pytest.mark.parametrize(("country", "lang", "ending"), [
    ("ch", "de", "liefert in die Schweiz"), ("nl", "de", "liefert in die Niederlande"),
    ("at", "de", "liefert nach Österreich"), ("nl", "fr", "livraison aux Pays-Bas"),
    ("dk", "fr", "livraison au Danemark"), ("it", "fr", "livraison en Italie"),
    ("nl", "en", "delivers to the Netherlands"), ("pl", "en", "delivers to Poland"),
])
def test_a_delivery_says_the_country_with_its_article_and_case(country: str, lang: str,
                                                               ending: str) -> None:
    """"liefert nach Schweiz", "livraison vers Danemark" read wrong: each language says
    a country after "to" and "of" in its own form."""
    section = next(sid for sid, c in delivery_countries(EDITION).items() if c == country)
    assert action_label(f"move 2 {section} deliver", EDITION, lang).endswith(ending)


@pytest.mark.parametrize(("lang", "closed", "claimed"), [
    ("en", "Deliveries to Switzerland open in era 2.",
     "Ann takes the delivery bonus of the Netherlands"),
    ("de", "Lieferungen in die Schweiz erst ab Ära 2.",
     "Ann nimmt den Lieferbonus der Niederlande"),
    ("fr", "Les livraisons en Suisse ne sont possibles qu’à partir de l’ère 2.",
     "Ann prend le bonus de livraison des Pays-Bas"),
])
def test_a_refusal_and_the_story_name_a_country_in_its_form(lang: str, closed: str,
                                                            claimed: str) -> None:
    # a rule's refusal carries the country's id; the catalogue fills in its forms
    assert translate("country_closed", lang, country="ch", era=2) == closed
    assert translate("story.bonus_taken", lang, player="Ann",
                     **L.country_words("nl", lang)) == claimed


def test_every_country_has_its_forms_in_every_language() -> None:
    for lang in ("en", "de", "fr"):
        words = catalogue(lang)
        for country in EDITION.countries:
            for form in ("country", "country_to", "country_of"):
                assert words.get(f"word.{form}.{country}"), (lang, form, country)



@pytest.mark.parametrize("lang", LANGS)
def test_labels_of_whole_games_fit_discord_and_speak_the_language(decisions, lang) -> None:
    kinds: set[str] = set()
    for state, pid, options in decisions:
        for item in labelled(options, EDITION, lang, state, pid):
            kinds.add(item.kind)
            assert item.notation == str(options[item.index])
            assert not ID.search(item.label), item.label
            assert len(fit(item.label, 100)) <= 100 and len(fit(item.label, 80)) <= 80
            if lang != "en":
                assert not set(re.findall(r"[a-z]+", item.label.lower())) & ENGLISH, item.label
    assert {"route", "build", "load", "move", "promote", "pick", "pass"} <= kinds


def test_a_truck_move_says_what_it_carries_and_where_it_ends(decisions) -> None:
    from service.labels import goods_name, section_name

    moves = [(s, p, o) for s, p, opts in decisions for o in opts
             if str(o).startswith("move") and o.path and not o.deliver]
    assert moves
    for state, pid, move in moves[:50]:
        truck = state.players[pid].trucks[move.truck - 1]
        text = action_label(move, EDITION, "en", state, pid)
        assert text.startswith(f"Truck {move.truck} ({goods_name(truck.goods, 'en')}): ")
        assert text.endswith(section_name(EDITION, move.path[-1], "en", colour=False))
        assert action_label(move, EDITION, "en").startswith(f"Truck {move.truck}: ")


def test_typed_words_match_labels_in_any_spelling_and_the_notation(decisions) -> None:
    state, pid, options = next(d for d in decisions
                               if any(str(o).startswith("load") for o in d[2]))
    items = labelled(options, EDITION, "de", state, pid)
    loads = [i for i in items if i.kind == "load"]
    goods = {"chemicals": "chemie", "automotive": "autos", "appliances": "elektrogerate",
             "pharmaceuticals": "pharma"}
    some = loads[0]
    word = goods[some.notation.split()[2]]
    assert some in ranked(items, word) and some in ranked(items, some.notation)
    city = EDITION.nodes[EDITION.depots[some.notation.split()[1]].node].name
    for spelling in {city, city.lower(), city.replace("ü", "ue").replace("ö", "oe"),
                     city.replace("ü", "u").replace("ö", "o")}:
        assert matches(spelling, some), spelling
    assert not matches("zzzz", some)


def test_the_console_lists_numbered_labels_grouped_by_kind(decisions) -> None:
    state, pid, options = max(decisions, key=lambda d: len({_kind(str(o)) for o in d[2]}))
    items = labelled(options, EDITION, "fr", state, pid)
    lines = legal_lines(pid, items, "fr")
    numbered = [line for line in lines if re.match(r"\s+\d+\. ", line)]
    assert len(numbered) == len(options)
    assert sorted(int(n.split(".")[0]) for n in numbered) == list(range(1, len(options) + 1))
    assert lines[0].startswith(f"{pid} peut")
