"""Answers go out gzipped to a client that takes it, but for what is compressed already and
a hand's answer with its strong tag, which a correction sends back in If-Match."""

import gzip
import json

from tests.scoring.conftest import RON, TSUMO


def test_the_game_page_goes_out_gzipped_to_a_browser_that_takes_it(client, bob, running_game):
    client.force_login(bob)
    plain = client.get(f"/games/{running_game.pk}/")
    packed = client.get(f"/games/{running_game.pk}/", HTTP_ACCEPT_ENCODING="gzip, br")
    assert "Content-Encoding" not in plain and packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"]
    page = gzip.decompress(packed.content)
    # The same page (but for its one-time tokens), in less than a third of the bytes.
    assert abs(len(page) - len(plain.content)) < 100 and b"Chiara" in page
    assert len(packed.content) * 3 < len(plain.content)


def test_the_engine_bundle_is_not_gzipped_again(client, bob):
    from scoring.offline import phone_engine

    client.force_login(bob)
    response = client.get(phone_engine.bundle_url(), HTTP_ACCEPT_ENCODING="gzip")
    assert response.status_code == 200 and "Content-Encoding" not in response


def test_a_hand_read_for_a_correction_keeps_its_strong_tag(client, bob, running_game):
    # Compressed, its tag would be weak, and If-Match never matches a weak tag.
    client.force_login(bob)
    read = client.get(f"/api/games/{running_game.pk}/hands/2/", HTTP_ACCEPT_ENCODING="gzip")
    assert "Content-Encoding" not in read and read["ETag"].startswith('"')
    response = client.put(
        f"/api/games/{running_game.pk}/hands/2/",
        json.dumps({**TSUMO, "reason": "it was a self-draw"}),
        content_type="application/json",
        HTTP_IF_MATCH=read["ETag"],
        HTTP_ACCEPT_ENCODING="gzip",
    )
    assert response.status_code == 200, response.content
    assert running_game.hands.get(number=2).data["result"] == "tsumo"
    # The game it answers with is compressed; the tag of the hand as it was names it no more.
    again = client.put(
        f"/api/games/{running_game.pk}/hands/2/",
        json.dumps({**RON, "reason": "no, a ron"}),
        content_type="application/json",
        HTTP_IF_MATCH=read["ETag"],
    )
    assert again.status_code == 412 and again["ETag"].startswith('"')
    assert running_game.hands.get(number=2).data["result"] == "tsumo"
