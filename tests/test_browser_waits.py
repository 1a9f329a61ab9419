"""Browser tests wait with function predicates only, and never async ones.

- Playwright evaluates a bare expression string anew on every poll with ``eval``, which the
  site's Content-Security-Policy (no 'unsafe-eval') refuses; such a wait passes while its first
  poll is already true and fails when the page is a moment slower (CI once failed so). A
  function is evaluated once, then called.
- ``wait_for_function`` does not await an async predicate: its promise is truthy, so the wait
  passes at once (the offline tests went on before the phone kept the page, and failed now and
  then). Those waits use ``tests.browser.waits.until``, which awaits each answer."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BROWSER_TESTS = sorted((ROOT / "tests" / "browser").glob("*.py"))


def _predicates(path):
    """Each predicate given to ``wait_for_function`` as a string: its line and its text."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "wait_for_function"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            yield node.lineno, node.args[0].value.strip()


def _found(wrong):
    return [
        f"{path.name}:{line}: {text[:60]!r}"
        for path in BROWSER_TESTS
        for line, text in _predicates(path)
        if wrong(text)
    ]


def _expression(text):
    return not (text.startswith(("(", "async")) and "=>" in text) and not text.startswith(
        "function"
    )


def test_there_are_browser_tests_to_check():
    assert any("wait_for_function" in p.read_text(encoding="utf-8") for p in BROWSER_TESTS)


def test_browser_tests_wait_with_functions_not_expressions():
    found = _found(_expression)
    assert not found, "give wait_for_function an arrow function:\n" + "\n".join(found)


def test_browser_tests_wait_on_async_predicates_with_until():
    found = _found(lambda text: text.startswith("async"))
    assert not found, "wait_for_function takes a promise for true; use waits.until:\n" + "\n".join(
        found
    )
