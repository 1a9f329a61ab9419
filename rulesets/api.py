"""The rule set API: built-in presets, and a club's rule sets (list, create, read, replace).

One class per operation, each with its nested input and output serializers. Every refusal
answers ``{"error": {"code", "message", "field"}}``; a bad option value names the option.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

import engine
from clubs.access import Role, get_club_for_user
from clubs.models import Club
from core import bounds
from core.api import ERRORS, Api, PageQuery, page_query, paged
from core.i18n import described, preset_description, rule_word
from core.serializers import ErrorSerializer, IdField
from rulesets import services
from rulesets.models import RuleSet
from rulesets.selectors import RuleSetSummary, club_rulesets, ruleset_summary

# Output shapes shared by the rule set operations.


class OptionChoiceSerializer(serializers.Serializer):
    value = serializers.JSONField(help_text="The value to send for this choice.")
    label = serializers.CharField()

    class Meta:
        ref_name = "OptionChoice"


class OptionSerializer(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField()
    help = serializers.CharField()
    category = serializers.CharField()
    type = serializers.ChoiceField(choices=["int", "bool", "choice", "uma"])
    default = serializers.JSONField(help_text="The value in this preset.")
    choices = OptionChoiceSerializer(many=True, required=False)
    minimum = serializers.IntegerField(required=False)
    maximum = serializers.IntegerField(required=False)
    step = serializers.IntegerField(required=False)


class ChangeSerializer(serializers.Serializer):
    option = serializers.CharField()
    label = serializers.CharField()
    value = serializers.JSONField()
    template_value = serializers.JSONField()
    text = serializers.CharField(
        help_text='In words: "Dealer\'s extra hands: 1,500 instead of 300".'
    )


class RuleSetOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    description = serializers.CharField()
    template = inline_serializer(
        "RuleSetTemplate",
        {
            "preset": serializers.CharField(allow_null=True),
            "ruleset": serializers.IntegerField(allow_null=True),
            "name": serializers.CharField(),
        },
    )
    version = serializers.IntegerField(help_text="The current version: what new games copy.")
    options = serializers.DictField(help_text="The options changed from the template.")
    changes = ChangeSerializer(many=True)
    rules = serializers.DictField(help_text='Resolved: {"preset": id, "options": {every option}}.')
    template_changed_since = serializers.BooleanField()
    versions = serializers.ListField(
        child=inline_serializer(
            "RuleSetVersionSummary",
            {
                "number": serializers.IntegerField(),
                "created": serializers.DateTimeField(),
                "options": serializers.DictField(),
                "games": serializers.IntegerField(help_text="Games started with this version."),
            },
        )
    )


def ruleset_data(summary: RuleSetSummary) -> dict[str, Any]:
    rs, current = summary.ruleset, summary.current.version
    return {
        "id": rs.pk,
        "name": rs.name,
        "description": rs.description,
        "template": {
            "preset": rs.template_preset or None,
            "ruleset": rs.template_ruleset_id,
            "name": summary.template_name,
        },
        "version": current.number,
        "options": current.options,
        "changes": [c.as_dict() for c in summary.current.changes],
        "rules": current.rules,
        "template_changed_since": summary.template_moved_on,
        "versions": [
            {
                "number": v.version.number,
                "created": v.version.created,
                "options": v.version.options,
                "games": v.version.game_count,  # type: ignore[attr-defined]
            }
            for v in summary.versions
        ],
    }


class RuleSetInputSerializer(serializers.Serializer):
    """What a client sends to create or replace a rule set: one template, and the changes."""

    name = serializers.CharField(max_length=bounds.NAME)
    description = serializers.CharField(
        required=False, allow_blank=True, default="", max_length=bounds.DESCRIPTION
    )
    template_preset = serializers.CharField(
        required=False, allow_blank=True, default="", help_text="A built-in preset id."
    )
    template_ruleset = IdField(
        required=False, allow_null=True, default=None, help_text="Another rule set of the club."
    )
    options = serializers.DictField(
        required=False,
        default=dict,
        help_text="Options changed from the template; values equal to the template's are dropped.",
    )


def _service_kwargs(club: Club, data: dict[str, Any]) -> dict[str, Any]:
    template_ruleset = None
    if data["template_ruleset"] is not None:
        template_ruleset = RuleSet.objects.filter(club=club, pk=data["template_ruleset"]).first()
        if template_ruleset is None:
            raise services.RuleSetError(
                f"{club.name} has no rule set {data['template_ruleset']}.",
                code="template",
                field="template_ruleset",
            )
    return {
        "name": data["name"],
        "description": data["description"],
        "template_preset": data["template_preset"],
        "template_ruleset": template_ruleset,
        "options": data["options"],
    }


class YakuTableSerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    source = serializers.CharField(help_text="Which rule text the values come from.")

    class Meta:
        ref_name = "YakuTable"


class YakuSerializer(serializers.Serializer):
    id = serializers.CharField(help_text="The id a game record names it by.")
    name = serializers.CharField()
    han_closed = serializers.IntegerField(allow_null=True, help_text="Null for a yakuman.")
    han_open = serializers.IntegerField(
        allow_null=True, help_text="Null for a yakuman or where a concealed hand is needed."
    )
    yakuman = serializers.IntegerField(help_text="How many yakuman it counts (0 for a yaku).")
    concealed_only = serializers.BooleanField()
    win = serializers.ChoiceField(
        choices=["tsumo", "ron"], required=False, help_text="The only way it can be won."
    )
    includes = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="Yaku counted inside it."
    )

    class Meta:
        ref_name = "Yaku"


class PresetListApi(Api):
    """Every built-in preset with its option values and their descriptions."""

    permission_classes = [AllowAny]

    class OutputSerializer(serializers.Serializer):
        id = serializers.CharField()
        name = serializers.CharField()
        description = serializers.CharField()
        rules = serializers.DictField(help_text="Every option's value.")
        options = OptionSerializer(many=True)
        yaku_table = YakuTableSerializer(
            allow_null=True, help_text="Where the yaku values come from; null without yaku."
        )
        yaku = YakuSerializer(
            many=True, help_text="The yaku a win may name, with their han (options applied)."
        )
        patterns = serializers.DictField(
            allow_null=True,
            help_text="Standard scoring: sets, honours, pairs, bonuses, patterns and limit "
            "hands with their values (the Italian parts); null for han and fu scoring.",
        )

        class Meta:
            ref_name = "Preset"

    @extend_schema(
        responses={200: OutputSerializer(many=True)},
        operation_id="presets_list",
        description="Every built-in preset (four-player and three-player: its `players` option) "
        "with its option values and their descriptions.",
    )
    def get(self, request: Request) -> Response:
        # The words for people in the requested language (Accept-Language); ids, option names,
        # categories and values stay as they are.
        presets = []
        for preset_id in engine.preset_ids():
            preset = engine.get_preset(preset_id).as_dict()
            preset["name"] = rule_word(preset["name"])
            preset["description"] = preset_description(preset["description"])
            preset["options"] = described(preset["options"])
            presets.append(preset)
        return Response(PresetListApi.OutputSerializer(presets, many=True).data)


class RuleSetListApi(Api):
    """The club's rule sets, each with how it differs from its template."""

    permission_classes = [AllowAny]  # a public club's rule sets are public; the club decides

    OutputSerializer = RuleSetOutputSerializer

    @extend_schema(
        parameters=[PageQuery],
        responses={
            200: RuleSetOutputSerializer(many=True),
            400: ERRORS[400],
            404: ErrorSerializer,
        },
        operation_id="rulesets_list",
        description="The club's rule sets, each with how it differs from its template, by name, "
        'a page at a time; when more follow, the Link header names the next page (rel="next").',
    )
    def get(self, request: Request, slug: str) -> Response:
        club = get_club_for_user(request.user, slug)
        return paged(
            request,
            lambda start, stop: club_rulesets(club, start, stop),
            lambda page: (
                RuleSetListApi.OutputSerializer([ruleset_data(s) for s in page], many=True).data
            ),
            **page_query(request),
        )


