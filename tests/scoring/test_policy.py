"""Who may do what to a game (scoring.policy): tables of role x state, as the site has
always decided (the pages, the API and the services read these functions)."""

import pytest

from clubs.access import Role
from scoring import policy

NONE, MEMBER, SCORER, ORGANISER = None, Role.MEMBER, Role.SCORER, Role.ORGANISER
ROLES = (NONE, MEMBER, SCORER, ORGANISER)
STATES = ("running", "finished", "abandoned")


def table(rows):
    """``{role: (running, finished, abandoned)}`` as parametrize cases."""
    return [
        pytest.param(role, state, allowed[i], id=f"{role or 'visitor'}-{state}")
        for role, allowed in rows.items()
        for i, state in enumerate(STATES)
    ]


@pytest.mark.parametrize(
    ("role", "state", "allowed"),
    table(
        {
            NONE: (False, False, False),
            MEMBER: (False, False, False),
            SCORER: (True, False, False),
            ORGANISER: (True, False, False),
        }
    ),
)
def test_who_may_enter_a_hand(role, state, allowed):
    assert policy.may_enter(role, state) is allowed


@pytest.mark.parametrize(
    ("role", "state", "allowed"),
    table(
        {
            NONE: (False, False, False),
            MEMBER: (False, False, False),
            SCORER: (True, False, False),
            ORGANISER: (True, True, False),
        }
    ),
)
def test_who_may_correct_delete_undo_or_redo_a_hand(role, state, allowed):
    assert policy.may_correct(role, state) is allowed
    assert (policy.correct_refusal(role, state) is None) is allowed


@pytest.mark.parametrize(
    ("role", "state", "refusal"),
    [
        (NONE, "running", ("This needs the scorer role.", "permission_denied", True)),
        (MEMBER, "finished", ("This needs the scorer role.", "permission_denied", True)),
        (SCORER, "finished", ("Only an organiser can correct a finished game.", "finished", True)),
        (SCORER, "abandoned", ("An abandoned game cannot be changed.", "not_running", False)),
        (ORGANISER, "abandoned", ("An abandoned game cannot be changed.", "not_running", False)),
    ],
)
def test_why_a_correction_is_refused(role, state, refusal):
    r = policy.correct_refusal(role, state)
    assert (r.message, r.code, r.role) == refusal


@pytest.mark.parametrize(
    ("role", "state", "allowed"),
    table(
        {
            NONE: (False, False, False),
            MEMBER: (False, False, False),
            SCORER: (True, False, False),
            ORGANISER: (True, False, False),
        }
    ),
)
def test_who_is_offered_to_end_the_game_now(role, state, allowed):
    assert policy.may_finish(role, state) is allowed


@pytest.mark.parametrize(
    ("role", "state", "refused"),
    table(
        {
            NONE: (True, True, True),
            MEMBER: (True, True, True),
            # a finished game: nothing to do (no refusal); an abandoned one cannot be finished
            SCORER: (False, False, True),
            ORGANISER: (False, False, True),
        }
    ),
)
def test_when_ending_the_game_is_refused(role, state, refused):
    assert (policy.finish_refusal(role, state) is not None) is refused


@pytest.mark.parametrize(
    ("role", "state", "allowed"),
    table(
        {
            NONE: (False, False, False),
            MEMBER: (False, False, False),
            SCORER: (True, False, False),
            ORGANISER: (True, True, False),
        }
    ),
)
def test_who_is_offered_to_abandon_the_game(role, state, allowed):
    assert policy.may_abandon(role, state) is allowed


@pytest.mark.parametrize(
    ("role", "state", "refused"),
    table(
        {
            NONE: (True, True, True),
            MEMBER: (True, True, True),
            SCORER: (False, True, True),
            # abandoning an abandoned game again is a repeat that changes nothing
            ORGANISER: (False, False, False),
        }
    ),
)
def test_when_abandoning_is_refused(role, state, refused):
    assert (policy.abandon_refusal(role, state) is not None) is refused


def test_a_scorer_abandoning_a_finished_game_is_told_it_needs_an_organiser():
    r = policy.abandon_refusal(SCORER, "finished")
    assert (r.message, r.role) == ("Only an organiser can abandon a finished game.", True)


@pytest.mark.parametrize(
    ("role", "state", "allowed"),
    table(
        {
            NONE: (False, False, False),
            MEMBER: (False, False, False),
            SCORER: (False, True, False),
            ORGANISER: (False, True, False),
        }
    ),
)
def test_who_is_offered_the_pin_box(role, state, allowed):
    assert policy.may_confirm_by_pin(role, state) is allowed


@pytest.mark.parametrize(
    ("role", "refused"), [(NONE, True), (MEMBER, True), (SCORER, False), (ORGANISER, False)]
)
def test_a_pin_is_typed_on_a_scorers_device(role, refused):
    r = policy.pin_refusal(role)
    assert (r is not None) is refused
    if r is not None:
        assert (r.message, r.role) == ("A PIN is typed on a scorer's device.", True)


@pytest.mark.parametrize(
    ("state", "allowed"), [("running", False), ("finished", True), ("abandoned", False)]
)
def test_only_a_finished_game_is_confirmed(state, allowed):
    assert policy.may_confirm(state) is allowed


@pytest.mark.parametrize(
    ("role", "public", "view", "audit"),
    [
        (NONE, False, False, False),
        (NONE, True, True, False),
        (MEMBER, False, True, True),
        (SCORER, False, True, True),
        (ORGANISER, True, True, True),
    ],
)
def test_who_sees_a_game_and_its_trail(role, public, view, audit):
    assert policy.may_view(role, public=public) is view
    assert policy.may_see_audit(role) is audit


@pytest.mark.parametrize(
    ("role", "allowed"), [(NONE, False), (MEMBER, False), (SCORER, True), (ORGANISER, True)]
)
def test_who_may_start_a_game_or_enter_at_all(role, allowed):
    assert policy.may_start_game(role) is allowed
    assert (policy.enter_refusal(role) is None) is allowed


def test_the_examples_in_the_policy_module_run():
    import doctest

    failed, attempted = doctest.testmod(policy)
    assert failed == 0 and attempted > 0
