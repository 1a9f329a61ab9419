"""The rule engine on the phone (scoring/phone_engine.py, entry/phone.py): the phone reads the
entry form as the server's form does and previews a hand as the server does; the zip of the
source of engine/ and entry/ runs without Django; the worker alone may run WebAssembly; the entry
screen carries what the phone needs. The browser side is in tests/browser/test_offline.py."""

import hashlib
import io
import json
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest
from django.conf import settings
from django.http import QueryDict
from django.utils import translation

import engine
from entry import fields, phone, refusals
from scoring import engine_messages, selectors, services
from scoring.forms import HandForm
from scoring.offline import phone_engine
from tests import factories

NAMES = ["Aiko", "Bruno", "Chiara", "Daiki"]
ROOT = Path(settings.BASE_DIR)


def _rules(preset):
    return {"preset": preset, "options": engine.rules_as_options(engine.resolve_rules(preset))}


def _posted(body):
    """The body as Django reads a POST of it: every field a list of strings."""
    data = QueryDict(mutable=True)
    for name, values in body.items():
        data.setlist(name, values)
    return data


def _form(body, preset):
    return HandForm(_posted(body), rules=_rules(preset), names=NAMES, dealer=0)


def _phone_hand(body, preset):
    return fields.hand_from_fields(body, engine.describe_entry(engine.resolve_rules(preset)), NAMES)


def _block(response, block_id="tenbou-engine"):
    text = response.content.decode()
    start = text.index(f'<script id="{block_id}" type="application/json">')
    return json.loads(text[text.index(">", start) + 1 : text.index("</script>", start)])


# The entry form as the browser posts it (and as the phone's outbox keeps it): each field a list
# of strings, the inputs the scorer left alone posted empty.
BODIES = [
    (
        "japanese-modern",
        {
            "result": ["ron"],
            "winners": ["2"],
            "discarder": ["3"],
            "value_2": ["3"],
            "fu_2": ["30"],
            "dora_2": ["1"],
            "score_2": [""],
            "riichi": ["2", "0"],
            "note": [""],
        },
    ),
    (
        "japanese-modern",
        {
            "result": ["ron"],
            "winners": ["0", "2"],
            "discarder": ["1"],
            "value_0": ["h5"],
            "value_2": ["2"],
            "fu_2": ["40"],
        },
    ),
    ("japanese-modern", {"result": ["tsumo"], "winners": ["1"], "value_1": ["y1"], "pao_1": ["3"]}),
    (
        "japanese-modern",
        {"result": ["tsumo"], "winners": ["3"], "value_3": [""], "score_3": ["8000"]},
    ),
    ("tenhou", {"result": ["draw"], "tenpai": ["0", "3"], "nagashi": ["3"], "riichi": ["0"]}),
    ("japanese-modern", {"result": ["abortive"], "reason": ["nine_terminals"]}),
    ("japanese-modern", {"result": ["chombo"], "offender": ["1"], "note": ["  called late "]}),
    (
        "japanese-modern",
        {
            "result": ["draw"],
            "penalty_seat_0": ["1"],
            "penalty_kind_0": ["false_ready"],
            "penalty_points_0": [""],
            "penalty_seat_1": [""],
            "penalty_kind_1": [""],
            "penalty_seat_2": ["3"],
            "penalty_kind_2": ["points"],
            "penalty_points_2": ["1000"],
            "penalty_to_2": ["0"],
        },
    ),
    (
        "japanese-modern",
        {
            "result": ["ron"],
            "winners": ["2"],
            "discarder": ["3"],
            "yaku_2": ["yakuhai_haku", "honitsu"],
            "open_2": ["on"],
            "yaku_dora_2": ["1"],
            "fu_2": ["40"],
        },
    ),
    (
        "japanese-modern",
        {
            "result": ["ron"],
            "winners": ["2"],
            "discarder": ["0"],
            "tiles_2": ["678m234p99p345s555z"],
            "win_2": ["9p"],
            "melds_2": ["pon 555z, chi 234p"],
            "dora_indicators_2": ["1p 4z"],
            "ura_dora_indicators_2": [""],
            "yaku_2": ["houtei"],
        },
    ),
    (
        "japanese-classical",
        {
            "result": ["ron"],
            "winners": ["1"],
            "discarder": ["2"],
            "value_1": ["h5"],
            "riichi": ["1"],  # these rules have no riichi: both leave it out
        },
    ),
    (
        "italian-official",
        {
            "result": ["tsumo"],
            "winners": ["1"],
            "parts_1": [
                '{"sets":[{"set":"pung","tiles":"honours","concealed":true,"honour":"dragon"}],'
                '"pair":"seat_wind","self_drawn":true}'
            ],
            "parts_0": ['{"sets":[{"set":"pung","tiles":"terminals","concealed":true}]}'],
            "points_2": [""],
            "doubles_2": [""],
            "score_3": [""],
        },
    ),
    (
        "italian-official",
        {
            "result": ["ron"],
            "winners": ["2"],
            "discarder": ["0"],
            "points_2": ["32"],
            "doubles_2": ["2"],
            "points_0": ["8"],
            "score_1": ["40"],
            "riichi": ["2"],
        },
    ),
    # A faulty out under Italian rules: play goes on, the penalty is in the hand.
    (
        "italian-official",
        {"result": ["draw"], "penalty_seat_0": ["3"], "penalty_kind_0": ["false_out"]},
    ),
    (
        "tenhou",
        {
            "result": ["tsumo"],
            "winners": ["1"],
            "riichi": ["1"],
            "tiles_1": ["234567m234p45688s"],
            "win_1": ["6s"],
            "dora_indicators_1": ["1p"],
            "ura_dora_indicators_1": ["7s"],
            "yaku_1": ["riichi", "menzen_tsumo", "ippatsu"],
        },
    ),
    ("tenhou", {"result": ["abortive"], "reason": ["triple_ron"]}),
    (
        "tenhou",
        {
            "result": ["ron"],
            "winners": ["3"],
            "discarder": ["1"],
            "yaku_3": ["riichi", "ippatsu", "tanyao"],
            "fu_3": ["40"],
            "riichi": ["3"],
        },
    ),
]


