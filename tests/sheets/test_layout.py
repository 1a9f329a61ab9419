"""The sheets' layout in every language: heads that fit their columns, and a blank sheet that
takes as many pages in Italian and Japanese as in English. Measured on WeasyPrint's layout of
the sheet (its boxes and pages), not on the PDF's text."""

import datetime
import types

import pytest
from django.conf import settings
from django.utils import translation
from weasyprint import HTML
from weasyprint.formatting_structure import boxes

from scoring import pdf, sheet_data
from scoring.sheet_data import StandingLine, StandingsSheet

LANGUAGES = ("en", "it", "ja")


def _layout(template, context, language):
    with translation.override(language):
        html = pdf.render_html(template, context)
        return HTML(string=html, base_url=str(settings.BASE_DIR)).render()


def _texts(box):
    if isinstance(box, boxes.TextBox):
        yield box
    for child in getattr(box, "children", ()):
        yield from _texts(child)


def overflowing_heads(document):
    """Each table head's text that runs out of its cell, with how far (CSS px)."""
    found = []

    def walk(box):
        if isinstance(box, boxes.TableCellBox) and box.element_tag == "th":
            left = box.content_box_x()
            right = left + box.width
            for text in _texts(box):
                over = max(text.position_x + text.width - right, left - text.position_x)
                if over > 0.5:
                    found.append((text.text, round(over, 1)))
        for child in getattr(box, "children", ()):
            walk(child)

    for page in document.pages:
        walk(page._page_box)
    return found


LINE = StandingLine(
    rank=12,
    name="Chiara Lucà Bianchi",
    games=120,
    counted=100,
    total="+1,234.5",
    average="+123.4",
    placement_points="+1,234.5",
    placements=(30, 30, 20, 20),
    average_placement="2.30",
    best="+45.1",
    settlements="A 3 · B 1",
)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("placement", "mixed"), [(False, False), (True, False), (True, True)])
def test_the_standings_heads_fit_their_columns(language, placement, mixed):
    settled = types.SimpleNamespace(letter="A", text="uma", games=1)
    sheet = StandingsSheet(
        club="Riverside Mahjong",
        league="Autumn League",
        season="2026",
        starts=datetime.date(2026, 9, 1),
        ends=None,
        rules="uma",
        summary="sum of results",
        placement=placement,
        result_unit="points of 1,000",
        games=10,
        rows=(LINE,),
        unqualified=(LINE,),
        printed_at=datetime.datetime(2026, 12, 3, 6, 0, tzinfo=datetime.UTC),
        address="https://tenbou.example/seasons/1/standings.pdf",
        settlements=(settled, settled) if mixed else (),
    )
    document = _layout("sheets/standings.html", {"sheet": sheet}, language)
    assert overflowing_heads(document) == []


SHORT = ("Aiko", "Bruno", "Chiara", "Daiki")
LONG = ("Aiko Sato-Yamamoto", "Bruno Rossi di Montelera", "Chiara Lucà Bianchi", "佐藤 大輝 鈴木")
LONGEST = (
    "Aiko Sato-Yamamoto Fujiwara Takahashi Nakamura",
    "Bruno Rossi di Montelera e Castelnuovo",
    "Chiara Lucà Bianchi Ferrari Esposito",
    "佐藤 大輝 鈴木 高橋 田中 渡辺 伊藤",
)
MANY_CHANGES = {
    "uma": [30, 10, -10, -30],
    "start_points": 30000,
    "return_points": 30000,
    "bust_ends": False,
    "abortive_draws": False,
    "honba_points": 150,
    "tenpai_payment": 1500,
    "kiriage_mangan": True,
    "length": "all",
    "ties": "share",
}


@pytest.mark.parametrize(
    ("rules", "names"),
    [
        ({"preset": "italian-official"}, SHORT),
        ({"preset": "italian-official", "options": {"start_points": 10000}}, LONG),
        ({"preset": "japanese-modern", "options": MANY_CHANGES}, LONG),
        ({"preset": "japanese-modern", "options": MANY_CHANGES}, LONGEST),
    ],
)
def test_a_blank_sheet_takes_two_pages_in_every_language(rules, names):
    club = types.SimpleNamespace(name="Riverside Mahjong")
    pages = {}
    for language in LANGUAGES:
        with translation.override(language):
            sheet = sheet_data.blank_sheet_for(
                club=club,
                names=names,
                rules=rules,
                rules_name="Parlour",
                league="Autumn League",
                table="3",
                address="https://tenbou.example/clubs/riverside/games/new/",
            )
        context = {"header": sheet.header, "row_numbers": range(1, sheet.rows + 1)}
        pages[language] = len(_layout("sheets/blank.html", context, language).pages)
    assert pages == {"en": 2, "it": 2, "ja": 2}
