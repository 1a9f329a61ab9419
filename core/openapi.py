"""The answers every API operation may give besides its own, added to the schema in one place.

- 401: no login where one is needed, or a bad token (any operation: a bad token is refused
  even where no login is needed).
- 413 on every write: a body over the size limit (:mod:`core.limits`).
- 400 and 415 on every operation that takes a body: malformed JSON or JSON nested too deep
  (:mod:`core.parsers`), a body that is not JSON.

All of them answer the one error body, ``#/components/schemas/Error``.
"""

from __future__ import annotations

from typing import Any

ERROR = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
COMMON = {
    "401": "No login where one is needed, or a bad token (WWW-Authenticate: Token).",
}
WRITES = {"413": "The body is over the size limit."}
BODIES = {
    "400": "Malformed JSON, or JSON nested too deep.",
    "415": "The body is not JSON (application/json).",
}
READS = ("get", "head", "options")


def add_common_answers(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    assert "Error" in result["components"]["schemas"], "the one error body is missing"
    for operations in result["paths"].values():
        for method, operation in operations.items():
            responses = operation["responses"]
            answers = dict(COMMON)
            if method not in READS:
                answers.update(WRITES)
            if "requestBody" in operation:
                answers.update(BODIES)
            for code, description in answers.items():
                if code in responses:
                    own = responses[code].get("description", "")
                    if description not in own:
                        responses[code]["description"] = f"{own} {description}".strip()
                else:
                    responses[code] = {"content": ERROR, "description": description}
            operation["responses"] = dict(sorted(responses.items()))
    return result
