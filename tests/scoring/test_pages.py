"""The scorer's pages: start a game, enter a hand with a preview, correct, undo, finish."""

from django.utils import timezone

from core.models import AuditEntry
from scoring import selectors, services
from scoring.models import Game
from tests.scoring.conftest import RON, TSUMO, hand_tag


def test_the_club_page_lists_running_games_first(
    client, club, charlie, running_game, finished_game
):
    client.force_login(charlie)

    response = client.get(f"/clubs/{club.slug}/")

    rows = [row["game"] for row in response.context["club_games"]]
    assert rows == [running_game, finished_game]
    assert b"Start a game" not in response.content  # members read only


def test_the_games_list_comes_a_page_at_a_time(client, club, charlie, table, bob, monkeypatch):
    monkeypatch.setattr(selectors, "GAMES_PER_PAGE", 5)
    games = [
        services.game_create(club=club, players=table, rules="tenhou", created_by=bob)
        for _ in range(7)
    ]
    for game in games[:2]:
        services.game_abandon(game=game, user=bob, reason="test")
    client.force_login(charlie)
    url = f"/clubs/{club.slug}/games/"

    responses = {n: client.get(url, {"page": n}) for n in ("1", "2", "x", "99")}
    pages = {n: [row["game"].pk for row in r.context["games"]] for n, r in responses.items()}

    running, abandoned = [g.pk for g in games[2:]], [g.pk for g in games[:2]]
    assert pages["1"] == running[::-1] and pages["2"] == abandoned[::-1]
    assert pages["x"] == pages["1"] and pages["99"] == pages["2"]
    first, second = (responses[n].content.decode() for n in ("1", "2"))
    assert "Page 1 of 2 · 7 games" in first and 'href="?page=2" rel="next"' in first
    assert 'href="?page=1" rel="prev"' in second and 'rel="next"' not in second


def test_a_scorer_starts_a_game_with_a_guest(client, club, bob, table):
    client.force_login(bob)

    response = client.post(
        f"/clubs/{club.slug}/games/new/",
        {
            "rules": "preset:tenhou",
            "seat_0": "Aiko",
            "seat_1": "Bruno",
            "seat_2": "Walk-in Wendy",
            "seat_3": "Daiki",
            "seating": "entered",
            "table": "3",
            "start_score_0": "",
        },
    )

    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/hands/new/"
    assert [p.display_name for p in game.seat_players()] == [
        "Aiko",
        "Bruno",
        "Walk-in Wendy",
        "Daiki",
    ]
    assert game.rules["preset"] == "tenhou" and game.table == "3"


def test_a_start_state_goes_into_the_game(client, club, bob, table):
    client.force_login(bob)

    client.post(
        f"/clubs/{club.slug}/games/new/",
        {
            "rules": "preset:japanese-modern",
            **{f"seat_{i}": p.display_name for i, p in enumerate(table)},
            "seating": "entered",
            **{f"start_score_{i}": s for i, s in enumerate((30000, 20000, 25000, 25000))},
            "start_round": "S",
            "start_number": "2",
            "start_dealer": "1",
            "start_honba": "1",
        },
    )

    game = Game.objects.get()
    assert game.start == {
        "scores": [30000, 20000, 25000, 25000],
        "round": "S",
        "number": 2,
        "dealer": 1,
        "honba": 1,
    }
    assert game.final["next"]["label"] == "S2-1"


def test_the_same_player_twice_is_refused_on_the_form(client, club, bob, table):
    client.force_login(bob)

    response = client.post(
        f"/clubs/{club.slug}/games/new/",
        {
            "rules": "preset:tenhou",
            "seat_0": "Aiko",
            "seat_1": "aiko",
            "seat_2": "C",
            "seat_3": "D",
            "seating": "entered",
        },
    )

    assert response.status_code == 200
    assert "only one seat" in str(response.context["form"].non_field_errors())
    assert not Game.objects.exists()


