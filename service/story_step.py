"""One decision told: its headline, named as on the board (service.labels), then a line
for each thing it changed — money, staff, promotions, city values, tiles and deliveries, an
era's end — found by comparing the states before and after it, so the rules stay
language-free and tell nothing twice. `service.story` strings these into turns.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import rules
from locales import translate
from rules import Action, Edition, State, parse_action
from rules.actions import GRANT, TAKEBACK, AutobotTurn, Extra, Move, Play
from rules.errors import RuleError
from rules.network import city_value
from service import labels as L

from .log import autobot_sentence
from .story_era import era_lines, era_money, route_lines

BULLET = "  · "


@dataclass(frozen=True, slots=True)
class Step:
    """One decision: who took it, its notation, the game before and after it."""

    player: str
    notation: str
    before: State
    after: State
    seq: int = 0  # its number in the log


def steps(start: State, actions: Iterable[tuple[str, str]], first_seq: int = 1) -> list[Step]:
    """Every (player, notation) applied from `start`, as steps."""
    out: list[Step] = []
    state = start
    for seq, (player, notation) in enumerate(actions, start=first_seq):
        after = rules.apply(state, player, notation)
        out.append(Step(player, notation, state, after, seq))
        state = after
    return out


def name_of(names: Mapping[str, str], pid: str) -> str:
    """A seat's name in a story line; the Autobot by its own name."""
    if pid == "autobot" or (pid not in names and pid.startswith("autobot")):
        return "Autobot"
    return names.get(pid, pid)


@functools.lru_cache(maxsize=1024)  # each line of a step asks it of the same notation
def _action(notation: str) -> Action | None:
    """The step's action, or None for a notation no longer read (an old log's)."""
    try:
        return parse_action(notation)
    except RuleError:
        return None


def headline(ed: Edition, step: Step, names: Mapping[str, str], lang: str) -> str:
    """The decision itself: who, and what, named as on the board."""
    action = _action(step.notation)
    if action is None:
        return translate("story.step", lang, player=name_of(names, step.player),
                         action=step.notation)
    if isinstance(action, AutobotTurn):
        said = autobot_sentence(action.words, lang, ed)
        solo = step.before.solo
        if solo is not None:
            said = said.replace("Autobot", translate("story.autobot", lang, level=solo.level), 1)
        return said
    label = L.action_label(action, ed, lang, step.before, step.player)
    return translate("story.step", lang, player=name_of(names, step.player), action=label)


def _money_reason(step: Step, pid: str, delta: int) -> str:
    action = _action(step.notation)
    if action is None:
        return "other"
    if delta < 0:
        return "paid"
    if pid == step.player and action in (GRANT, TAKEBACK):
        return str(action)  # the era's grant; 1 DM a card taken back (RULES §6)
    if isinstance(action, Move) and action.deliver and pid == step.player:
        return "delivery"
    if pid != step.player and step.before.players[pid].stations_left < rules.edition_of(
            step.before).stations:
        return "station"
    # A bonus queued behind a decision (a promotion first, RULES §9) is paid once that
    # decision is taken: its DM are the tile's or the development track's, not this step's.
    waited = {(fx.kind, fx.source) for fx in step.before.queue
              if fx.player == pid and fx.kind in ("money", "develop") and fx.source != "route"}
    if waited == {("money", "tile")}:
        return "tile"
    if waited and all(kind == "develop" for kind, _ in waited):
        return "develop"
    return "bonus" if waited else "other"


def _money(step: Step, names: Mapping[str, str], lang: str) -> list[str]:
    """Each player's money that changed, by its reason: what the action cost and paid
    back, then what an era's end paid (its budget, a route card)."""
    at_era_end = era_money(step)
    out = []
    for pid in step.after.order:
        budget, route = at_era_end.get(pid, (0, 0))
        money = step.before.players[pid].money
        delta = step.after.players[pid].money - money - budget - route
        out.extend(_action_money(step, pid, delta, names, lang))
        money += delta
        for count, reason in ((budget, "budget"), (route, "route")):
            if count:
                money += count
                out.append(translate(f"story.money.{reason}", lang, player=name_of(names, pid),
                                     count=count, money=money))
    return out


