"""The production settings (DEBUG off) with static files addressed by their plain names, for
benchmarks that render whole pages without running `collectstatic` first (which compresses
Pyodide for minutes): a page's cost is the same, its links just name the files unhashed."""

from config.settings import *  # noqa: F403

STORAGES["staticfiles"] = {  # noqa: F405
    "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
}
