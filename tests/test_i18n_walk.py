"""A walk over the whole site in Italian and in Japanese: every page, partial, sheet and message
a club sees on a night of riichi, Italian and Arushiiaru games (with corrections, deletions, an
undo and a redo, confirmations by login and by PIN, a league), checked for English left behind.

English is found by its words: the text a reader sees (text nodes and the attributes a browser
shows), cut into Latin words after the names people gave things are taken out, is English where
two common English words stand together, or where one word stands that only English has (an
Italian page says "corretta", not "corrected"); a Japanese page has no Latin word but a name and
the few terms every language of the site writes so (riichi, PDF). Ordinals such as "1st" are
English too.
"""

from __future__ import annotations

import io
import re
import zoneinfo

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from clubhouse.demo import seed_demo
from clubs.models import LANGUAGES as LANGUAGE_NAMES
from clubs.models import Player
from clubs.services import player_set_pin
from leagues.models import Season
from scoring import services
from scoring.models import Game
from tests.page_text import _names, _Text

LANGUAGES = ("it", "ja")

# Words written the same in every language of the site: mahjong's terms as Italian players use
# them, the site's name, abbreviations, the tile notation's words.
SHARED = {
    "tenbou", "pin", "pdf", "csv", "api", "json", "riichi", "ron", "tsumo", "han", "fu",
    "dora", "chombo", "mangan", "haneman", "baiman", "sanbaiman", "yakuman", "honba", "pao",
    "uma", "oka", "tenpai", "nagashi", "fimj", "ema", "wrc", "jpml", "tenhou", "arushiiaru",
    "mah", "jong", "english", "italiano", "ari-ari", "nashi-nashi", "m-league", "pon", "chi",
    "kan", "pung", "kong", "chow", "kuitan", "furiten", "bazoro", "kazoe", "ippatsu", "ura",
    "oya", "ko", "pt", "dbl", "redoc", "swagger", "openapi", "ok", "http", "https", "www",
}  # fmt: skip
# English words Italian uses as they are.
ITALIAN_LOANWORDS = {
    "password", "account", "link", "email", "e-mail", "online", "offline", "server", "club",
    "league", "standard", "set", "download", "token", "web",
}  # fmt: skip
# Common English words. Two of them side by side are English on any page; the words of this
# list that are also Italian words ("a", "in", "no", "come") are not in it.
COMMON_ENGLISH = {
    "the", "of", "and", "or", "by", "from", "to", "on", "at", "for", "with", "without", "is",
    "are", "was", "were", "be", "been", "has", "have", "had", "it", "its", "this", "that",
    "these", "those", "there", "who", "what", "which", "when", "where", "why", "how", "not",
    "yet", "an", "can", "cannot", "must", "may", "will", "your", "you", "we", "our", "their",
    "they", "he", "she", "his", "her", "all", "each", "every", "any", "one", "two", "three",
    "four", "only", "after", "before", "into", "than", "then", "last", "first", "next", "new",
    "hand", "hands", "game", "games", "player", "players", "seat", "seats", "won", "win",
    "wins", "winning", "winner", "discard", "draw", "dealer", "east", "south", "west", "north",
    "round", "points", "point", "result", "results", "table", "pool", "counters", "confirm",
    "confirmed", "confirmation", "confirmations", "corrected", "correction", "deleted",
    "delete", "undo", "undid", "undone", "redo", "restored", "entered", "enter", "save",
    "saved", "start", "started", "finished", "finish", "abandoned", "changed", "change",
    "cleared", "typed", "wrong", "penalty", "note", "reason", "limit", "tiles", "tile",
    "counted", "parts", "part", "exposed", "concealed", "honours", "honour", "dragon", "wind",
    "pair", "thirteen", "orphans", "self-drawn", "self-draw", "ready", "nobody", "someone",
    "place", "places", "season", "standings", "rules", "rule", "page", "name", "names",
    "doubles", "double", "score", "scores", "total", "shown", "show", "see", "open", "yaku",
    "no-points", "simples", "pinfu", "tanyao", "toitoi", "menzen", "kokushi",
    "orphan", "included", "sets", "flowers", "seasons", "flower", "chows", "pungs", "gates",
    "nine", "heavenly", "replay",
}  # fmt: skip
# Of those, the words no Italian sentence has: one of them alone is English on an Italian page.
ENGLISH_ONLY = {
    "the", "of", "and", "by", "from", "with", "without", "is", "are", "was", "has", "have",
    "this", "that", "who", "what", "which", "when", "why", "how", "your", "you", "won",
    "winning", "hand", "hands", "game", "games", "player", "players", "discard", "dealer",
    "points", "corrected", "deleted", "undid", "undone", "restored", "entered", "confirmed",
    "changed", "cleared", "counted", "exposed", "concealed", "honours", "thirteen", "orphans",
    "self-drawn", "nobody", "someone", "standings", "doubles", "included", "tiles", "typed",
}  # fmt: skip
ORDINAL = re.compile(r"(?<![A-Za-z0-9])\d+(?:st|nd|rd|th)(?![A-Za-z])")
# An address or a path on the site (/clubs/<slug>/) is not a sentence.
ADDRESS = re.compile(r"https?://\S+|(?<!\S)/\S*/")
WORD = re.compile(r"[A-Za-z](?:[A-Za-z'\-]*[A-Za-z])?")