def test_the_game_page_shows_the_ledger_and_where_the_game_stands(client, charlie, running_game):
    client.force_login(charlie)

    response = client.get(f"/games/{running_game.pk}/")

    assert response.status_code == 200
    ledger = response.context["ledger"]
    assert [row["label"] for row in ledger] == ["E1", "E1-1", "E2"]
    assert ledger[1]["words"] == "Chiara won on Daiki's discard (2 han 30 fu)"
    assert [c["delta"] for c in ledger[1]["cells"]] == ["0", "0", "+3,300", "-2,300"]
    state = response.context["state"]
    assert state["next"]["label"] == "E2-1" and state["dealer_name"] == "Bruno"
    # A member cannot enter hands: no entry button (the words are among the scripts' strings
    # every page carries for the offline screens, so the link is what is looked for).
    assert b"data-enter-hand" not in response.content
    assert f"/games/{running_game.pk}/hands/new/".encode() not in response.content
    assert b"data-poll-url" in response.content


def test_the_game_page_loads_htmx_from_our_static_files_with_inline_styles_off(
    client, charlie, running_game
):
    client.force_login(charlie)

    html = client.get(f"/games/{running_game.pk}/").content.decode()

    assert '<script src="/static/django_htmx/htmx-2.min.js"' in html
    # The CSP allows no inline style: htmx must not add its indicator styles.
    assert '"includeIndicatorStyles": false' in html
    poll = f"/games/{running_game.pk}/?version={running_game.version}&amp;hands=3&amp;frame="
    assert f'hx-get="{poll}' in html


def test_the_poll_gets_no_content_while_the_game_is_unchanged(client, charlie, running_game):
    client.force_login(charlie)

    response = client.get(
        f"/games/{running_game.pk}/?version={running_game.version}", HTTP_HX_REQUEST="true"
    )

    assert response.status_code == 204
    assert "HX-Request" in response["Vary"]


def test_the_poll_gets_the_pages_body_after_another_device_entered_a_hand(
    client, bob, charlie, running_game
):
    from scoring import services

    client.force_login(charlie)
    seen = running_game.version
    services.hand_submit(game=running_game, hand=RON, user=bob, expected_number=4)
    running_game.refresh_from_db()

    response = client.get(f"/games/{running_game.pk}/?version={seen}", HTTP_HX_REQUEST="true")

    html = response.content.decode()
    assert response.status_code == 200
    # A page that sends no hands or frame (one loaded before the poll sent them) gets the body.
    assert response.templates[0].name == "scoring/game_body.html"
    assert response["HX-Retarget"] == "#game-body"
    assert "<html" not in html and 'id="game-body"' in html
    assert 'id="hand-4"' in html
    # The next poll asks from the new version.
    assert f"?version={running_game.version}&amp;hands=4" in html


def test_the_poll_and_the_workers_refresh_leave_what_a_correction_changed_to_the_page(
    client, bob, running_game
):
    client.force_login(bob)
    client.post(
        f"/games/{running_game.pk}/hands/1/",
        {
            "result": "draw",
            "tenpai": ["1"],
            "change_reason": "East was not ready",
            "hand_tag": hand_tag(running_game, 1),
        },
    )

    client.get(f"/games/{running_game.pk}/?version=0", HTTP_HX_REQUEST="true")
    # The phone's worker refreshes its kept copy of the page while the tab follows the save.
    kept = client.get(f"/games/{running_game.pk}/", HTTP_X_TENBOU_KEPT="1")
    response = client.get(f"/games/{running_game.pk}/")

    assert kept.context["changes"] is None
    assert response.context["changes"]["message"] == "Hand 1 corrected."


def test_the_version_endpoint_answers_the_games_version(client, charlie, running_game):
    client.force_login(charlie)

    response = client.get(f"/games/{running_game.pk}/version/")

    assert response.json() == {
        "version": running_game.version,
        "hand_count": 3,
        "status": "running",
    }


