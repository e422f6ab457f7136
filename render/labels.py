"""The few words drawn on the board, in English, German and French.

Kept here as a flat table (key -> {lang: text}) so it can be folded into the project's
`locales/` catalogues later without touching the drawing code. Unknown languages fall back
to English, and unknown keys to the key itself, so a missing entry never breaks a render.
"""

from __future__ import annotations

LANGS = ("en", "de", "fr")

_TABLE: dict[str, dict[str, str]] = {
    "era": {"en": "Era", "de": "Ära", "fr": "Ère"},
    "supply": {"en": "Supply", "de": "Vorrat", "fr": "Réserve"},
    "sections_left": {"en": "sections left", "de": "Straßenabschnitte übrig",
                      "fr": "sections de route restantes"},
    "turn": {"en": "Turn", "de": "Zug", "fr": "Tour"},
    "to_decide": {"en": "to decide", "de": "entscheidet", "fr": "doit décider"},
    "game_over": {"en": "Game over", "de": "Spielende", "fr": "Fin de partie"},
    "final_round": {"en": "final round", "de": "letzte Runde", "fr": "dernier tour"},
    "offices": {"en": "Construction offices", "de": "Bauämter", "fr": "Bureaux de construction"},
    "administration": {"en": "Administration", "de": "Verwaltung", "fr": "Administration"},
    "lobby": {"en": "Lobby", "de": "Verwaltungslobby", "fr": "Hall de l'Administration"},
    "floor": {"en": "Floor", "de": "Etage", "fr": "Étage"},
    "network": {"en": "Network", "de": "Netz", "fr": "Réseau"},
    "trade": {"en": "Trade", "de": "Handel", "fr": "Commerce"},
    "service": {"en": "Service", "de": "Service", "fr": "Service"},
    "finance": {"en": "Finance", "de": "Finanzen", "fr": "Finances"},
    "display": {"en": "Card display", "de": "Kartenauslage", "fr": "Cartes exposées"},
    "hand": {"en": "Hand", "de": "Hand", "fr": "Main"},
    "keys": {"en": "Keys", "de": "Schlüssel", "fr": "Clés"},
    "development": {"en": "Development", "de": "Entwicklung", "fr": "Développement"},
    "deliveries": {"en": "Deliveries", "de": "Lieferungen", "fr": "Livraisons"},
    "trucks": {"en": "Trucks", "de": "Lkw", "fr": "Camions"},
    "stations": {"en": "Stations", "de": "Raststätten", "fr": "Stations"},
    "employees": {"en": "Staff", "de": "Mitarbeiter", "fr": "Employés"},
    "route": {"en": "Route", "de": "Route", "fr": "Route"},
    # the Autobot's panel in a solo game
    "solo_level": {"en": "Level", "de": "Stufe", "fr": "Niveau"},
    "solo_easy": {"en": "easy", "de": "leicht", "fr": "facile"},
    "solo_hard": {"en": "hard", "de": "schwer", "fr": "difficile"},
    "solo_task": {"en": "Task", "de": "Aufgabe", "fr": "Tâche"},
    "solo_queue": {"en": "Queue", "de": "Warteschlange", "fr": "File"},
    "depot": {"en": "Depot", "de": "Depot", "fr": "Dépôt"},
    "off_map": {"en": "off map", "de": "nicht im Spiel", "fr": "hors carte"},
    "promotions_owed": {"en": "promotions owed", "de": "Beförderungen offen",
                        "fr": "promotions dues"},
    "east_closed": {"en": "East closed until Era 3", "de": "Osten bis Ära 3 geschlossen",
                    "fr": "Est fermé jusqu'à l'ère 3"},
    "score": {"en": "points", "de": "Punkte", "fr": "points"},
    "points": {"en": "Points", "de": "Punkte", "fr": "Points"},
    "pts": {"en": "pts", "de": "P.", "fr": "pts"},
    # a department's part of the score, short for the player boards' score line
    # (the glossary's "Verwaltungslobby" / "Hall de l'Administration"; a bare "Hall" is
    # a forbidden variant)
    "short_lobby": {"en": "Lob", "de": "VLob", "fr": "HdA"},
    "short_network": {"en": "Net", "de": "Netz", "fr": "Rés"},
    "short_trade": {"en": "Tra", "de": "Hdl", "fr": "Com"},
    "short_service": {"en": "Ser", "de": "Serv", "fr": "Serv"},
    "short_finance": {"en": "Fin", "de": "Fin", "fr": "Fin"},
    # what separated players with equal points at the end (rules.scoring.ranking_key)
    "tie_break_1": {"en": "tie-break: {n} employees in the administration",
                    "de": "Gleichstand: {n} Mitarbeiter in der Verwaltung",
                    "fr": "égalité : {n} employés dans l'Administration"},
    "tie_break_2": {"en": "tie-break: floor values {n}", "de": "Gleichstand: Etagenwerte {n}",
                    "fr": "égalité : valeur des étages {n}"},
    "tie_shared": {"en": "tie: shared rank", "de": "Gleichstand: geteilter Platz",
                   "fr": "égalité : place partagée"},
    # action slots
    "slot_build": {"en": "Build", "de": "Bauen", "fr": "Construire"},
    "slot_upgrade": {"en": "Upgrade", "de": "Ausbauen", "fr": "Élargir"},
    "slot_load": {"en": "Load", "de": "Laden", "fr": "Charger"},
    "slot_station": {"en": "Station", "de": "Raststätte", "fr": "Station"},
    "slot_research": {"en": "Research", "de": "Forschung", "fr": "Recherche"},
    # decisions (flow.Decision.kind)
    "decide_route": {"en": "pick a route card", "de": "Routenkarte wählen",
                     "fr": "choisir une carte route"},
    "decide_bonus": {"en": "claim a delivery bonus?", "de": "Lieferbonus nehmen?",
                     "fr": "prendre un bonus de livraison ?"},
    "decide_main": {"en": "main action", "de": "Hauptaktion", "fr": "action principale"},
    "decide_move": {"en": "move a truck?", "de": "Lkw fahren?", "fr": "déplacer un camion ?"},
    "decide_promote": {"en": "promote an employee", "de": "Mitarbeiter befördern",
                       "fr": "promouvoir un employé"},
    "decide_pick": {"en": "take a card", "de": "Karte nehmen", "fr": "prendre une carte"},
    "decide_slot": {"en": "choose a slot (+1)", "de": "Feld wählen (+1)",
                    "fr": "choisir un emplacement (+1)"},
    "decide_key": {"en": "place a key", "de": "Schlüssel setzen", "fr": "placer une clé"},
    "decide_extra": {"en": "extra build?", "de": "Zusatzbau?", "fr": "construction bonus ?"},
    # goods, as one letter on trucks and depots, and in full in the legend; the English
    # names start with the English letters (A, E) so the legend reads as a key
    "goods_automotive": {"en": "Automotive", "de": "Autos", "fr": "Autos"},
    "goods_appliances": {"en": "Electrical goods", "de": "Elektrogeräte", "fr": "Électroménager"},
    "goods_chemicals": {"en": "Chemicals", "de": "Chemie", "fr": "Chimie"},
    "goods_pharmaceuticals": {"en": "Pharma", "de": "Pharma", "fr": "Pharma"},
    # bonus tiles, short enough for a tile on a section
    "tile_money": {"en": "{n}DM", "de": "{n}DM", "fr": "{n}DM"},
    "tile_develop": {"en": "Dev+{n}", "de": "Ent+{n}", "fr": "Dév+{n}"},
    "tile_promote": {"en": "Prom", "de": "Bef", "fr": "Prom"},
    "tile_key": {"en": "Key", "de": "Schl", "fr": "Clé"},
    "tile_card": {"en": "Card", "de": "Karte", "fr": "Carte"},
    "tile_build": {"en": "Build", "de": "Bau", "fr": "Const"},
    "tile_capacity": {"en": "+Slot", "de": "+Feld", "fr": "+Empl"},
    # the legend (render/legend.py): what a tile's short text and each map symbol mean
    "legend": {"en": "Legend", "de": "Legende", "fr": "Légende"},
    "legend_money": {"en": "money", "de": "Geld", "fr": "argent"},
    "legend_develop": {"en": "development", "de": "Entwicklung", "fr": "développement"},
    "legend_promote": {"en": "promotion", "de": "Beförderung", "fr": "promotion"},
    "legend_key": {"en": "research key", "de": "Forschung", "fr": "clé de recherche"},
    "legend_card": {"en": "take a card", "de": "Karte nehmen", "fr": "prendre une carte"},
    "legend_build": {"en": "extra build", "de": "Zusatzbau", "fr": "construction bonus"},
    "legend_capacity": {"en": "+1 card on a slot", "de": "+1 Karte je Feld",
                        "fr": "+1 carte par emplacement"},
    "legend_star": {"en": "★ bonus to claim", "de": "★ Bonus offen", "fr": "★ bonus à prendre"},
    "sym_network": {"en": "value, on network", "de": "Wert, am Netz", "fr": "valeur, reliée"},
    "sym_dual": {"en": "dual carriageway", "de": "ausgebaut", "fr": "2 × 2 voies"},
    "sym_unbuilt": {"en": "not built yet", "de": "noch nicht gebaut", "fr": "pas encore construit"},
    "sym_station": {"en": "station space", "de": "Raststättenfeld", "fr": "case de station"},
    "sym_develop": {"en": "development +1", "de": "Entwicklung +1", "fr": "développement +1"},
    "sym_bonus": {"en": "bonus-tile space", "de": "Feld für ein Bonusplättchen",
                  "fr": "case de tuile Bonus"},
    "sym_truck": {"en": "truck: owner, goods", "de": "Lkw: Besitzer, Ware",
                  "fr": "camion : joueur, marchandise"},
    # colours, for the office rows
    "colour_black": {"en": "Black", "de": "Schwarz", "fr": "Noir"},
    "colour_red": {"en": "Red", "de": "Rot", "fr": "Rouge"},
    "colour_green": {"en": "Green", "de": "Grün", "fr": "Vert"},
    "colour_orange": {"en": "Orange", "de": "Orange", "fr": "Orange"},
    "colour_purple": {"en": "Purple", "de": "Lila", "fr": "Violet"},
    "colour_white": {"en": "White", "de": "Weiß", "fr": "Blanc"},
    "colour_yellow": {"en": "Yellow", "de": "Gelb", "fr": "Jaune"},
}


