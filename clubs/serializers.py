"""The API's shape of a player, shared by the clubs' and the games' answers."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers


class PlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    display_name = serializers.CharField()
    guest = serializers.BooleanField()

    class Meta:
        ref_name = "Player"


def player_data(player: Any) -> dict[str, Any]:
    return {"id": player.pk, "display_name": player.display_name, "guest": player.user_id is None}
