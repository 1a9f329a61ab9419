"""Games for the sheet tests and the benchmark, built through the write services."""

from __future__ import annotations

import io

from pypdf import PdfReader

from tests import factories

NAMES = ("Aiko 佐藤", "Bruno Rossi", "Chiara Lucà", "Daiki 鈴木")

# Eleven hands of a Japanese Modern game, one of each kind the sheet describes.
HANDS = [
    {"result": "ron", "from": 1, "wins": [{"seat": 2, "han": 3, "fu": 40}], "riichi": [3]},
    {"result": "draw", "tenpai": [0], "riichi": []},
    {"result": "tsumo", "wins": [{"seat": 0, "han": 4, "fu": 30}], "riichi": [0, 1]},
    {"result": "abortive", "reason": "four_winds"},
    {
        "result": "ron",
        "from": 0,
        "wins": [{"seat": 1, "han": 2, "fu": 30}, {"seat": 2, "yakuman": 1}],
        "note": "大三元: 白 發 中",
    },
    {"result": "chombo", "offender": 3},
    {"result": "draw", "tenpai": [], "riichi": [2]},
    {"result": "tsumo", "wins": [{"seat": 3, "han": 6}]},
    {
        "result": "ron",
        "from": 0,
        "wins": [{"seat": 1, "han": 1, "fu": 30}],
        "penalties": [{"seat": 2, "points": 1000}],
    },
    {"result": "ron", "from": 2, "wins": [{"seat": 3, "han": 2, "fu": 40}], "riichi": [0]},
    {"result": "draw", "tenpai": [1, 2], "riichi": [1]},
]


# Nine short hands of a game of all four winds, to correct and delete in the trail tests.
TRAIL_HANDS = [
    {"result": "ron", "from": 1, "wins": [{"seat": 2, "han": 3, "fu": 40}], "riichi": [3]},
    {"result": "draw", "tenpai": [0], "riichi": []},
    {"result": "tsumo", "wins": [{"seat": 0, "han": 2, "fu": 30}], "riichi": [0]},
    {"result": "abortive", "reason": "four_winds"},
    {"result": "ron", "from": 3, "wins": [{"seat": 1, "han": 2, "fu": 30}]},
    {"result": "draw", "tenpai": [], "riichi": [2]},
    {"result": "draw", "tenpai": [1, 3]},
    {"result": "tsumo", "wins": [{"seat": 3, "han": 1, "fu": 30}]},
    {"result": "ron", "from": 0, "wins": [{"seat": 2, "han": 1, "fu": 30}]},
]
LONG_GAME = {"preset": "japanese-modern", "options": {"length": "all", "bust_ends": False}}


ITALIAN_HANDS = [
    {
        "result": "ron",
        "from": 1,
        "wins": [{"seat": 2, "points": 42, "doubles": 3}],
        "losers": [
            {"seat": 0, "points": 12, "doubles": 1},
            {"seat": 1, "points": 8, "doubles": 0},
            {"seat": 3, "score": 20},
        ],
        "riichi": [2],
    },
    {
        "result": "tsumo",
        "wins": [{"seat": 0, "points": 30, "doubles": 2}],
        "losers": [
            {"seat": 1, "points": 0, "doubles": 0},
            {"seat": 2, "points": 10, "doubles": 1},
            {"seat": 3, "points": 4, "doubles": 0},
        ],
        "penalties": [{"seat": 3, "kind": "false_ready"}],
    },
    {"result": "draw", "tenpai": []},
]


def pdf_text(content: bytes, minus: str = "-") -> str:
    """The PDF's text, every run of white space made one space.

    Sheets print a true minus sign (U+2212); it is read as ``minus``, a hyphen unless told,
    so tests can write numbers as Python prints them.
    """
    reader = PdfReader(io.BytesIO(content))
    text = " ".join(" ".join(page.extract_text().split()) for page in reader.pages)
    return text.replace("\u2212", minus)


def pdf_fonts(content: bytes) -> dict[str, bool]:
    """Each font the PDF uses, by name, and whether its glyphs are embedded in the file."""
    fonts = {}
    for page in PdfReader(io.BytesIO(content)).pages:
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            described = (
                font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            )
            descriptor = described["/FontDescriptor"].get_object()
            fonts[str(font["/BaseFont"])] = any(
                k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")
            )
    return fonts


def played_game(
    club, user, *, hands=HANDS, rules="japanese-modern", finish=True, names=NAMES, **extra
):
    """The sheet's game: the eleven HANDS among the NAMES, unless told otherwise."""
    seated = factories.players(club, names)
    return factories.play(club, seated, user, hands, rules=rules, finish=finish, **extra)
