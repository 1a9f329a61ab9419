"""The site in Italian and Japanese: the catalogues are complete and compiled, the language is
chosen as core/i18n.py says, and the main pages leave no English sentence behind.
"""

import csv
import functools
import gettext
import io
import re
import shutil
import subprocess
import zoneinfo
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from clubhouse.demo import DEMO_CLUB_SLUG, seed_demo
from clubs.models import LANGUAGES as LANGUAGE_NAMES
from clubs.models import Club
from leagues.models import Season
from rulesets.models import RuleSet
from scoring.models import Game
from tests.page_text import _names, _Text

LOCALE = Path(settings.BASE_DIR) / "locale"
LANGUAGES = ("it", "ja")
MSGFMT = shutil.which("msgfmt")
needs_msgfmt = pytest.mark.skipif(MSGFMT is None, reason="gettext's msgfmt is not installed")


def _po(language):
    return LOCALE / language / "LC_MESSAGES" / "django.po"


# ---------------------------------------------------------------------------------------------
# The catalogues


@needs_msgfmt
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_catalogue_compiles_with_every_message_translated_and_none_fuzzy(language, tmp_path):
    compiled = tmp_path / "django.mo"
    run = subprocess.run(
        [MSGFMT, "--check", "--statistics", "-o", str(compiled), str(_po(language))],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    statistics = run.stderr.strip()
    assert "fuzzy" not in statistics, statistics
    assert "untranslated" not in statistics, statistics
    assert re.match(r"\d+ translated messages?\.$", statistics), statistics


@needs_msgfmt
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_committed_mo_file_is_the_po_file_compiled(language, tmp_path):
    # `make messages` compiles the .mo files the site reads; a .po changed without that would
    # leave the site showing the old words.
    compiled = tmp_path / "django.mo"
    subprocess.run([MSGFMT, "-o", str(compiled), str(_po(language))], check=True)
    with compiled.open("rb") as fresh, (_po(language).with_suffix(".mo")).open("rb") as committed:
        assert gettext.GNUTranslations(committed)._catalog == (
            gettext.GNUTranslations(fresh)._catalog
        ), "locale/*/LC_MESSAGES/django.mo is stale: run `make messages`"


@needs_msgfmt
def test_every_string_marked_for_translation_is_in_the_catalogues(tmp_path):
    # makemessages on a copy of the code: the strings it finds must all be in the .po files
    # (a new {% translate %} or gettext() without `make messages` would stay English).
    root = Path(settings.BASE_DIR)
    copy = tmp_path / "src"
    skip = shutil.ignore_patterns(
        ".venv", "node_modules", "__pycache__", "tests", "bench", "docs", "staticfiles", ".git"
    )
    shutil.copytree(root, copy, ignore=skip)
    run = subprocess.run(
        [
            str(Path(settings.BASE_DIR) / ".venv" / "bin" / "python")
            if (root / ".venv" / "bin" / "python").exists()
            else "python",
            "manage.py",
            "makemessages",
            "-e",
            "html,txt,py,css",
            "-l",
            "it",
            "--no-location",
            "--no-obsolete",
        ],
        cwd=copy,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    found = _msgids(copy / "locale" / "it" / "LC_MESSAGES" / "django.po")
    for language in LANGUAGES:
        missing = found - _msgids(_po(language))
        assert not missing, f"{language}: not in the catalogue (run `make messages`): {missing}"


def test_the_engine_words_module_is_current():
    # The engine's words are marked for translation in a generated module; a new preset or
    # option without `make messages` would be shown in English.
    from scoring.management.commands.engine_words import TARGET, module_text

    assert TARGET.read_text(encoding="utf-8") == module_text(), "run `make messages`"


def test_the_engine_words_are_translated_where_pages_show_them():
    from scoring.engine_messages import rules_title

    with translation.override("ja"):
        assert rules_title("Tenhou ranked") == "天鳳段位戦"
        assert rules_title("Parlour East (version 2)") == "Parlour East（バージョン2）"  # noqa: RUF001
        assert rules_title("Our own rules") == "Our own rules"
    with translation.override("it"):
        assert rules_title("Japanese Modern (ari-ari)") == "Giapponese moderno (ari-ari)"


def _msgids(path):
    """The (context, msgid) pairs of a .po file, read with the standard library's parser of
    the compiled form: compile it first."""
    compiled = path.with_suffix(".check.mo")
    subprocess.run([MSGFMT, "--use-fuzzy", "-o", str(compiled), str(path)], check=True)
    with compiled.open("rb") as f:
        catalog = gettext.GNUTranslations(f)._catalog
    compiled.unlink()
    keys = set()
    for key in catalog:
        msgid = key[0] if isinstance(key, tuple) else key
        if msgid:
            keys.add(msgid)
    return keys


# ---------------------------------------------------------------------------------------------
# Which language a request gets


@pytest.fixture
def demo(db):
    seed_demo()
    return Club.objects.get(slug=DEMO_CLUB_SLUG)


def test_the_browser_language_is_used_when_nobody_chose_one(client, db):
    response = client.get("/", headers={"accept-language": "ja,en;q=0.5"})
    assert response.headers["Content-Language"] == "ja"
    assert '<html lang="ja">' in response.text
    assert "公開クラブ" in response.text


def test_english_is_the_default(client, db):
    response = client.get("/")
    assert '<html lang="en">' in response.text
    assert "Public clubs" in response.text


def test_the_switcher_remembers_the_choice_over_the_browser_language(client, db):
    response = client.post(reverse("set_language"), {"language": "it", "next": "/"})
    assert response.status_code == 302
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "it"
    page = client.get("/", headers={"accept-language": "ja"})
    assert '<html lang="it">' in page.text
    assert "Circoli pubblici" in page.text


def test_every_page_offers_the_switcher(client, db):
    page = client.get(reverse("login"))
    assert f'action="{reverse("set_language")}"' in page.text
    for code, name in settings.LANGUAGES:
        assert f'value="{code}"' in page.text and name in page.text


def test_a_club_page_is_in_the_club_language_unless_the_reader_chose_one(client, demo):
    Club.objects.filter(pk=demo.pk).update(language="it")
    page = client.get(reverse("clubs:detail", args=[demo.slug]), headers={"accept-language": "ja"})
    assert '<html lang="it">' in page.text
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ja"
    page = client.get(reverse("clubs:detail", args=[demo.slug]))
    assert '<html lang="ja">' in page.text


def test_the_api_answers_an_engine_refusal_in_the_requested_language(client, demo):
    client.force_login(demo.memberships.filter(role="organiser").first().user)
    game = Game.objects.filter(club=demo, status="running").first()
    url = reverse("api-game-hands", kwargs={"pk": game.pk})
    # Two han without their fu: the engine refuses it, naming the field.
    bad = {"result": "ron", "from": 0, "wins": [{"seat": 1, "han": 2}]}
    bad["expected_number"] = game.hand_count + 1
    english = client.post(url, bad, content_type="application/json")
    japanese = client.post(
        url, bad, content_type="application/json", headers={"accept-language": "ja"}
    )
    assert english.status_code == japanese.status_code == 400
    assert english.json()["error"]["code"] == japanese.json()["error"]["code"]
    assert english.json()["error"]["field"] == japanese.json()["error"]["field"]
    assert "fu" in english.json()["error"]["message"]
    assert japanese.json()["error"]["message"] != english.json()["error"]["message"]
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", japanese.json()["error"]["message"])


# ---------------------------------------------------------------------------------------------
# No English left on the main pages


def shown_text(html):
    parser = _Text()
    parser.feed(html)
    return [" ".join(p.split()) for p in parser.parts if p.strip()]


# Words that are the same in every language of the site: mahjong's own Japanese words as
# Italian players use them too, the site's name, and abbreviations.
SHARED_WORDS = {
    "tenbou", "pin", "pdf", "csv", "api", "json", "riichi", "ron", "tsumo", "han", "fu", "dora",
    "chombo", "mangan", "haneman", "baiman", "sanbaiman", "yakuman", "honba", "pao", "uma",
    "oka", "tenpai", "nagashi", "fimj", "ema", "wrc", "jpml", "tenhou", "arushiiaru", "league",
    "mah", "jong", "english", "italiano", "m-league", "ari-ari", "nashi-nashi",
    "kuitan", "tanyao", "furiten", "bazoro", "kazoe", "ippatsu",
    "pon", "chi",  # the tile notation's called sets ("pon 555z, chi 234p"), read by programs
}  # fmt: skip
# English words Italian uses as they are (a Japanese page writes them in katakana).
ITALIAN_LOANWORDS = {"password", "account", "link", "email", "online", "server"}
# Words no Italian sentence has: if one is on an Italian page, English is left there.
ENGLISH_WORDS = {
    "the", "and", "with", "from", "hand", "hands", "game", "games", "player", "players", "won",
    "discard", "draw", "dealer", "next", "east", "south", "west", "north", "not", "yet", "of",
    "to", "is", "by", "on", "your", "you", "save", "start", "table", "round", "points",
    "result", "results", "pool", "counters", "who", "what", "why", "confirm", "confirmed",
    "undo", "redo", "enter", "log", "more", "penalty", "penalties", "note", "reason",
}  # fmt: skip


# Common English words: three of them in a row are an English sentence whatever the page.
COMMON_ENGLISH = ENGLISH_WORDS | {
    "a", "an", "be", "can", "cannot", "before", "after", "it", "its", "this", "that", "there",
    "in", "at", "for", "only", "one", "seat", "sit", "season", "end", "ends", "starts", "must",
    "are", "was", "has", "have", "no", "or", "as", "if", "been", "do", "does", "page", "found",
    "need", "needs", "name", "club", "again", "try", "back", "home", "here", "new", "password",
    "email", "address", "reset", "send", "link", "set", "change", "invite", "invitation",
}  # fmt: skip


def _english_run(words):
    run = 0
    for w in words:
        run = run + 1 if w in COMMON_ENGLISH else 0
        if run >= 3:
            return True
    return False


@functools.cache
def _names_pattern(names):
    if not names:
        return None
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z])(?:{alternatives})(?![A-Za-z])")


