"""Option names and setting values in the player's language (issue 13): `/game settings`,
`/remind` and errors naming an option say them as the catalogue does, never `key=value`
nor an English option name inside a German or French sentence."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from cogs.errors import CogError, user_message
from cogs.reminders import describe
from locales import catalogue
from service import ReminderSettings
from service.labels import settings_text

COMMANDS = json.loads(resources.files("locales").joinpath("commands.json").read_text("utf-8"))
# the English names of the slash options that are not words of German or French
OPTIONS = {k.split(".")[1] for k in COMMANDS["de"] if k.startswith("param.")
           and not k.endswith(".desc") and "_" in k.split(".")[1]}
ENGLISH = {"delivery", "delay", "repeat", "quiet", "zone", "vacation", "seats", "language",
           "reminders", "true", "false", "channel", "none", "on", "off"}


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z_]+", text.lower()))


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_no_english_option_name_in_a_german_or_french_message(lang: str) -> None:
    assert {"quiet_start", "delay_hours", "time_zone"} <= OPTIONS
    found = {code: _words(text) & OPTIONS for code, text in catalogue(lang).items()
             # the console's command reference, where options are typed as they are
             if code not in ("console.help", "console.help_pace") and _words(text) & OPTIONS}
    assert not found, found


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_game_settings_are_named_and_valued_in_the_language(lang: str) -> None:
    text = settings_text({"seats": 3, "language": "de", "reminders": True, "computer": {},
                          "name": "Freitag"}, lang)
    assert "=" not in text and "Freitag" in text and "computer" not in text
    assert not _words(text) & ENGLISH, text
    assert {"de": "Plätze: 3", "fr": "places\u202f: 3"}[lang] in text
    assert {"de": "Deutsch", "fr": "allemand"}[lang] in text


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_reminder_settings_are_told_in_the_language(lang: str) -> None:
    settings = ReminderSettings(user_id="1", game_id=None, delivery="channel", delay_s=3600,
                                repeat_s=7200, max_repeats=3, quiet_start=22 * 60,
                                quiet_end=7 * 60, time_zone="Europe/Berlin",
                                vacation_until=None)
    text = describe(settings, lang)
    assert "=" not in text and "22:00–07:00" in text and "Europe/Berlin" in text
    assert not _words(text.replace("Europe/Berlin", "")) & ENGLISH, text
    assert {"de": "1 Stunde", "fr": "1 heure"}[lang] in text
    assert {"de": "2 Stunden", "fr": "2 heures"}[lang] in text


def test_an_error_names_the_option_as_discord_shows_it() -> None:
    error = CogError("bad_option", name="quiet_start", value="25:00", expected="HH:MM")
    assert "ruhe_ab" in (user_message(error, "de") or "")
    assert "calme_début" in (user_message(error, "fr") or "")
    assert "quiet_start" in (user_message(error, "en") or "")
