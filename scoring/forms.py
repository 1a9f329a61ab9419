"""Forms of the scorer's screens. They parse and check shape; the services and the engine
decide whether a game or a hand is possible, and their errors are shown on the same form."""

from __future__ import annotations

import contextlib
import re
import uuid
from typing import Any

from django import forms

from clubs.models import Club
from scoring import engine, hand_values
from scoring.selectors import ABORT_WORDS, WIND_NAMES, seat_winds

RESULTS = (
    ("ron", "Ron"),
    ("tsumo", "Tsumo"),
    ("draw", "Draw"),
    ("abortive", "Abortive"),
    ("chombo", "Chombo"),
)
# Fu a hand can have: 20 (pinfu self-drawn) and 25 (seven pairs) need 2 han or more.
FU_VALUES = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
HAN_VALUES = (1, 2, 3, 4)
SEAT_CHOICES = [(str(s), str(s)) for s in range(4)]
# Rows for penalties on the entry screen; a hand with more is corrected through the API.
PENALTY_ROWS = 3


# ---------------------------------------------------------------------------------------------
# Starting a game


class GameStartForm(forms.Form):
    rules = forms.ChoiceField(label="Rules")
    seat_0 = forms.CharField(label="East", max_length=60)
    seat_1 = forms.CharField(label="South", max_length=60)
    seat_2 = forms.CharField(label="West", max_length=60)
    seat_3 = forms.CharField(label="North", max_length=60)
    seating = forms.ChoiceField(
        choices=[("entered", "As entered"), ("random", "Draw seats at random")],
        initial="entered",
        widget=forms.RadioSelect,
    )
    table = forms.CharField(max_length=40, required=False, label="Table (optional)")
    # Optional start state, for a game begun on paper.
    start_score_0 = forms.IntegerField(required=False, label="East's points")
    start_score_1 = forms.IntegerField(required=False, label="South's points")
    start_score_2 = forms.IntegerField(required=False, label="West's points")
    start_score_3 = forms.IntegerField(required=False, label="North's points")
    start_round = forms.ChoiceField(
        required=False,
        label="Round",
        choices=[("", "—"), *WIND_NAMES.items()],
    )
    start_number = forms.IntegerField(required=False, min_value=1, max_value=4, label="Hand")
    start_dealer = forms.ChoiceField(
        required=False,
        label="Dealer",
        choices=[("", "—"), ("0", "East"), ("1", "South"), ("2", "West"), ("3", "North")],
    )
    start_honba = forms.IntegerField(required=False, min_value=0, max_value=99, label="Counters")
    start_pool = forms.IntegerField(required=False, min_value=0, label="Riichi pool")

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        from leagues.models import League
        from rulesets.models import RuleSet

        self.leagues = {str(lg.pk): lg for lg in League.objects.filter(club=club)}
        self.rulesets = {str(rs.pk): rs for rs in RuleSet.objects.filter(club=club)}
        groups: list[tuple[str, list[tuple[str, str]]]] = []
        if self.leagues:
            groups.append(
                ("Leagues", [(f"league:{pk}", lg.name) for pk, lg in self.leagues.items()])
            )
        if self.rulesets:
            groups.append(
                (
                    "Club rule sets",
                    [(f"ruleset:{pk}", rs.name) for pk, rs in self.rulesets.items()],
                )
            )
        groups.append(
            (
                "Presets",
                [(f"preset:{p}", engine.get_preset(p).name) for p in engine.preset_ids()],
            )
        )
        self.fields["rules"].choices = groups
        self.player_names = list(club.players.values_list("display_name", flat=True))

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        names = [data.get(f"seat_{i}", "") for i in range(4)]
        folded = [" ".join(n.split()).casefold() for n in names if n]
        if len(folded) == 4 and len(set(folded)) != 4:
            raise forms.ValidationError("A player can sit in only one seat.")
        return data

    def start_kwargs(self) -> dict[str, Any]:
        """The keyword arguments of :func:`scoring.services.game_start`."""
        data = self.cleaned_data
        kind, _, ref = data["rules"].partition(":")
        create: dict[str, Any] = {"table": data["table"]}
        if kind == "league":
            create["league"] = self.leagues[ref]
        elif kind == "ruleset":
            version = self.rulesets[ref].versions.order_by("-number").first()
            if version is None:
                raise forms.ValidationError("That rule set has no saved version yet.")
            create["ruleset_version"] = version
        else:
            create["rules"] = ref
        start: dict[str, Any] = {}
        scores = [data.get(f"start_score_{i}") for i in range(4)]
        if any(s is not None for s in scores):
            if any(s is None for s in scores):
                raise forms.ValidationError("Give all four start scores, or none.")
            start["scores"] = scores
        if data.get("start_round"):
            start["round"] = data["start_round"]
        if data.get("start_dealer"):
            start["dealer"] = int(data["start_dealer"])
        for name in ("number", "honba", "pool"):
            if data.get(f"start_{name}") is not None:
                start[name] = data[f"start_{name}"]
        if start:
            create["start"] = start
        return {
            "seats": [data[f"seat_{i}"] for i in range(4)],
            "draw_seats": data["seating"] == "random",
            **create,
        }