@pytest.mark.parametrize(("preset", "body"), BODIES)
def test_the_phone_reads_a_posted_form_as_the_servers_form_does(preset, body):
    form = _form(body, preset)

    assert form.is_valid(), form.errors
    assert form.hand() == _phone_hand(body, preset)
    # And the hand is one the rules score: the table is of real hands.
    out = engine.score_record({"rules": preset, "hands": [form.hand()]})
    assert "error" not in out, out["error"]


INCOMPLETE = [
    ("japanese-modern", {"result": ["ron"], "winners": ["2"], "value_2": ["3"], "fu_2": ["30"]}),
    (
        "japanese-modern",
        {"result": ["ron"], "winners": ["2"], "discarder": ["3"], "value_2": ["3"]},
    ),
    ("japanese-modern", {"result": ["tsumo"], "winners": ["1"], "tiles_1": ["234567m234p45688s"]}),
    ("japanese-modern", {"result": ["abortive"], "reason": [""]}),
    ("japanese-modern", {"result": ["draw"], "penalty_seat_1": ["2"], "penalty_kind_1": [""]}),
    ("italian-official", {"result": ["tsumo"], "winners": ["1"], "points_1": [""]}),
    (
        "italian-official",
        {"result": ["ron"], "winners": ["1"], "discarder": ["0"], "parts_1": ["{"]},
    ),
    # Django's IntegerField and the phone refuse a word for a number alike.
    (
        "italian-official",
        {"result": ["tsumo"], "winners": ["1"], "points_1": ["30"], "points_0": ["ten"]},
    ),
]


@pytest.mark.parametrize(("preset", "body"), INCOMPLETE)
def test_an_incomplete_form_is_refused_on_the_same_field_with_the_same_sentence(preset, body):
    form = _form(body, preset)
    with pytest.raises(fields.FieldProblem) as caught:
        _phone_hand(body, preset)
    problem = caught.value

    form.is_valid()

    assert "hand" not in form.cleaned_data
    assert form.errors[problem.field] == [problem.message % problem.params]


# -- the preview -------------------------------------------------------------------------------

