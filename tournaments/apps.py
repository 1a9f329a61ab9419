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
