"""The turn told (issue 14): each decision with what it changed, the log's pages, eras and
undos, the catch-up digest and the ranked end, in every language."""

from __future__ import annotations

import re

import pytest
from service_testutil import PLAYERS, SEED, random_game, record_of
from test_glossary import ENGLISH

import rules
from locales import translate
from rules.bots import RandomBot
from rules.frozen import evolve
from rules.scoring import ranking_key
from service import CONSOLE, GameService
from service import labels as L
from service.story import (
    BULLET,
    Step,
    final_lines,
    page_of,
    score_breakdown,
    since_last_turn,
    step_lines,
    steps,
    tell,
    tie_break,
    turns,
)
from tests.rules.helpers import at_main, drafted
from tests.rules.helpers_part2 import built, set_player, turn_of, with_truck
from tests.rules.test_delivery import at_kolding
from tests.rules.test_era_end_passes import stuck

ED = rules.load_edition()
NAMES = {"ann": "Ann", "ben": "Ben", "cem": "Cem"}
LANGS = ("en", "de", "fr")


@pytest.fixture(scope="module")
def played() -> list[Step]:
    """Three whole games of random choices, every decision with its states."""
    out: list[Step] = []
    for choice in (1, 2, 3):
        start = rules.new_game(ED, list(PLAYERS), SEED)
        out += steps(start, random_game(choice))
    return out


def _first(played: list[Step], test) -> Step:
    found = next((s for s in played if test(s)), None)
    assert found is not None, "the sample games hold no such decision"
    return found


def _text(step: Step, lang: str = "en") -> str:
    return "\n".join(step_lines(ED, step, NAMES, lang))


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Ann takes the bonus tile of Denmark: a promotion"),
    ("de", "Ann nimmt das Bonusplättchen von Dänemark: eine Beförderung"),
    ("fr", "Ann prend la tuile Bonus du Danemark\u202f: une promotion"),
])
def test_a_delivery_tells_the_countrys_tile_and_what_it_gives(lang: str, said: str) -> None:
    """The tile beside a country goes to the first player to deliver there (RULES §8,
    step 1): the story says so, and what is on it, or a promotion seems to come from
    nowhere."""
    step = steps(at_kolding("chemicals", tile="promote"), [("ann", "move 1 deliver")])[0]
    assert BULLET + said in step_lines(ED, step, NAMES, lang)
    untiled = steps(at_kolding("chemicals"), [("ann", "move 1 deliver")])[0]
    assert not any("tile" in line for line in step_lines(ED, untiled, NAMES, "en"))


def test_the_autobots_tile_goes_on_its_solo_board() -> None:
    """SOLO SB-2: a tile the Autobot takes is laid on its solo board, whose slot gives the
    bonus; what is printed on the tile does not reach it, so the story does not say it."""
    state = rules.new_game(ED, ["ann"], 5, solo_level=4)
    bot = RandomBot(5)
    found = None
    for _ in range(3000):
        decision = rules.pending_decision(state)
        if decision is None:
            break
        step = steps(state, [(decision.player, str(bot.choose(state, decision.player)))])[0]
        if decision.player == "autobot" and (
                step.before.section_tiles.keys() - step.after.section_tiles.keys()):
            found = step
            break
        state = step.after
    assert found is not None, "the Autobot took no tile in this game"
    assert found.before.solo is not None and found.after.solo is not None
    assert found.after.solo.slots_filled == found.before.solo.slots_filled + 1
    (section,) = found.before.section_tiles.keys() - found.after.section_tiles.keys()
    for lang in LANGS:
        line = translate("story.tile_section_autobot", lang, player="Autobot",
                         where=L.section_name(ED, section, lang, colour=False))
        lines = step_lines(ED, found, NAMES, lang)
        assert BULLET + line in lines, lines
    kind, amount = rules.parse_bonus(found.before.section_tiles[section])
    said = translate(f"story.tile_what.{kind}", "en", n=amount)
    assert not any(said in line for line in step_lines(ED, found, NAMES, "en")[1:]
                   if "bonus tile" in line)
    # a full solo board (SB-2: 12 slots) takes the tile for nothing, and says so
    full = evolve(found.before, solo=evolve(found.before.solo, slots_filled=12))
    (turn,) = rules.legal_actions(full, "autobot")
    step = steps(full, [("autobot", str(turn))])[0]
    assert section not in step.after.section_tiles  # the same turn, the tile taken
    line = translate("story.tile_section_autobot_full", "de", player="Autobot",
                     where=L.section_name(ED, section, "de", colour=False))
    assert BULLET + line in step_lines(ED, step, NAMES, "de")


