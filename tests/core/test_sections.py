"""The club page's registry: every domain app adds its section at start-up, in a fixed order."""

import pytest

from core import sections


def test_the_apps_registered_their_sections_in_page_order():
    assert [name for _, name, _ in sections._SECTIONS] == [
        "clubhouse",  # what to do next, first
        "scoring",
        "leagues",
        "rulesets",
        "tournaments",
    ]


def test_an_app_registers_its_section_once():
    with pytest.raises(ValueError, match="'scoring' is registered already"):
        sections.register_club_section("scoring", lambda request, club, role: {}, order=99)
