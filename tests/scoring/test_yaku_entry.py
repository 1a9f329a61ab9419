"""The entry form's yaku picker: the preset's table on the form, the win it sends, the preview's
count, and a correction reopened by yaku."""

from html.parser import HTMLParser

import pytest

import engine
from scoring import services
from scoring.forms import HandForm, form_cannot_show, initial_from_hand

NAMES = ["Aiko", "Bruno", "Chiara", "Daiki"]


def _rules(preset):
    return {"preset": preset, "options": engine.rules_as_options(engine.resolve_rules(preset))}


def _form(data, preset="japanese-modern", **kwargs):
    return HandForm(data, rules=_rules(preset), names=NAMES, dealer=0, **kwargs)


PINFU_TSUMO = {
    "result": "tsumo",
    "winners": ["1"],
    "riichi": ["1"],
    "yaku_1": ["riichi", "menzen_tsumo", "pinfu", "tanyao"],
}


def test_the_picker_offers_the_presets_own_table_common_yaku_first():
    form = _form(None)
    picker = form.layout()["seats"][1]["yaku"]
    ids = [y["id"] for y in picker["yaku"]]
    assert ids[:4] == ["riichi", "menzen_tsumo", "pinfu", "tanyao"]
    assert "ippatsu" not in ids and "ryanpeikou" not in ids  # the seed's table has neither
    values = {y["id"]: y["value"] for y in picker["yaku"]}
    assert (values["honitsu"], values["shousangen"], values["kokushi"]) == (
        "3 / 2",
        "4",
        "yakuman x1",
    )
    tenhou = _form(None, "tenhou").layout()["seats"][1]["yaku"]["yaku"]
    assert "ippatsu" in [y["id"] for y in tenhou]


@pytest.mark.parametrize("preset", ["japanese-classical", "italian-official"])
def test_rules_without_a_yaku_table_have_no_picker(preset):
    form = _form(None, preset)
    assert "yaku_1" not in form.fields
    assert all(not s.get("yaku") for s in form.layout()["seats"])


def test_the_picker_sends_the_yaku_open_dora_and_fu():
    form = _form(PINFU_TSUMO)
    assert form.is_valid(), form.errors
    assert form.hand()["wins"] == [
        {"seat": 1, "yaku": ["riichi", "menzen_tsumo", "pinfu", "tanyao"]}
    ]
    form = _form(
        {
            "result": "ron",
            "winners": ["2"],
            "discarder": "3",
            "yaku_2": ["yakuhai_haku", "honitsu"],
            "open_2": "on",
            "yaku_dora_2": "1",
            "fu_2": "40",
        }
    )
    assert form.is_valid(), form.errors
    assert form.hand()["wins"] == [
        {"seat": 2, "yaku": ["yakuhai_haku", "honitsu"], "open": True, "dora": 1, "fu": 40}
    ]


def test_yaku_and_han_together_are_refused_naming_the_han():
    form = _form({**PINFU_TSUMO, "value_1": "3"})
    form.is_valid()
    assert "hand" not in form.cleaned_data
    assert form.errors["value_1"] == [
        "Give either Bruno's yaku or the han (or a limit, or a score), not both."
    ]


def test_a_hand_entered_by_yaku_reopens_by_yaku():
    hand = {
        "result": "ron",
        "from": 3,
        "wins": [{"seat": 2, "yaku": ["yakuhai_haku", "honitsu"], "open": True, "fu": 40}],
    }
    initial = initial_from_hand(hand)
    assert initial["yaku_2"] == ["yakuhai_haku", "honitsu"] and initial["open_2"] is True
    assert initial["fu_2"] == "40" and "value_2" not in initial
    form = _form(None, initial=initial, correction=True)
    picker = form.layout()["seats"][2]["yaku"]
    assert picker["used"] and picker["open"]
    assert [y["id"] for y in picker["yaku"] if y["checked"]] == ["yakuhai_haku", "honitsu"]
    assert (
        form_cannot_show(hand, engine.describe_entry(engine.resolve_rules("japanese-modern"))) == []
    )


def test_the_preview_shows_the_engines_count(client, bob, running_game):
    client.force_login(bob)
    response = client.post(f"/games/{running_game.pk}/hands/preview/", PINFU_TSUMO)
    preview = response.context["preview"]
    # 4 han 20 fu self-drawn by a non-dealer (Chiara deals E3): 1,300 / 2,600
    assert preview["breakdowns"] == [
        {
            "name": running_game.seats.get(seat=1).player.display_name,
            "items": [
                "Declaration of ready (riichi) 1",
                "Fully concealed hand (menzen tsumo) 1",
                "No-points hand (pinfu) 1",
                "All simples (tanyao) 1",
            ],
            "total": "4 han 20 fu",
        }
    ]
    assert "data-preview-yaku" in response.content.decode()


