"""One choice per label (RULES §8 for what a truck's path pays): actions a player cannot
tell apart are offered once, and two paths that pay differently say so."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import apply, legal_actions, load_edition
from rules.state import State, Truck, Turn
from service.labels import labelled
from tests.rules.helpers_part2 import built, give, money, turn_of, with_truck
from tests.rules.solo_helpers import BOT, HUMAN, solo_start, with_player

EDITION = load_edition()
LANGS = ("en", "de", "fr")


def at_hannover(owner: str | None) -> State:
    """Ann's truck on Hamburg–Hannover in era 2 (range 3), Hannover–Braunschweig built,
    with a station of `owner` on it: a truck may reach Hannover–Kassel straight on, or by
    way of Braunschweig's section and back through Hannover."""
    s = with_truck(built(turn_of(step="move", colour="black", era=2), "g4.1"),
                   "ann", "k3.1", "chemicals")
    return s if owner is None else replace(s, stations=s.stations.merge({"g4.1": owner}))


def upgraded_g4(s: State) -> State:
    return replace(s, upgraded=s.upgraded | {"g4"})


def choices(s: State, lang: str) -> dict[str, str]:
    return {i.notation: i.label for i in labelled(legal_actions(s, "ann"), EDITION, lang,
                                                  s, "ann")}


@pytest.mark.parametrize("lang", LANGS)
def test_a_detour_past_no_station_is_offered_once_by_its_shortest_path(lang: str) -> None:
    offered = choices(at_hannover(None), lang)
    assert "move 1 k3.2 k4.1" in offered
    assert "move 1 k3.2 g4.1 k4.1" not in offered  # ends there too and pays nobody
    assert "move 1 k3.2 g4.1" in offered
    assert "move 1 k3.2 k4.1 g4.1" not in offered
    assert len(set(offered.values())) == len(offered)


def test_the_detour_past_the_movers_own_station_says_what_it_earns() -> None:
    s = at_hannover("ann")
    offered = choices(s, "en")
    assert offered["move 1 k3.2 g4.1 k4.1"].endswith(" · your stations +1 DM")
    assert "DM" not in offered["move 1 k3.2 k4.1"]
    assert choices(s, "de")["move 1 k3.2 g4.1 k4.1"].endswith(" · deine Raststätten +1 DM")
    assert choices(s, "fr")["move 1 k3.2 g4.1 k4.1"].endswith(" · vos stations +1 DM")
    # and what it says is what the move pays
    assert money(apply(s, "ann", "move 1 k3.2 g4.1 k4.1"), "ann") == money(s, "ann") + 1


def test_the_detour_past_another_players_station_says_what_it_pays() -> None:
    s = upgraded_g4(at_hannover("ben"))
    offered = choices(s, "en")
    assert offered["move 1 k3.2 g4.1 k4.1"].endswith(" · 2 DM to other players' stations")
    assert choices(s, "de")["move 1 k3.2 g4.1 k4.1"].endswith(
        " · 2 DM an Raststätten anderer Spieler")
    assert choices(s, "fr")["move 1 k3.2 g4.1 k4.1"].endswith(
        " · 2 DM aux stations des autres joueurs")
    assert money(apply(s, "ann", "move 1 k3.2 g4.1 k4.1"), "ben") == money(s, "ben") + 2


@pytest.mark.parametrize("lang", LANGS)
def test_a_basic_and_an_improved_card_of_one_colour_are_one_choice(lang: str) -> None:
    s = give(turn_of(), "ann", "i17")  # the improved green card, beside the basic green
    actions = [str(a) for a in legal_actions(s, "ann")]
    assert "build g3.2 with green" in actions and "build g3.2 with i17" in actions
    offered = choices(s, lang)
    both = [n for n in offered if n.startswith("build g3.2 with ")]
    assert len(both) == 1
    assert len(set(offered.values())) == len(offered)


def test_a_kept_choice_plays_at_its_place_in_the_legal_list() -> None:
    s = at_hannover(None)
    actions = legal_actions(s, "ann")
    for item in labelled(actions, EDITION, "en", s, "ann"):
        assert str(actions[item.index]) == item.notation


