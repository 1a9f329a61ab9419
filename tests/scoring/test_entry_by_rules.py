"""What the entry screen offers follows what each rule set says: a win of 0 han where no
minimum is played, the riichi yaku and the declaration as one, a hint for a riichi player not
ready at a draw, and no control the rules do not use."""

import json

import pytest
from django.utils.datastructures import MultiValueDict

import engine
from clubs.models import Player
from entry import phone
from scoring import selectors, services
from scoring.forms import HandForm, form_cannot_show
from tests.engine.helpers import DEALER_TABLE, NON_DEALER_TABLE

NAMES = ["Aiko", "Bruno", "Chiara", "Daiki"]

# The seed's (Arushiiaru, ../shared/seeds/004_*) printed cells of its 0 han row: a win
# without a yaku, paid fu x 2^0.
ZERO_HAN_NON_DEALER = [cell for cell in NON_DEALER_TABLE if cell[0] == 0]
ZERO_HAN_DEALER = [cell for cell in DEALER_TABLE if cell[0] == 0]


def _rules(preset):
    return {"preset": preset, "options": engine.rules_as_options(engine.resolve_rules(preset))}


def _form(data, preset):
    return HandForm(data, rules=_rules(preset), names=NAMES, dealer=0)


def _hand(data, preset):
    form = _form(data, preset)
    assert form.is_valid(), form.errors
    assert "hand" in form.cleaned_data, form.errors
    return form.hand()


def _deltas(preset, hand):
    out = engine.score_record({"rules": preset, "hands": [hand]})
    assert "error" not in out, out
    return out["hands"][0]["deltas"]


@pytest.fixture
def game_of(club, bob):
    def start(preset, names=("Aiko", "Bruno", "Chiara", "Daiki")):
        players = [Player.objects.get_or_create(club=club, display_name=n)[0] for n in names]
        return services.game_create(club=club, players=players, rules=preset, created_by=bob)

    return start


# -- item 11: a win of 0 han where the rules have no minimum ----------------------------------


def test_the_han_buttons_start_at_the_rules_minimum():
    assert engine.describe_entry(engine.resolve_rules("arushiiaru")).han == (0, 1, 2, 3, 4)
    assert engine.describe_entry(engine.resolve_rules("japanese-modern")).han == (1, 2, 3, 4)
    form = _form(None, "arushiiaru")
    chips = [o["value"] for o in form.layout()["seats"][1]["han"]]
    assert chips == ["0", "1", "2", "3", "4"]
    assert [o["value"] for o in _form(None, "japanese-modern").layout()["seats"][1]["han"]] == [
        "1",
        "2",
        "3",
        "4",
    ]


@pytest.mark.parametrize(("han", "fu", "ron_total", "non_dealer", "dealer"), ZERO_HAN_NON_DEALER)
def test_a_non_dealers_0_han_win_entered_by_han_and_fu_pays_as_the_seed(
    han, fu, ron_total, non_dealer, dealer
):
    ron = _hand(
        {"result": "ron", "winners": ["1"], "discarder": "2", "value_1": "0", "fu_1": str(fu)},
        "arushiiaru",
    )
    tsumo = _hand(
        {"result": "tsumo", "winners": ["1"], "value_1": "0", "fu_1": str(fu)}, "arushiiaru"
    )

    assert ron["wins"] == [{"seat": 1, "han": 0, "fu": fu}]
    assert _deltas("arushiiaru", ron) == [0, ron_total, -ron_total, 0]
    assert _deltas("arushiiaru", tsumo) == [
        -dealer,
        dealer + 2 * non_dealer,
        -non_dealer,
        -non_dealer,
    ]


@pytest.mark.parametrize(("han", "fu", "ron_total", "each"), ZERO_HAN_DEALER)
def test_a_dealers_0_han_win_entered_by_han_and_fu_pays_as_the_seed(han, fu, ron_total, each):
    ron = _hand(
        {"result": "ron", "winners": ["0"], "discarder": "3", "value_0": "0", "fu_0": str(fu)},
        "arushiiaru",
    )
    tsumo = _hand(
        {"result": "tsumo", "winners": ["0"], "value_0": "0", "fu_0": str(fu)}, "arushiiaru"
    )

    assert _deltas("arushiiaru", ron) == [ron_total, 0, 0, -ron_total]
    assert _deltas("arushiiaru", tsumo) == [3 * each, -each, -each, -each]


def test_0_han_is_refused_where_the_rules_need_a_han():
    form = _form(
        {"result": "ron", "winners": ["1"], "discarder": "2", "value_1": "0", "fu_1": "30"},
        "japanese-modern",
    )

    assert not form.is_valid()
    assert "value_1" in form.errors