# ---------------------------------------------------------------------------------------------
# Entering a hand


def limit_buttons(options: dict[str, Any]) -> list[tuple[str, str]]:
    """The limit buttons these rules have: (value, label); a value is ``h<han>`` or ``y<n>``."""
    if options["settling_table"]:
        buttons = [("h5", "Mangan"), ("h6", "Haneman"), ("h8", "Baiman"), ("h11", "Sanbaiman")]
    else:
        buttons = [("h5", "Limit")]
    buttons.append(("y1", "Yakuman"))
    if options["max_yakuman"] >= 2:
        buttons.append(("y2", "Double yakuman"))
    return buttons


def penalty_kinds(options: dict[str, Any]) -> list[tuple[str, str]]:
    """The penalties these rules price, as (kind, label), then an amount in points.

    The labels quote the rules' own amounts; the engine decides what each costs.
    """
    kinds = []
    if options["false_claim_points"]:
        kinds.append(
            ("false_claim", f"Faulty claim ({options['false_claim_points']:,} to the winner)")
        )
    if options["false_ready"] == "limit_each":
        kinds.append(("false_ready", "Faulty ready declaration (at a draw)"))
    elif options["false_ready"] != "none":
        kinds.append(
            ("false_ready", f"Faulty ready declaration ({options['false_ready_points']:,} off)")
        )
    if options["chombo"] == "forfeit":
        kinds.append(("false_out", f"Faulty out, play goes on ({options['chombo_points']:,} off)"))
    return [*kinds, ("points", "Points (enter the amount)")]


class _Incomplete(Exception):
    """A field the hand needs is missing; its error has been added to the form."""