def test_a_build_onto_a_money_tile_says_the_price_and_the_tile_apart(
        played: list[Step]) -> None:
    """Paying 2 DM and taking a 3-DM tile read "gains 1 DM" before: both are told."""
    def onto_money(step: Step) -> bool:
        taken = step.before.section_tiles.keys() - step.after.section_tiles.keys()
        return step.notation.startswith("build ") and any(
            step.before.section_tiles[t].startswith("money") for t in taken)

    step = _first(played, onto_money)
    (section,) = step.before.section_tiles.keys() - step.after.section_tiles.keys()
    _, tile = rules.parse_bonus(step.before.section_tiles[section])
    price = rules.price(step.before, rules.parse_action(step.notation))
    before = rules.money(step.before, step.player)
    assert price > 0
    for lang in LANGS:
        lines = step_lines(ED, step, NAMES, lang)
        who = NAMES[step.player]
        paid = translate("story.money.paid", lang, player=who, count=price,
                         money=before - price)
        assert BULLET + paid in lines, lines
        back = rules.money(step.after, step.player) - (before - price)
        assert back >= tile
        # the tile's DM alone, or with a development space's ("bonus": both)
        said = "story.money.tile" if back == tile else "story.money.bonus"
        assert BULLET + translate(said, lang, player=who, count=back,
                                  money=rules.money(step.after, step.player)) in lines


def test_money_from_the_development_track_says_so(played: list[Step]) -> None:
    """A develop icon that moves the token onto a paying space: the DM come from the
    development track, not from a tile the section did not have."""
    def developed_for_money(step: Step) -> bool:
        if not step.notation.startswith("build ") or (
                step.before.section_tiles.keys() - step.after.section_tiles.keys()):
            return False
        price = rules.price(step.before, rules.parse_action(step.notation))
        gain = rules.money(step.after, step.player) - rules.money(step.before, step.player)
        return gain + price > 0 and (step.after.players[step.player].development
                                     > step.before.players[step.player].development)

    step = _first(played, developed_for_money)
    back = (rules.money(step.after, step.player) - rules.money(step.before, step.player)
            + rules.price(step.before, rules.parse_action(step.notation)))
    for lang in LANGS:
        line = translate("story.money.develop", lang, player=NAMES[step.player], count=back,
                         money=rules.money(step.after, step.player))
        assert BULLET + line in step_lines(ED, step, NAMES, lang)


def test_a_plain_build_says_only_its_price(played: list[Step]) -> None:
    def plain(step: Step) -> bool:
        return (step.notation.startswith("build ")
                and rules.money(step.after, step.player) - rules.money(step.before, step.player)
                == -rules.price(step.before, rules.parse_action(step.notation)))

    step = _first(played, plain)
    money_lines = [line for line in step_lines(ED, step, NAMES, "en") if " DM (now " in line]
    assert money_lines == [BULLET + translate(
        "story.money.paid", "en", player=NAMES[step.player],
        count=rules.price(step.before, rules.parse_action(step.notation)),
        money=rules.money(step.after, step.player))]


def test_a_build_that_pushes_the_players_own_employee_out_says_both(
        played: list[Step]) -> None:
    """In a one-seat office the builder's new employee pushes their own old one to the
    lobby: the seats look the same after, but one employee was placed and one left."""
    def own_push(step: Step) -> bool:
        if not step.notation.startswith("build "):
            return False
        colour = ED.sections[step.notation.split()[1]][0].colour
        return (step.before.offices[colour] == step.after.offices[colour] == (step.player,)
                and step.after.players[step.player].lobby
                > step.before.players[step.player].lobby)

    step = _first(played, own_push)
    colour = ED.sections[step.notation.split()[1]][0].colour
    lines = step_lines(ED, step, NAMES, "en")
    who = NAMES[step.player]
    assert BULLET + translate("story.placed", "en", player=who, count=1,
                              colour=colour) in lines
    assert BULLET + translate("story.lobby", "en", player=who, count=1) in lines