def test_the_entry_screen_saves_a_0_han_win(client, bob, game_of):
    game = game_of("arushiiaru")
    client.force_login(bob)

    page = client.get(f"/games/{game.pk}/hands/new/").content.decode()
    response = client.post(
        f"/games/{game.pk}/hands/new/",
        {
            "result": "ron",
            "winners": ["1"],
            "discarder": "2",
            "value_1": "0",
            "fu_1": "30",
            "expected_number": "1",
            "key": "zero-han",
        },
    )

    assert 'name="value_1" value="0" data-han="0"' in page
    assert response.status_code == 302
    hand = game.hands.get()
    assert hand.data["wins"] == [{"seat": 1, "han": 0, "fu": 30}]
    assert hand.result["deltas"] == [0, 120, -120, 0]  # the seed's 0 han 30 fu: 120


def test_the_api_takes_a_0_han_win(client, bob, game_of):
    game = game_of("arushiiaru")
    client.force_login(bob)

    response = client.post(
        f"/api/games/{game.pk}/hands/",
        json.dumps(
            {
                "result": "tsumo",
                "wins": [{"seat": 2, "han": 0, "fu": 40}],
                "expected_number": 1,
            }
        ),
        content_type="application/json",
        headers={"Idempotency-Key": "zero-han-api"},
    )

    assert response.status_code == 201, response.json()
    # The seed's 0 han 40 fu self-draw of a non-dealer: 40 from each, 80 from the dealer.
    assert response.json()["result"]["deltas"] == [-80, -40, 160, -40]


def test_the_phone_reads_and_pays_a_0_han_win_as_the_server(bob, game_of):
    game = game_of("arushiiaru")
    typed = {
        "result": ["ron"],
        "winners": ["3"],
        "discarder": ["0"],
        "value_3": ["0"],
        "fu_3": ["50"],
    }

    answer = phone.preview(
        {
            "record": services.game_record(game, players=()),
            "names": selectors.player_names(game),
            "queued": [],
            "fields": typed,
        }
    )

    assert answer["hand"]["deltas"] == [-200, 0, 0, 200]  # the seed's 0 han 50 fu: 200


# -- controls a rule set does not use are not shown ---------------------------------------


def test_the_yaku_pickers_dora_stepper_is_there_only_where_dora_are_played(client, bob, game_of):
    client.force_login(bob)
    pages = {
        preset: client.get(f"/games/{game_of(preset).pk}/hands/new/").content.decode()
        for preset in ("arushiiaru", "japanese-modern")
    }

    assert 'name="yaku_1"' in pages["arushiiaru"]  # the picker is there, with its own table
    assert "data-dora-step" not in pages["arushiiaru"]
    assert 'name="yaku_dora_1"' not in pages["arushiiaru"]
    assert "data-dora-step" in pages["japanese-modern"]


@pytest.mark.parametrize(
    ("preset", "tenpai", "chombo"),
    [
        ("japanese-modern", True, True),
        ("italian-official", False, False),  # play goes on after a faulty out: a penalty
        ("arushiiaru", False, True),  # no ready-hand payments or renchan, chombo applies
    ],
)
def test_ready_at_the_draw_and_chombo_are_offered_where_the_rules_use_them(
    client, bob, game_of, preset, tenpai, chombo
):
    client.force_login(bob)

    page = client.get(f"/games/{game_of(preset).pk}/hands/new/").content.decode()

    assert ("Ready at the draw" in page) is tenpai
    assert ('name="tenpai"' in page) is tenpai
    assert ('name="result" value="chombo"' in page) is chombo
    assert ("Chombo by" in page) is chombo


def test_a_faulty_out_under_italian_rules_is_entered_as_a_penalty_in_the_hand():
    kinds = [k for k, _ in _form(None, "italian-official").penalty_kinds]
    hand = _hand(
        {
            "result": "draw",
            "penalty_seat_0": "2",
            "penalty_kind_0": "false_out",
        },
        "italian-official",
    )

    assert "false_out" in kinds
    assert hand == {"result": "draw", "tenpai": [], "penalties": [{"seat": 2, "kind": "false_out"}]}


@pytest.mark.parametrize(
    ("preset", "pool"),
    [("japanese-modern", True), ("italian-official", False), ("arushiiaru", False)],
)
def test_the_game_page_has_a_pool_column_only_where_the_rules_have_a_pool(
    client, bob, game_of, preset, pool
):
    game = game_of(preset)
    client.force_login(bob)

    page = client.get(f"/games/{game.pk}/").content.decode()

    assert ('<th scope="col">Pool</th>' in page) is pool
    assert ('<td colspan="4" class="empty">' in page) is not pool