class HandForm(forms.Form):
    """One hand, field by field; :meth:`hand` gives it as a game-record hand."""

    result = forms.ChoiceField(choices=RESULTS, widget=forms.RadioSelect)
    winners = forms.MultipleChoiceField(choices=SEAT_CHOICES, required=False)
    discarder = forms.ChoiceField(choices=SEAT_CHOICES, required=False)
    riichi = forms.MultipleChoiceField(choices=SEAT_CHOICES, required=False)
    tenpai = forms.MultipleChoiceField(choices=SEAT_CHOICES, required=False)
    nagashi = forms.MultipleChoiceField(choices=SEAT_CHOICES, required=False)
    reason = forms.ChoiceField(choices=list(ABORT_WORDS.items()), required=False)
    offender = forms.ChoiceField(choices=SEAT_CHOICES, required=False)
    note = forms.CharField(required=False, max_length=1000, strip=True)
    expected_number = forms.IntegerField(widget=forms.HiddenInput, required=False)
    key = forms.CharField(widget=forms.HiddenInput, required=False, max_length=100)

    def __init__(
        self,
        *args: Any,
        rules: dict[str, Any],
        names: list[str],
        dealer: int | None,
        correction: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.options = rules["options"]
        self.names = names
        self.dealer = dealer if dealer is not None else 0
        self.correction = correction
        self.points_doubles = self.options["value_system"] == "points_doubles"
        # Dora matter to the engine only where a win needs han without them.
        self.dora = not self.points_doubles and self.options["dora"] and self.options["min_han"] > 0
        self.han_choices = [
            (str(h), f"{h} han") for h in HAN_VALUES if h >= self.options["min_han"]
        ]
        self.limit_choices = limit_buttons(self.options)
        self.value_choices = self.han_choices + self.limit_choices
        for s in range(4):
            if self.points_doubles:
                self.fields[f"points_{s}"] = forms.IntegerField(
                    required=False, min_value=0, label="Points"
                )
                self.fields[f"doubles_{s}"] = forms.IntegerField(
                    required=False, min_value=0, label="Doubles"
                )
            else:
                self.fields[f"value_{s}"] = forms.ChoiceField(
                    choices=self.value_choices, required=False
                )
                self.fields[f"fu_{s}"] = forms.ChoiceField(
                    choices=[(str(f), str(f)) for f in FU_VALUES], required=False
                )
                self.fields[f"pao_{s}"] = forms.ChoiceField(choices=SEAT_CHOICES, required=False)
                if self.dora:
                    self.fields[f"dora_{s}"] = forms.IntegerField(
                        required=False, min_value=0, max_value=99, label="Dora"
                    )
            self.fields[f"score_{s}"] = forms.IntegerField(
                required=False, min_value=0, label="Fixed score"
            )
        hand_values.add_fields(self, rules)  # the yaku picker, where the rules have a table
        self.penalty_kinds = penalty_kinds(self.options)
        for i in range(PENALTY_ROWS):
            self.fields[f"penalty_seat_{i}"] = forms.ChoiceField(
                choices=SEAT_CHOICES, required=False
            )
            self.fields[f"penalty_kind_{i}"] = forms.ChoiceField(
                choices=self.penalty_kinds, required=False
            )
            self.fields[f"penalty_points_{i}"] = forms.IntegerField(
                required=False, min_value=1, label="Points"
            )
            self.fields[f"penalty_to_{i}"] = forms.ChoiceField(choices=SEAT_CHOICES, required=False)
        results = [
            r
            for r in RESULTS
            if (r[0] != "abortive" or self.options["abortive_draws"])
            and (r[0] != "chombo" or self.options["chombo"] != "none")
        ]
        self.fields["result"].choices = results
        self.fields["reason"].choices = [
            (v, w)
            for v, w in ABORT_WORDS.items()
            if (v != "triple_ron" or self.options["triple_ron_aborts"])
            and (v != "four_riichi" or self.options["riichi"])
        ]
        if correction:
            self.fields["change_reason"] = forms.CharField(
                max_length=200, label="Reason for the correction"
            )
            # The hand's entity tag when the form was drawn: the save goes through only if
            # the hand is still that one (another device may have changed it meanwhile).
            self.fields["hand_tag"] = forms.CharField(
                widget=forms.HiddenInput, required=False, max_length=100
            )
        if not self.is_bound and not correction:
            self.initial.setdefault("key", uuid.uuid4().hex)

    # -- what the template renders ------------------------------------------------------------

    def _current(self, name: str) -> list[str]:
        if self.is_bound:
            getlist = getattr(self.data, "getlist", None)
            values = getlist(name) if getlist else self.data.get(name)
        else:
            values = self.initial.get(name)
        if values is None:
            return []
        if isinstance(values, list | tuple):
            return [str(v) for v in values]
        return [str(values)]

    def _options(self, name: str, choices: list[tuple[str, str]]) -> list[dict[str, Any]]:
        current = self._current(name)
        return [{"value": v, "label": lbl, "checked": v in current} for v, lbl in choices]

    def seat_options(self, name: str) -> list[dict[str, Any]]:
        winds = seat_winds(self.dealer)
        current = self._current(name)
        return [
            {
                "value": str(s),
                "label": self.names[s],
                "wind": WIND_NAMES[winds[s]],
                "checked": str(s) in current,
            }
            for s in range(4)
        ]

    def _errors_of(self, *names: str) -> list[str]:
        if not self.is_bound:
            return []
        return [e for n in names for e in (self.errors.get(n) or [])]

    def layout(self) -> dict[str, Any]:
        """Everything the entry screen shows, with what is ticked."""
        seats = []
        for s in range(4):
            seat: dict[str, Any] = {
                "seat": s,
                "name": self.names[s],
                "errors": self._errors_of(*(f"{f}_{s}" for f in SEAT_VALUE_FIELDS)),
            }
            if self.points_doubles:
                seat["points"] = self._current(f"points_{s}")[:1]
                seat["doubles"] = self._current(f"doubles_{s}")[:1]
                seat["sets"] = hand_values.sets_layout(self, s)
            else:
                seat["han"] = self._options(f"value_{s}", self.han_choices)
                seat["limits"] = self._options(f"value_{s}", self.limit_choices)
                seat["fu"] = self._options(f"fu_{s}", [(str(f), str(f)) for f in FU_VALUES])
                seat["pao"] = self._current(f"pao_{s}")[:1]
                seat["yaku"] = hand_values.layout(self, s)
                seat["tiles"] = hand_values.tile_layout(self, s)
            seats.append(seat)
        nagashi = self.seat_options("nagashi") if self.options["nagashi_mangan_percent"] else []
        more = self._more_layout(nagashi)
        return {
            "results": self._options("result", self.fields["result"].choices),
            "winners": self.seat_options("winners"),
            "discarder": self.seat_options("discarder"),
            "riichi": self.seat_options("riichi") if self.options["riichi"] else [],
            "tenpai": self.seat_options("tenpai"),
            "nagashi": nagashi,
            "reasons": self._options("reason", self.fields["reason"].choices),
            "offender": self.seat_options("offender"),
            "seats": seats,
            "points_doubles": self.points_doubles,
            "pao": self.options["pao"],
            "more": more,
        }

    def _more_layout(self, nagashi: list[dict[str, Any]]) -> dict[str, Any]:
        """The folded "More" section: dora and fixed scores per seat, nagashi, penalties."""
        seats = [
            {
                "seat": s,
                "name": self.names[s],
                "dora": self._current(f"dora_{s}")[:1] if self.dora else [],
                "score": self._current(f"score_{s}")[:1],
                "errors": self._errors_of(f"dora_{s}", f"score_{s}"),
            }
            for s in range(4)
        ]
        penalties = []
        for i in range(PENALTY_ROWS):
            penalties.append(
                {
                    "row": i,
                    "number": i + 1,
                    "seat": self._current(f"penalty_seat_{i}")[:1],
                    "kinds": self._options(f"penalty_kind_{i}", self.penalty_kinds),
                    "points": self._current(f"penalty_points_{i}")[:1],
                    "to": self._current(f"penalty_to_{i}")[:1],
                    "errors": self._errors_of(
                        *(f"penalty_{f}_{i}" for f in ("seat", "kind", "points", "to"))
                    ),
                }
            )
        summary = [
            *(["dora"] if self.dora else []),
            "fixed score",
            *(["nagashi mangan"] if nagashi else []),
            "penalties",
            "note",
        ]
        used = any(
            v not in ("", None)
            for name in self.fields
            if name.startswith(MORE_FIELD_PREFIXES)
            for v in self._current(name)
        ) or any(o["checked"] for o in nagashi)
        has_errors = any(n.startswith(MORE_FIELD_PREFIXES) for n in self.errors) or (
            "nagashi" in self.errors
        )
        return {
            "summary": ", ".join(summary),
            "open": used or (self.is_bound and has_errors),
            "dora": self.dora,
            "min_han": self.options["min_han"],
            "score_label": "Fixed score" if self.points_doubles else "Score in basic points",
            "seats": seats,
            "penalties": penalties,
            "nagashi_errors": self._errors_of("nagashi"),
            "note": self._current("note")[:1],
            "note_errors": self._errors_of("note"),
        }

    # -- the hand -----------------------------------------------------------------------------

    def _win(self, s: int) -> dict[str, Any]:
        win: dict[str, Any] = {"seat": s}
        d = self.cleaned_data
        name = self.names[s]
        score = d.get(f"score_{s}")
        dora = d.get(f"dora_{s}") or 0
        if self.points_doubles:
            by_parts = hand_values.parts_value(self, s, _Incomplete, winner=True)
            if by_parts is not None:
                return by_parts
            if score is not None:
                if d.get(f"points_{s}") is not None or d.get(f"doubles_{s}"):
                    self.add_error(
                        f"score_{s}",
                        f"Give either {name}'s points and doubles or a fixed score, not both.",
                    )
                    raise _Incomplete
                win["score"] = score
                return win
            if d.get(f"points_{s}") is None:
                self.add_error(f"points_{s}", f"Give {name}'s points.")
                raise _Incomplete
            win["points"] = d[f"points_{s}"]
            win["doubles"] = d.get(f"doubles_{s}") or 0
            return win
        by_yaku = hand_values.win(self, s, _Incomplete)
        if by_yaku is not None:
            return by_yaku
        value = d.get(f"value_{s}") or ""
        if score is not None:
            if value:
                self.add_error(
                    f"score_{s}", f"Give either {name}'s han (or a limit) or a score, not both."
                )
                raise _Incomplete
            win["score"] = score
            return win
        if not value:
            self.add_error(f"value_{s}", f"Choose {name}'s han (or a limit).")
            raise _Incomplete
        if value.startswith("y"):
            win["yakuman"] = int(value[1:])
            if d.get(f"pao_{s}") not in (None, ""):
                win["pao"] = int(d[f"pao_{s}"])
        elif value.startswith("h"):
            win["han"] = int(value[1:])
        else:
            win["han"] = int(value)
            if not d.get(f"fu_{s}"):
                self.add_error(f"fu_{s}", f"Choose {name}'s fu.")
                raise _Incomplete
            win["fu"] = int(d[f"fu_{s}"])
        if dora and "han" in win:  # dora matter only to a win counted in han
            win["dora"] = dora
        return win

    def _loser(self, s: int) -> dict[str, Any]:
        """A loser's own hand under Standard scoring: points and doubles, or a fixed score."""
        d = self.cleaned_data
        by_parts = hand_values.parts_value(self, s, _Incomplete, winner=False)
        if by_parts is not None:
            return by_parts
        if d.get(f"score_{s}") is not None:
            if d.get(f"points_{s}") or d.get(f"doubles_{s}"):
                self.add_error(
                    f"score_{s}",
                    f"Give either {self.names[s]}'s points and doubles or a fixed score, not both.",
                )
                raise _Incomplete
            return {"seat": s, "score": d[f"score_{s}"]}
        return {
            "seat": s,
            "points": d.get(f"points_{s}") or 0,
            "doubles": d.get(f"doubles_{s}") or 0,
        }

    def _penalties(self) -> list[dict[str, Any]]:
        """The filled penalty rows, in order; ``self.penalty_rows`` keeps which row each is."""
        d = self.cleaned_data
        penalties = []
        self.penalty_rows: list[int] = []
        for i in range(PENALTY_ROWS):
            seat, kind = d.get(f"penalty_seat_{i}") or "", d.get(f"penalty_kind_{i}") or ""
            amount, to = d.get(f"penalty_points_{i}"), d.get(f"penalty_to_{i}") or ""
            if not (seat or kind or amount is not None or to):
                continue
            if not seat:
                self.add_error(f"penalty_seat_{i}", f"Penalty {i + 1}: choose who pays it.")
                raise _Incomplete
            if not kind:
                self.add_error(f"penalty_kind_{i}", f"Penalty {i + 1}: choose what it is for.")
                raise _Incomplete
            penalty: dict[str, Any] = {"seat": int(seat)}
            if kind == "points":
                if amount is None:
                    self.add_error(
                        f"penalty_points_{i}", f"Penalty {i + 1}: give the points it costs."
                    )
                    raise _Incomplete
                penalty["points"] = amount
                if to:
                    penalty["to"] = int(to)
            else:  # the rules price it: an amount left in the hidden inputs does not count
                penalty["kind"] = kind
            penalties.append(penalty)
            self.penalty_rows.append(i)
        return penalties

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        # A missing field raises _Incomplete after adding its own error to the form.
        with contextlib.suppress(_Incomplete):
            self.cleaned_data["hand"] = self._hand()
        return self.cleaned_data

    def _seats(self, name: str) -> list[int]:
        return sorted(int(s) for s in self.cleaned_data.get(name) or [])

    def _hand(self) -> dict[str, Any]:
        d = self.cleaned_data
        result = d["result"]
        hand: dict[str, Any] = {"result": result}
        if result in ("ron", "tsumo"):
            winners = self._seats("winners")
            if not winners:
                self.add_error("winners", "Tap who won.")
                raise _Incomplete
            if result == "ron":
                if d.get("discarder") in (None, ""):
                    self.add_error("discarder", "Tap who discarded the winning tile.")
                    raise _Incomplete
                hand["from"] = int(d["discarder"])
                # Winners in turn order after the discarder, as the game record lists them.
                winners.sort(key=lambda s: (s - hand["from"]) % 4)
            hand["wins"] = [self._win(s) for s in winners]
            if self.points_doubles:
                hand["losers"] = [self._loser(s) for s in range(4) if s not in winners]
        elif result == "draw":
            hand["tenpai"] = self._seats("tenpai")
            if self._seats("nagashi"):
                hand["nagashi"] = self._seats("nagashi")
        elif result == "abortive":
            if not d.get("reason"):
                self.add_error("reason", "Choose why the deal was aborted.")
                raise _Incomplete
            hand["reason"] = d["reason"]
        else:
            if d.get("offender") in (None, ""):
                self.add_error("offender", "Tap who made the chombo.")
                raise _Incomplete
            hand["offender"] = int(d["offender"])
        riichi = self._seats("riichi")
        if riichi and self.options["riichi"]:
            hand["riichi"] = riichi
        penalties = self._penalties()
        if penalties:
            hand["penalties"] = penalties
        if d.get("note"):
            hand["note"] = d["note"]
        return hand

    def hand(self) -> dict[str, Any]:
        return dict(self.cleaned_data["hand"])

    # -- the engine's refusals ----------------------------------------------------------------

    def engine_error_field(self, error: engine.EngineError, number: int) -> str | None:
        """The form field behind the game-record field the engine names, if the form has one.

        ``number`` is the hand this form enters; an error about another hand (a later hand a
        correction made impossible) belongs to no field here.
        """
        hand = self.cleaned_data.get("hand") if hasattr(self, "cleaned_data") else None
        path = error.field or ""
        if not hand or not path or error.hand != number:
            return None
        if m := re.fullmatch(r"(wins|losers)\[(\d+)\](?:\.(\w+))?.*", path):
            values = hand.get(m[1]) or []
            if int(m[2]) >= len(values):
                return None
            seat = values[int(m[2])]["seat"]
            part = VALUE_FIELD_FOR.get(m[3] or "", "points" if self.points_doubles else "value")
            if part == "value" and self.points_doubles:
                part = "points"
            name = f"{part}_{seat}"
            return name if name in self.fields else None
        if m := re.fullmatch(r"penalties\[(\d+)\](?:\.(\w+))?", path):
            rows = getattr(self, "penalty_rows", [])
            if int(m[1]) >= len(rows):
                return None
            part = m[2] if m[2] in ("seat", "points", "to") else "kind"
            return f"penalty_{part}_{rows[int(m[1])]}"
        name = HAND_FIELD_FOR.get(path)
        return name if name in self.fields else None

    def engine_error_text(self, error: engine.EngineError, number: int) -> str:
        """The engine's refusal in the scorer's words, led by the field it names on the form."""
        field = self.engine_error_field(error, number)
        if field is None:
            return str(error)
        return f"{self._field_label(field)}: {error.detail}"

    def add_engine_error(self, error: engine.EngineError, number: int) -> str:
        """Put the engine's refusal on the field it names (else on the form); returns it."""
        text = self.engine_error_text(error, number)
        self.add_error(self.engine_error_field(error, number), text)
        return text

    def _field_label(self, field: str) -> str:
        if m := re.fullmatch(r"penalty_\w+_(\d+)", field):
            return f"Penalty {int(m[1]) + 1}"
        if m := re.fullmatch(r"(\w+)_(\d)", field):
            return f"{self.names[int(m[2])]}'s {SEAT_FIELD_WORDS[m[1]]}"
        return HAND_FIELD_WORDS.get(field, field)


# The entry form's fields of one seat's value, and of the "More" section.
SEAT_VALUE_FIELDS = ("value", "fu", "pao", "points", "doubles")
MORE_FIELD_PREFIXES = ("dora_", "score_", "penalty_", "note")
# A field inside a game record's win or loser → the entry form's field of that seat.
VALUE_FIELD_FOR = {
    "han": "value",
    "yakuman": "value",
    "fu": "fu",
    "dora": "dora",
    "score": "score",
    "pao": "pao",
    "points": "points",
    "doubles": "doubles",
}
SEAT_FIELD_WORDS = {
    "value": "han",
    "fu": "fu",
    "dora": "dora",
    "score": "score",
    "pao": "liable player",
    "points": "points",
    "doubles": "doubles",
}
# A field of the game-record hand → the entry form's field, and its name on the screen.
HAND_FIELD_FOR = {
    "result": "result",
    "from": "discarder",
    "wins": "winners",
    "riichi": "riichi",
    "tenpai": "tenpai",
    "nagashi": "nagashi",
    "reason": "reason",
    "offender": "offender",
}
HAND_FIELD_WORDS = {
    "result": "Result",
    "discarder": "Discarded by",
    "winners": "Who won",
    "riichi": "Riichi",
    "tenpai": "Ready at the draw",
    "nagashi": "Nagashi mangan",
    "reason": "Why aborted",
    "offender": "Chombo by",
}


def initial_from_hand(data: dict[str, Any]) -> dict[str, Any]:
    """The entry form's initial values for an existing hand (to correct it)."""
    initial: dict[str, Any] = {"result": data.get("result"), "note": data.get("note") or ""}
    wins = data.get("wins") or []
    initial["winners"] = [str(w["seat"]) for w in wins]
    if data.get("from") is not None:
        initial["discarder"] = str(data["from"])
    for w in [*wins, *(data.get("losers") or [])]:
        s = w["seat"]
        if w.get("yakuman"):
            initial[f"value_{s}"] = f"y{w['yakuman']}"
            if w.get("pao") is not None:
                initial[f"pao_{s}"] = str(w["pao"])
        elif w.get("han") is not None:
            initial[f"value_{s}"] = str(w["han"]) if w.get("fu") else f"h{w['han']}"
            if w.get("fu"):
                initial[f"fu_{s}"] = str(w["fu"])
        if w.get("dora"):
            initial[f"dora_{s}"] = w["dora"]
        if w.get("score") is not None:
            initial[f"score_{s}"] = w["score"]
        if w.get("points") is not None:
            initial[f"points_{s}"] = w["points"]
            initial[f"doubles_{s}"] = w.get("doubles", 0)
    initial.update(hand_values.initial(data))  # a hand entered by yaku reopens by yaku
    for name in ("riichi", "tenpai", "nagashi"):
        initial[name] = [str(s) for s in data.get(name) or []]
    if data.get("reason"):
        initial["reason"] = data["reason"]
    if data.get("offender") is not None:
        initial["offender"] = str(data["offender"])
    for i, p in enumerate((data.get("penalties") or [])[:PENALTY_ROWS]):
        initial[f"penalty_seat_{i}"] = str(p["seat"])
        initial[f"penalty_kind_{i}"] = p.get("kind") or "points"
        if p.get("points") is not None:
            initial[f"penalty_points_{i}"] = p["points"]
        if p.get("to") is not None:
            initial[f"penalty_to_{i}"] = str(p["to"])
    return initial


def form_cannot_show(data: dict[str, Any], options: dict[str, Any]) -> list[str]:
    """What of a hand the entry form cannot show, in words (empty when it shows it whole).

    Saving a correction from the form replaces the hand, so these would be dropped.
    """
    missing = []
    if len(data.get("penalties") or []) > PENALTY_ROWS:
        missing.append(f"more than {PENALTY_ROWS} penalties")
    limits = {int(v[1:]) for v, _ in limit_buttons(options) if v.startswith("h")}
    for w in [*(data.get("wins") or []), *(data.get("losers") or [])]:
        han = w.get("han")
        if han is not None and (
            (w.get("fu") is None and han not in limits) or (w.get("fu") is not None and han > 4)
        ):
            missing.append(f"{han} han")
    return list(dict.fromkeys(missing))


# ---------------------------------------------------------------------------------------------
# Small forms


class ReasonForm(forms.Form):
    reason = forms.CharField(max_length=200, label="Reason")


class HandDeleteForm(ReasonForm):
    hand_tag = forms.CharField(widget=forms.HiddenInput, required=False, max_length=100)


class ConfirmForm(forms.Form):
    seat = forms.IntegerField(min_value=0, max_value=3, widget=forms.HiddenInput)
    pin = forms.CharField(max_length=8, required=False, label="PIN")
    # The result the page showed (Game.result_tag): a correction since refuses it.
    result = forms.CharField(max_length=64, required=False, widget=forms.HiddenInput)