# Hands typed on the entry screen of the running game (after its three hands).
TYPED = [
    {
        "result": ["ron"],
        "winners": ["2"],
        "discarder": ["3"],
        "value_2": ["3"],
        "fu_2": ["30"],
        "dora_2": ["1"],
        "riichi": ["2", "1"],
    },
    {
        "result": ["tsumo"],
        "winners": ["1"],
        "riichi": ["1"],
        "tiles_1": ["234567m234p45688s"],
        "win_1": ["6s"],
        "dora_indicators_1": ["7s"],
    },
    {"result": ["tsumo"], "winners": ["0"], "yaku_0": ["menzen_tsumo", "pinfu", "tanyao"]},
    {"result": ["draw"], "tenpai": ["1"], "riichi": ["1", "3"]},
    {"result": ["chombo"], "offender": ["3"]},
    {
        "result": ["abortive"],
        "reason": ["four_winds"],
        "penalty_seat_0": ["0"],
        "penalty_kind_0": ["points"],
        "penalty_points_0": ["1000"],
    },
]


def _ask(game, typed, queued=()):
    return {
        "record": services.game_record(game, players=()),
        "names": selectors.player_names(game),
        "queued": list(queued),
        "fields": typed,
    }


def _server_hand(game, body):
    """The hand the server's entry form reads from ``body``."""
    form = HandForm(
        _posted(body), rules=game.rules, names=selectors.player_names(game), dealer=None
    )
    assert form.is_valid(), form.errors
    return form.hand()


@pytest.mark.parametrize("typed", TYPED)
def test_the_phones_preview_is_the_servers(bob, running_game, typed):
    answer = phone.preview(_ask(running_game, typed))

    server = services.hand_preview(
        game=running_game, hand=_server_hand(running_game, typed), user=bob
    )
    assert answer == {"number": running_game.hand_count + 1, **server}
    # JSON in, JSON out, as the worker calls it.
    assert json.loads(phone.preview_json(json.dumps(_ask(running_game, typed)))) == answer


SANMA_TYPED = [
    # Chiara's 1 han 30 fu on Aiko's discard with two north tiles set aside (3 han).
    {"result": ["ron"], "winners": ["2"], "discarder": ["0"], "value_2": ["1"], "fu_2": ["30"],
     "north_2": ["2"]},
    # Bruno's mangan by self-draw: the two others pay, the empty North seat's share is lost.
    {"result": ["tsumo"], "winners": ["1"], "value_1": ["h5"], "north_1": [""]},
    {"result": ["draw"], "tenpai": ["0", "2"]},
]  # fmt: skip


@pytest.mark.parametrize("typed", SANMA_TYPED)
def test_the_phones_preview_of_a_three_player_game_is_the_servers(club, bob, typed):
    seated = factories.players(club, ("Aiko", "Bruno", "Chiara"))
    game = services.game_create(club=club, players=seated, rules="tenhou-sanma", created_by=bob)

    answer = phone.preview(_ask(game, typed))

    server = services.hand_preview(game=game, hand=_server_hand(game, typed), user=bob)
    assert answer == {"number": 1, **server}
    assert len(answer["hand"]["deltas"]) == 3


def test_the_phone_refuses_a_fourth_seat_of_a_three_player_game(club, bob):
    seated = factories.players(club, ("Aiko", "Bruno", "Chiara"))
    game = services.game_create(club=club, players=seated, rules="tenhou-sanma", created_by=bob)
    typed = {"result": ["tsumo"], "winners": ["3"], "value_3": ["h5"]}

    error = phone.preview(_ask(game, typed))["error"]

    assert (error["code"], error["field"], error["hand"]) == ("bad_seat", "wins[0].seat", 1)
    assert error["text"].startswith("Hand 1: ") and error["mine"] is True


def test_the_hands_waiting_on_the_phone_count_before_the_typed_one(bob, running_game):
    queued = TYPED[:2]
    typed = TYPED[2]

    answer = phone.preview(_ask(running_game, typed, queued))
    for body in queued:
        services.hand_submit(game=running_game, hand=_server_hand(running_game, body), user=bob)
    server = services.hand_preview(
        game=running_game, hand=_server_hand(running_game, typed), user=bob
    )

    assert running_game.hands.count() == 5
    assert answer == {"number": 6, **server}