def test_a_section_tile_says_what_it_gives(played: list[Step]) -> None:
    step = _first(played, lambda s: s.before.section_tiles.keys() - s.after.section_tiles.keys())
    (section,) = step.before.section_tiles.keys() - step.after.section_tiles.keys()
    kind, amount = rules.parse_bonus(step.before.section_tiles[section])
    for lang in LANGS:
        what = translate(f"story.tile_what.{kind}", lang, n=amount)
        line = translate("story.tile_section", lang, player=NAMES[step.player],
                         where=L.section_name(ED, section, lang, colour=False), what=what)
        assert BULLET + line in step_lines(ED, step, NAMES, lang)
        assert "{" not in what and what


def test_a_build_names_its_section_and_the_employee_placed(played: list[Step]) -> None:
    step = _first(played, lambda s: s.notation.startswith("build "))
    section = step.notation.split()[1]
    text = _text(step)
    assert text.startswith(f"{NAMES[step.player]}: ")
    assert L.section_name(ED, section, "en") in text
    link = ED.sections[section][0]
    gained = (step.after.offices[link.colour].count(step.player)
              - step.before.offices[link.colour].count(step.player))
    if gained:
        assert translate("story.placed", "en", player=NAMES[step.player], count=gained,
                         colour=link.colour) in text


def test_a_load_then_a_delivery_tell_the_goods_the_money_and_the_marker(
        played: list[Step]) -> None:
    load = _first(played, lambda s: s.notation.startswith("load "))
    _, depot, goods = load.notation.split()[:3]
    text = _text(load)
    assert L.goods_name(goods, "en") in text and L.depot_name(ED, depot, "en") in text
    # the delivery (RULES §8): a truck beside Kolding, board 4 pays 6 DM for Denmark
    before = at_kolding("chemicals", board=4)
    step = steps(before, [("ann", "move 1 deliver")])[0]
    gain = rules.money(step.after, "ann") - rules.money(before, "ann")
    assert gain > 0
    for lang in LANGS:
        told = _text(step, lang)
        assert translate("story.money.delivery", lang, player="Ann", count=gain,
                         money=rules.money(step.after, "ann")) in told
        assert translate("story.delivered_dm", lang, player="Ann",
                         **L.country_words("dk", lang)) in told
        assert L.country_name(ED, "dk", lang) in told.splitlines()[0]


def test_a_truck_at_its_movers_own_station_says_where_the_dm_came_from() -> None:
    """RULES §8 pays the mover at their own stations too: "Ann receives 1 DM" named no
    reason, and on a delivery the station's DM were counted as the delivery's."""
    s = built(turn_of(step="move", colour="black"), "k1.1", "k2.1")
    s = set_player(with_truck(s, "ann", "k2.1", "chemicals"), "ann", board=4)
    s = evolve(s, country_tiles=s.country_tiles.without("dk"),
               stations=s.stations.set("k1.1", "ann"))
    fee = rules.stations_passed(s, "ann", rules.parse_action("move 1 k1.1")).mine
    assert fee > 0
    for lang in LANGS:
        (stop,) = steps(s, [("ann", "move 1 k1.1")])
        assert _text(stop, lang).splitlines()[1:] == [BULLET + translate(
            "story.money.station", lang, player="Ann", count=fee,
            money=rules.money(s, "ann") + fee)]
        (onward,) = steps(s, [("ann", "move 1 k1.1 deliver")])
        paid = rules.money(onward.after, "ann") - rules.money(s, "ann") - fee
        assert paid > 0
        told = _text(onward, lang)
        assert BULLET + translate("story.money.delivery", lang, player="Ann", count=paid,
                                  money=rules.money(s, "ann") + paid) in told
        assert BULLET + translate("story.money.station", lang, player="Ann", count=fee,
                                  money=rules.money(onward.after, "ann")) in told


