"""The site's access matrix: every URL pattern with who may read and write it, the six
personas' world of two clubs, and the request helpers; tests/test_permissions.py walks it and
tests/test_security.py reuses it."""

import datetime
import json
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core import serializers
from django.urls import URLPattern, URLResolver

from clubs.models import Club, Invitation, Membership, Player, PlayerClaim
from leagues.models import League, Season
from rulesets import services as rulesets
from scoring import services
from tests.conftest import PASSWORD
from tests.factories import small_tournament
from tests.rulesets.helpers import form_data as ruleset_form
from tests.scoring.conftest import (
    API_CORRECTION,
    CORRECTION,
    DELETION,
    DRAW_DEALER_READY,
    RON,
    RON_FORM,
    TSUMO,
    hand_tag,
)

PERSONAS = ("anonymous", "dave", "charlie", "bob", "alice", "erin")
LOGIN = "login"  # a redirect to the login page


def _club_data(club, people):
    """Roles for alice, bob and charlie; four players and a guest with a login of their own;
    a running game with three hands, a league with a season, a rule set."""
    alice, bob, charlie = people
    for user, role in ((alice, "organiser"), (bob, "scorer"), (charlie, "member")):
        Membership.objects.get_or_create(club=club, user=user, defaults={"role": role})
        Player.objects.get_or_create(club=club, user=user, display_name=user.username.title())
    table = [
        Player.objects.create(club=club, display_name=n)
        for n in ("Aiko", "Bruno", "Chiara", "Daiki")
    ]
    game = services.game_create(club=club, players=table, rules="japanese-modern", created_by=bob)
    for number, hand in enumerate((DRAW_DEALER_READY, RON, TSUMO), start=1):
        services.hand_submit(game=game, hand=hand, user=bob, expected_number=number)
    # A finished game entered by its final scores, for its correction.
    final_game = services.game_final_scores_enter(
        club=club, seats=table, final_scores=FINAL_SCORES, created_by=bob, rules="japanese-modern"
    )
    league = League.objects.create(
        club=club, name="Spring League", slug="spring", rules={"preset": "japanese-modern"}
    )
    season = Season.objects.create(
        league=league,
        name="2026",
        starts=datetime.date(2026, 1, 1),
        ends=datetime.date(2026, 12, 31),
    )
    ruleset = rulesets.ruleset_create(
        club=club, name="Parlour", template_preset="tenhou", options={}, created_by=alice
    )
    # The club's people: a guest in no game, a member without a player who asks to be one of
    # the guests, and a join link.
    spare = Player.objects.create(club=club, display_name="Spare")
    gus = User.objects.create_user(f"gus-{club.slug}", None, PASSWORD)
    Membership.objects.create(club=club, user=gus, role="member")
    claim = PlayerClaim.objects.create(club=club, player=table[1], user=gus)
    invitation = Invitation.objects.create(
        club=club,
        kind="link",
        code=f"join-{club.slug}",
        role="member",
        expires=datetime.datetime(2099, 1, 1, tzinfo=datetime.UTC),
    )
    # A tournament of four checked-in guests, named as the EMA results need, round 1 drawn.
    event, drawn = small_tournament(club, alice, ruleset, name="Spring Open")
    for entrant in event.entrants.all():
        Player.objects.filter(pk=entrant.player_id).update(
            first_name=entrant.player.display_name, last_name="Sato", country="JP"
        )
    # Five at a table: the three personas' players, Daiki and the spare guest, no game yet.
    rotation = services.rotation_create(
        club=club,
        players=[*(Player.objects.get(club=club, user=u) for u in people), table[3], spare],
        rules="tenhou",
        created_by=alice,
    )
    return {
        "slug": club.slug,
        "event": event.pk,
        "table_seat": drawn.tables.get().seats.get(seat=0).pk,
        "game": game.pk,
        "final_game": final_game.pk,
        "guest": table[0].pk,
        "league": league.slug,
        "league_id": league.pk,
        "season": season.pk,
        "ruleset": ruleset.pk,
        "players": [p.pk for p in table],
        "tag": hand_tag(game, 1),
        "spare": spare.pk,
        "claim": claim.pk,
        "invitation": invitation.pk,
        "code": invitation.code,
        "member": Membership.objects.get(club=club, user=charlie).pk,
        "rotation": rotation.pk,
        "rotation_player": table[3].pk,
    }


def build_world(club, public_club, alice, bob, charlie, dave):
    """The personas (erin added), and each club's data."""
    erin = User.objects.create_user("erin", "erin@example.org", PASSWORD)
    harbour = Club.objects.create(name="Harbour Mahjong", slug="harbour", public=False)
    Membership.objects.create(club=harbour, user=erin, role=Membership.Role.ORGANISER)
    people = (alice, bob, charlie)
    return {
        "users": {"alice": alice, "bob": bob, "charlie": charlie, "dave": dave, "erin": erin},
        "private": _club_data(club, people),
        "public": _club_data(public_club, people),
    }


