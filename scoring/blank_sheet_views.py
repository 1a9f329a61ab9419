"""Tonight's blank score sheets without starting a game: the scorer picks the rules and the
players (three or four, as the rules seat) on the club's page and gets the sheet to fill in
on paper (keyed in afterwards)."""

from __future__ import annotations

import random

from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods
from rest_framework.exceptions import APIException

import engine
from clubs.access import get_club_for_user
from core import pdf as core_pdf
from scoring import pdf, policy, services, sheet_data
from scoring.forms import GameStartForm
from scoring.services.games import check_seat_count, seat_count
from scoring.sheet_views import _inline, _refused, _render


@login_required
@require_http_methods(["GET", "POST"])
def club_blank_sheet(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_club_for_user(request.user, slug, role=policy.START_ROLE)
    form = GameStartForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        try:
            kwargs = form.start_kwargs()
            rules, rules_name, _ = services.game_rules(
                club=club,
                rules=kwargs.get("rules"),
                league=kwargs.get("league"),
                ruleset_version=kwargs.get("ruleset_version"),
            )
            names = [" ".join(n.split()) for n in kwargs["seats"] if n.strip()]
            # A name line per seat the rules have: three under three-player rules.
            check_seat_count(len(names), seat_count(rules))
        except (services.GameError, engine.EngineError) as e:
            form.add_error(None, str(e))
        except ValidationError as e:  # half a start state, an empty rule set
            form.add_error(None, e)
        else:
            if kwargs["draw_seats"]:
                random.SystemRandom().shuffle(names)
            league = kwargs.get("league")
            sheet = sheet_data.blank_sheet_for(
                club=club,
                names=names,
                rules=rules,
                rules_name=rules_name,
                league=league.name if league else "",
                table=kwargs["table"],
                start=kwargs.get("start"),
                address=request.build_absolute_uri(
                    reverse("scoring:game_new", kwargs={"slug": club.slug})
                ),
            )
            try:
                content = _render(pdf.blank_sheet_pdf, sheet)
            except APIException as e:
                return _refused(e)
            table = ("table", kwargs["table"]) if kwargs["table"] else ()
            filename = core_pdf.sheet_filename(club.slug, sheet.header.played_on, *table, "blank")
            return _inline(content, filename)
    return render(request, "scoring/blank_sheet_form.html", {"club": club, "form": form})
