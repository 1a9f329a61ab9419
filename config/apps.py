from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The project's own wiring that belongs to no app: the API token's end on logout and on
    a password change (config.tokens)."""

    name = "config"
    label = "site"
    verbose_name = "Site"

    def ready(self) -> None:
        from config import tokens

        tokens.connect()