def test_a_promotion_out_of_an_office_is_told_as_a_promotion(played: list[Step]) -> None:
    """A promotion's first step leaves an office for the lobby (RULES §10.1); the story
    said "1 employee of Ann goes to the lobby", as if pushed out by someone's build. The
    Autobot's station bonus promotes the same way, inside its turn."""
    step = _first(played, lambda s: s.notation.startswith("promote seat:"))
    colour = step.notation.split()[1].removeprefix("seat:")
    for lang in LANGS:
        lines = step_lines(ED, step, NAMES, lang)
        assert BULLET + translate("story.promoted_out", lang, player=NAMES[step.player],
                                  count=1, colour=colour) in lines
        assert BULLET + translate("story.lobby", lang, player=NAMES[step.player],
                                  count=1) not in lines


def test_a_promotion_names_the_floor(played: list[Step]) -> None:
    step = _first(played, lambda s: s.notation.startswith("promote ")
                  and s.notation.split()[2] != "lobby")
    target = step.notation.split()[2]
    text = _text(step)
    assert translate("story.promoted", "en", player=NAMES[step.player], count=1,
                     place=L.staff_place(ED, target, "en")) in text


def test_an_era_end_tells_the_new_era_and_each_budget(played: list[Step]) -> None:
    step = _first(played, lambda s: s.after.era > s.before.era and any(
        s.after.players[p].money > s.before.players[p].money for p in s.after.order))
    text = _text(step)
    assert translate("story.era", "en", era=step.after.era) in text
    for pid in step.after.order:
        gain = step.after.players[pid].money - step.before.players[pid].money
        if gain > 0:
            assert translate("story.money.budget", "en", player=NAMES[pid], count=gain,
                             money=step.after.players[pid].money) in text


@pytest.mark.parametrize("lang", LANGS)
def test_an_era_ended_by_a_round_of_passes_says_so(played: list[Step], lang: str) -> None:
    state = stuck(at_main(drafted(players=3, seed=1), "ann"))
    for pid in ("ann", "ben"):
        state = rules.apply(state, pid, "pass")
    step = Step("cem", "pass", state, rules.apply(state, "cem", "pass"))
    text = "\n".join(step_lines(ED, step, NAMES, lang))
    assert translate("story.era_passed", lang, era=1, count=state.era_supply) in text
    assert translate("story.era", lang, era=2) in text
    # An era whose last section was built says only that the next begins.
    built = _first(played, lambda s: s.after.era > s.before.era
                   and s.before.era_supply == len(s.after.built) - len(s.before.built))
    told = "\n".join(step_lines(ED, built, NAMES, lang))
    assert translate("story.era", lang, era=built.after.era) in told
    assert all(translate("story.era_passed", lang, era=built.before.era, count=n) not in told
               for n in range(15))


def test_the_end_is_ranked_with_departments_and_the_tie_break(played: list[Step]) -> None:
    final = next(s.after for s in played if rules.is_over(s.after))
    lines = final_lines(final, NAMES, "en")
    ranked = sorted(final.order, key=lambda p: ranking_key(final, ED, p), reverse=True)
    scores = rules.scores(final)
    rows = [line for line in lines if re.match(r"\d\. ", line)]
    assert [row.split(". ")[1].split(":")[0] for row in rows] == [NAMES[p] for p in ranked]
    parts = score_breakdown(final)
    for pid, row in zip(ranked, rows, strict=True):
        assert f"{scores[pid]} points" in row
        assert sum(parts[pid].values()) == scores[pid]
        for dept in ED.departments:
            assert f"{translate(f'word.department.{dept}', 'en')} {parts[pid][dept]}" in row
    decided = tie_break(final)
    assert (decided is None) == (not any(line.startswith(("Tied", "A perfect")) for line in lines))


def test_a_tie_on_points_says_what_decided() -> None:
    final = next(s.after for s in steps(rules.new_game(ED, list(PLAYERS), SEED),
                                        random_game(1)) if rules.is_over(s.after))
    # every player equal on everything (no seats held): the tie stands
    same = final.players[final.order[0]]
    players = final.players
    for pid in final.order[1:]:
        players = players.set(pid, evolve(same, id=pid))
    even = evolve(final, players=players,
                  offices=final.offices.__class__({c: () for c in final.offices}))
    assert len({ranking_key(even, ED, p) for p in even.order}) == 1
    assert tie_break(even) == "shared"
    assert translate("story.tie.shared", "de") in final_lines(even, NAMES, "de")
    # one more employee on a floor decides between equal points? Only points count first
    assert tie_break(final) in (None, "employees", "floors", "shared")


