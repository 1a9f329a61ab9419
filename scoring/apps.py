from django.apps import AppConfig


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Scoring"

    def ready(self) -> None:
        from clubs import registry
        from scoring import club_hooks

        registry.register_rules_choices(club_hooks.preset_choices, order=20)
        registry.register_merge_step(check=club_hooks.check_merge, move=club_hooks.move_seats)

        from core.api import register_refusal
        from core.sections import register_club_section
        from scoring.engine import EngineError
        from scoring.engine_messages import engine_error_text
        from scoring.sections import club_section

        # The engine's refusals answer the API as 400s with their code, field and hand, in the
        # reader's language (scoring/engine_messages.py).
        register_refusal(EngineError, engine_error_text)
        register_club_section("scoring", club_section, order=10)