class _Shown(_Text):
    """The text a reader sees, the words drawn in charts (SVG text) among it."""

    def handle_starttag(self, tag, attrs):
        super().handle_starttag(tag, attrs)
        if tag == "svg":
            self._hidden -= 1

    def handle_endtag(self, tag):
        super().handle_endtag(tag)
        if tag == "svg":
            self._hidden += 1


def shown_text(html):
    parser = _Shown()
    parser.feed(html)
    return [" ".join(p.split()) for p in parser.parts if p.strip()]


def english_in(segment: str, names_pattern: re.Pattern[str] | None, language: str) -> bool:
    """Whether ``segment`` (one piece of text a reader sees) holds English."""
    text = ADDRESS.sub(" \x00 ", segment)
    text = names_pattern.sub(" \x00 ", text) if names_pattern else text
    if ORDINAL.search(text):
        return True
    shared = SHARED | (ITALIAN_LOANWORDS if language == "it" else set())
    # Words in their order; a name, a number or a sign between two words breaks a run.
    run = 0
    for token in re.findall(r"[A-Za-z](?:[A-Za-z'\-]*[A-Za-z])?|[^\sA-Za-z,.;:()'\"]+", text):
        word = token.lower()
        if not WORD.fullmatch(token) or word in shared:
            run = 0
            continue
        if language == "ja" and len(word) > 1:
            return True  # a Japanese page writes no Latin word but names and shared terms
        if word in ENGLISH_ONLY:
            return True
        run = run + 1 if word in COMMON_ENGLISH else 0
        if run >= 2:
            return True
    return False


def names_pattern(names: set[str]) -> re.Pattern[str] | None:
    names = {n for n in names if n}
    if not names:
        return None
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z0-9])(?:{alternatives})(?![A-Za-z0-9])")


def test_the_detector_finds_the_english_the_walk_found_on_translated_pages():
    found = [
        "winning 20 pt · exposed pung of honours (dragon) 4 pt",
        "counted from its parts",
        "thirteen orphans (limit hand)",
        "tiles 234567m234p45688s, won on 4m",
        "The result changed after it was confirmed (hand 3 corrected).",
        "Aiko (by pin)",
        "Undo of the last hand.",
        "corrected da demo",
        "1st",
    ]
    for segment in found:
        assert english_in(segment, None, "it"), segment
        assert english_in(segment, None, "ja"), segment
    assert english_in("kenta1がcorrected", None, "ja")
    assert english_in("Aiko: riichi, pinfu; 30 fu", names_pattern({"Aiko"}), "ja")
    # Italian and Japanese as the catalogues write them; names and shared terms.
    for segment in ("Bruno ha vinto sullo scarto di Aiko (3 han 40 fu)", "1°", "riichi: Daiki"):
        assert not english_in(segment, names_pattern({"Bruno", "Aiko", "Daiki"}), "it"), segment
    for segment in ("Bruno がAikoの捨て牌でロン和了（3翻40符）", "1位", "PDF", "Aiko 佐藤"):  # noqa: RUF001
        assert not english_in(segment, names_pattern({"Bruno", "Aiko 佐藤", "Aiko"}), "ja")


