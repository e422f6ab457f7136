"""Setup (RULES §4)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from rules import (
    Decision,
    RuleError,
    apply,
    city_value,
    current_player,
    legal_actions,
    new_game,
    pending_decision,
)
from rules.registry import register_edition
from tests.rules.helpers import EDITION, NAMES, drafted, texts

A7_CITIES = {"hamburg", "hannover", "kassel", "bad_hersfeld", "wuerzburg", "crailsheim"}


def fresh(players: int = 3, seed: int = 1):
    return new_game(EDITION, list(NAMES[:players]), seed=seed)


def test_prebuilt_a7_sections_are_built_and_nothing_else():
    s = fresh()
    assert s.built == {"k3.1", "k3.2", "k4.1", "k4.2", "k5.1", "k6.1", "k6.2", "k7.1"}
    assert s.upgraded == frozenset()


def test_the_six_a7_cities_start_at_two_and_every_other_city_at_zero():
    s = fresh()
    values = {node: city_value(s, node) for node in EDITION.nodes}
    assert {n for n, v in values.items() if v} == A7_CITIES
    assert all(values[n] == 2 for n in A7_CITIES)


def test_bonus_tiles_on_the_eleven_western_b_spaces_and_the_eight_countries():
    s = fresh()
    west_b = {sid for sid, (link, n) in EDITION.sections.items()
              if link.colour != "yellow" and link.features[n - 1] == "B"}
    assert len(west_b) == 11
    assert set(s.section_tiles) == west_b
    assert set(s.country_tiles) == {"dk", "nl", "fr", "ch", "it", "at", "cz", "pl"}
    assert len(s.bag) == 40 - 11 - 8 == 21
    every_tile = [*s.section_tiles.values(), *s.country_tiles.values(), *s.bag]
    assert Counter(every_tile) == Counter(EDITION.bonus_tiles)


def test_an_east_open_from_the_start_is_set_up_like_the_west():
    # An edition may open its East in era 1: then no era start ever opens it, so setup
    # must deal the east card and fill the east B spaces as it does for the west.
    edition = register_edition(replace(EDITION, east_opens_era=1, hash="east-open"))
    s = new_game(edition, list(NAMES[:3]), seed=1)
    assert all("yellow" in p.hand for p in s.players.values())
    every_b = {sid for sid, (link, n) in EDITION.sections.items() if link.features[n - 1] == "B"}
    assert set(s.section_tiles) == every_b


def test_four_improved_cards_in_the_display():
    s = fresh()
    assert len(s.display) == 4
    assert all(EDITION.cards[c].deck == "improved" for c in s.display)
    assert sorted([*s.display, *s.deck]) == sorted(c.id for c in EDITION.deck("improved"))
    assert sorted(s.advanced_deck) == sorted(c.id for c in EDITION.deck("advanced"))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_starts_with_money_cards_stations_keys_and_development_zero(players):
    s = fresh(players)
    for pid in s.order:
        p = s.players[pid]
        assert p.money == 10
        assert p.hand == ("black", "red", "green", "orange", "purple", "white")
        assert p.stations_left == 8
        assert p.keys == () and EDITION.keys == 9  # nine keys, none used
        assert p.development == 0
        assert p.trucks == (None, None)
        assert p.supply == 25 - 1  # one went to the black office
        assert p.lobby == 0 and p.granted == 0
        assert all(cards == () for cards in p.slots.values())


@pytest.mark.parametrize("seed", range(6))
def test_each_player_has_a_different_delivery_board(seed):
    s = fresh(4, seed)
    boards = [s.players[p].board for p in s.order]
    assert len(set(boards)) == 4
    assert set(boards) <= set(range(1, 7))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_employee_each_in_the_black_office_in_seat_order(players):
    s = fresh(players, seed=players)
    assert s.offices["black"] == s.order
    assert all(s.offices[c] == () for c in EDITION.colours if c != "black")


def test_start_player_is_random_and_seat_order_is_kept():
    starts = {fresh(3, seed).order for seed in range(20)}
    assert starts == {("ann", "ben", "cem"), ("ben", "cem", "ann"), ("cem", "ann", "ben")}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_route_draft_offers_players_plus_one_cards_in_reverse_seat_order(players):
    s = fresh(players, seed=7)
    assert s.phase == "draft"
    assert len(s.routes_offered) == players + 1
    assert len(set(s.routes_offered)) == players + 1
    drafters = []
    while s.phase == "draft":
        pid = current_player(s)
        drafters.append(pid)
        offered = s.routes_offered
        assert texts(s, pid) == [f"route {r}" for r in offered]
        s = apply(s, pid, f"route {offered[-1]}")
        assert s.players[pid].route == offered[-1]
        assert offered[-1] not in s.routes_offered
    assert drafters == list(reversed(s.order))
    assert len(s.routes_offered) == 1
    assert pending_decision(s) == Decision("main", s.order[0])


def test_route_card_not_on_offer_is_refused():
    s = fresh(3, seed=7)
    pid = current_player(s)
    taken = next(r for r in EDITION.route_cards if r not in s.routes_offered)
    with pytest.raises(RuleError) as caught:
        apply(s, pid, f"route {taken}")
    assert caught.value.code == "unknown_route"


def test_same_seed_gives_the_same_game():
    assert fresh(3, 42) == fresh(3, 42)
    assert drafted(4, 42).to_json() == drafted(4, 42).to_json()


def test_different_seeds_give_different_games():
    games = {fresh(3, seed).to_json() for seed in range(10)}
    assert len(games) == 10
    shuffles = {(fresh(3, seed).bag, fresh(3, seed).display) for seed in range(10)}
    assert len(shuffles) == 10


@pytest.mark.parametrize("players", [["ann"], ["a", "b", "c", "d", "e"], ["ann", "ann"], []])
def test_wrong_player_lists_are_refused(players):
    with pytest.raises(RuleError):
        new_game(EDITION, players, seed=1)


def test_after_the_draft_the_start_player_acts_first():
    s = drafted(3, seed=9)
    assert current_player(s) == s.order[0]
    assert legal_actions(s, s.order[1]) == []