def test_the_autobot_turn_names_its_level_colour_and_task() -> None:
    from service.progress import autobot_moves

    state = rules.new_game(ED, ["ann"], seed=3, solo_level=7)
    while rules.current_player(state) == "ann" or state.turn is None:
        player = rules.current_player(state)
        if player != "ann":
            break
        state = rules.apply(state, "ann", rules.legal_actions(state, "ann")[0])
    moves, _ = autobot_moves(state)
    assert moves
    told = tell(steps(state, moves[:1]), {"ann": "Ann"}, "en")
    assert told[0].startswith("Autobot (level 7) draws ")
    assert "task" in told[0]


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_no_english_word_in_a_german_or_french_story(played: list[Step], lang: str) -> None:
    bad = set()
    for group in turns(played)[::3]:
        for line in tell(group, NAMES, lang):
            bad |= set(re.findall(r"[a-z]+", line.lower())) & ENGLISH
    final = next(s.after for s in played if rules.is_over(s.after))
    for line in [*final_lines(final, NAMES, lang), *since_last_turn(played[:40], "ann",
                                                                     NAMES, lang)]:
        bad |= set(re.findall(r"[a-z]+", line.lower())) & ENGLISH
    assert not bad


def test_pages_cover_every_line_once_and_the_latest_is_the_default() -> None:
    lines = [f"line {i}" for i in range(53)]
    shown, number, pages = page_of(lines, None, 25, "en")
    assert (number, pages) == (3, 3) and shown == ["Page 3 of 3", "line 50", "line 51",
                                                   "line 52"]
    every = [x for p in (1, 2, 3) for x in page_of(lines, p, 25, "de")[0][1:]]
    assert every == lines
    assert page_of(lines, 99, 25, "fr")[0][0] == "Page 3 sur 3"
    assert page_of(lines[:3], None, 25, "en") == (lines[:3], 1, 1)


def test_catch_up_lists_what_the_others_did_since_my_last_move(played: list[Step]) -> None:
    game = played[:60]
    last = max(i for i, s in enumerate(game) if s.player == "ann")
    others = [s for s in game[last + 1:]]
    lines = since_last_turn(game, "ann", NAMES, "en", limit=100)
    if not others:
        assert lines == ["Nothing has happened since your last turn."]
    else:
        assert lines[0] == translate("story.since", "en", count=len(others))
        assert all("Ann:" not in line for line in lines[1:])
        assert len([x for x in lines if not x.startswith("  · —")]) == len(others) + 1
    mine = since_last_turn(game[:last + 1], "ann", NAMES, "de")
    assert mine == [translate("story.since_nothing", "de")]


async def test_the_log_marks_undos_and_eras_and_pages(service: GameService) -> None:
    log = random_game(2)
    era = next(i for i in range(len(log)) if rules.era(_at(log, i + 1)) > rules.era(_at(log, i)))
    game = await service.import_record(CONSOLE, "ann", record_of(log[:era + 1]))
    first = (await service.log_page(game.id, "en", 1))
    assert first.page == 1 and first.pages > 1
    assert first.lines[0] == f"Page 1 of {first.pages}"
    every = [x for p in range(1, first.pages + 1)
             for x in (await service.log_page(game.id, "en", p)).lines[1:]]
    assert sum(1 for x in every if re.match(r"\d+\. ", x)) == era + 1
    assert translate("story.era", "en", era=rules.era(_at(log, era + 1))) in "\n".join(every)
    mine = next(j for j in range(era + 1, len(log)) if log[j][0] == "ann")
    game = await service.import_record(CONSOLE, "ann", record_of(log[:mine + 1]))
    await service.undo(game.id, "ann", force=True)
    latest = await service.log(game.id, "de", told=True)
    assert any(x.startswith("↶ ann") and f"{mine + 1}–{mine + 1}" in x for x in latest)
    assert latest == list((await service.log_page(game.id, "de")).lines)