def _every_part():
    """Every part a Standard breakdown can name, as the engine counts it."""
    from engine import resolve_rules
    from engine.italian import (
        HONOUR_DOUBLES,
        INCLUDES,
        LIMIT_HANDS,
        PAIR_POINTS,
        PATTERNS,
        PUNG_POINTS,
        count_parts,
    )

    rules = resolve_rules("italian-official")
    hands = [{"win": True, "limit_hand": name} for name in LIMIT_HANDS]
    for kind in ("pung", "kong"):
        for tiles in PUNG_POINTS:
            for concealed in (False, True):
                hands.append({"sets": [{"set": kind, "tiles": tiles, "concealed": concealed}]})
    for honour in HONOUR_DOUBLES:
        hands.append({"sets": [{"set": "pung", "tiles": "honours", "honour": honour}]})
    hands += [{"pair": pair} for pair in PAIR_POINTS]
    hands += [{"flowers": n, "own_flowers": 1} for n in (1, 2)]
    hands += [
        {"win": True, "flowers": 8, "all_flowers": True, "all_seasons": True},
        {"win": True, "self_drawn": True, "only_tile": True, "out_on_pair": True},
    ]
    hands += [{"win": True, "patterns": [p]} for p in PATTERNS]
    hands += [{"win": True, "patterns": [outer, *inner]} for outer, inner in INCLUDES.items()]
    parts = set()
    for hand in hands:
        parts |= {item[0] for item in count_parts(hand, "parts", rules).items}
    return parts


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_part_of_a_standard_hand_is_worded_in_the_reader_language(language):
    from scoring.presenter import part_words

    parts = _every_part()
    assert len(parts) > 50
    with translation.override(language):
        left = {part: part_words(part) for part in parts}
    left = {p: w for p, w in left.items() if english_in(w, None, language) or w == p}
    assert not left, left


# ---------------------------------------------------------------------------------------------
# The night the walk looks at