def _ron_form(**extra):
    return {
        "result": "ron",
        "winners": ["2"],
        "discarder": "3",
        "value_2": "3",
        "fu_2": "40",
        "expected_number": "4",
        "key": "form-key-1",
        **extra,
    }


def test_the_preview_shows_each_change_and_what_follows(client, bob, running_game):
    client.force_login(bob)

    response = client.post(f"/games/{running_game.pk}/hands/preview/", _ron_form())

    preview = response.context["preview"]
    assert [s["delta"] for s in preview["seats"]] == ["0", "0", "+5,500", "-5,500"]
    assert [s["score"] for s in preview["seats"]] == ["27,500", "24,500", "32,300", "15,700"]
    assert preview["next"]["label"] == "E3" and preview["next"]["dealer_name"] == "Chiara"
    assert running_game.hands.count() == 3


def test_the_preview_names_what_is_missing(client, bob, running_game):
    client.force_login(bob)

    response = client.post(
        f"/games/{running_game.pk}/hands/preview/", {"result": "ron", "winners": ["2"]}
    )

    assert response.context["incomplete"] == "Tap who discarded the winning tile."


def test_the_preview_gives_the_engines_message_for_an_impossible_hand(client, bob, running_game):
    client.force_login(bob)

    response = client.post(
        f"/games/{running_game.pk}/hands/preview/", _ron_form(value_2="1", fu_2="20")
    )

    assert "20 fu" in response.context["error"]


def test_a_scorer_saves_a_hand_and_gets_the_next_entry_screen(client, bob, running_game):
    client.force_login(bob)

    response = client.post(f"/games/{running_game.pk}/hands/new/", _ron_form())

    assert response.status_code == 302
    assert response["Location"] == f"/games/{running_game.pk}/hands/new/"
    hand = running_game.hands.get(number=4)
    assert hand.data == {"result": "ron", "from": 3, "wins": [{"seat": 2, "han": 3, "fu": 40}]}
    assert hand.entered_by == bob


def test_a_double_tap_saves_one_hand(client, bob, running_game):
    client.force_login(bob)

    client.post(f"/games/{running_game.pk}/hands/new/", _ron_form())
    client.post(f"/games/{running_game.pk}/hands/new/", _ron_form())

    assert running_game.hands.count() == 4


def test_a_stale_entry_screen_says_another_device_entered_the_hand(client, bob, running_game):
    client.force_login(bob)
    client.post(f"/games/{running_game.pk}/hands/new/", _ron_form(key="first-device"))

    response = client.post(f"/games/{running_game.pk}/hands/new/", _ron_form(key="second-device"))

    assert response.status_code == 200
    assert "another device" in str(response.context["form"].non_field_errors())
    assert running_game.hands.count() == 4


def test_a_limit_hand_and_riichi_are_entered_with_buttons(client, bob, running_game):
    client.force_login(bob)

    client.post(
        f"/games/{running_game.pk}/hands/new/",
        {
            "result": "tsumo",
            "winners": ["0"],
            "value_0": "h6",
            "riichi": ["0", "3"],
            "expected_number": "4",
        },
    )

    assert running_game.hands.get(number=4).data == {
        "result": "tsumo",
        "wins": [{"seat": 0, "han": 6}],
        "riichi": [0, 3],
    }


def test_a_double_ron_lists_the_winners_in_turn_order_after_the_discarder(
    client, bob, running_game
):
    client.force_login(bob)

    client.post(
        f"/games/{running_game.pk}/hands/new/",
        {
            "result": "ron",
            "winners": ["0", "2"],
            "discarder": "1",
            "value_0": "2",
            "fu_0": "30",
            "value_2": "y1",
            "expected_number": "4",
        },
    )

    assert running_game.hands.get(number=4).data["wins"] == [
        {"seat": 2, "yakuman": 1},
        {"seat": 0, "han": 2, "fu": 30},
    ]