def english_left(segments, english_segments, names, language):
    """The segments of a page in ``language`` that are English: after taking out the names,
    a segment with a word of the English list, or (Japanese) any Latin word not shared, or
    (Italian) a sentence left exactly as the English page has it."""
    left = []
    pattern = _names_pattern(frozenset(names))
    for segment in segments:
        text = pattern.sub(" ", segment) if pattern else segment
        words = [w.lower() for w in re.findall(r"[A-Za-z][A-Za-z'\-]*[A-Za-z]|[A-Za-z]", text)]
        shared = SHARED_WORDS | ITALIAN_LOANWORDS if language == "it" else SHARED_WORDS
        words = [w for w in words if w not in shared and len(w) > 1]
        if not words:
            continue
        if _english_run(words):
            left.append(segment)
        elif language == "ja":
            if any(len(w) > 2 for w in words):
                left.append(segment)
        elif set(words) & ENGLISH_WORDS or (
            segment in english_segments and any(len(w) > 3 for w in words)
        ):
            left.append(segment)
    return left


def _main_pages(club):
    running = Game.objects.filter(club=club, status="running").first()
    finished = Game.objects.filter(club=club, status="finished").exclude(hand_count=0).first()
    season = Season.objects.filter(league__club=club).first()
    return {
        "home": "/",
        "login": reverse("login"),
        "sign-up": reverse("signup"),
        "people": reverse("clubs:people", args=[club.slug]),
        "club": reverse("clubs:detail", args=[club.slug]),
        "games": reverse("scoring:club_games", args=[club.slug]),
        "running game": reverse("scoring:game", args=[running.pk]),
        "finished game": reverse("scoring:game", args=[finished.pk]),
        "entry screen": reverse("scoring:hand_new", args=[running.pk]),
        "correction screen": reverse("scoring:hand_edit", args=[running.pk, 1]),
        "start a game": reverse("scoring:game_new", args=[club.slug]),
        "new rule set": reverse("rulesets:create", args=[club.slug]),
        "rule set": reverse(
            "rulesets:detail", args=[club.slug, RuleSet.objects.filter(club=club).first().pk]
        ),
        "league": reverse("leagues:league_detail", args=[club.slug, season.league.slug]),
        "player": reverse(
            "leagues:player_detail",
            args=[club.slug, season.league.games.first().seats.first().player_id],
        ),
        "standings": reverse(
            "leagues:season_detail", args=[club.slug, season.league.slug, season.pk]
        ),
    }


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_main_pages_leave_no_english_sentence(client, demo, language):
    user = demo.memberships.filter(role="organiser").first().user
    client.force_login(user)
    names = _names(demo)
    problems = {}
    for page, url in _main_pages(demo).items():
        english = client.get(url, headers={"accept-language": "en"})
        assert english.status_code == 200, (page, url)
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
        translated = client.get(url)
        del client.cookies[settings.LANGUAGE_COOKIE_NAME]
        assert translated.status_code == 200, (page, url)
        assert f'<html lang="{language}">' in translated.text, page
        left = english_left(
            shown_text(translated.text), set(shown_text(english.text)), names, language
        )
        if left:
            problems[page] = left
    assert not problems, "English left:\n" + "\n".join(
        f"{page}: {segment}" for page, left in problems.items() for segment in left
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_score_sheets_leave_no_english_sentence(demo, language):
    from scoring import sheet_data
    from scoring.pdf import render_html

    names = _names(demo)
    game = Game.objects.filter(club=demo, status="finished").exclude(hand_count=0).first()
    with translation.override("en"):
        sheet = sheet_data.game_sheet(game, address="https://tenbou.example/g/1")
        english = render_html(
            "sheets/game.html", {"sheet": sheet, "header": sheet.header, "end": sheet.end}
        )
    with translation.override(language):
        sheet = sheet_data.game_sheet(game, address="https://tenbou.example/g/1")
        html = render_html(
            "sheets/game.html", {"sheet": sheet, "header": sheet.header, "end": sheet.end}
        )
    assert f'<html lang="{language}">' in html
    names |= {"https://tenbou.example/g/1"}
    left = english_left(shown_text(html), set(shown_text(english)), names, language)
    assert not left, "English left on the sheet:\n" + "\n".join(left)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("which", ["standings", "blank"])
def test_the_standings_and_blank_sheets_leave_no_english_sentence(demo, language, which):
    from clubhouse.leagues.sheet_views import standings_sheet_data
    from scoring import sheet_data
    from scoring.pdf import render_html

    address = "https://tenbou.example/s/1"

    def page():
        if which == "standings":
            sheet = standings_sheet_data(
                Season.objects.filter(league__club=demo).first(), address=address
            )
            return render_html("sheets/standings.html", {"sheet": sheet})
        game = Game.objects.filter(club=demo).first()
        sheet = sheet_data.blank_sheet(game, address=address)
        rows = range(1, sheet.rows + 1)
        return render_html("sheets/blank.html", {"header": sheet.header, "row_numbers": rows})

    with translation.override("en"):
        english = page()
    with translation.override(language):
        html = page()
    assert f'<html lang="{language}">' in html
    names = _names(demo) | {address}
    left = english_left(shown_text(html), set(shown_text(english)), names, language)
    assert not left, f"English left on the {which} sheet:\n" + "\n".join(left)


def test_the_detector_finds_english_left_on_a_page():
    segments = ["Partite", "Who won", "Aiko", "Ron 3 han"]
    assert english_left(segments, {"Who won"}, {"Aiko"}, "it") == ["Who won"]
    assert english_left(["和了者", "Next hand", "Aiko"], set(), {"Aiko"}, "ja") == ["Next hand"]
    # The refusals the audit found in English on translated pages.
    for sentence in ("A season cannot end before it starts.", "A player can sit in only one seat."):
        assert english_left([sentence], set(), set(), "it") == [sentence]
        assert english_left([sentence], set(), set(), "ja") == [sentence]
    assert english_left(["Password"], set(), set(), "ja") == ["Password"]


def _check(client, language, url, names, *, post=None, status=200):
    """The page at ``url`` (or the answer to ``post``) in ``language``: English left on it."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    try:
        response = client.get(url) if post is None else client.post(url, post)
    finally:
        del client.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert response.status_code == status, (url, response.status_code)
    assert f'<html lang="{language}">' in response.text, url
    return english_left(shown_text(response.text), set(), names, language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_forms_refusals_and_other_pages_leave_no_english_sentence(client, demo, language):
    user = demo.memberships.filter(role="organiser").first().user
    # Time zones are offered by their IANA names (Europe/Isle of Man), which are names.
    zones = zoneinfo.available_timezones()
    names = _names(demo) | {user.get_username()} | zones | {z.replace("_", " ") for z in zones}
    # A club's language is offered by its own name (Français, Deutsch), as every site does.
    names |= {name for _, name in LANGUAGE_NAMES}
    season = Season.objects.filter(league__club=demo).first()
    league = season.league
    players = list(demo.players.active().values_list("display_name", flat=True)[:3])
    problems = {}
    anonymous = {
        "password reset": reverse("password_reset"),
        "404": ("/no-such-page/", 404),
    }
    for page, url in anonymous.items():
        url, status = url if isinstance(url, tuple) else (url, 200)
        problems[page] = _check(client, language, url, names, status=status)
    client.force_login(user)
    pages = {
        "club settings": reverse("clubs:settings", args=[demo.slug]),
        "invitations": reverse("clubs:invitations", args=[demo.slug]),
        "new league": reverse("leagues:league_create", args=[demo.slug]),
        "new season": reverse("leagues:season_create", args=[demo.slug, league.slug]),
        "password change": reverse("password_change"),
    }
    for page, url in pages.items():
        problems[page] = _check(client, language, url, names)
    # A bad start-a-game form (one player in two seats) and a season that ends before it
    # starts: the refusals the audit found in English.
    seats = {f"seat_{i}": players[min(i, 2)] for i in range(4)}
    problems["start a game, two seats"] = _check(
        client,
        language,
        reverse("scoring:game_new", args=[demo.slug]),
        names,
        post={"rules": "preset:japanese-modern", "table": "", **seats},
    )
    problems["new season, ends first"] = _check(
        client,
        language,
        reverse("leagues:season_create", args=[demo.slug, league.slug]),
        names,
        post={"name": "Bad season", "starts": "2031-05-01", "ends": "2031-04-01"},
    )
    names.add("Bad season")
    problems = {page: left for page, left in problems.items() if left}
    assert not problems, "English left:\n" + "\n".join(
        f"{page}: {segment}" for page, left in problems.items() for segment in left
    )


def test_numbers_are_written_with_the_reader_separators():
    from core.formats import points, printed_delta, result_text, tenths

    with translation.override("it"):
        assert (points(25000), tenths(-273), result_text(273, "tenths")) == (
            "25.000",
            "-27,3",
            "+27,3",
        )
        assert printed_delta(-1300) == "\u22121.300"
    with translation.override("ja"):
        assert (points(25000), tenths(-273)) == ("25,000", "-27.3")


@pytest.mark.parametrize(("language", "delimiter", "decimal"), [("it", ";", ","), ("ja", ",", ".")])
def test_the_standings_csv_follows_the_reader_language(client, demo, language, delimiter, decimal):
    from clubhouse.leagues.standings import CSV_COLUMN_WORDS, CSV_HEADER

    season = Season.objects.filter(league__club=demo).first()
    url = reverse("leagues:season_csv", args=[demo.slug, season.league.slug, season.pk])
    english = client.get(url, headers={"accept-language": "en"}).content.decode("utf-8-sig")
    assert english.startswith("rank,player,games")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    text = client.get(url).content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    with translation.override(language):
        header = [str(CSV_COLUMN_WORDS[k]) for k in CSV_HEADER]
        yes_no = {translation.gettext("yes"), translation.gettext("no")}
    assert rows[0] == header
    assert not set(rows[0]) & set(CSV_HEADER), rows[0]
    assert len(rows) > 2 and all(len(r) == len(header) for r in rows)
    column = {k: CSV_HEADER.index(k) for k in CSV_HEADER}
    other = "." if decimal == "," else ","
    for row in rows[1:]:
        assert row[column["qualified"]] in yes_no
        for key in ("total", "average", "average_placement", "best"):
            value = row[column[key]]
            if not value:
                continue
            # A number in the language's convention: its decimal mark, a sign, no formula guard.
            assert re.fullmatch(rf"[+-]?\d{{1,3}}(\{other}\d{{3}})*(\{decimal}\d+)?", value), value
            float(value.replace(other, "").replace(decimal, "."))
    settlement = {r[column["settlement"]] for r in rows[1:]} - {""}
    assert settlement
    assert not english_left(sorted(settlement), set(), _names(demo), language), settlement


# One way of writing a date per language, and one of a date with its time: pages, sheets,
# lists and charts alike (core/date_formats; the API and the file names keep ISO dates).
DATES = {
    "en": ("25 Nov 2026", "25 Nov 2026, 20:30"),
    "it": ("25 novembre 2026", "25 novembre 2026, 20:30"),
    "ja": ("2026年11月25日", "2026年11月25日 20:30"),
}
# How the same day was also written before there was one format per language.
OTHER_DATES = (
    *("Nov. 25", "November 25", "Wed 25", "25 Nov 20:30"),
    *("25 nov 2026", "mer 25", "\uff08水"),
)


@pytest.mark.parametrize("language", DATES)
def test_dates_are_written_as_the_reader_language_writes_them(language):
    # Italian writes months in lower case (core/formats.py's DATE_WORDS).
    import datetime

    from django.utils.formats import date_format

    when = datetime.datetime(2026, 11, 25, 20, 30)
    with translation.override(language):
        written = (date_format(when.date()), date_format(when, "DATETIME_FORMAT"))
        assert written == DATES[language]
        assert date_format(when, "SHORT_DATETIME_FORMAT") == DATES[language][1]


def test_no_template_writes_a_date_format_of_its_own():
    own = []
    for template in (Path(settings.BASE_DIR) / "templates").rglob("*.html"):
        for m in re.finditer(r"\|date:(\S+)", template.read_text()):
            if not m[1].startswith('"DATETIME_FORMAT"'):
                own.append(f"{template.name}: {m[0]}")
    assert own == []


@pytest.mark.parametrize("language", DATES)
def test_a_page_a_list_and_a_sheet_write_a_game_day_alike(client, club, alice, language):
    import datetime

    from scoring import pdf, sheet_data
    from tests.sheets.games import played_game

    day = datetime.date(2026, 11, 25)
    game = played_game(club, alice, played_on=day, hands=[{"result": "draw", "tenpai": [0]}])
    client.force_login(alice)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = client.get(reverse("scoring:game", args=[game.pk])).text
    games = client.get(reverse("scoring:club_games", args=[club.slug])).text
    with translation.override(language):
        s = sheet_data.game_sheet(game, address="x")
        sheet = pdf.render_html("sheets/game.html", {"sheet": s, "header": s.header, "end": s.end})
    date = DATES[language][0]
    for where, text in (("game page", page), ("game list", games), ("sheet", sheet)):
        assert date in text, where
        assert not [o for o in OTHER_DATES if o in text], where