def _action_money(step: Step, pid: str, delta: int, names: Mapping[str, str],
                  lang: str) -> list[str]:
    """The money the step's action itself moved for `pid` (`delta` in all)."""
    out = []
    start = step.before.players[pid].money
    price = _price(step) if pid == step.player else 0
    if price and delta != -price:
        # The price paid and what the action then paid back, said apart: a build for
        # 2 DM onto a 3-DM tile "gains 1 DM" otherwise.
        out.append(translate("story.money.paid", lang, player=name_of(names, pid),
                             count=price, money=start - price))
        back = delta + price
        reason = _paid_back(step, pid, back) if back > 0 else "paid"
        out.append(translate(f"story.money.{reason}", lang, player=name_of(names, pid),
                             count=abs(back), money=start + delta))
    elif delta:
        own = _own_stations(step) if pid == step.player and delta > 0 else 0
        rest = delta - own
        if rest:
            reason = _money_reason(step, pid, rest)
            out.append(translate(f"story.money.{reason}", lang, player=name_of(names, pid),
                                 count=abs(rest), money=start + rest))
        if own:
            out.append(translate("story.money.station", lang, player=name_of(names, pid),
                                 count=own, money=start + delta))
    return out


def _own_stations(step: Step) -> int:
    """The DM a truck's move paid its mover at their own stations (RULES §8: the mover
    included), told apart from the delivery's DM and named, not "receives 1 DM"."""
    action = _action(step.notation)
    if not isinstance(action, Move):
        return 0
    return rules.stations_passed(step.before, step.player, action).mine


def _paid_back(step: Step, pid: str, back: int) -> str:
    """Where the DM an action paid back came from: the money tile it took, the development
    track it moved on, or both ("bonus"). (An era's budget and route cards are told
    apart: `story_era.era_money`.)"""
    taken = [*(tile for sid, tile in step.before.section_tiles.items()
               if sid not in step.after.section_tiles),
             *(tile for c, tile in step.before.country_tiles.items()
               if c not in step.after.country_tiles)]
    tiles = sum(amount for kind, amount in map(rules.parse_bonus, taken) if kind == "money")
    developed = (step.after.players[pid].development
                 > step.before.players[pid].development)
    if tiles == back:
        return "tile"
    if not tiles and developed:
        return "develop"
    return "bonus"


def _price(step: Step) -> int:
    action = _action(step.notation)
    return 0 if action is None else rules.price(step.before, action)


def _placed(ed: Edition, step: Step) -> Counter[str]:
    """The offices a build, extra build or upgrade placed the player's employees in, one
    each (RULES §7.6), the Autobot's turn's too: an employee that pushed its owner's own
    out of a one-seat office leaves the seats as they were, and was still placed."""
    action = _action(step.notation)
    if isinstance(action, Play):
        targets = [(action.slot, action.target)]
    elif isinstance(action, Extra):
        targets = [("build", action.section)]
    elif isinstance(action, AutobotTurn):
        words = action.words
        targets = [(w, words[i + 1]) for i, w in enumerate(words[:-1])
                   if w in ("build", "upgrade")]
    else:
        return Counter()
    placed: Counter[str] = Counter()
    for slot, target in targets:
        if slot == "build" and target in ed.sections:
            placed[ed.sections[target][0].colour] += 1
        elif slot == "upgrade" and target in ed.links:
            placed[ed.links[target].colour] += 1
    return placed