def _night():
    """The demo club with, on top of the demo's games and league, an evening of each rule
    family entered, corrected, deleted, undone, redone, finished and confirmed."""
    demo = seed_demo()
    club, user = demo.club, demo.user
    players = list(Player.objects.filter(club=club).order_by("pk"))
    for p in players[:4]:
        player_set_pin(player=p, pin="2468", user=user)
    games = {}

    italian = services.game_create(
        club=club, players=players[:4], rules="italian-official", created_by=user, table="I"
    )
    dragon = {"set": "pung", "tiles": "honours", "concealed": False, "honour": "dragon"}
    for hand in (
        {
            "result": "ron",
            "from": 2,
            "wins": [{"seat": 1, "parts": {"win": True, "sets": [dragon], "pair": "dragon"}}],
            "losers": [
                {"seat": 0, "parts": {"sets": [{"set": "pung", "tiles": "terminals"}]}},
                {"seat": 2, "points": 4, "doubles": 0},
                {"seat": 3, "points": 0, "doubles": 0},
            ],
        },
        {
            "result": "tsumo",
            "wins": [{"seat": 3, "parts": {"win": True, "limit_hand": "thirteen_orphans"}}],
            "losers": [
                {"seat": 0, "points": 0, "doubles": 0},
                {"seat": 1, "points": 0, "doubles": 0},
                {"seat": 2, "points": 0, "doubles": 0},
            ],
        },
        {"result": "draw"},
        {
            "result": "ron",
            "from": 1,
            "wins": [{"seat": 0, "points": 40, "doubles": 2}],
            "losers": [
                {"seat": 1, "points": 6, "doubles": 0},
                {"seat": 2, "points": 12, "doubles": 1},
                {"seat": 3, "points": 8, "doubles": 0},
            ],
            "riichi": [0],
            "penalties": [{"seat": 2, "kind": "false_ready"}],
        },
        {"result": "draw"},
    ):
        services.hand_submit(game=italian, hand=hand, user=user)
    games["italian"] = italian

    riichi = services.game_create(
        club=club, players=players[1:5], rules="japanese-modern", created_by=user, table="R"
    )
    for hand in (
        {
            "result": "ron",
            "from": 3,
            "wins": [{"seat": 2, "yaku": ["riichi", "pinfu"], "fu": 30}],
            "riichi": [2],
        },
        {"result": "tsumo", "wins": [{"seat": 1, "tiles": "234567m234p45688s", "win": "6s"}]},
        {"result": "draw", "tenpai": [0], "riichi": [0]},
        {"result": "abortive", "reason": "four_winds"},
        {"result": "chombo", "offender": 3},
        {"result": "ron", "from": 0, "wins": [{"seat": 1, "han": 2, "fu": 30}], "note": "大三元?"},
    ):
        services.hand_submit(game=riichi, hand=hand, user=user)
    games["riichi"] = riichi

    arushiiaru = services.game_create(
        club=club, players=players[2:6], rules="arushiiaru", created_by=user, table="A"
    )
    for hand in (
        {"result": "ron", "from": 1, "wins": [{"seat": 0, "han": 3, "fu": 40}]},
        {"result": "tsumo", "wins": [{"seat": 2, "han": 2, "fu": 30}]},
        {"result": "draw", "tenpai": [1]},
    ):
        services.hand_submit(game=arushiiaru, hand=hand, user=user)
    games["arushiiaru"] = arushiiaru

    # Corrections, a deletion, an undo and a redo, then the games finished and confirmed by
    # login and by PIN, and a correction after the confirmations (which clears them).
    for game in games.values():
        services.hand_correct(
            game=game, number=1, hand=game.hands.get(number=1).data, reason="Wrong seat", user=user
        )
        services.hand_delete(game=game, number=2, reason="Entered twice", user=user)
        services.hand_undo(game=game, user=user)
        services.hand_redo(game=game, user=user)
        services.hand_undo(game=game, user=user)
        services.game_finish(game=game, user=user)
        game.refresh_from_db()
        for seat in range(4):
            player = game.seats.get(seat=seat).player
            if player.user_id == user.pk:
                services.game_confirm(game=game, seat=seat, user=user)
            elif player.pin:
                services.game_confirm(game=game, seat=seat, user=user, pin="2468")
    services.hand_correct(
        game=riichi,
        number=1,
        hand={"result": "ron", "from": 3, "wins": [{"seat": 2, "yaku": ["tanyao"], "fu": 30}]},
        reason="Wrong yaku",
        user=user,
    )
    riichi.refresh_from_db()
    for seat in range(4):
        if riichi.seats.get(seat=seat).player.pin:
            services.game_confirm(game=riichi, seat=seat, user=user, pin="2468")
    running = services.game_create(
        club=club, players=players[:4], rules="italian-official", created_by=user, table="J"
    )
    services.hand_submit(game=running, hand={"result": "draw"}, user=user)
    games["running italian"] = running
    games["running riichi"] = Game.objects.filter(
        club=club, status="running", ruleset_version__isnull=True, league__isnull=True
    ).exclude(pk__in=[g.pk for g in games.values()])[0]
    # Five at a table: game 1 finished, game 2 running (its page offers no start meanwhile).
    rotation = services.rotation_create(
        club=club, players=players[:5], rules="japanese-modern", created_by=user, table="R"
    )
    first = services.rotation_next_game(rotation=rotation, user=user)
    services.hand_submit(game=first, hand={"result": "draw", "tenpai": [0]}, user=user)
    services.game_finish(game=first, user=user)
    services.rotation_next_game(rotation=rotation, user=user)
    return club, user, games


