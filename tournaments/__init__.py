"""Tournament nights: events with rounds, the seating draw, the clock, the standing.

For now only the Django-free seating draw lives here (:mod:`tournaments.seating`); keep this
file free of Django imports so ``python -m tournaments.seating`` runs without settings.
"""