def test_correcting_a_hand_shows_what_changed(client, bob, running_game):
    client.force_login(bob)

    response = client.post(
        f"/games/{running_game.pk}/hands/1/",
        {
            "result": "draw",
            "tenpai": ["1"],
            "riichi": ["1"],
            "change_reason": "East was not ready",
            "hand_tag": hand_tag(running_game, 1),
        },
        follow=True,
    )

    changes = response.context["changes"]
    assert changes["message"] == "Hand 1 corrected."
    assert [line["label"] for line in changes["hands"]] == ["E1", "E1-1 → E2-1", "E2 → E3"]
    assert "dealer Aiko → Bruno" in changes["hands"][1]["detail"]
    assert changes["next_was"] == "E2-1" and changes["next"] == "E4"
    entry = AuditEntry.objects.get(action="hand.corrected")
    assert entry.reason == "East was not ready" and entry.actor == bob
    assert b"East was not ready" in response.content  # the audit trail on the page


def test_the_ledger_marks_a_corrected_hand_with_what_it_was(client, charlie, bob, running_game):
    services.hand_correct(
        game=running_game, number=2, hand={"result": "draw", "tenpai": [3]}, reason="typo", user=bob
    )
    # The hands move up after a deletion: the mark follows the corrected hand, as on the sheet.
    services.hand_delete(game=running_game, number=1, reason="entered twice", user=bob)
    client.force_login(charlie)

    response = client.get(f"/games/{running_game.pk}/")

    corrected, other = response.context["ledger"]
    assert corrected["words"] == "Draw; ready: Daiki"
    assert [(c.words, c.by, c.reason) for c in corrected["corrections"]] == [
        ("Chiara won on Daiki's discard (2 han 30 fu)", "bob", "typo")
    ]
    assert other["corrections"] == ()
    html = response.content.decode()
    row = _section(html, 'id="hand-1"', "</tbody>")
    assert "Corrected" in row
    assert "<s>Chiara won on Daiki&#x27;s discard (2 han 30 fu)</s>" in row
    assert "corrected by bob" in row and "“typo”" in row
    assert "<s>" not in _section(html, 'id="hand-2"', "</tbody>")


def test_a_correction_needs_a_reason(client, bob, running_game):
    client.force_login(bob)

    response = client.post(
        f"/games/{running_game.pk}/hands/1/", {"result": "draw", "tenpai": ["1"]}
    )

    assert response.status_code == 200
    assert "change_reason" in response.context["form"].errors
    assert running_game.hands.get(number=1).data["tenpai"] == [0]


def test_the_correction_form_starts_from_the_hand(client, bob, running_game):
    client.force_login(bob)

    response = client.get(f"/games/{running_game.pk}/hands/2/")

    layout = response.context["layout"]
    assert [o["value"] for o in layout["results"] if o["checked"]] == ["ron"]
    assert [o["value"] for o in layout["winners"] if o["checked"]] == ["2"]
    assert [o["value"] for o in layout["seats"][2]["han"] if o["checked"]] == ["2"]
    # Seat winds are those of the hand being corrected (Aiko dealt it).
    assert [o["wind"] for o in layout["winners"]] == ["East", "South", "West", "North"]


def test_deleting_a_hand_needs_a_reason_and_replays(client, bob, running_game):
    client.force_login(bob)

    client.post(f"/games/{running_game.pk}/hands/1/delete/", {"reason": ""})
    assert running_game.hands.count() == 3

    response = client.post(
        f"/games/{running_game.pk}/hands/1/delete/",
        {"reason": "wrong table", "hand_tag": hand_tag(running_game, 1)},
        follow=True,
    )

    assert running_game.hands.get(number=1).data == RON
    assert response.context["changes"]["message"] == "Hand 1 deleted."


def test_undo_takes_the_last_hand_back_in_one_tap(client, bob, running_game):
    client.force_login(bob)

    response = client.post(f"/games/{running_game.pk}/undo/", {"next": "entry"})

    assert response["Location"] == f"/games/{running_game.pk}/hands/new/"
    assert running_game.hands.count() == 2