def _staff(ed: Edition, step: Step, names: Mapping[str, str], lang: str) -> list[str]:
    out = []
    # An empty supply takes exactly `lobby_return` back from the lobby before placing, and
    # a promotion follows (seed ruling, p. 9): the lobby shrank, and that is why.
    returned = {pid: ed.lobby_return for pid in step.after.order
                if step.after.players[pid].supply > step.before.players[pid].supply}
    for pid, count in returned.items():
        out.append(translate("story.lobby_returned", lang, player=name_of(names, pid),
                             count=count))
    placed = _placed(ed, step)
    for colour in step.after.offices:
        before = list(step.before.offices.get(colour, ()))
        after = list(step.after.offices.get(colour, ()))
        for pid in step.after.order:
            gained = after.count(pid) - before.count(pid)
            if pid == step.player:
                gained = max(gained, placed[colour])
            if gained > 0:
                out.append(translate("story.placed", lang, player=name_of(names, pid),
                                     count=gained, colour=colour))
    for pid in step.after.order:
        if step.after.players[pid].granted > step.before.players[pid].granted:
            out.append(translate("story.granted", lang, player=name_of(names, pid)))
    promoted = _promoted_out(step)
    for (pid, colour), count in promoted.items():
        out.append(translate("story.promoted_out", lang, player=name_of(names, pid),
                             count=count, colour=colour))
    for pid in step.after.order:
        pushed = (step.after.players[pid].lobby - step.before.players[pid].lobby
                  - sum(n for (who, _), n in promoted.items() if who == pid)
                  + returned.get(pid, 0))
        if pushed > 0:
            out.append(translate("story.lobby", lang, player=name_of(names, pid), count=pushed))
    return out


def _promoted_out(step: Step) -> Counter[tuple[str, str]]:
    """(player, office colour) -> employees promoted from the office to the lobby (RULES
    §10.1: a promotion's first step), told as a promotion, not as pushed out. An office
    only shrinks by a promotion: a placement that pushes keeps its length."""
    out: Counter[tuple[str, str]] = Counter()
    for colour, before in step.before.offices.items():
        after = step.after.offices.get(colour, ())
        if len(after) < len(before):
            for pid, n in (Counter(before) - Counter(after)).items():
                out[(pid, colour)] += n
    return out


def _promotions(ed: Edition, step: Step, names: Mapping[str, str], lang: str) -> list[str]:
    out = []
    for pid in step.after.order:
        b, a = step.before.players[pid].floors, step.after.players[pid].floors
        for dept in ed.departments:
            for floor, (x, y) in enumerate(zip(b[dept], a[dept], strict=True), start=1):
                if y > x:
                    out.append(translate("story.promoted", lang, player=name_of(names, pid),
                                         count=y - x,
                                         place=L.staff_place(ed, f"{dept}{floor}", lang)))
        dev = step.after.players[pid].development - step.before.players[pid].development
        if dev > 0:
            out.append(translate("story.develop", lang, player=name_of(names, pid), count=dev))
    return out


def _cities(ed: Edition, step: Step, lang: str) -> list[str]:
    if (step.before.built == step.after.built
            and step.before.upgraded == step.after.upgraded):
        return []
    rose = []
    for node in ed.nodes:
        old, new = city_value(step.before, ed, node), city_value(step.after, ed, node)
        if new > old:
            rose.append(translate("story.city_value", lang, city=L.city(ed, node),
                                  old=old, new=new))
    return rose