# ---------------------------------------------------------------------------------------------
# Who may do what: the expected status per persona (in the order of PERSONAS), on the private
# club and on the public club. OK stands for the status of a granted request (200 to read,
# 201 or 302 for a write).

OK = "ok"


@dataclass(frozen=True)
class Access:
    name: str
    private: tuple
    public: tuple

    def expected(self, club, ok):
        row = self.private if club == "private" else self.public
        return [ok if status == OK else status for status in row]


# Anyone: the home page, login, the presets, the schema.
OPEN = Access("open", (OK,) * 6, (OK,) * 6)
# Any login (anonymous API clients are refused 401, before their body is read): create a club,
# end one's own API token.
LOGGED_IN = Access("logged in", (401, OK, OK, OK, OK, OK), (401, OK, OK, OK, OK, OK))
# A page for any login: anonymous visitors are sent to log in.
LOGGED_IN_PAGE = Access("logged in page", (LOGIN,) + (OK,) * 5, (LOGIN,) + (OK,) * 5)
# A member's own request (to be linked to a player): members only.
MEMBER = Access("member", (LOGIN, 404, OK, OK, OK, 404), (LOGIN, 403, OK, OK, OK, 403))
# Joining by invitation: any login but the members it would join again (400, said so).
JOIN = Access("join", (LOGIN, OK, 400, 400, 400, OK), (LOGIN, OK, 400, 400, 400, OK))
# Members of a private club; anyone for a public one.
READ = Access("read", (404, 404, OK, OK, OK, 404), (OK,) * 6)
# Scorers and organisers; a private club does not exist for outsiders (404).
SCORER = Access("scorer", (LOGIN, 404, 403, OK, OK, 404), (LOGIN, 403, 403, OK, OK, 403))
ORGANISER = Access("organiser", (LOGIN, 404, 403, 403, OK, 404), (LOGIN, 403, 403, 403, OK, 403))
# The API answers 401 (with WWW-Authenticate) where a page sends the visitor to log in.
API_SCORER = Access("api scorer", (401, 404, 403, OK, OK, 404), (401, 403, 403, OK, OK, 403))
API_ORGANISER = Access(
    "api organiser", (401, 404, 403, 403, OK, 404), (401, 403, 403, 403, OK, 403)
)
# Logged-in users who see the club: a player confirming their own seat.
API_PLAYER = Access("api player", (401, 404, OK, OK, OK, 404), (401, OK, OK, OK, OK, OK))
# A write-only page: a login first, then 405 to a GET.
POST_ONLY_PAGE = Access("post only", (LOGIN,) + (405,) * 5, (LOGIN,) + (405,) * 5)
POST_ONLY = Access("post only", (405,) * 6, (405,) * 6)
# Anyone, and no page of its own: a redirect back.
GOES_BACK = Access("goes back", (302,) * 6, (302,) * 6)


@dataclass(frozen=True)
class Url:
    path: str
    get: Access
    post: Access | None = None
    data: object = None  # the body of the write, or a function of the club's data
    ok: int = 302  # the status of a granted write
    method: str = "post"
    if_match: bool = False  # send hand 1's entity tag in If-Match


def _tagged(form):
    """The form with the entity tag of hand 1 of the club's game, as the page drew it."""
    return lambda w: {**form, "hand_tag": w["tag"]}


def _game_form(w):
    seats = {f"seat_{i}": n for i, n in enumerate("ABCD")}
    return {"rules": "preset:tenhou", "seating": "entered", **seats}


def _league_form(w):
    return {
        "name": "Autumn Cup",
        "slug": "autumn",
        "rules": "preset:m-league",
        "aggregate": "sum",
        "placement_points": "",
        "min_games": "0",
        "drop_worst": "0",
    }


def _create_game(w):
    # The players sit in the club's running game: the start is confirmed (not what is tested).
    return {
        "club": w["slug"],
        "players": w["players"],
        "rules": "tenhou",
        "seated_elsewhere_ok": True,
    }


FINAL_SCORES = {"scores": [42000, 31000, 18000, 8000], "sticks_left": 1}


def _final_scores_form(w):
    seats = {f"seat_{i}": n for i, n in enumerate("ABCD")}
    scores = {f"score_{i}": str(n) for i, n in enumerate(FINAL_SCORES["scores"])}
    return {"rules": "preset:japanese-modern", "sticks_left": "1", **seats, **scores}


def _final_scores_api(w):
    return {
        "club": w["slug"],
        "players": w["players"],
        "rules": "japanese-modern",
        "final_scores": FINAL_SCORES,
    }