def test_undo_with_a_number_that_is_not_a_number_undoes_the_last_hand(client, bob, running_game):
    client.force_login(bob)

    response = client.post(f"/games/{running_game.pk}/undo/", {"number": "²"})

    assert response.status_code == 302 and running_game.hands.count() == 2


def test_undo_leaves_a_hand_another_device_added_after_the_page_was_drawn(
    client, bob, running_game
):
    client.force_login(bob)
    page = client.get(f"/games/{running_game.pk}/").content.decode()
    assert '<input type="hidden" name="number" value="3">' in page
    services.hand_submit(game=running_game, hand=RON, user=bob)  # the other device

    response = client.post(f"/games/{running_game.pk}/undo/", {"number": "3"}, follow=True)

    assert running_game.hands.count() == 4
    assert "meant to undo hand 3, but the game&#x27;s last hand is 4" in response.content.decode()


def test_end_now_settles_the_game(client, bob, running_game):
    client.force_login(bob)

    client.post(f"/games/{running_game.pk}/finish/")

    running_game.refresh_from_db()
    assert running_game.status == Game.Status.FINISHED and running_game.ended
    assert running_game.final["results"] is not None


def test_abandoning_needs_a_reason(client, bob, running_game):
    client.force_login(bob)

    client.post(f"/games/{running_game.pk}/abandon/", {"reason": ""})
    running_game.refresh_from_db()
    assert running_game.status == Game.Status.RUNNING

    client.post(f"/games/{running_game.pk}/abandon/", {"reason": "power cut"})
    running_game.refresh_from_db()
    assert running_game.status == Game.Status.ABANDONED


def test_a_finished_game_shows_confirmation_and_the_scorer_takes_pins(client, bob, finished_game):
    from clubs.services import player_set_pin

    player_set_pin(player=finished_game.seats.get(seat=3).player, pin="9876", user=bob)
    client.force_login(bob)

    page = client.get(f"/games/{finished_game.pk}/")
    assert page.context["can_confirm_pin"]
    client.post(f"/games/{finished_game.pk}/confirm/", {"seat": "3", "pin": "9876"})

    assert finished_game.seats.get(seat=3).confirmed_at is not None


def test_a_pin_typed_under_a_result_corrected_since_confirms_nothing(
    client, bob, alice, finished_game
):
    from clubs.services import player_set_pin

    player_set_pin(player=finished_game.seats.get(seat=3).player, pin="9876", user=bob)
    client.force_login(bob)
    page = client.get(f"/games/{finished_game.pk}/")
    shown = finished_game.result_tag
    assert f'name="result" value="{shown}"' in page.content.decode()
    services.hand_correct(game=finished_game, number=1, hand=TSUMO, reason="typo", user=alice)

    response = client.post(
        f"/games/{finished_game.pk}/confirm/",
        {"seat": "3", "pin": "9876", "result": shown},
        follow=True,
    )

    assert finished_game.seats.get(seat=3).confirmed_at is None
    assert "The result changed after this was shown" in response.content.decode()


def _section(content, start, end):
    return content[content.index(start) : content.index(end, content.index(start))]


def test_a_finished_games_names_link_to_the_players_pages(client, charlie, finished_game):
    client.force_login(charlie)

    content = client.get(f"/games/{finished_game.pk}/").content.decode()

    ledger_head = _section(content, '<table class="ledger" id="ledger">', "</thead>")
    confirmations = _section(content, '<ul class="confirm-list">', "</ul>")
    for seat in finished_game.seats.select_related("player"):
        link = f'href="/clubs/{finished_game.club.slug}/players/{seat.player.pk}/">'
        assert link + seat.player.display_name + "</a>" in ledger_head
        assert link + seat.player.display_name + "</a>" in confirmations