def label(key: str, lang: str = "en", **params: object) -> str:
    """The text for `key` in `lang`, with `{name}` parameters filled in."""
    entry = _TABLE.get(key)
    if entry is None:
        return key
    text = entry.get(lang) or entry["en"]
    return text.format(**params) if params else text


def goods_letter(goods: str, lang: str = "en") -> str:
    """One letter per goods type, from the translated name (C/A/C/P clash, so see below)."""
    return _GOODS_LETTER.get(lang, _GOODS_LETTER["en"]).get(goods, goods[:1].upper())


# The translated names share initials (Cars/Chemicals, Autos/Chimie), so letters are chosen
# per language to stay distinct rather than derived.
_GOODS_LETTER: dict[str, dict[str, str]] = {
    "en": {"automotive": "A", "appliances": "E", "chemicals": "C", "pharmaceuticals": "P"},
    "de": {"automotive": "A", "appliances": "E", "chemicals": "C", "pharmaceuticals": "P"},
    "fr": {"automotive": "A", "appliances": "É", "chemicals": "C", "pharmaceuticals": "P"},
}


def tile_text(bonus: str, lang: str = "en") -> str:
    """A bonus in RULES §9.1 vocabulary ('money 3', 'promote') as a short tile label."""
    parts = bonus.split()
    kind = parts[0] if parts else ""
    n = parts[1] if len(parts) > 1 else "1"
    return label(f"tile_{kind}", lang, n=n) if f"tile_{kind}" in _TABLE else bonus


def all_keys() -> frozenset[str]:
    """Every key of the table, for tests that check all languages are complete."""
    return frozenset(_TABLE)


def has_all_languages(key: str) -> bool:
    return all(lang in _TABLE[key] for lang in LANGS)