def _final_scores_correction(w):
    return {
        "score_0": "42000",
        "score_1": "31000",
        "score_2": "8000",
        "score_3": "19000",
        "reason": "typo",
    }


def _import_game(w):
    return {
        "club": w["slug"],
        "record": {"rules": "tenhou", "players": ["P", "Q", "R", "S"], "hands": [RON]},
    }


# A log of one hand (a 3,900 ron), as tenhou.net/6 writes it; the import seats new guests.
_LOG = {
    "name": ["P", "Q", "R", "S"],
    "rule": {"disp": "般南喰赤", "aka": 1},
    "log": [
        [
            [0, 0, 0],
            [25000] * 4,
            [],
            [],
            *([[], [], []] * 4),
            ["和了", [0, -3900, 3900, 0], [2, 1, 2, "30符3飜3900点"]],
        ]
    ],
}


def _import_log_form(w):
    seats = {f"seat_{i}": "new" for i in range(4)}
    return {"step": "players", "log": json.dumps(_LOG), "rules": "", **seats}


def _import_log_api(w):
    return {"club": w["slug"], "log": _LOG, "players": ["P", "Q", "R", "S"]}


def _ruleset_api(w):
    return {"name": "Club nights", "template_preset": "tenhou", "options": {}}


SEASON = "/clubs/{slug}/leagues/{league}/seasons/{season}/"
ROTATION = "/clubs/{slug}/rotations/{rotation}/"


def _rotation_form(w):
    players = {f"player_{i}": n for i, n in enumerate("VWXYZ")}
    return {"rules": "preset:tenhou", "table": "", **players}


EVENT = "/clubs/{slug}/tournaments/{event}/"


def _event_form(w):
    return {
        "name": "Autumn Cup",
        "starts_on": "2026-10-03",
        "ruleset": w["ruleset"],
        "rounds": "4",
        "round_minutes": "90",
        "draw": "schedule",
        "substitute_result": "nobody",
    }


def _penalty_form(w):
    from tournaments.models import Entrant

    entrant = Entrant.objects.get(event=w["event"], number=1)
    return {"entrant": entrant.pk, "round_number": "1", "points": "-2.0", "reason": "phone"}


def _event_api(w):
    return {
        "name": "Autumn Cup",
        "starts_on": "2026-10-03",
        "ruleset": w["ruleset"],
        "rounds": 4,
        "round_minutes": 90,
    }


NEW_PASSWORD = "a different horse battery staple"


def _club_form(w):
    return {
        "name": "Night Owls",
        "slug": "owls",
        "public": "false",
        "time_zone": "Europe/Rome",
        "language": "it",
        "default_rules": "preset:tenhou",
    }


def _settings_form(w):
    return {**_club_form(w), "default_rules": f"ruleset:{w['ruleset']}"}