async def test_the_turn_post_and_the_catch_up_tell_the_turn(service: GameService) -> None:
    log = random_game(3)
    game = await service.import_record(CONSOLE, "ann", record_of(log[:30]))
    post = await service.turn_post(game.id, "fr")
    assert post.story and post.story[0].split("\u202f: ")[0] in {"ann", "ben", "cem"}
    assert any(f"[{post.notation}]" not in line for line in post.story)
    digest = await service.since_last_turn(game.id, "ann", "en")
    assert digest[0].startswith(("Since your last turn", "Nothing has happened"))


def _at(log, n: int) -> rules.State:
    state = rules.new_game(ED, list(PLAYERS), SEED)
    for player, notation in log[:n]:
        state = rules.apply(state, player, notation)
    return state


@pytest.mark.parametrize("lang", LANGS)
def test_a_grant_and_a_take_back_say_where_their_dm_come_from(played: list[Step],
                                                              lang: str) -> None:
    """RULES §6: the grant costs an employee, who leaves the game, and a take-back pays
    1 DM a card; both read "Ann gains 4 DM" before."""
    grant = _first(played, lambda s: s.notation == "grant")
    lines = step_lines(ED, grant, NAMES, lang)
    gain = rules.money(grant.after, grant.player) - rules.money(grant.before, grant.player)
    assert BULLET + translate("story.money.grant", lang, player=NAMES[grant.player],
                              count=gain, money=rules.money(grant.after, grant.player)) in lines
    assert BULLET + translate("story.granted", lang, player=NAMES[grant.player]) in lines
    back = _first(played, lambda s: s.notation == "takeback")
    cards = sum(map(len, back.before.players[back.player].slots.values()))
    assert BULLET + translate("story.money.takeback", lang, player=NAMES[back.player],
                              count=cards, money=rules.money(back.after, back.player)) in (
        step_lines(ED, back, NAMES, lang))


def test_a_tiles_dm_paid_after_a_promotion_say_they_are_the_tiles() -> None:
    """A tile's bonus queued behind a promotion is paid in the promotion's step: it read
    "ann gains 3 DM" there, as if promoting paid."""
    import random

    found = None
    for game in range(40):
        state = rules.new_game(ED, ["ann", "ben"], game)
        rng = random.Random(game)
        while found is None and (pid := rules.current_player(state)) is not None:
            action = str(rng.choice(rules.legal_actions(state, pid)))
            after = rules.apply(state, pid, action)
            if any(fx.kind == "money" and fx.source == "tile" and fx.player == pid
                   for fx in state.queue) and rules.money(after, pid) > rules.money(state, pid):
                found = Step(pid, action, state, after)
            state = after
        if found is not None:
            break
    assert found is not None, "no tile's money waited behind a decision in 40 games"
    gain = rules.money(found.after, found.player) - rules.money(found.before, found.player)
    assert BULLET + translate("story.money.tile", "en", player=NAMES[found.player],
                              count=gain, money=rules.money(found.after, found.player)) in (
        step_lines(ED, found, NAMES, "en"))


@pytest.mark.parametrize("lang", LANGS)
def test_an_empty_supply_says_three_came_back_from_the_lobby(lang: str) -> None:
    """Seed ruling (p. 9): with no employee in the supply, exactly 3 come back from the
    lobby, one is placed and one promoted. The lobby shrank by 3 and a promotion followed
    with nothing said of either."""
    from tests.rules.helpers import with_player

    s = with_player(at_main(drafted(players=3, seed=1), "ann"), "ann", supply=0, lobby=5)
    (step,) = steps(s, [("ann", "build r1.1 with red")])
    lines = step_lines(ED, step, NAMES, lang)
    said = BULLET + translate("story.lobby_returned", lang, player="Ann",
                              count=ED.lobby_return)
    assert said in lines and lines.index(said) < lines.index(BULLET + translate(
        "story.placed", lang, player="Ann", count=1, colour="red"))
    # the lobby lost 3 and nobody was pushed out: no push line
    assert BULLET + translate("story.lobby", lang, player="Ann", count=1) not in lines
