from django.apps import AppConfig


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Scoring"

    def ready(self) -> None:
        from clubs import registry
        from scoring import club_hooks

        registry.register_rules_choices(club_hooks.preset_choices, order=20)
        registry.register_merge_step(check=club_hooks.check_merge, move=club_hooks.move_seats)