# Every URL pattern of the project (the admin's apart), by its route.
URLS = {
    "": Url("/", OPEN),
    "login/": Url("/login/", OPEN),
    "logout/": Url("/logout/", POST_ONLY, OPEN, {}),
    # The language switcher: anyone; it sets a cookie and goes back (a GET just goes back).
    "language/": Url("/language/", GOES_BACK, OPEN, {"language": "it", "next": "/"}),
    # accounts
    "signup/": Url(
        "/signup/",
        OPEN,
        OPEN,
        {"username": "newbie", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    ),
    "password/": Url(
        "/password/",
        LOGGED_IN_PAGE,
        LOGGED_IN_PAGE,
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    ),
    "password/changed/": Url("/password/changed/", LOGGED_IN_PAGE),
    "password/reset/": Url("/password/reset/", OPEN, OPEN, {"email": "alice@example.org"}),
    "password/reset/sent/": Url("/password/reset/sent/", OPEN),
    # A link that is not (or no longer) valid says so.
    "password/reset/<uidb64>/<token>/": Url("/password/reset/MQ/not-a-token/", OPEN),
    "password/reset/done/": Url("/password/reset/done/", OPEN),
    # a club's own pages
    "clubs/new/": Url("/clubs/new/", LOGGED_IN_PAGE, LOGGED_IN_PAGE, _club_form),
    "join/": Url("/join/", OPEN, OPEN, lambda w: {"code": w["code"]}),
    "join/<str:code>/": Url("/join/{code}/", OPEN, JOIN, {}),
    "clubs/<slug:slug>/": Url("/clubs/{slug}/", READ),
    "clubs/<slug:slug>/settings/": Url(
        "/clubs/{slug}/settings/", ORGANISER, ORGANISER, _settings_form
    ),
    "clubs/<slug:slug>/people/": Url("/clubs/{slug}/people/", READ),
    "clubs/<slug:slug>/players/new/": Url(
        "/clubs/{slug}/players/new/", SCORER, SCORER, {"display_name": "Newcomer"}
    ),
    "clubs/<slug:slug>/players/<int:pk>/rename/": Url(
        "/clubs/{slug}/players/{guest}/rename/", ORGANISER, ORGANISER, {"display_name": "Aiko S."}
    ),
    "clubs/<slug:slug>/players/<int:pk>/merge/": Url(
        "/clubs/{slug}/players/{guest}/merge/",
        ORGANISER,
        ORGANISER,
        lambda w: {"duplicate": w["spare"]},
    ),
    "clubs/<slug:slug>/players/<int:pk>/retire/": Url(
        "/clubs/{slug}/players/{spare}/retire/", POST_ONLY_PAGE, ORGANISER, {"retired": "true"}
    ),
    # The personas stand for players already: a member is told so (a message, 302).
    "clubs/<slug:slug>/claims/": Url(
        "/clubs/{slug}/claims/", POST_ONLY_PAGE, MEMBER, lambda w: {"player": w["spare"]}
    ),
    "clubs/<slug:slug>/claims/<int:pk>/": Url(
        "/clubs/{slug}/claims/{claim}/", POST_ONLY_PAGE, ORGANISER, {"decision": "approve"}
    ),
    "clubs/<slug:slug>/invitations/": Url(
        "/clubs/{slug}/invitations/",
        ORGANISER,
        ORGANISER,
        {"kind": "code", "role": "member", "days": "7"},
    ),
    "clubs/<slug:slug>/invitations/<int:pk>/revoke/": Url(
        "/clubs/{slug}/invitations/{invitation}/revoke/", POST_ONLY_PAGE, ORGANISER, {}
    ),
    "clubs/<slug:slug>/members/<int:pk>/role/": Url(
        "/clubs/{slug}/members/{member}/role/", POST_ONLY_PAGE, ORGANISER, {"role": "scorer"}
    ),
    "clubs/<slug:slug>/members/<int:pk>/remove/": Url(
        "/clubs/{slug}/members/{member}/remove/", POST_ONLY_PAGE, ORGANISER, {}
    ),
    "clubs/<slug:slug>/players/<int:pk>/pin/": Url(
        "/clubs/{slug}/players/{guest}/pin/", ORGANISER, ORGANISER, {"pin": "4321"}
    ),
    "clubs/<slug:slug>/players/<int:pk>/": Url("/clubs/{slug}/players/{guest}/", READ),
    # tournaments
    "clubs/<slug:slug>/tournaments/": Url("/clubs/{slug}/tournaments/", READ),
    "clubs/<slug:slug>/tournaments/new/": Url(
        "/clubs/{slug}/tournaments/new/", ORGANISER, ORGANISER, _event_form
    ),
    "clubs/<slug:slug>/tournaments/<int:pk>/": Url(EVENT, READ),
    "clubs/<slug:slug>/tournaments/<int:pk>/board/": Url(f"{EVENT}board/", READ),
    "clubs/<slug:slug>/tournaments/<int:pk>/entrants/": Url(
        f"{EVENT}entrants/", POST_ONLY_PAGE, ORGANISER, {"name": "Newcomer"}
    ),
    "clubs/<slug:slug>/tournaments/<int:pk>/entrants/<int:number>/check-in/": Url(
        f"{EVENT}entrants/1/check-in/", POST_ONLY_PAGE, ORGANISER, {}
    ),
    "clubs/<slug:slug>/tournaments/<int:pk>/entrants/<int:number>/drop/": Url(
        f"{EVENT}entrants/1/drop/", POST_ONLY_PAGE, ORGANISER, {}
    ),
    "clubs/<slug:slug>/tournaments/<int:pk>/entrants/<int:number>/ema/": Url(
        f"{EVENT}entrants/1/ema/",
        POST_ONLY_PAGE,
        ORGANISER,
        {"first_name": "Emi", "last_name": "Kato", "ema_number": "", "country": "JP"},
    ),
    # The second round waits for the first: the refusal is a message on the event page.
    "clubs/<slug:slug>/tournaments/<int:pk>/rounds/draw/": Url(
        f"{EVENT}rounds/draw/", POST_ONLY_PAGE, ORGANISER, {}
    ),
    "clubs/<slug:slug>/tournaments/<int:pk>/rounds/<int:number>/start/": Url(
        f"{EVENT}rounds/1/start/", POST_ONLY_PAGE, ORGANISER, {}
    ),
    "clubs/<slug:slug>/tournaments/<int:pk>/rounds/<int:number>/end/": Url(
        f"{EVENT}rounds/1/end/", POST_ONLY_PAGE, ORGANISER, {}
    ),
    "clubs/<slug:slug>/tournaments/<int:pk>/rounds/<int:number>/slips.pdf": Url(
        f"{EVENT}rounds/1/slips.pdf", READ
    ),
    "clubs/<slug:slug>/tournaments/<int:pk>/rounds/<int:number>/blank.pdf": Url(
        f"{EVENT}rounds/1/blank.pdf", READ
    ),
    # Round 1 is drawn, not played: the cut's refusal is a message on the event page.
    "clubs/<slug:slug>/tournaments/<int:pk>/rounds/cut/": Url(
        f"{EVENT}rounds/cut/", POST_ONLY_PAGE, ORGANISER, {"size": "4", "carry": "1"}
    ),
    "clubs/<slug:slug>/tournaments/<int:pk>/final-table/": Url(
        f"{EVENT}final-table/", POST_ONLY_PAGE, ORGANISER, {"carry": "1"}
    ),
    "clubs/<slug:slug>/tournaments/<int:pk>/seats/<int:seat>/substitute/": Url(
        f"{EVENT}seats/{{table_seat}}/substitute/", POST_ONLY_PAGE, ORGANISER, {"name": "Sub"}
    ),
    "clubs/<slug:slug>/tournaments/<int:pk>/penalties/": Url(
        f"{EVENT}penalties/", POST_ONLY_PAGE, ORGANISER, _penalty_form
    ),
    "clubs/<slug:slug>/tournaments/<int:pk>/ema-results.csv": Url(
        f"{EVENT}ema-results.csv", ORGANISER
    ),
    "clubs/<slug:slug>/tournaments/<int:pk>/apart/": Url(
        f"{EVENT}apart/", POST_ONLY_PAGE, ORGANISER, {"group_1": "Osaka", "group_2": "Osaka"}
    ),
    "clubs/<slug:slug>/tournaments/<int:pk>/rounds.csv": Url(f"{EVENT}rounds.csv", READ),
    "clubs/<slug:slug>/tournaments/<int:pk>/rounds.json": Url(f"{EVENT}rounds.json", READ),
    "clubs/<slug:slug>/tournaments/<int:pk>/schedules.pdf": Url(f"{EVENT}schedules.pdf", READ),
    "clubs/<slug:slug>/tournaments/<int:pk>/standing.pdf": Url(f"{EVENT}standing.pdf", READ),
    # scoring
    "clubs/<slug:slug>/games/": Url("/clubs/{slug}/games/", READ),
    "clubs/<slug:slug>/games/new/": Url("/clubs/{slug}/games/new/", SCORER, SCORER, _game_form),
    # Import a game from its tenhou.net/6 log: organisers (they match its names to players).
    "clubs/<slug:slug>/games/import/": Url(
        "/clubs/{slug}/games/import/", ORGANISER, ORGANISER, _import_log_form
    ),
    # five at a table
    "clubs/<slug:slug>/rotations/new/": Url(
        "/clubs/{slug}/rotations/new/", SCORER, SCORER, _rotation_form
    ),
    "clubs/<slug:slug>/rotations/<int:pk>/": Url(ROTATION, READ),
    "clubs/<slug:slug>/rotations/<int:pk>/next/": Url(
        f"{ROTATION}next/", POST_ONLY_PAGE, SCORER, {}
    ),
    "clubs/<slug:slug>/rotations/<int:pk>/order/": Url(
        f"{ROTATION}order/",
        POST_ONLY_PAGE,
        ORGANISER,
        lambda w: {"player": w["rotation_player"]},
    ),
    "clubs/<slug:slug>/rotations/<int:pk>/sheet.pdf": Url(f"{ROTATION}sheet.pdf", READ),
    "clubs/<slug:slug>/rotations/<int:pk>/blank-sheet.pdf": Url(f"{ROTATION}blank-sheet.pdf", READ),
    "games/<int:pk>/": Url("/games/{game}/", READ),
    "games/<int:pk>/tenhou6.json": Url("/games/{game}/tenhou6.json", READ),
    "games/<int:pk>/version/": Url("/games/{game}/version/", READ),
    "games/<int:pk>/audit/": Url("/games/{game}/audit/", MEMBER),
    "clubs/<slug:slug>/games/final-scores/": Url(
        "/clubs/{slug}/games/final-scores/", SCORER, SCORER, _final_scores_form
    ),
    # Correcting a game entered by its final scores: it is finished, so organisers only.
    "games/<int:pk>/final-scores/": Url(
        "/games/{final_game}/final-scores/", POST_ONLY_PAGE, ORGANISER, _final_scores_correction
    ),
    "games/<int:pk>/hands/new/": Url("/games/{game}/hands/new/", SCORER, SCORER, RON_FORM),
    # The phone's outbox sends here (scoring/offline/outbox.py): JSON answers, 401 for no login.
    "games/<int:pk>/hands/send/": Url(
        "/games/{game}/hands/send/",
        POST_ONLY,
        API_SCORER,
        {**RON_FORM, "key": "outbox-key", "expected_number": "4"},
        ok=201,
    ),
    # The installable app: the worker, its manifest, the page for a page not kept, the session.
    "sw.js": Url("/sw.js", OPEN),
    "manifest.webmanifest": Url("/manifest.webmanifest", OPEN),
    "offline/": Url("/offline/", OPEN),
    "offline/session/": Url("/offline/session/", OPEN),
    # The engine for the preview offline (scoring/offline/phone_engine.py): the engine's source and
    # the worker that runs it, the same for everyone (no game, no user in them).
    "offline/engine/worker.js": Url("/offline/engine/worker.js", OPEN),
    "offline/engine/bundle.zip": Url("/offline/engine/bundle.zip", OPEN),
    "games/<int:pk>/hands/preview/": Url(
        "/games/{game}/hands/preview/", POST_ONLY_PAGE, SCORER, RON_FORM, ok=200
    ),
    "games/<int:pk>/hands/<int:number>/": Url(
        "/games/{game}/hands/1/", SCORER, SCORER, _tagged(CORRECTION)
    ),
    "games/<int:pk>/hands/<int:number>/preview/": Url(
        "/games/{game}/hands/1/preview/", POST_ONLY_PAGE, SCORER, CORRECTION, ok=200
    ),
    "games/<int:pk>/hands/<int:number>/delete/": Url(
        "/games/{game}/hands/1/delete/", POST_ONLY_PAGE, SCORER, _tagged(DELETION)
    ),
    "games/<int:pk>/undo/": Url("/games/{game}/undo/", POST_ONLY_PAGE, SCORER, {}),
    "games/<int:pk>/redo/": Url("/games/{game}/redo/", POST_ONLY_PAGE, SCORER, {}),
    "games/<int:pk>/finish/": Url("/games/{game}/finish/", POST_ONLY_PAGE, SCORER, {}),
    "games/<int:pk>/abandon/": Url(
        "/games/{game}/abandon/", POST_ONLY_PAGE, SCORER, {"reason": "x"}
    ),
    "games/<int:pk>/confirm/": Url(
        "/games/{game}/confirm/", POST_ONLY_PAGE, SCORER, {"seat": "0", "pin": "1234"}
    ),
    # sheets
    "games/<int:pk>/sheet.pdf": Url("/games/{game}/sheet.pdf", READ),
    "games/<int:pk>/blank-sheet.pdf": Url("/games/{game}/blank-sheet.pdf", READ),
    "seasons/<int:pk>/standings.pdf": Url("/seasons/{season}/standings.pdf", READ),
    "clubs/<slug:slug>/blank-sheet/": Url(
        "/clubs/{slug}/blank-sheet/", SCORER, SCORER, _game_form, ok=200
    ),
    "api/games/<int:pk>/sheet.pdf": Url("/api/games/{game}/sheet.pdf", READ),
    # leagues
    "clubs/<slug:slug>/leagues/": Url("/clubs/{slug}/leagues/", READ),
    "clubs/<slug:slug>/leagues/new/": Url(
        "/clubs/{slug}/leagues/new/", ORGANISER, ORGANISER, _league_form
    ),
    "clubs/<slug:slug>/leagues/<slug:league_slug>/": Url("/clubs/{slug}/leagues/{league}/", READ),
    "clubs/<slug:slug>/leagues/<slug:league_slug>/edit/": Url(
        "/clubs/{slug}/leagues/{league}/edit/", ORGANISER, ORGANISER, _league_form
    ),
    "clubs/<slug:slug>/leagues/<slug:league_slug>/live/": Url(
        "/clubs/{slug}/leagues/{league}/live/", READ
    ),
    "clubs/<slug:slug>/leagues/<slug:league_slug>/seasons/new/": Url(
        "/clubs/{slug}/leagues/{league}/seasons/new/",
        ORGANISER,
        ORGANISER,
        {"name": "2027", "starts": "2027-01-01"},
    ),
    "clubs/<slug:slug>/leagues/<slug:league_slug>/seasons/<int:pk>/": Url(SEASON, READ),
    "clubs/<slug:slug>/leagues/<slug:league_slug>/seasons/<int:pk>/edit/": Url(
        SEASON + "edit/",
        ORGANISER,
        ORGANISER,
        {"name": "2026 all year", "starts": "2026-01-01", "ends": "2026-12-31"},
    ),
    "clubs/<slug:slug>/leagues/<slug:league_slug>/seasons/<int:pk>/standings.csv": Url(
        SEASON + "standings.csv", READ
    ),
    # rulesets
    "clubs/<slug:slug>/rulesets/": Url("/clubs/{slug}/rulesets/", READ),
    "clubs/<slug:slug>/rulesets/new/": Url(
        "/clubs/{slug}/rulesets/new/", ORGANISER, ORGANISER, lambda w: ruleset_form()
    ),
    "clubs/<slug:slug>/rulesets/<int:pk>/": Url("/clubs/{slug}/rulesets/{ruleset}/", READ),
    "clubs/<slug:slug>/rulesets/<int:pk>/edit/": Url(
        "/clubs/{slug}/rulesets/{ruleset}/edit/",
        ORGANISER,
        ORGANISER,
        lambda w: ruleset_form(template="preset:tenhou", name="Parlour", honba_points=600),
    ),
    # the API
    "api/auth/token/": Url(
        "/api/auth/token/", POST_ONLY, OPEN, {"username": "alice", "password": PASSWORD}, ok=200
    ),
    "api/clubs/": Url(
        "/api/clubs/", OPEN, LOGGED_IN, {"name": "Night Owls", "slug": "owls"}, ok=201
    ),
    "api/clubs/<slug:slug>/players/": Url(
        "/api/clubs/{slug}/players/", READ, API_SCORER, {"display_name": "Newbie"}, ok=201
    ),
    "api/games/": Url("/api/games/", OPEN, API_SCORER, _create_game, ok=201),
    "api/games/import/": Url("/api/games/import/", POST_ONLY, API_SCORER, _import_game, ok=201),
    "api/games/final-scores/": Url(
        "/api/games/final-scores/", POST_ONLY, API_SCORER, _final_scores_api, ok=201
    ),
    "api/games/<int:pk>/final-scores/": Url(
        "/api/games/{final_game}/final-scores/",
        POST_ONLY,
        API_ORGANISER,
        {"final_scores": {"scores": [42000, 31000, 8000, 19000]}, "reason": "typo"},
        ok=200,
        method="put",
    ),
    "api/games/import/tenhou6/": Url(
        "/api/games/import/tenhou6/", POST_ONLY, API_ORGANISER, _import_log_api, ok=201
    ),
    "api/games/<int:pk>/": Url("/api/games/{game}/", READ),
    "api/games/<int:pk>/tenhou6/": Url("/api/games/{game}/tenhou6/", READ),
    "api/games/<int:pk>/hands/": Url(
        "/api/games/{game}/hands/", POST_ONLY, API_SCORER, {**RON, "expected_number": 4}, ok=201
    ),
    "api/games/<int:pk>/hands/<int:number>/": Url(
        "/api/games/{game}/hands/1/",
        READ,
        API_SCORER,
        API_CORRECTION,
        ok=200,
        method="put",
        if_match=True,
    ),
    "api/games/<int:pk>/preview/": Url(
        "/api/games/{game}/preview/", POST_ONLY, API_SCORER, RON, ok=200
    ),
    "api/games/<int:pk>/finish/": Url(
        "/api/games/{game}/finish/", POST_ONLY, API_SCORER, {}, ok=200
    ),
    "api/games/<int:pk>/undo/": Url("/api/games/{game}/undo/", POST_ONLY, API_SCORER, {}, ok=200),
    # Nothing was undone: the service refuses (400) everyone the access rules let through.
    "api/games/<int:pk>/redo/": Url("/api/games/{game}/redo/", POST_ONLY, API_SCORER, {}, ok=400),
    "api/games/<int:pk>/abandon/": Url(
        "/api/games/{game}/abandon/", POST_ONLY, API_SCORER, {"reason": "x"}, ok=200
    ),
    # Anyone who sees the game and is logged in may try; the game is running, so the service
    # refuses (400) everyone the access rules let through.
    "api/games/<int:pk>/confirm/": Url(
        "/api/games/{game}/confirm/", POST_ONLY, API_PLAYER, {"seat": 0}, ok=400
    ),
    "api/games/<int:pk>/record/": Url("/api/games/{game}/record/", READ),
    "api/leagues/<int:pk>/standings/": Url("/api/leagues/{league_id}/standings/", READ),
    "api/clubs/<slug:slug>/leagues/": Url("/api/clubs/{slug}/leagues/", READ),
    "api/presets/": Url("/api/presets/", OPEN),
    "api/clubs/<slug:slug>/rulesets/": Url(
        "/api/clubs/{slug}/rulesets/", READ, API_ORGANISER, _ruleset_api, ok=201
    ),
    "api/clubs/<slug:slug>/rulesets/<int:pk>/": Url(
        "/api/clubs/{slug}/rulesets/{ruleset}/",
        READ,
        API_ORGANISER,
        _ruleset_api,
        ok=200,
        method="put",
    ),
    # tournaments: round 1 is drawn and not started, so a second draw and ending round 1
    # are the organiser's 409s (the event's state refuses them), after every access check.
    "api/clubs/<slug:slug>/tournaments/": Url(
        "/api/clubs/{slug}/tournaments/", READ, API_ORGANISER, _event_api, ok=201
    ),
    "api/clubs/<slug:slug>/tournaments/<int:pk>/": Url(f"/api{EVENT}", READ),
    "api/clubs/<slug:slug>/tournaments/<int:pk>/apart/": Url(
        f"/api{EVENT}apart/", POST_ONLY, API_ORGANISER, {"groups": {"1": "A", "2": "A"}}, ok=200
    ),
    "api/clubs/<slug:slug>/tournaments/<int:pk>/entrants/": Url(
        f"/api{EVENT}entrants/", POST_ONLY, API_ORGANISER, {"name": "Newcomer"}, ok=201
    ),
    "api/clubs/<slug:slug>/tournaments/<int:pk>/entrants/<int:number>/check-in/": Url(
        f"/api{EVENT}entrants/1/check-in/", POST_ONLY, API_ORGANISER, {}, ok=200
    ),
    "api/clubs/<slug:slug>/tournaments/<int:pk>/entrants/<int:number>/drop/": Url(
        f"/api{EVENT}entrants/1/drop/", POST_ONLY, API_ORGANISER, {}, ok=200
    ),
    "api/clubs/<slug:slug>/tournaments/<int:pk>/standing/": Url(f"/api{EVENT}standing/", READ),
    "api/clubs/<slug:slug>/tournaments/<int:pk>/rounds/": Url(f"/api{EVENT}rounds/", READ),
    "api/clubs/<slug:slug>/tournaments/<int:pk>/rounds.csv": Url(f"/api{EVENT}rounds.csv", READ),
    "api/clubs/<slug:slug>/tournaments/<int:pk>/rounds/draw/": Url(
        f"/api{EVENT}rounds/draw/", POST_ONLY, API_ORGANISER, {}, ok=409
    ),
    "api/clubs/<slug:slug>/tournaments/<int:pk>/rounds/<int:number>/start/": Url(
        f"/api{EVENT}rounds/1/start/", POST_ONLY, API_ORGANISER, {}, ok=200
    ),
    "api/clubs/<slug:slug>/tournaments/<int:pk>/rounds/<int:number>/end/": Url(
        f"/api{EVENT}rounds/1/end/", POST_ONLY, API_ORGANISER, {}, ok=409
    ),
    "api/clubs/<slug:slug>/tournaments/<int:pk>/rounds/<int:number>/tables/<int:table>/seats/"
    "<int:seat>/substitute/": Url(
        f"/api{EVENT}rounds/1/tables/1/seats/0/substitute/",
        POST_ONLY,
        API_ORGANISER,
        {"name": "Sub"},
        ok=200,
    ),
    "api/clubs/<slug:slug>/tournaments/<int:pk>/penalties/": Url(
        f"/api{EVENT}penalties/",
        POST_ONLY,
        API_ORGANISER,
        {"entrant": 1, "round_number": 1, "points": -20, "reason": "phone"},
        ok=201,
    ),
    "api/schema/": Url("/api/schema/", OPEN),
    "api/docs/": Url("/api/docs/", OPEN),
}
# A second write on one address: DELETE a hand (PUT corrects it, above); DELETE the token
# (POST logs in, above): anyone logged in may end their own.
EXTRA_WRITES = [
    (
        "api/games/<int:pk>/hands/<int:number>/",
        Url("/api/games/{game}/hands/1/?reason=x", READ, API_SCORER, None, 200, "delete", True),
    ),
    ("api/auth/token/", Url("/api/auth/token/", POST_ONLY, LOGGED_IN, None, 204, "delete")),
]


def _routes(patterns, prefix=""):
    for p in patterns:
        if isinstance(p, URLResolver):
            yield from _routes(p.url_patterns, prefix + str(p.pattern))
        else:
            assert isinstance(p, URLPattern)
            yield prefix + str(p.pattern)


# ---------------------------------------------------------------------------------------------
# Requests


def _snapshot():
    """Every row of the project's own tables and the logins: a refused write changes none."""
    from django.apps import apps

    models = [User]
    for label in ("core", "clubs", "scoring", "leagues", "rulesets", "tournaments", "authtoken"):
        models += list(apps.get_app_config(label).get_models())
    return {m.__name__: serializers.serialize("json", m.objects.order_by("pk")) for m in models}


def _log_in(client, world, persona):
    client.logout()
    if persona != "anonymous":
        client.force_login(world["users"][persona])


def _status(response):
    if response.status_code == 302 and response["Location"].startswith("/login/"):
        return LOGIN
    return response.status_code


def _request(client, method, path, data, headers=None):
    if path.startswith("/api/"):
        body = json.dumps(data if data is not None else {})
        if method == "get":
            return client.get(path)
        return getattr(client, method)(
            path, body, content_type="application/json", headers=headers or {}
        )
    return getattr(client, method)(path, data or {})


WRITES = [(r, u) for r, u in URLS.items() if u.post is not None] + EXTRA_WRITES
