"""Browser tests wait with function predicates only. Playwright evaluates a bare expression
string anew on every poll with ``eval``, which the site's Content-Security-Policy (no
'unsafe-eval') refuses; such a wait passes while its first poll is already true and fails when
the page is a moment slower (CI once failed so). A function is evaluated once, then called."""

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


def test_there_are_browser_tests_to_check():
    assert any("wait_for_function" in p.read_text(encoding="utf-8") for p in BROWSER_TESTS)


def test_browser_tests_wait_with_functions_not_expressions():
    found = [
        f"{path.name}:{line}: {text!r}"
        for path in BROWSER_TESTS
        for line, text in _string_predicates(path)
    ]
    assert not found, "give wait_for_function an arrow function:\n" + "\n".join(found)