def test_a_field_missing_in_a_waiting_hand_or_the_typed_one_says_which(running_game):
    incomplete = {"result": ["tsumo"], "winners": ["1"], "value_1": ["2"]}

    waiting = phone.preview(_ask(running_game, TYPED[0], [TYPED[1], incomplete]))
    typed = phone.preview(_ask(running_game, incomplete, [TYPED[1]]))

    problem = {"field": "fu_1", "message": "Choose %(name)s's fu.", "params": {"name": "Bruno"}}
    # The game has three hands: the second waiting is hand 5; it, not the typed hand, is at fault.
    text = "Hand 5, waiting on this phone: Choose Bruno's fu."
    assert waiting == {"problem": {**problem, "queued": 1, "text": text, "mine": False}}
    mine = {"queued": None, "text": "Choose Bruno's fu.", "mine": True}
    assert typed == {"problem": {**problem, **mine}}


def test_a_hand_the_rules_refuse_is_the_engines_error_as_the_server_raises_it(bob, running_game):
    one_han_twenty_fu = {"value_2": ["1"], "fu_2": ["20"]}
    typed = {"result": ["ron"], "winners": ["2"], "discarder": ["3"], **one_han_twenty_fu}

    answer = phone.preview(_ask(running_game, typed))
    with pytest.raises(engine.EngineError) as refused:
        services.hand_preview(game=running_game, hand=_server_hand(running_game, typed), user=bob)

    form = HandForm(_posted(typed), rules=running_game.rules, names=NAMES, dealer=None)
    assert form.is_valid()
    text = form.engine_error_text(refused.value, 4)
    assert answer == {"error": {**refused.value.as_dict(), "text": text, "mine": True}}
    assert answer["error"]["code"] == "bad_fu" and answer["error"]["hand"] == 4
    assert text.startswith("Chiara's fu: ")
    # The same refusal in a hand waiting on the phone is placed at its own number, and is not
    # the typed hand's.
    waiting = phone.preview(_ask(running_game, TYPED[3], [typed]))
    assert waiting["error"]["code"] == "bad_fu" and waiting["error"]["hand"] == 4
    assert waiting["error"]["mine"] is False
    assert waiting["error"]["text"] == engine_messages.engine_error_text(refused.value)


# Hands the entry screen can give that the server refuses: a field the hand lacks (the form's
# check), and the engine's refusal, on a field of a seat or not.
REFUSED = {
    "no han": {"result": ["ron"], "winners": ["2"], "discarder": ["3"], "fu_2": ["30"]},
    "no discarder": {"result": ["ron"], "winners": ["2"], "value_2": ["3"], "fu_2": ["30"]},
    "penalty without its kind": {"result": ["draw"], "penalty_seat_1": ["2"]},
    "1 han 20 fu": {
        "result": ["ron"],
        "winners": ["2"],
        "discarder": ["3"],
        "value_2": ["1"],
        "fu_2": ["20"],
    },
    "dora only": {
        "result": ["ron"],
        "winners": ["2"],
        "discarder": ["3"],
        "value_2": ["1"],
        "fu_2": ["30"],
        "dora_2": ["1"],
    },
    "the winner liable for their own yakuman": {
        "result": ["ron"],
        "winners": ["2"],
        "discarder": ["3"],
        "value_2": ["y1"],
        "pao_2": ["2"],
    },
    "four riichi without four riichi": {"result": ["abortive"], "reason": ["four_riichi"]},
}


@pytest.mark.parametrize("language", ["en", "it", "ja"])
@pytest.mark.parametrize("case", list(REFUSED))
def test_the_phone_words_a_refused_hand_as_the_server_answers_it(
    client, bob, running_game, case, language
):
    body = REFUSED[case]
    client.force_login(bob)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    number = running_game.hand_count + 1

    server = client.post(
        f"/games/{running_game.pk}/hands/send/",
        {**body, "key": f"refused-{case}", "expected_number": str(number)},
    )
    block = _block(client.get(f"/games/{running_game.pk}/hands/new/"))
    answer = phone.preview({**_ask(running_game, body), "words": block["refusal_words"]})

    assert server.status_code >= 400
    refusal = answer.get("problem") or answer["error"]
    assert refusal["mine"] is True
    assert refusal["text"] == server.json()["error"]["message"]
    assert running_game.hands.count() == 3


