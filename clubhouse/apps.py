from django.apps import AppConfig


class ClubhouseConfig(AppConfig):
    """The top floor: what reads across the domain apps (league pages with standings and
    player statistics, the standings sheet, club export and import, demo data)."""

    name = "clubhouse"
    verbose_name = "Clubhouse"

    def ready(self) -> None:
        from clubhouse import next_steps, version_games
        from core.sections import register_club_section, register_version_games

        # First on the club's page: what to do next.
        register_club_section("clubhouse", next_steps.club_section, order=0)
        # A rule set's page lists the games played under each version.
        register_version_games(version_games.version_games)
