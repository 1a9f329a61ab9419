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


def _string_predicates(path):
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
            text = node.args[0].value.strip()
            if not (text.startswith(("(", "async")) and "=>" in text) and not text.startswith(
                "function"
            ):
                yield node.lineno, text


def _async_predicates(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "wait_for_function"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and node.args[0].value.strip().startswith("async")
        ):
            yield node.lineno, node.args[0].value.strip()


def test_there_are_browser_tests_to_check():
    assert any("wait_for_function" in p.read_text(encoding="utf-8") for p in BROWSER_TESTS)


def test_browser_tests_wait_with_functions_not_expressions():
    found = [
        f"{path.name}:{line}: {text!r}"
        for path in BROWSER_TESTS
        for line, text in _string_predicates(path)
    ]
    assert not found, "give wait_for_function an arrow function:\n" + "\n".join(found)


def test_browser_tests_wait_on_async_predicates_with_until():
    found = [
        f"{path.name}:{line}: {text[:60]!r}"
        for path in BROWSER_TESTS
        for line, text in _async_predicates(path)
    ]
    assert not found, "wait_for_function takes a promise for true; use waits.until:\n" + "\n".join(
        found
    )
