from django.apps import AppConfig


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Scoring"

    def ready(self) -> None:
        from core.api import register_refusal
        from core.sections import register_club_section
        from scoring.engine import EngineError
        from scoring.engine_messages import engine_error_text
        from scoring.sections import club_section

        # The engine's refusals answer the API as 400s with their code, field and hand, in the
        # reader's language (scoring/engine_messages.py).
        register_refusal(EngineError, engine_error_text)
        register_club_section("scoring", club_section, order=10)
