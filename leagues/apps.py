from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    name = "leagues"
    verbose_name = "Leagues"

    def ready(self) -> None:
        from core.sections import register_club_section
        from leagues.sections import club_section

        register_club_section("leagues", club_section, order=20)
