from django.apps import AppConfig


class RulesetsConfig(AppConfig):
    name = "rulesets"
    verbose_name = "Club rule sets"

    def ready(self) -> None:
        from clubs import registry
        from rulesets import club_hooks

        registry.register_rules_choices(club_hooks.ruleset_choices, order=10)

        from core.sections import register_club_section
        from rulesets.sections import club_section

        register_club_section("rulesets", club_section, order=30)