@pytest.mark.parametrize(
    ("preset", "pool"),
    [("japanese-modern", True), ("italian-official", False), ("arushiiaru", False)],
)
def test_the_sheets_have_a_pool_column_only_where_the_rules_have_a_pool(game_of, preset, pool):
    from scoring import pdf, sheet_data

    game = game_of(preset)
    sheet = sheet_data.game_sheet(game, address="https://example.org/g/1")
    blank = sheet_data.blank_sheet(game, address="https://example.org/g/1")
    html = pdf.render_html(
        "sheets/game.html", {"sheet": sheet, "header": sheet.header, "end": sheet.end}
    )
    blank_html = pdf.render_html(
        "sheets/blank.html", {"header": blank.header, "row_numbers": range(1, 3)}
    )

    for text in (html, blank_html):
        assert (">Pool<" in text) is pool
        assert ("Leftover pool" in text) is pool
    assert ("Pool left on the table" in html) is pool
    # Every row has as many cells as the head has columns.
    columns = 13 + pool
    assert f'<td colspan="{columns}">' in html


# -- the riichi yaku is the riichi declaration ---------------------------------------------


@pytest.mark.parametrize("yaku", ["riichi", "double_riichi"])
def test_riichi_picked_among_the_yaku_declares_riichi_for_the_winner(yaku):
    body = {
        "result": "ron",
        "winners": ["2"],
        "discarder": "3",
        "yaku_2": [yaku, "tanyao"],
        "fu_2": "40",
    }

    hand = _hand(body, "japanese-modern")

    assert hand["riichi"] == [2]
    han = 2 if yaku == "riichi" else 3
    out = engine.score_record({"rules": "japanese-modern", "hands": [hand]})
    assert "error" not in out, out
    # The han of the riichi counted, and the winner's own deposit put in (and taken back).
    assert out["hands"][0]["deltas"] == {2: [0, 0, 2600, -2600], 3: [0, 0, 5200, -5200]}[han]


def test_the_phone_declares_the_riichi_yaku_as_the_server(bob, game_of):
    game = game_of("japanese-modern")
    typed = {
        "result": ["tsumo"],
        "winners": ["1"],
        "yaku_1": ["riichi", "menzen_tsumo", "pinfu"],
        "riichi": ["3"],
    }
    server = HandForm(MultiValueDict(typed), rules=game.rules, names=NAMES, dealer=0)
    assert server.is_valid(), server.errors

    answer = phone.preview(
        {
            "record": services.game_record(game, players=()),
            "names": selectors.player_names(game),
            "queued": [],
            "fields": typed,
        }
    )

    assert server.hand()["riichi"] == [1, 3]
    assert (
        answer["hand"]["deltas"]
        == services.hand_preview(game=game, hand=server.hand(), user=bob)["hand"]["deltas"]
    )


# -- a riichi declarer not ticked ready at a draw -----------------------------------------


def test_a_riichi_player_not_ticked_ready_at_a_draw_gets_a_hint(client, bob, game_of):
    game = game_of("japanese-modern")
    client.force_login(bob)

    fresh = client.get(f"/games/{game.pk}/hands/new/").content.decode()
    posted = client.post(
        f"/games/{game.pk}/hands/new/",
        {"result": "draw", "tenpai": ["0"], "riichi": ["0", "2"], "preview": "1"},
    ).content.decode()

    # Drawn on every entry screen for the script to fill in, hidden until it applies.
    assert "data-riichi-not-ready hidden" in fresh
    assert "data-riichi-not-ready>" in posted
    assert "Declared riichi, not ticked ready: <span data-riichi-names>Chiara</span>." in posted
    assert (
        "A riichi player must be ready at the draw: tick them ready, or add the faulty ready "
        "declaration under More, Penalties: Faulty ready declaration (at a draw)." in posted
    )


@pytest.mark.parametrize("preset", ["italian-official", "arushiiaru"])
def test_no_hint_where_the_rules_do_not_ask_who_was_ready(client, bob, game_of, preset):
    client.force_login(bob)

    page = client.get(f"/games/{game_of(preset).pk}/hands/new/").content.decode()

    assert "data-riichi-not-ready" not in page


def test_the_ready_riichi_player_gets_no_hint():
    form = _form({"result": "draw", "tenpai": ["0", "2"], "riichi": ["2"]}, "japanese-modern")

    assert form.layout()["riichi_not_ready"]["names"] == ""


def test_a_chombo_hand_the_form_does_not_offer_is_named_when_it_is_corrected():
    entry = engine.describe_entry(engine.resolve_rules("italian-official"))

    assert form_cannot_show({"result": "chombo", "offender": 3}, entry) == ["a chombo hand"]
    assert form_cannot_show({"result": "draw", "tenpai": []}, entry) == []
