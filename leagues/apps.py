from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    name = "leagues"
    verbose_name = "Leagues"

    def ready(self) -> None:
        from core.sections import register_club_section
        from leagues.sections import club_section
        from leagues.services import ruleset_table_size_check
        from rulesets import registry as rulesets_registry

        register_club_section("leagues", club_section, order=20)
        # A rule set a league with games picks keeps the league's table size.
        rulesets_registry.register_table_size_check(ruleset_table_size_check)
