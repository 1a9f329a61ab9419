from django.apps import AppConfig


class ClubhouseConfig(AppConfig):
    """The top floor: what reads across the domain apps (league pages with standings and
    player statistics, the standings sheet, club export and import, demo data)."""

    name = "clubhouse"
    verbose_name = "Clubhouse"