def test_the_engines_refusal_lands_on_the_seat(client, bob, running_game):
    client.force_login(bob)
    data = {"result": "ron", "winners": ["1"], "discarder": "3", "yaku_1": ["pinfu"]}
    data["open_1"] = "on"
    response = client.post(f"/games/{running_game.pk}/hands/preview/", data)
    assert "needs a concealed hand" in response.context["error"]


def test_a_hand_saved_by_yaku_keeps_its_yaku(client, bob, running_game):
    client.force_login(bob)
    number = running_game.hand_count + 1
    data = {**PINFU_TSUMO, "key": "yaku-key-1", "expected_number": str(number)}
    response = client.post(f"/games/{running_game.pk}/hands/new/", data)
    assert response.status_code == 302
    hand = running_game.hands.get(number=number)
    assert hand.data["wins"][0]["yaku"] == ["riichi", "menzen_tsumo", "pinfu", "tanyao"]
    assert hand.result["breakdowns"][0]["han"] == 4
    page = client.get(f"/games/{running_game.pk}/hands/{number}/").content.decode()
    assert 'value="pinfu" data-yaku="pinfu" checked' in page


def test_the_api_saves_a_hand_by_tiles(bob, running_game):
    hand = {
        "result": "tsumo",
        "riichi": [1],
        "wins": [{"seat": 1, "tiles": "234567m234p45688s", "win": "6s"}],
    }
    services.hand_submit(game=running_game, hand=hand, user=bob)
    saved = running_game.hands.order_by("-number").first()
    assert saved.result["breakdowns"][0]["source"] == "tiles"


TILES_TSUMO = {
    "result": "tsumo",
    "winners": ["1"],
    "riichi": ["1"],
    "tiles_1": "234567m234p45688s",
    "win_1": "6s",
}


def test_the_tile_picker_sends_the_tiles_melds_and_indicators():
    form = _form(
        {
            **TILES_TSUMO,
            "melds_1": "chi 234p",
            "dora_indicators_1": "1p 4z",
            "ura_dora_indicators_1": "7s",
            "yaku_1": ["riichi", "menzen_tsumo", "ippatsu"],  # only how it was won is sent
        },
        "tenhou",
    )
    assert form.is_valid(), form.errors
    assert form.hand()["wins"] == [
        {
            "seat": 1,
            "tiles": "234567m234p45688s",
            "win": "6s",
            "melds": [{"kind": "chi", "tiles": "234p"}],
            "dora_indicators": ["1p", "4z"],
            "ura_dora_indicators": ["7s"],
            "yaku": ["ippatsu"],
        }
    ]


@pytest.mark.parametrize(
    ("extra", "field", "message"),
    [
        ({"win_1": ""}, "win_1", "Tap Bruno's winning tile."),
        (
            {"melds_1": "pung 555z"},
            "melds_1",
            'Bruno\'s called sets: write them as "pon 555z, chi 234p".',
        ),
        (
            {"value_1": "2"},
            "value_1",
            "Give either Bruno's tiles or the han (or a limit, or a score), not both.",
        ),
    ],
)
def test_half_a_hand_by_tiles_is_refused_naming_the_field(extra, field, message):
    form = _form({**TILES_TSUMO, **extra})
    form.is_valid()
    assert "hand" not in form.cleaned_data
    assert form.errors[field] == [message]


def test_a_hand_by_tiles_reopens_in_the_tile_picker():
    hand = {
        "result": "tsumo",
        "wins": [
            {
                "seat": 1,
                "tiles": "234567m234p45688s",
                "win": "6s",
                "melds": [{"kind": "chi", "tiles": "234p"}],
                "dora_indicators": ["1p"],
            }
        ],
    }
    form = _form(None, initial=initial_from_hand(hand), correction=True)
    tp = form.layout()["seats"][1]["tiles"]
    assert (tp["tiles"], tp["win"], tp["melds"], tp["dora_indicators"], tp["used"]) == (
        "234567m234p45688s",
        "6s",
        "chi 234p",
        "1p",
        True,
    )


def test_the_engines_refusal_of_tiles_reaches_the_preview(client, bob, running_game):
    client.force_login(bob)
    response = client.post(
        f"/games/{running_game.pk}/hands/preview/", {**TILES_TSUMO, "tiles_1": "234567m234p4568s"}
    )
    assert "a complete hand has 14 tiles; 'tiles' holds 13." in response.context["error"]


ITALIAN_WIN = {
    "result": "tsumo",
    "winners": ["1"],
    "parts_1": '{"sets":[{"set":"pung","tiles":"honours","concealed":true,"honour":"dragon"}],'
    '"pair":"seat_wind","self_drawn":true}',
    "parts_0": '{"sets":[{"set":"pung","tiles":"terminals","concealed":true}]}',
}