def test_unknown_rules_are_the_engines_error_not_a_crash():
    ask = {"record": {"rules": "no-such-rules", "hands": []}, "names": NAMES, "fields": {}}

    assert phone.preview(ask)["error"]["code"] == "unknown_preset"


# -- the bundle --------------------------------------------------------------------------------


def _names(data):
    return zipfile.ZipFile(io.BytesIO(data)).namelist()


def test_the_bundle_holds_the_engine_the_entry_and_mahjong_and_nothing_of_django():
    data, digest = phone_engine.bundle()
    names = _names(data)

    # The two Django-free packages, whole and as top-level packages: nothing of scoring.
    own_files = sorted(
        p.relative_to(ROOT).as_posix()
        for package in ("engine", "entry")
        for p in (ROOT / package).rglob("*.py")
    )
    for name in (
        "engine/__init__.py",
        "engine/__main__.py",
        "entry/__init__.py",
        "entry/phone.py",
        "entry/fields.py",
        "mahjong/__init__.py",
        *own_files,
    ):
        assert name in names
    assert not [n for n in names if "__pycache__" in n or not n.endswith(".py")]
    own = [n for n in names if n.startswith(("engine/", "entry/"))]
    assert set(own) == set(own_files)
    assert {n.split("/")[0] for n in names} == {"engine", "entry", "mahjong"}
    assert len(names) == len(set(names))
    assert digest == hashlib.sha256(data).hexdigest()[:16]


def test_the_bundle_is_the_same_bytes_each_time_it_is_built():
    first = phone_engine.bundle.__wrapped__()
    second = phone_engine.bundle.__wrapped__()

    assert first == second == phone_engine.bundle()


def test_the_bundle_runs_the_preview_where_django_cannot_be_imported(bob, running_game, tmp_path):
    bundle = tmp_path / "engine.zip"
    bundle.write_bytes(phone_engine.bundle()[0])
    typed = TYPED[1]  # a win given as tiles: the mahjong hand calculator values it
    ask = json.dumps(_ask(running_game, typed))
    code = textwrap.dedent(
        f"""
        import json, sys
        sys.path.insert(0, {str(bundle)!r})
        try:
            import django
        except ImportError:
            django = None
        import entry.phone as phone
        answer = json.loads(phone.preview_json({ask!r}))
        print(json.dumps({{
            "django_importable": django is not None,
            "django_loaded": "django" in sys.modules,
            "phone": phone.__file__,
            "mahjong": sys.modules["mahjong"].__file__,
            "answer": answer,
        }}))
        """
    )

    # -I: no project directory, no PYTHONPATH; -S: no site-packages, so Django is not there.
    run = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )

    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["django_importable"] is False and out["django_loaded"] is False
    assert out["phone"].startswith(str(bundle)) and out["mahjong"].startswith(str(bundle))
    server = services.hand_preview(
        game=running_game, hand=_server_hand(running_game, typed), user=bob
    )
    assert out["answer"] == {"number": 4, **server}
    assert out["answer"]["hand"]["breakdowns"][0]["source"] == "tiles"


# -- the views ---------------------------------------------------------------------------------


def test_the_bundle_is_served_as_a_zip(client):
    response = client.get("/offline/engine/bundle.zip")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    assert response.content == phone_engine.bundle()[0]
    assert "immutable" in response["Cache-Control"]


def test_the_worker_alone_may_run_webassembly(client, bob, running_game):
    worker = client.get("/offline/engine/worker.js")
    client.force_login(bob)
    pages = [client.get("/"), client.get(f"/games/{running_game.pk}/hands/new/")]

    text = worker.content.decode()
    assert worker.status_code == 200
    assert worker["Content-Type"].startswith("text/javascript")
    assert "'wasm-unsafe-eval'" in worker["Content-Security-Policy"]
    assert 'import { loadPyodide } from "/static/pyodide/pyodide.mjs";' in text
    assert f"const BUNDLE_URL = {json.dumps(phone_engine.bundle_url())};" in text
    assert "{{" not in text and "{%" not in text
    for page in pages:
        assert page.status_code == 200
        assert "wasm-unsafe-eval" not in page["Content-Security-Policy"]


