"""The one error body of the API, for every app's schema."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from core.bounds import DATABASE_ID


class ErrorBodySerializer(serializers.Serializer):
    """The one error body of the API, whatever the status."""

    code = serializers.CharField(help_text="Stable, for programs: e.g. invalid, not_found.")
    message = serializers.CharField(help_text="For people: what is wrong, naming the field.")
    field = serializers.CharField(
        required=False, help_text="The input at fault, e.g. players or wins[0].han."
    )
    hand = serializers.IntegerField(
        required=False, help_text="The hand at fault (its number in the game), for a hand."
    )

    class Meta:
        ref_name = "ErrorBody"


class ErrorSerializer(serializers.Serializer):
    error = ErrorBodySerializer()

    class Meta:
        ref_name = "Error"


class IdField(serializers.IntegerField):
    """A row's id: a whole number from 1 to :data:`core.bounds.DATABASE_ID`. A larger one names
    no row and is refused here (SQLite cannot even compare it with its ids)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", DATABASE_ID)
        super().__init__(**kwargs)
