"""The reason `/hint` gives (issue 16): one line in the player's language saying what the
suggested move does and gains — the consequences the turn story tells of it
(service.story), found by applying it, and the points it brings.

Never a peek: when the move reveals something hidden (a bonus tile drawn from the bag, a
card turned up), the consequences are told only as far as they are the same in other
worlds the player cannot tell apart from this one (ai.view.determinise).
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import rules
from locales import Phrase, translate
from rules import State

from .labels import action_label
from .story import BULLET, Step, step_lines

WORLDS = 3  # other orders of the hidden things a consequence must hold in
MOST = 4  # consequences a one-line reason names


def _consequences(state: State, player: str, notation: str, names: Mapping[str, str],
                  lang: str) -> list[str]:
    ed = rules.edition_of(state)
    after = rules.apply(state, player, notation)
    told = [line.removeprefix(BULLET)
            for line in step_lines(ed, Step(player, notation, state, after), names, lang)[1:]]
    if after.reveals == state.reveals:
        return told
    from ai.view import determinise

    for world_seed in range(WORLDS):
        world = determinise(state, random.Random(world_seed))
        other = rules.apply(world, player, notation)
        seen = {line.removeprefix(BULLET)
                for line in step_lines(ed, Step(player, notation, world, other), names,
                                       lang)[1:]}
        told = [line for line in told if line in seen]
    return told


def hint_reason(state: State, player: str, notation: str, lead: float,
                names: Mapping[str, str], lang: str) -> tuple[str, Phrase]:
    """(the action's label, the reason): "Suggestion: <label> — <what it does>; +2 points"."""
    label = action_label(rules.parse_action(notation), rules.edition_of(state), lang, state,
                         player)
    effects = _consequences(state, player, notation, names, lang)[:MOST]
    after = rules.apply(state, player, notation)
    gained = rules.scores(after).get(player, 0) - rules.scores(state).get(player, 0)
    if gained:
        effects.append(translate("hint.points" if gained > 0 else "hint.points_lost", lang,
                                 count=abs(gained)))
    if not effects:
        return label, Phrase("hint.quiet", action=label, lead=f"{lead:+.0f}")
    return label, Phrase("hint.reason", action=label, effects="; ".join(effects))
