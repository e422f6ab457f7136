"""The reason `/hint` gives (issue 16): one line in the player's language saying what the
suggested move does and gains — the consequences the turn story tells of it
(service.story), found by applying it, and the points it brings.

Never a peek: when the move reveals something hidden (a bonus tile drawn from the bag, a
card turned up), the consequences are told only as far as they are the same in other
worlds the player cannot tell apart from this one (ai.view.determinise).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import rules
from locales import Phrase, translate
from rules import State

from .labels import action_label, choice_label
from .story import BULLET, Step, step_lines

WORLDS = 4  # orders of the hidden things a consequence must hold in
MOST = 4  # consequences a one-line reason names


def _told(state: State, player: str, notation: str, names: Mapping[str, str],
          lang: str) -> list[str]:
    ed = rules.edition_of(state)
    after = rules.apply(state, player, notation)
    return [line.removeprefix(BULLET)
            for line in step_lines(ed, Step(player, notation, state, after), names, lang)[1:]]


def _consequences(state: State, player: str, notation: str, names: Mapping[str, str],
                  lang: str) -> list[str]:
    """What the move changes, as the turn story tells it. A move that reveals something
    hidden is told in worlds the player cannot tell apart from this one instead, keeping
    what holds in all of them: the reason then depends on nothing the player cannot see
    (ai.view.determinise redraws only the hidden orders)."""
    if rules.apply(state, player, notation).reveals == state.reveals:
        return _told(state, player, notation, names, lang)
    from ai.view import determinise

    told: list[str] | None = None
    for world_seed in range(WORLDS):
        world = determinise(state, random.Random(world_seed))
        seen = _told(world, player, notation, names, lang)
        told = seen if told is None else [line for line in told if line in seen]
    return told or []


def _gained(state: State, player: str, notation: str) -> int:
    """The points the move brings now (0 when they hang on something hidden)."""
    def gain(world: State) -> int:
        after = rules.apply(world, player, notation)
        return rules.scores(after).get(player, 0) - rules.scores(world).get(player, 0)

    if rules.apply(state, player, notation).reveals == state.reveals:
        return gain(state)
    from ai.view import determinise

    found = {gain(determinise(state, random.Random(w))) for w in range(WORLDS)}
    return found.pop() if len(found) == 1 else 0


def plan_words(state: State, player: str, later: Sequence[Sequence[str]],
               lang: str) -> str | None:
    """The planner's next turn in the player's words (issue 33): its main action, and the
    delivery it makes, if any ("next turn: play black on load…; then: truck 1 → Denmark").
    None without a plan (a move judged no further than its own turn)."""
    if not later or not later[0]:
        return None
    edition = rules.edition_of(state)
    turn = [rules.parse_action(n) for n in later[0]]
    main = next((a for a in turn if isinstance(a, (rules.Play, rules.Simple))), None)
    delivery = next((a for a in turn if isinstance(a, rules.Move) and a.deliver), None)
    if main is None:
        return None
    said = translate("planner.next_turn", lang,
                     action=action_label(main, edition, lang, state, player))
    if delivery is not None:
        said = translate("planner.then_delivery", lang, plan=said,
                         move=action_label(delivery, edition, lang, state, player))
    return said


def hint_reason(state: State, player: str, notation: str, lead: float,
                names: Mapping[str, str], lang: str,
                choice_lang: str | None = None,
                later: Sequence[Sequence[str]] = ()) -> tuple[str, Phrase]:
    """(the action's label, the reason): "Suggestion: <label> — <what it does>; +2 points",
    and the plan's next turn when the planner judged the move with one (`later`). The
    label is in `choice_lang` (the buttons' language, README), the reason in `lang`."""
    # named as /legal and the buttons name it, what the move pays at stations included
    label = choice_label(rules.parse_action(notation), rules.edition_of(state),
                         choice_lang or lang, state, player, names)
    effects = _consequences(state, player, notation, names, lang)[:MOST]
    gained = _gained(state, player, notation)
    if gained:
        effects.append(translate("hint.points" if gained > 0 else "hint.points_lost", lang,
                                 count=abs(gained)))
    plan = plan_words(state, player, later, lang)
    if plan is not None:
        effects.append(plan)
    if not effects:
        ahead = round(lead)
        return label, Phrase("hint.quiet" if ahead >= 0 else "hint.quiet_behind", action=label,
                             count=abs(ahead))
    joined = translate("hint.separator", lang).join(effects)
    return label, Phrase("hint.reason", action=label, effects=joined)