class RuleSetCreateApi(Api):
    """Make a rule set from a template (organisers only)."""

    permission_classes = [IsAuthenticated]

    InputSerializer = RuleSetInputSerializer
    OutputSerializer = RuleSetOutputSerializer

    @extend_schema(
        request=RuleSetInputSerializer,
        responses={
            201: RuleSetOutputSerializer,
            400: ErrorSerializer,
            403: ErrorSerializer,
            404: ErrorSerializer,
        },
        operation_id="rulesets_create",
        description=(
            "Make a rule set from a template (organisers only); a bad option value answers "
            "400 naming the option."
        ),
    )
    def post(self, request: Request, slug: str) -> Response:
        club = get_club_for_user(request.user, slug, role=Role.ORGANISER)
        given = RuleSetCreateApi.InputSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        ruleset = services.ruleset_create(
            club=club, created_by=request.user, **_service_kwargs(club, given.validated_data)
        )
        data = ruleset_data(ruleset_summary(ruleset, with_games=False))
        return Response(RuleSetCreateApi.OutputSerializer(data).data, status=201)


class RuleSetCollectionApi(RuleSetListApi, RuleSetCreateApi):
    """``/clubs/{slug}/rulesets/``: GET lists, POST creates; each operation is its own class."""

    def get_permissions(self) -> list[Any]:
        if self.request.method == "POST":
            return [IsAuthenticated()]
        return [AllowAny()]


