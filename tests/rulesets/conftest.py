import pytest

from tests import factories


@pytest.fixture
def players(club):
    """One table's four players (not the six of tests/conftest.py)."""
    return factories.players(club)
