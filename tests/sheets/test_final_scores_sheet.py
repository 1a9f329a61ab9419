"""The sheet of a game entered by its final scores: it says so and prints the end block."""

from scoring import pdf, services, sheet_data
from tests import factories
from tests.sheets.games import pdf_text

ADDRESS = "https://tenbou.example/games/1/"


def test_the_sheet_says_it_was_entered_by_its_final_scores(club, bob):
    table = factories.players(club)
    game = services.game_final_scores_enter(
        club=club,
        seats=table,
        final_scores={
            "scores": [42300, 35100, 24600, 17000],
            "sticks_left": 1,
            "chombo": [0, 0, 0, 1],
        },
        created_by=bob,
        rules="ema",
    )
    text = pdf_text(pdf.game_sheet_pdf(sheet_data.game_sheet(game, address=ADDRESS)))
    assert "Entered by its final scores" in text
    assert "not scored hand by hand" in text
    assert "1 riichi stick left on the table." in text
    assert "No hands recorded" not in text and "Running totals" not in text
    assert "Final result" in text
    # Final points, the stick to first place, ranks, Daiki's chombo and the results.
    assert "42,300 +1,000 1 +28.3" in text
    assert "17,000 4 1 -48.0" in text
    assert "went to Aiko" in text
