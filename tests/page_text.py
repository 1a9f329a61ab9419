"""What a reader sees of a page, and the names people gave things, which a page shows as
they are in any language: for the translation tests (tests/test_i18n.py, test_i18n_walk.py)."""

from html.parser import HTMLParser

from clubs.models import Player
from leagues.models import League, Season
from rulesets.models import RuleSet
from scoring.models import Game


class _Text(HTMLParser):
    """The text a reader sees: text nodes outside scripts and styles, and the words of the
    attributes a browser shows (placeholders, titles, labels, confirmations)."""

    SHOWN = {"placeholder", "title", "aria-label", "data-confirm", "alt"}

    def __init__(self):
        super().__init__()
        self.parts = []
        self._hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "datalist", "svg"):
            self._hidden += 1
        for name, value in attrs:
            if name in self.SHOWN and value:
                self.parts.append(value)
            if tag == "input" and name == "value" and dict(attrs).get("type") == "submit":
                self.parts.append(value or "")

    def handle_endtag(self, tag):
        if tag in ("script", "style", "datalist", "svg"):
            self._hidden -= 1

    def handle_data(self, data):
        if not self._hidden and data.strip():
            self.parts.append(data)


def _names(club):
    """What a page may show as it is in any language: the names people gave things."""
    names = {club.name}
    names |= set(Player.objects.filter(club=club).values_list("display_name", flat=True))
    names |= set(League.objects.filter(club=club).values_list("name", flat=True))
    names |= set(Season.objects.filter(league__club=club).values_list("name", flat=True))
    names |= set(RuleSet.objects.filter(club=club).values_list("name", flat=True))
    names |= set(RuleSet.objects.filter(club=club).values_list("description", flat=True))
    names |= {u for u in club.memberships.values_list("user__username", flat=True) if u}
    names |= set(
        Game.objects.filter(club=club, ruleset_version__isnull=False).values_list(
            "rules_name", flat=True
        )
    )
    names |= {t for t in Game.objects.filter(club=club).values_list("table", flat=True) if t}
    return {n for n in names if n}
