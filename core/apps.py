from django.apps import AppConfig


class CoreConfig(AppConfig):
    """The ground floor every app may use: the audit trail, domain errors, the API's base and
    error handler, request limits, API tokens, PDF rendering and the club page's registry."""

    name = "core"
    verbose_name = "Core"

    def ready(self) -> None:
        from core import tokens

        tokens.connect()
