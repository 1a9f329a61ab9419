"""A game's audit trail does not grow its page: the game page shows the latest entries, the
audit page the whole trail a page at a time."""

from core.models import AuditEntry
from scoring.selectors import AUDIT_ON_PAGE, AUDIT_PER_PAGE


def _trail(game, bob, count):
    """``count`` audit entries on the game, as many abandon attempts would leave."""
    AuditEntry.objects.bulk_create(
        AuditEntry(club=game.club, game=game, actor=bob, action="game.abandoned", reason=f"r{i}")
        for i in range(count)
    )


def test_the_game_page_shows_the_latest_entries_and_links_the_rest(client, bob, running_game):
    _trail(running_game, bob, 250)
    total = running_game.audit_entries.count()
    client.force_login(bob)
    page = client.get(f"/games/{running_game.pk}/").content.decode()
    assert page.count('<span class="reason">') == AUDIT_ON_PAGE
    assert f"Audit trail ({total})" in page
    assert f"The latest {AUDIT_ON_PAGE} of {total} entries" in page
    assert f'href="/games/{running_game.pk}/audit/"' in page
    # The newest first: the last one written is on the game page, the first is not.
    assert "(“r249”)" in page and "(“r0”)" not in page


def test_the_audit_page_holds_the_whole_trail_a_page_at_a_time(client, bob, running_game):
    _trail(running_game, bob, 250)
    total = running_game.audit_entries.count()
    client.force_login(bob)
    first = client.get(f"/games/{running_game.pk}/audit/").content.decode()
    assert first.count('<span class="meta">') == AUDIT_PER_PAGE
    pages = -(-total // AUDIT_PER_PAGE)
    assert f"Page 1 of {pages} · {total} in all" in first and '?page=2" rel="next"' in first
    last = client.get(f"/games/{running_game.pk}/audit/?page={pages}").content.decode()
    assert last.count('<span class="meta">') == total - (pages - 1) * AUDIT_PER_PAGE
    assert "(“r0”)" in last


def test_a_small_trail_has_no_link_to_the_whole_of_it(client, bob, running_game):
    client.force_login(bob)
    page = client.get(f"/games/{running_game.pk}/").content.decode()
    assert running_game.audit_entries.count() <= AUDIT_ON_PAGE
    assert f"/games/{running_game.pk}/audit/" not in page


def test_a_hand_corrected_many_times_shows_its_latest_corrections(client, bob, running_game):
    from scoring import services
    from scoring.selectors import CORRECTIONS_ON_PAGE
    from tests.scoring.conftest import RON, TSUMO

    for i in range(8):
        hand = RON if i % 2 else TSUMO
        services.hand_correct(game=running_game, number=2, hand=hand, reason=f"c{i}", user=bob)
    client.force_login(bob)
    page = client.get(f"/games/{running_game.pk}/").content.decode()
    assert page.count("<s>") == CORRECTIONS_ON_PAGE
    assert f"{8 - CORRECTIONS_ON_PAGE} earlier corrections: in the audit trail" in page
    assert "“c7”" in page and "“c0”" not in page.split("Audit trail")[0]


def test_the_audit_pages_number_their_entries_on_from_the_page_before(client, bob, running_game):
    _trail(running_game, bob, 150)
    client.force_login(bob)
    second = client.get(f"/games/{running_game.pk}/audit/?page=2").content.decode()
    assert f'<ol class="audit-entries" start="{AUDIT_PER_PAGE + 1}">' in second