def test_the_entry_screen_carries_the_game_and_the_engines_files(client, bob, running_game):
    client.force_login(bob)

    block = _block(client.get(f"/games/{running_game.pk}/hands/new/"))

    assert block["record"] == services.game_record(running_game, players=())
    assert len(block["record"]["hands"]) == 3
    assert block["names"] == NAMES
    assert block["worker"] == phone_engine.worker_url()
    assert block["worker"] in block["files"]
    assert "/static/pyodide/pyodide.asm.wasm" in block["files"]
    assert phone_engine.bundle_url() in block["files"]
    # The sentences the phone words a refusal with (entry.refusals): in English, none but the
    # engine's own, every sentence as it is.
    assert block["refusal_words"] == {"english": True, "sentences": {}}
    # What the files name is served: the worker and the source at their versioned addresses,
    # Pyodide from the static files.
    assert client.get(block["worker"]).status_code == 200
    assert client.get(phone_engine.bundle_url()).content == phone_engine.bundle()[0]
    for name in phone_engine.PYODIDE_FILES:
        assert (phone_engine.PYODIDE_DIR / name).is_file(), name


def test_the_workers_address_changes_with_its_own_source(monkeypatch, tmp_path):
    # The phone keeps the worker a year at its address (immutable): a new worker needs a new one.
    before = phone_engine.worker_url()
    changed = tmp_path / "engine-worker.js"
    changed.write_bytes(phone_engine.WORKER_TEMPLATE.read_bytes() + b"\n// changed\n")
    monkeypatch.setattr(phone_engine, "WORKER_TEMPLATE", changed)

    assert phone_engine.worker_url() != before
    assert phone_engine.worker_url() in phone_engine.files()


@pytest.mark.parametrize("warm", [True, False])
def test_the_entry_screen_says_whether_to_start_the_engine_in_the_background(
    client, bob, running_game, settings, warm
):
    settings.OFFLINE_ENGINE_WARM = warm
    client.force_login(bob)

    block = _block(client.get(f"/games/{running_game.pk}/hands/new/"))

    assert block["warm"] is warm


def test_a_correction_page_carries_no_engine(client, bob, running_game):
    client.force_login(bob)

    response = client.get(f"/games/{running_game.pk}/hands/1/")

    assert response.status_code == 200
    assert 'id="tenbou-engine"' not in response.content.decode()


def test_the_phones_sentences_come_in_the_readers_language(client, bob, running_game):
    client.force_login(bob)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"

    block = _block(client.get(f"/games/{running_game.pk}/hands/new/"))

    with translation.override("it"):
        italian = translation.gettext("Tap who won.")
    words = block["refusal_words"]
    assert words["sentences"]["Tap who won."] == italian != "Tap who won."
    assert words["english"] is False
    # The sentences a refusal is worded with, where Italian words them otherwise.
    assert set(words["sentences"]) <= set(refusals.sentences())
    assert words["sentences"][refusals.GENERAL] != refusals.GENERAL
    assert "han" not in words["sentences"]


def test_the_service_worker_keeps_pyodide_in_a_cache_named_by_its_version(client):
    package = phone_engine.PYODIDE_DIR / "package.json"
    version = json.loads(package.read_text())["version"]

    text = client.get("/sw.js").content.decode()

    assert f'const PYODIDE_CACHE = "tenbou-pyodide-{version}";' in text
    assert 'const PYODIDE_PREFIX = "/static/pyodide/";' in text
    assert 'const ENGINE_PREFIX = "/offline/engine/";' in text


def test_pyodide_is_addressed_by_its_own_names_under_a_deployments_hashed_static_files(settings):
    # Pyodide fetches its files by name from its folder; a deployment's manifest gives static
    # files hashed names, and the phone must keep the names Pyodide will ask for.
    settings.DEBUG = False
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    pyodide = [url for url in phone_engine.files() if "/pyodide/" in url]
    assert pyodide == [f"/static/pyodide/{name}" for name in phone_engine.PYODIDE_FILES]