@pytest.mark.parametrize(("lang", "words"), [
    ("en", " · passes the Autobot's station"),
    ("de", " · fährt über eine Raststätte des Autobots"),
    ("fr", " · passe par une station de l’Autobot"),
])
def test_a_move_past_the_autobots_station_says_so(lang: str, words: str) -> None:
    state = with_player(solo_start(), HUMAN, trucks=(Truck("k3.2", "appliances"), None))
    state = replace(state, stations=state.stations.set("k3.1", BOT),
                    turn=Turn(HUMAN, "move", played_colour="black"), queue=())
    offered = {i.notation: i.label for i in labelled(
        legal_actions(state, HUMAN), EDITION, lang, state, HUMAN)}
    assert offered["move 1 k3.1"].endswith(words)
    assert "DM" not in offered["move 1 k3.1"]  # the Autobot earns nothing there (TR-5)


@pytest.mark.parametrize("lang", LANGS)
def test_a_trucks_moves_are_listed_by_their_labels(lang: str) -> None:
    s = at_hannover("ann")
    items = labelled(legal_actions(s, "ann"), EDITION, lang, s, "ann")
    moves = [i.label for i in items if i.kind == "move"]
    assert len(moves) > 3 and moves == sorted(moves)
    assert items[-1].notation == "pass"  # the other choices keep their places


def at_wuerzburg() -> State:
    """Ann's truck on Bad Hersfeld–Würzburg; from Würzburg it may reach Würzburg–Nürnberg
    straight on, by way of Würzburg–Crailsheim (Ben's station) or of Frankfurt–Würzburg
    (Cem's): three outcomes for one destination."""
    s = with_truck(built(turn_of(step="move", colour="black"), "o4.2", "o5.1"),
                   "ann", "k6.2", "chemicals")
    return replace(s, stations=s.stations.merge({"k7.1": "ben", "o4.2": "cem"}))


NAMES = {"ann": "Ann", "ben": "Ben", "cem": "Cem"}


@pytest.mark.parametrize(("lang", "ben", "cem"), [
    ("en", " · 1 DM to Ben", " · 1 DM to Cem"),
    ("de", " · 1 DM an Ben", " · 1 DM an Cem"),
    ("fr", " · 1 DM pour Ben", " · 1 DM pour Cem"),
])
def test_detours_paying_different_players_are_two_choices_that_name_them(
        lang: str, ben: str, cem: str) -> None:
    s = at_wuerzburg()
    offered = {i.notation: i.label for i in labelled(legal_actions(s, "ann"), EDITION, lang,
                                                    s, "ann", NAMES)}
    direct = offered["move 1 o5.1"]
    assert offered["move 1 k7.1 o5.1"] == direct + ben
    assert offered["move 1 o4.2 o5.1"] == direct + cem
    assert len(set(offered.values())) == len(offered)
    after = apply(s, "ann", "move 1 o4.2 o5.1")
    assert (money(after, "ben"), money(after, "cem")) == (money(s, "ben"), money(s, "cem") + 1)


def test_without_names_two_outcomes_under_one_label_stay_two_choices() -> None:
    s = at_wuerzburg()
    offered = [i.notation for i in labelled(legal_actions(s, "ann"), EDITION, "en", s, "ann")]
    assert "move 1 k7.1 o5.1" in offered and "move 1 o4.2 o5.1" in offered


def test_a_move_past_two_of_the_autobots_stations_counts_them() -> None:
    state = with_player(solo_start(), HUMAN, trucks=(Truck("k3.2", "appliances"), None))
    state = replace(built(state, "r1.1"),
                    stations=state.stations.merge({"k3.1": BOT, "r1.1": BOT}),
                    turn=Turn(HUMAN, "move", played_colour="black"), queue=())
    offered = {i.notation: i.label for i in labelled(
        legal_actions(state, HUMAN), EDITION, "de", state, HUMAN)}
    assert offered["move 1 k3.1 r1.1"].endswith(" · fährt über 2 Raststätten des Autobots")
    assert offered["move 1 k3.1"].endswith(" · fährt über eine Raststätte des Autobots")
