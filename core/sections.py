"""The club page's registry: each app adds the part of a club's page it owns.

An app registers a function ``section(request, club, role) -> dict`` in its
``AppConfig.ready()`` (as Django apps register admin classes or signals); the club page asks
:func:`club_sections` for the context of every registered section, so that the page's app
imports none of the apps that fill it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

Section = Callable[[Any, Any, Any], dict[str, Any]]

# (order, name, section): sorted by order, so the page does not depend on start-up order.
_SECTIONS: list[tuple[int, str, Section]] = []


def register_club_section(name: str, section: Section, *, order: int) -> None:
    """Add ``section`` to every club's page; ``name`` (the app's) registers once."""
    if any(known == name for _, known, _ in _SECTIONS):
        raise ValueError(f"A club section named {name!r} is registered already.")
    _SECTIONS.append((order, name, section))
    _SECTIONS.sort(key=lambda entry: (entry[0], entry[1]))


def club_sections(request: Any, club: Any, role: Any) -> dict[str, Any]:
    """The context every registered section adds to the club's page, in their order."""
    context: dict[str, Any] = {}
    for _, _, section in _SECTIONS:
        context.update(section(request, club, role))
    return context


# The rule set page's registry: the games played under each of a rule set's versions are read
# on the top floor (they are scoring's), and the rule set page, below it, only prints them.

VersionGames = Callable[[Sequence[Any]], Mapping[int, Sequence[Any]]]

_VERSION_GAMES: list[VersionGames] = []


def register_version_games(reader: VersionGames) -> None:
    """Let ``reader(versions) -> {version pk: games}`` list each rule set version's games on
    its rule set's page; each game has ``url``, ``played_on``, ``players`` (names in seat
    order) and ``status`` (in words)."""
    if reader not in _VERSION_GAMES:
        _VERSION_GAMES.append(reader)


def version_games(versions: Sequence[Any]) -> dict[int, list[Any]]:
    """The games each of ``versions`` was played under, by version pk, from every reader."""
    out: dict[int, list[Any]] = {v.pk: [] for v in versions}
    for reader in _VERSION_GAMES:
        for pk, games in reader(versions).items():
            out.setdefault(pk, []).extend(games)
    return out
