"""The engine's old name, for old scripts: the engine is the top-level package ``engine``."""

from engine import *  # noqa: F403
