"""The hand as the scorer enters it, Django-free, beside the engine (and importing only it).

:mod:`entry.fields` reads a hand from the entry screen's fields, for the server's form and the
phone alike; :mod:`entry.phone` is the phone's offline preview, run under Pyodide from the same
source (scoring/offline/phone_engine.py bundles this package with the engine).
"""
