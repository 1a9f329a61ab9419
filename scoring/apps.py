from django.apps import AppConfig


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Scoring"

    def ready(self) -> None:
        from clubs import registry
        from scoring import club_hooks

        registry.register_rules_choices(club_hooks.preset_choices, order=20)
        registry.register_merge_step(check=club_hooks.check_merge, move=club_hooks.move_seats)

        from leagues.registry import register_league_games

        # A league with games keeps its table size (leagues.services asks).
        register_league_games(club_hooks.league_has_games)

        from django.core import checks

        from scoring.offline import worker

        checks.register(worker.check_worker_files, checks.Tags.staticfiles, deploy=True)

        from core.api import register_refusal, register_status
        from core.sections import register_club_section
        from engine import EngineError
        from scoring.engine_messages import engine_error_text
        from scoring.sections import club_section

        # The engine's refusals answer the API as 400s with their code, field and hand, in the
        # reader's language (scoring/engine_messages.py).
        register_refusal(EngineError, engine_error_text)
        # One status per code, whichever door a hand came through (docs/api.md, "Errors").
        register_status("finished", 403)
        register_status("stale_hand_number", 409)
        register_status("hand_changed", 412)
        register_status("idempotency_key_reused", 422)
        register_status("result_changed", 409)
        register_club_section("scoring", club_section, order=10)