def _tiles_and_deliveries(ed: Edition, step: Step, names: Mapping[str, str],
                          lang: str) -> list[str]:
    out = []
    who = name_of(names, step.player)
    # The Autobot lays the tiles it takes on its solo board, whose slot gives the bonus,
    # not the tile (SOLO SB-2): a full board takes them for nothing.
    solo_slots = _solo_slots_filled(step)
    for section, tile in step.before.section_tiles.items():
        if section not in step.after.section_tiles:
            where = L.section_name(ed, section, lang, colour=False)
            if solo_slots is None:
                out.append(translate("story.tile_section", lang, player=who, where=where,
                                     what=_tile(tile, lang)))
            else:
                solo_slots -= 1
                out.append(translate("story.tile_section_autobot" if solo_slots >= 0
                                     else "story.tile_section_autobot_full", lang,
                                     player=who, where=where))
    marked: set[str] = set()
    for pid in step.after.order:
        b, a = step.before.players[pid].deliveries, step.after.players[pid].deliveries
        for country, row in a.items():
            old = b.get(country)
            if old == row:
                continue
            marked.add(pid)
            words = L.country_words(country, lang)
            if row.dm and not (old and old.dm):
                out.append(translate("story.delivered_dm", lang, player=name_of(names, pid),
                                     **words))
            elif row.goods == "used" and (old is None or old.goods != "used"):
                out.append(translate("story.bonus_taken", lang, player=name_of(names, pid),
                                     **words))
            elif row.goods and (old is None or not old.goods):
                out.append(translate("story.delivered_bonus", lang, player=name_of(names, pid),
                                     **words))
            if row.pharma and not (old and old.pharma):
                out.append(translate("story.delivered_pharma", lang, player=name_of(names, pid),
                                     **words))
    action = _action(step.notation)
    if isinstance(action, Move) and action.deliver and step.player not in marked:
        # a delivery whose row is full earns nothing (RULES §8): said, not left silent
        reached = L.truck_route(ed, action, lang, step.before, step.player)[2]
        if reached is not None:
            out.append(translate("story.delivered_nothing", lang, player=who,
                                 **L.country_words(reached, lang)))
    # the tile beside a country goes with the first delivery there (RULES §8, step 1)
    for country, tile in step.before.country_tiles.items():
        if country not in step.after.country_tiles:
            words = L.country_words(country, lang)
            if solo_slots is None:
                out.append(translate("story.tile_country", lang, player=who,
                                     what=_tile(tile, lang), **words))
            else:
                solo_slots -= 1
                out.append(translate("story.tile_country_autobot" if solo_slots >= 0
                                     else "story.tile_country_autobot_full", lang,
                                     player=who, **words))
    return out


def _tile(tile: str, lang: str) -> str:
    """What a bonus tile gives, in words: "2 DM", "a promotion"."""
    kind, amount = rules.parse_bonus(tile)
    return translate(f"story.tile_what.{kind}", lang, n=amount)


def _solo_slots_filled(step: Step) -> int | None:
    """In the Autobot's own step, the solo-board slots its tiles filled; None otherwise."""
    before, after = step.before.solo, step.after.solo
    if before is None or after is None or step.player != rules.autobot_seat(step.before):
        return None
    return after.slots_filled - before.slots_filled


def _research(ed: Edition, step: Step, names: Mapping[str, str], lang: str) -> list[str]:
    """What a key opened (RULES §7.5): a floor employees can now be promoted to, or one
    more card on an action slot (the slot is the next decision)."""
    out = []
    for pid in step.after.order:
        before, after = step.before.players[pid].keys, step.after.players[pid].keys
        for lock_id in after[len(before):]:
            lock = ed.locks.get(lock_id)
            if lock is None:
                continue
            if lock.department is None or lock.floor is None:
                out.append(translate("story.research_capacity", lang,
                                     player=name_of(names, pid)))
            else:
                out.append(translate("story.research_floor", lang, player=name_of(names, pid),
                                     floor=L.lock_name(ed, lock_id, lang)))
    return out


def step_lines(ed: Edition, step: Step, names: Mapping[str, str], lang: str) -> list[str]:
    """The decision, then one indented line per consequence."""
    found = [*_money(step, names, lang), *_staff(ed, step, names, lang),
             *_promotions(ed, step, names, lang), *_research(ed, step, names, lang),
             *_cities(ed, step, lang),
             *_tiles_and_deliveries(ed, step, names, lang),
             *route_lines(step, names, lang), *era_lines(step, lang)]
    return [headline(ed, step, names, lang), *(BULLET + line for line in found)]
