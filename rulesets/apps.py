from django.apps import AppConfig


class RulesetsConfig(AppConfig):
    name = "rulesets"
    verbose_name = "Club rule sets"

    def ready(self) -> None:
        from clubs import registry
        from rulesets import club_hooks

        registry.register_rules_choices(club_hooks.ruleset_choices, order=10)
