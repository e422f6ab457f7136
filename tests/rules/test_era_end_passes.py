"""RULES §5 as this edition reads it (rules/RULES.md, "Balance"): an era also ends after a
round in which every player passed their main action, so a table where nobody can pay for
the last sections still finishes. Archived editions end an era by its supply only."""

from __future__ import annotations

from dataclasses import replace

from rules import Decision, apply, pending_decision
from rules.effects import passed_round
from rules.frozen import FrozenDict
from rules.model import Edition
from rules.registry import edition_by_hash
from rules.state import State
from tests.rules.helpers import at_main, with_player


def stuck(state: State) -> State:
    """Nobody can act: no cards in hand or on the slots, the grant of this era taken."""
    for pid in state.order:
        player = state.players[pid]
        state = with_player(state, pid, hand=(), money=0, grant_eras=(state.era,),
                            slots=FrozenDict({k: () for k in player.slots}))
    return state


def pass_round(state: State, players: tuple[str, ...]) -> State:
    for pid in players:
        assert pending_decision(state) == Decision("main", pid)
        state = apply(state, pid, "pass")
    return state


def edition(state: State) -> Edition:
    return edition_by_hash(state.edition_hash)


def test_a_round_of_passes_ends_the_era(game):
    s = stuck(at_main(game, "ann"))
    s = pass_round(s, ("ann", "ben"))
    assert (s.era, s.passes) == (1, 2)  # two of three: the era goes on
    s = pass_round(s, ("cem",))
    assert s.era == 2
    assert s.era_supply == edition(s).era(2).supply  # the sections left are not carried on
    assert s.passes == 0


def test_an_era_ended_by_passes_promotes_nobody(game):
    s = stuck(with_player(at_main(game, "ann"), "ann", lobby=2))
    s = replace(s, last_builder="ben")  # built a section earlier, not the era's last
    s = pass_round(s, ("ann", "ben", "cem"))
    assert s.era == 2
    assert all(p.pending_promotions == 0 for p in s.players.values())
    assert pending_decision(s) == Decision("main", "ann")  # the next turn, no promotion first


def test_an_action_breaks_the_round_of_passes(game):
    s = stuck(at_main(game, "ann"))
    s = pass_round(s, ("ann", "ben"))
    s = with_player(s, "cem", money=20, hand=("red",))
    s = apply(s, "cem", "build r1.1 with red")
    assert s.passes == 0
    while pending_decision(s).player == "cem":  # cem's truck step, bonus or promotion
        s = apply(s, "cem", "pass")
    assert s.era == 1 and not passed_round(s, edition(s))


def test_in_the_last_era_a_round_of_passes_starts_the_final_round(game):
    s = stuck(replace(at_main(game, "ann"), era=3, era_supply=5))
    s = pass_round(s, ("ann", "ben", "cem"))
    assert s.phase == "final"
    # Every other player takes one more turn; the one whose pass ended the era, the last.
    assert pending_decision(s) == Decision("main", "ann")
    assert s.final_turns == ("ben", "cem")


def test_archived_editions_wait_for_the_supply(old_game):
    s = stuck(at_main(old_game, "ann"))
    s = pass_round(s, ("ann", "ben", "cem", "ann", "ben", "cem"))
    assert s.era == 1 and s.passes == 6
    assert pending_decision(s) == Decision("main", "ann")
