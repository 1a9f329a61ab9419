"""Fill ``GameSeat.yaku`` of the games that are over from their hands' cached results.

From here on the replay caches a seat's yaku whenever it writes the seats' numbers (when a game
is over: ``scoring.services.replay.cache_replay``); the games over before this migration have
their yaku in their hands' cached ``result`` only. The JSON is read here as it is stored
(docs/game-record.md, a hand result's ``breakdowns``), not through the engine or the app's
code, which may change after this migration: a breakdown with a ``source`` (``"yaku"`` or
``"tiles"``) lists its yaku, each with its id (``yaku``) and ``name``; a breakdown without one
is a win by han and fu and names none. The seat is the record's seat (at five at a table the
engine wrote the seat of the five, not of the hand's four).

The season totals add the seats' yaku up when they are next read: ``scoring.totals.FORMAT`` 2
makes every season rebuild then.
"""

from django.db import migrations

GAMES_AT_ONCE = 500


def seat_yaku(results):
    """Seat to ``{yaku id: [name, count]}`` over the cached hand results ``results``."""
    out = {}
    for result in results:
        for breakdown in (result or {}).get("breakdowns") or []:
            if "source" not in breakdown:
                continue
            made = out.setdefault(breakdown["seat"], {})
            for item in breakdown.get("yaku") or []:
                entry = made.setdefault(item["yaku"], [item["name"], 0])
                entry[0] = item["name"]
                entry[1] += 1
    return out


def fill_seat_yaku(apps, schema_editor):
    """Every seat of a game that is over gets its yaku (an empty object when it won none by
    yaku or tiles), a few hundred games at a time so a large database is not held in memory."""
    Game = apps.get_model("scoring", "Game")
    GameSeat = apps.get_model("scoring", "GameSeat")
    Hand = apps.get_model("scoring", "Hand")
    ids = list(Game.objects.filter(over=True).order_by("pk").values_list("pk", flat=True))
    for start in range(0, len(ids), GAMES_AT_ONCE):
        chunk = ids[start : start + GAMES_AT_ONCE]
        results = {}
        for game_id, result in (
            Hand.objects.filter(game_id__in=chunk)
            .order_by("game_id", "number")
            .values_list("game_id", "result")
        ):
            results.setdefault(game_id, []).append(result)
        made = {game_id: seat_yaku(r) for game_id, r in results.items()}
        seats = list(GameSeat.objects.filter(game_id__in=chunk).only("pk", "game_id", "seat"))
        for s in seats:
            s.yaku = made.get(s.game_id, {}).get(s.seat, {})
        GameSeat.objects.bulk_update(seats, ["yaku"], batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0012_hand_version_and_yaku"),
    ]

    operations = [
        migrations.RunPython(fill_seat_yaku, migrations.RunPython.noop, elidable=True),
    ]
