"""Pages of club rule sets: the list, one rule set, and the form to make or change one."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext

import engine
from clubs.access import Role, get_club_for_user, role_of
from clubs.models import Club
from clubs.policy import may_manage_rulesets
from core.formats import option_setting
from core.i18n import described, preset_description
from rulesets import services
from rulesets.forms import RuleSetForm, TemplatePickForm, parse_template_key
from rulesets.models import RuleSet
from rulesets.selectors import club_rulesets_page, ruleset_summary, ruleset_versions_page


def ruleset_list(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_club_for_user(request.user, slug)
    summaries, page = club_rulesets_page(club, request.GET.get("page"))
    return render(
        request,
        "rulesets/ruleset_list.html",
        {
            "club": club,
            "summaries": summaries,
            "page": page,
            "can_edit": may_manage_rulesets(role_of(request.user, club)),
        },
    )


def ruleset_detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = get_club_for_user(request.user, slug)
    ruleset = get_object_or_404(RuleSet, club=club, pk=pk)
    summary = ruleset_summary(ruleset, with_games=False)
    current = summary.current.version
    return render(
        request,
        "rulesets/ruleset_detail.html",
        {
            "club": club,
            "summary": summary,
            "versions": ruleset_versions_page(summary, request.GET.get("page")),
            "ruleset": ruleset,
            "options": _grouped(engine.resolve_rules(current.rules)),
            "can_edit": may_manage_rulesets(role_of(request.user, club)),
        },
    )


def _grouped(rules: engine.Rules) -> list[tuple[str, list[tuple[str, str]]]]:
    """Every option of ``rules`` as (label, value in words), grouped by category."""
    groups: dict[str, list[tuple[str, str]]] = {}
    for d in described(engine.describe_options(rules)):
        groups.setdefault(d["category"], []).append((d["label"], option_setting(d, d["default"])))
    return list(groups.items())


def _template(
    request: HttpRequest, club: Club, ruleset: RuleSet | None
) -> services.Template | None:
    """The template the form is for: the one picked (POST, then GET), else the rule set's own."""
    key = request.POST.get("template") or request.GET.get("template")
    if key:
        try:
            return services.template_for(club=club, within=ruleset, **_template_kwargs(key, club))
        except services.RuleSetError as e:
            messages.error(request, str(e))
    if ruleset is not None:
        return services.template_of(ruleset)
    return None


def _template_kwargs(key: str, club: Club) -> dict[str, Any]:
    parsed = parse_template_key(key, club)
    return {"preset": parsed["template_preset"], "ruleset": parsed["template_ruleset"]}


def _form_page(request: HttpRequest, club: Club, ruleset: RuleSet | None) -> HttpResponse:
    template = _template(request, club, ruleset)
    if template is None:  # a new rule set starts from the first built-in preset
        template = services.template_for(club=club, preset=engine.preset_ids()[0])
    # On another template, the rule set's own changes stay on top of the new template's values.
    options = ruleset.options if ruleset is not None else {}
    initial = (
        {"name": ruleset.name, "description": ruleset.description} if ruleset is not None else {}
    )
    if request.method == "POST":
        form = RuleSetForm(request.POST, template=template, options=options)
        if form.is_valid():
            kwargs = {
                "name": form.cleaned_data["name"],
                "description": form.cleaned_data["description"],
                "options": form.options(),
                **parse_template_key(form.cleaned_data["template"], club),
            }
            try:
                if ruleset is None:
                    saved = services.ruleset_create(club=club, created_by=request.user, **kwargs)
                    messages.success(
                        request, gettext("Rule set %(name)s saved.") % {"name": saved.name}
                    )
                else:
                    saved = services.ruleset_update(ruleset=ruleset, user=request.user, **kwargs)
                    messages.success(
                        request,
                        gettext("Rule set %(name)s saved; new games use the new rules.")
                        % {"name": saved.name},
                    )
            except (services.RuleSetError, engine.EngineError) as e:
                form.add_engine_error(e)
            else:
                return redirect("rulesets:detail", slug=club.slug, pk=saved.pk)
    else:
        form = RuleSetForm(template=template, options=options, initial=initial)
    pick = TemplatePickForm(initial={"template": template.key}, club=club, ruleset=ruleset)
    # A built-in template says what it is, in the reader's language.
    about = (
        preset_description(engine.get_preset(template.preset).description)
        if template.ruleset is None
        else ""
    )
    return render(
        request,
        "rulesets/ruleset_form.html",
        {
            "club": club,
            "ruleset": ruleset,
            "form": form,
            "pick": pick,
            "template": template,
            "template_about": about,
        },
    )


@login_required
def ruleset_create(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_club_for_user(request.user, slug, role=Role.ORGANISER)
    return _form_page(request, club, None)


@login_required
def ruleset_edit(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = get_club_for_user(request.user, slug, role=Role.ORGANISER)
    ruleset = get_object_or_404(RuleSet, club=club, pk=pk)
    return _form_page(request, club, ruleset)