def _pages(club, games):
    season = Season.objects.filter(league__club=club).first()
    league = season.league
    league_args = [club.slug, league.slug]
    pages = {
        "home": "/",
        "club": reverse("clubs:detail", args=[club.slug]),
        "new club": reverse("clubs:create"),
        "join": reverse("clubs:join"),
        "people": reverse("clubs:people", args=[club.slug]),
        "settings": reverse("clubs:settings", args=[club.slug]),
        "invitations": reverse("clubs:invitations", args=[club.slug]),
        "games": reverse("scoring:club_games", args=[club.slug]),
        "start a game": reverse("scoring:game_new", args=[club.slug]),
        "blank sheet form": reverse("sheets:club_blank", args=[club.slug]),
        "new rotation": reverse("scoring:rotation_new", args=[club.slug]),
        "rotation": reverse("scoring:rotation", args=[club.slug, club.rotations.get().pk]),
        "leagues": reverse("leagues:league_list", args=[club.slug]),
        "league": reverse("leagues:league_detail", args=league_args),
        "league edit": reverse("leagues:league_edit", args=league_args),
        "live": reverse("leagues:live", args=league_args),
        "live partial": reverse("leagues:live", args=league_args) + "?partial=1",
        "season": reverse("leagues:season_detail", args=[*league_args, season.pk]),
        "season edit": reverse("leagues:season_edit", args=[*league_args, season.pk]),
        "rule sets": reverse("rulesets:list", args=[club.slug]),
        "new rule set": reverse("rulesets:create", args=[club.slug]),
        "password change": reverse("password_change"),
        "offline": reverse("scoring:offline"),
    }
    for ruleset in club.rulesets.all()[:2]:
        pages[f"rule set {ruleset.pk}"] = reverse("rulesets:detail", args=[club.slug, ruleset.pk])
        pages[f"rule set {ruleset.pk} edit"] = reverse(
            "rulesets:edit", args=[club.slug, ruleset.pk]
        )
    # Two players' statistics (one with a placement chart), in the club and in the league.
    for player in Player.objects.filter(club=club).order_by("pk")[:2]:
        pages[f"player {player}"] = reverse("leagues:player_detail", args=[club.slug, player.pk])
        pages[f"player {player} in the league"] = (
            reverse("leagues:player_detail", args=[club.slug, player.pk]) + f"?league={league.slug}"
        )
    pages["player pin"] = reverse("clubs:player_pin", args=[club.slug, player.pk])
    # The demo's games, one of each kind: a league's, a club rule set's, a preset's; running
    # and finished.
    every_game = {**games}
    kinds = set()
    for game in Game.objects.filter(club=club).exclude(pk__in=[g.pk for g in games.values()]):
        kind = (game.league_id is None, game.ruleset_version_id is None, game.status)
        if kind not in kinds:
            kinds.add(kind)
            every_game[f"game {game.pk}"] = game
    for name, game in every_game.items():
        pages[f"{name} game"] = reverse("scoring:game", args=[game.pk])
        if game.status == "running":
            pages[f"{name} entry"] = reverse("scoring:hand_new", args=[game.pk])
        if game.hand_count:
            pages[f"{name} correction"] = reverse("scoring:hand_edit", args=[game.pk, 1])
    return pages


def _sheets(club, games):
    season = Season.objects.filter(league__club=club).first()
    sheets = {"standings sheet": reverse("sheets:standings", args=[season.pk])}
    rotation = [club.slug, club.rotations.get().pk]
    sheets["rotation sheet"] = reverse("sheets:rotation", args=rotation)
    sheets["rotation blank sheet"] = reverse("sheets:rotation_blank", args=rotation)
    for name, game in games.items():
        sheets[f"{name} sheet"] = reverse("sheets:game", args=[game.pk])
        sheets[f"{name} blank sheet"] = reverse("sheets:blank", args=[game.pk])
    return sheets


@pytest.fixture
def captured_sheets(monkeypatch):
    """The HTML each sheet is laid out from (WeasyPrint's input), one PDF left to render."""
    from scoring import pdf

    html = []
    real = pdf.html_to_pdf

    def capture(page):
        html.append(page)
        return real(page) if len(html) == 1 else b"%PDF-1.7\n"

    monkeypatch.setattr(pdf, "html_to_pdf", capture)
    return html


def _get(client, url, language, **kwargs):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    try:
        return client.get(url, **kwargs)
    finally:
        del client.cookies[settings.LANGUAGE_COOKIE_NAME]