class RuleSetDetailApi(Api):
    """One rule set with its versions."""

    permission_classes = [AllowAny]

    OutputSerializer = RuleSetOutputSerializer

    @extend_schema(
        responses={200: RuleSetOutputSerializer, 404: ErrorSerializer},
        operation_id="rulesets_retrieve",
        description="One rule set with its versions.",
    )
    def get(self, request: Request, slug: str, pk: int) -> Response:
        club = get_club_for_user(request.user, slug)
        ruleset = get_object_or_404(RuleSet, club=club, pk=pk)
        data = ruleset_data(ruleset_summary(ruleset, with_games=False))
        return Response(RuleSetDetailApi.OutputSerializer(data).data)


class RuleSetUpdateApi(Api):
    """Replace a rule set's name, template and changes: a new version (organisers only)."""

    permission_classes = [IsAuthenticated]

    InputSerializer = RuleSetInputSerializer
    OutputSerializer = RuleSetOutputSerializer

    @extend_schema(
        request=RuleSetInputSerializer,
        responses={
            200: RuleSetOutputSerializer,
            400: ErrorSerializer,
            403: ErrorSerializer,
            404: ErrorSerializer,
        },
        operation_id="rulesets_update",
        description=(
            "Replace a rule set's name, template and changes: a new version that new games "
            "copy (organisers only)."
        ),
    )
    def put(self, request: Request, slug: str, pk: int) -> Response:
        club = get_club_for_user(request.user, slug, role=Role.ORGANISER)
        ruleset = get_object_or_404(RuleSet, club=club, pk=pk)
        given = RuleSetUpdateApi.InputSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        ruleset = services.ruleset_update(
            ruleset=ruleset, user=request.user, **_service_kwargs(club, given.validated_data)
        )
        data = ruleset_data(ruleset_summary(ruleset, with_games=False))
        return Response(RuleSetUpdateApi.OutputSerializer(data).data)


class RuleSetItemApi(RuleSetDetailApi, RuleSetUpdateApi):
    """``/clubs/{slug}/rulesets/{id}/``: GET reads, PUT replaces; each its own class."""

    def get_permissions(self) -> list[Any]:
        if self.request.method == "PUT":
            return [IsAuthenticated()]
        return [AllowAny()]