def test_the_set_builder_sends_every_players_parts():
    form = _form(ITALIAN_WIN, "italian-official")
    assert form.is_valid(), form.errors
    hand = form.hand()
    assert hand["wins"] == [
        {
            "seat": 1,
            "parts": {
                "win": True,
                "sets": [
                    {"set": "pung", "tiles": "honours", "concealed": True, "honour": "dragon"}
                ],
                "pair": "seat_wind",
                "self_drawn": True,
            },
        }
    ]
    assert hand["losers"] == [
        {"seat": 0, "parts": {"sets": [{"set": "pung", "tiles": "terminals", "concealed": True}]}},
        {"seat": 2, "points": 0, "doubles": 0},
        {"seat": 3, "points": 0, "doubles": 0},
    ]
    sb = form.layout()["seats"][1]["sets"]
    assert sb["used"] and "nine_gates" in [h["id"] for h in sb["limit_hands"]]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"parts_1": "{not json"}, "Bruno's sets could not be read; build them again."),
        (
            {"points_1": "30"},
            "Give either Bruno's sets or the points and doubles (or a score), not both.",
        ),
    ],
)
def test_a_set_builder_that_cannot_be_used_is_refused(extra, message):
    form = _form({**ITALIAN_WIN, **extra}, "italian-official")
    form.is_valid()
    assert form.errors["points_1"] == [message]


def test_an_italian_hand_by_sets_reopens_in_the_set_builder(client, bob, club, table):
    game = services.game_create(club=club, players=table, rules="italian-official", created_by=bob)
    client.force_login(bob)
    data = {**ITALIAN_WIN, "key": "sets-1", "expected_number": "1"}
    assert client.post(f"/games/{game.pk}/hands/new/", data).status_code == 302
    hand = game.hands.get()
    # 32 points, 1 double: 64 -> 60; East pays Bruno 120, the others 60. East's concealed
    # pung of terminals, 8 points -> 10, is paid double by the two other losers: 20 each.
    assert hand.result["deltas"] == [-120 + 40, 240, -60 - 20, -60 - 20]
    page = client.get(f"/games/{game.pk}/hands/1/")
    assert page.context["cannot_show"] == []
    sb = page.context["form"].layout()["seats"][1]["sets"]
    assert '"honour":"dragon"' in sb["parts"] and '"win"' not in sb["parts"]


def test_the_game_page_says_what_a_hand_by_yaku_tiles_or_sets_was(client, bob, running_game):
    for hand in (
        {"result": "ron", "from": 3, "wins": [{"seat": 2, "yaku": ["toitoi"], "fu": 40}]},
        {"result": "tsumo", "wins": [{"seat": 1, "tiles": "234567m234p45688s", "win": "6s"}]},
    ):
        services.hand_submit(game=running_game, hand=hand, user=bob)
    client.force_login(bob)
    html = client.get(f"/games/{running_game.pk}/").content.decode()
    assert "(toitoi; 40 fu)" in html
    assert "(tiles 234567m234p45688s, won on 6s)" in html


class _TileKeys(HTMLParser):
    """The tile picker's keys of one seat: each key's code, accessible name, classes and the
    text it shows."""

    def __init__(self, seat):
        super().__init__()
        self.seat, self.in_picker, self.key, self.keys = str(seat), False, None, {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "details" and "data-tile-picker" in a:
            self.in_picker = a.get("data-seat") == self.seat
        elif tag == "button" and self.in_picker and "data-tile" in a:
            self.key = {"label": a.get("aria-label"), "class": a["class"].split(), "text": ""}
            self.keys[a["data-tile"]] = self.key

    def handle_endtag(self, tag):
        if tag == "button":
            self.key = None

    def handle_data(self, data):
        if self.key is not None:
            self.key["text"] += data.strip()


def test_the_tile_picker_shows_tile_faces_named_by_their_codes(client, bob, running_game):
    client.force_login(bob)
    keys = _TileKeys(1)
    keys.feed(client.get(f"/games/{running_game.pk}/hands/new/").content.decode())

    assert len(keys.keys) == 34 + 3  # every kind of tile, and the red fives
    shown = {code: (k["text"], k["label"]) for code, k in keys.keys.items()}
    assert shown["1m"] == ("1萬", "1m")
    assert shown["3p"] == ("3筒", "3p")
    assert shown["9s"] == ("9索", "9s")
    assert [shown[f"{n}z"][0] for n in range(1, 8)] == ["東", "南", "西", "北", "白", "發", "中"]
    assert shown["7z"][1] == "7z"
    # A red five shows a five, marked red, and says so to a screen reader.
    assert shown["0p"] == ("5筒", "red five 0p")
    assert "red" in keys.keys["0p"]["class"] and "red" not in keys.keys["5p"]["class"]
    assert not [code for code, (text, _) in shown.items() if code in text]


def test_the_examples_in_the_pickers_module_run():
    import doctest

    from scoring import hand_values

    failed, attempted = doctest.testmod(hand_values)
    assert failed == 0 and attempted > 0
