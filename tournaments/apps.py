from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from clubs import registry
        from tournaments import club_hooks

        registry.register_merge_step(check=club_hooks.check_merge, move=club_hooks.move_entries)

        from core.sections import register_club_section
        from tournaments.sections import club_section

        register_club_section("tournaments", club_section, order=40)

        from scoring.clocks import register_game_clock
        from tournaments.clock import game_deadline

        register_game_clock(game_deadline)

        from core.api import register_status

        # A request the event's state refuses now (it could pass later, or could have
        # passed before) is a conflict; a bad value stays a 400. docs/api.md lists them.
        for code in TOURNAMENT_CONFLICTS:
            register_status(code, 409)


TOURNAMENT_CONFLICTS = (
    "started",
    "not_started",
    "round_open",
    "all_drawn",
    "closed",
    "dropped",
    "registered",
    "seated",
    "empty_seat",
    "too_few_players",
)
