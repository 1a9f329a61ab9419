"""``{% page_link param number %}``: the address of another page of one list on a page that
holds several (the people page pages its players and its members apart), keeping the rest
of the query (a search, the other list's page)."""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()


@register.simple_tag(takes_context=True)
def page_link(context: dict[str, Any], param: str, number: int) -> str:
    query = context["request"].GET.copy()
    query[param] = str(number)
    return f"?{query.urlencode()}"