def test_a_running_games_ledger_leaves_the_names_unlinked(client, bob, running_game):
    client.force_login(bob)

    content = client.get(f"/games/{running_game.pk}/").content.decode()

    ledger_head = _section(content, '<table class="ledger" id="ledger">', "</thead>")
    assert "<a " not in ledger_head
    assert running_game.seats.get(seat=0).player.display_name in ledger_head


def test_a_member_cannot_type_a_pin(client, charlie, finished_game):
    client.force_login(charlie)

    response = client.post(f"/games/{finished_game.pk}/confirm/", {"seat": "3", "pin": "9876"})

    assert response.status_code == 403


def test_the_game_page_links_the_score_sheets_when_they_exist(client, charlie, running_game):
    from django.urls import NoReverseMatch, reverse

    client.force_login(charlie)
    response = client.get(f"/games/{running_game.pk}/")

    try:
        expected = reverse("sheets:game", args=[running_game.pk])
    except NoReverseMatch:
        expected = None
    assert response.context["sheet_url"] == expected


def test_the_game_title_keeps_a_hyphenated_word_whole(client, charlie, running_game):
    client.force_login(charlie)

    response = client.get(f"/games/{running_game.pk}/")

    # A phone broke "Japanese Modern (ari-ari)" after the hyphen: "(ari-" / "ari)".
    assert b'<h1>Japanese Modern <span class="nowrap">(ari-ari)</span></h1>' in response.content


# ---------------------------------------------------------------------------------------------
# Two devices: a correction page drawn before another device changed the hand


def test_a_correction_of_a_hand_changed_meanwhile_shows_it_and_keeps_the_typing(
    client, bob, alice, running_game
):
    client.force_login(bob)
    page = client.get(f"/games/{running_game.pk}/hands/2/")
    tag = page.context["form"].initial["hand_tag"]
    # Another device corrects hand 2 to Bruno's self-draw.
    services.hand_correct(game=running_game, number=2, hand=TSUMO, reason="first", user=alice)

    response = client.post(
        f"/games/{running_game.pk}/hands/2/",
        {"result": "draw", "tenpai": ["3"], "change_reason": "Daiki was ready", "hand_tag": tag},
    )

    assert response.status_code == 200
    html = response.content.decode()
    assert "Another device changed hand 2 while this page was open; nothing was saved." in html
    assert "Hand 2 is now: E1-1 · Bruno won by self-draw (1 han 30 fu)" in html
    assert "Your correction is kept below" in html
    layout = response.context["layout"]
    assert [o["value"] for o in layout["results"] if o["checked"]] == ["draw"]
    assert [o["value"] for o in layout["tenpai"] if o["checked"]] == ["3"]
    assert 'value="Daiki was ready"' in html
    assert response.context["form"]["hand_tag"].value() == hand_tag(running_game, 2)
    assert running_game.hands.get(number=2).data == TSUMO
    # Saving again, now knowingly, goes through.
    again = client.post(
        f"/games/{running_game.pk}/hands/2/",
        {
            "result": "draw",
            "tenpai": ["3"],
            "change_reason": "Daiki was ready",
            "hand_tag": hand_tag(running_game, 2),
        },
    )
    assert again.status_code == 302
    assert running_game.hands.get(number=2).data == {"result": "draw", "tenpai": [3]}


def test_a_deletion_of_a_hand_changed_meanwhile_keeps_the_reason(client, bob, alice, running_game):
    client.force_login(bob)
    tag = client.get(f"/games/{running_game.pk}/hands/2/").context["form"].initial["hand_tag"]
    services.hand_correct(game=running_game, number=2, hand=TSUMO, reason="first", user=alice)

    response = client.post(
        f"/games/{running_game.pk}/hands/2/delete/", {"reason": "entered twice", "hand_tag": tag}
    )

    html = response.content.decode()
    assert response.status_code == 200
    assert "Your deletion was not made" in html and "Bruno won by self-draw" in html
    assert 'name="reason" maxlength="200" required value="entered twice"' in html
    assert running_game.hands.count() == 3


