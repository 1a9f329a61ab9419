"""The leagues' pages, API and PDF sheet: a season's standings (standings.py), the players'
statistics and live board (stats.py), read from the cached numbers of the games."""