def _post(client, url, data, language, **kwargs):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    try:
        return client.post(url, data, follow=True, **kwargs)
    finally:
        del client.cookies[settings.LANGUAGE_COOKIE_NAME]


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_page_partial_sheet_or_message_of_a_club_night_is_left_in_english(
    client, db, settings, captured_sheets, language
):
    club, user, games = _night()
    names = _names(club) | {user.get_username(), "Wrong seat", "Entered twice", "Wrong yaku"}
    names |= {"234567m234p45688s", "大三元?"}
    # Time zones are offered by their IANA names (Europe/Isle of Man), which are names.
    zones = zoneinfo.available_timezones()
    names |= zones | {z.replace("_", " ") for z in zones}
    # A club's language is offered by its own name (Français, Deutsch), as every site does.
    names |= {name for _, name in LANGUAGE_NAMES}
    pattern = names_pattern(names)
    found: dict[str, list[str]] = {}

    def check(where, html):
        left = [s for s in shown_text(html) if english_in(s, pattern, language)]
        if left:
            found[where] = left

    client.force_login(user)
    for where, url in _pages(club, games).items():
        response = _get(client, url, language)
        assert response.status_code == 200, (where, url, response.status_code)
        check(where, response.content.decode())
    # The game page's body as htmx polls it.
    response = _get(client, reverse("scoring:game", args=[games["italian"].pk]), language,
                    headers={"hx-request": "true"})  # fmt: skip
    check("game body partial", response.content.decode())

    # The sheets, from the HTML WeasyPrint lays out; the first one also as the PDF's text.
    first = None
    for where, url in _sheets(club, games).items():
        response = _get(client, url, language)
        assert response.status_code == 200, (where, url)
        first = first or response.content
    for i, html in enumerate(captured_sheets):
        check(f"sheet {i + 1}", html)
    pdf_text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(first)).pages)
    left = [line for line in pdf_text.splitlines() if english_in(line, pattern, language)]
    if left:
        found["PDF text of the first sheet"] = left

    # The messages: previews (partials), saves, corrections, deletions, moves and refusals, each
    # read on the page it leads to.
    running = games["running italian"]
    riichi_running = games["running riichi"]
    number = running.hands.count() + 1
    parts = '{"sets":[{"set":"pung","tiles":"honours","concealed":false,"honour":"dragon"}]}'
    italian_win = {
        "result": "ron",
        "winners": ["1"],
        "discarder": "2",
        "parts_1": parts.replace("{", '{"pair":"dragon",', 1),
        "parts_0": '{"sets":[{"set":"pung","tiles":"terminals","concealed":true}]}',
    }
    posts = {
        "preview by sets": (f"/games/{running.pk}/hands/preview/", italian_win),
        "preview by limit hand": (
            f"/games/{running.pk}/hands/preview/",
            {**italian_win, "parts_1": '{"limit_hand":"thirteen_orphans"}', "parts_0": ""},
        ),
        "preview by yaku": (
            f"/games/{riichi_running.pk}/hands/preview/",
            {"result": "tsumo", "winners": ["1"], "riichi": ["1"],
             "yaku_1": ["riichi", "menzen_tsumo", "pinfu", "tanyao"]},
        ),
        "preview by tiles": (
            f"/games/{riichi_running.pk}/hands/preview/",
            {"result": "tsumo", "winners": ["1"], "tiles_1": "234567m234p45688s", "win_1": "6s"},
        ),
        "preview refused": (
            f"/games/{riichi_running.pk}/hands/preview/",
            {"result": "ron", "winners": ["1"], "discarder": "3", "yaku_1": ["pinfu"],
             "open_1": "on"},
        ),
        "save": (
            f"/games/{running.pk}/hands/new/",
            {**italian_win, "key": "walk-1", "expected_number": str(number)},
        ),
        "undo": (f"/games/{running.pk}/undo/", {"number": str(number)}),
        "redo": (f"/games/{running.pk}/redo/", {"number": str(number)}),
        # Without the hand's tag: the page of a hand another device changed.
        "delete, changed meanwhile": (
            f"/games/{running.pk}/hands/1/delete/", {"reason": "Entered twice"}
        ),
        "delete": (f"/games/{running.pk}/hands/1/delete/", {"reason": "Entered twice"}),
        "finish": (f"/games/{running.pk}/finish/", {}),
        "confirm by pin": (f"/games/{running.pk}/confirm/", {"seat": "1", "pin": "2468"}),
        "wrong pin": (f"/games/{running.pk}/confirm/", {"seat": "2", "pin": "1111"}),
        "confirm again": (f"/games/{running.pk}/confirm/", {}),
    }  # fmt: skip
    for where, (url, data) in posts.items():
        if where == "delete":
            data["hand_tag"] = services.hand_etag(running.hands.get(number=1))
        response = _post(client, url, data, language)
        assert response.status_code == 200, (where, url, response.status_code)
        check(where, response.content.decode())
    assert running.hands.count() == number - 1, "the walk's hands were not all taken"

    # Pages for a visitor: sign-up, log-in, password reset, a page that does not exist.
    client.logout()
    for where, url, status in (
        ("log in", reverse("login"), 200),
        ("sign up", reverse("signup"), 200),
        ("password reset", reverse("password_reset"), 200),
        ("public game", reverse("scoring:game", args=[games["riichi"].pk]), 200),
        ("404", "/no-such-page/", 404),
    ):
        response = _get(client, url, language)
        assert response.status_code == status, (where, response.status_code)
        check(where, response.content.decode())

    assert not found, "English left:\n" + "\n".join(
        f"{where}: {segment}" for where, left in found.items() for segment in left
    )