def test_a_correction_of_a_hand_removed_meanwhile_says_so(client, bob, alice, running_game):
    client.force_login(bob)
    tag = client.get(f"/games/{running_game.pk}/hands/3/").context["form"].initial["hand_tag"]
    services.hand_undo(game=running_game, user=alice)

    response = client.post(
        f"/games/{running_game.pk}/hands/3/",
        {"result": "draw", "change_reason": "x", "hand_tag": tag},
        follow=True,
    )

    assert "The game has no hand 3 any more" in response.content.decode()
    assert running_game.hands.count() == 2


# ---------------------------------------------------------------------------------------------
# Undo asks and names the hand; redo puts it back; a changed result is confirmed again


def test_undo_asks_first_naming_the_hand(client, bob, running_game):
    client.force_login(bob)

    game_page = client.get(f"/games/{running_game.pk}/").content.decode()
    entry_page = client.get(f"/games/{running_game.pk}/hands/new/").content.decode()

    question = 'data-confirm="Undo hand 3 (E2): Bruno won by self-draw (1 han 30 fu)?"'
    assert question in game_page and question in entry_page
    assert "Undo hand 3</button>" in game_page


def test_undo_says_which_hand_went_and_redo_puts_it_back(client, bob, running_game):
    client.force_login(bob)

    undone = client.post(f"/games/{running_game.pk}/undo/", {"number": "3"}, follow=True)
    html = undone.content.decode()
    assert "Undone hand 3 (E2): Bruno won by self-draw (1 han 30 fu)." in html
    assert "Hand 3 (E2) was undone: Bruno won by self-draw (1 han 30 fu)" in html
    assert "Redo hand 3</button>" in html
    entry = client.get(f"/games/{running_game.pk}/hands/new/").content.decode()
    assert "Redo hand 3</button>" in entry

    redone = client.post(f"/games/{running_game.pk}/redo/", {"number": "3"}, follow=True)

    html = redone.content.decode()
    assert "Restored hand 3 (E2): Bruno won by self-draw (1 han 30 fu)." in html
    assert "Redo hand" not in html
    assert running_game.hands.get(number=3).data == TSUMO
    trail = [e["what"] for e in redone.context["audit"][:2]]
    assert trail == ["restored", "undid"]


def test_no_redo_is_offered_once_a_hand_was_entered(client, bob, running_game):
    client.force_login(bob)
    client.post(f"/games/{running_game.pk}/undo/", {"number": "3"})
    services.hand_submit(game=running_game, hand=RON, user=bob, expected_number=3)

    page = client.get(f"/games/{running_game.pk}/")
    refused = client.post(f"/games/{running_game.pk}/redo/", {"number": "3"}, follow=True)

    assert page.context["redo"] is None and "Redo hand" not in page.content.decode()
    assert "meant to restore hand 3, but there is no hand to restore" in refused.content.decode()
    assert running_game.hands.count() == 3


def test_the_game_page_says_a_changed_result_needs_confirming_again(
    client, alice, charlie, finished_game
):
    from scoring.models import GameSeat

    GameSeat.objects.filter(game=finished_game).update(confirmed_at=timezone.now())
    services.hand_correct(game=finished_game, number=1, hand=TSUMO, reason="x", user=alice)
    client.force_login(charlie)

    html = client.get(f"/games/{finished_game.pk}/").content.decode()

    assert "Needs confirming again." in html
    assert "The result changed after it was confirmed (hand 1 corrected)." in html
    assert html.count("Not confirmed") == 4
    assert "cleared the confirmations of" in html  # the audit trail says so too


def test_the_delete_reason_starts_empty_for_an_abortive_draw(client, bob, running_game):
    services.hand_submit(
        game=running_game, hand={"result": "abortive", "reason": "four_winds"}, user=bob
    )
    client.force_login(bob)

    html = client.get(f"/games/{running_game.pk}/hands/4/").content.decode()

    assert 'name="reason" maxlength="200" required value=""' in html
