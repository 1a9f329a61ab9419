"""API tokens: the login that gives one (:class:`core.security.TokenLoginApi`), the call that
ends one, and the two events that end one without it.

A user has at most one token (DRF's authtoken). It ends when its holder says so
(``DELETE /api/auth/token/``), logs out of the site, or changes their password: a token that
leaked is then gone without an administrator. The next token login makes a new one.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import is_password_usable
from django.contrib.auth.signals import user_logged_out
from django.http import HttpRequest
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.authtoken.models import Token
from rest_framework.permissions import AllowAny, BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from core.api import Api
from core.security import TokenLoginApi
from core.serializers import ErrorSerializer


def token_revoke(*, user: Any) -> bool:
    """End the user's API token; True if there was one."""
    deleted, _ = Token.objects.filter(user_id=user.pk).delete()
    return deleted > 0


class TokenRevokeApi(Api):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="auth_token_destroy",
        request=None,
        responses={
            204: OpenApiResponse(description="The token is gone (or there was none)."),
            401: OpenApiResponse(ErrorSerializer, description="No login, or a bad token."),
        },
        summary="End your API token (the next token login makes a new one)",
    )
    def delete(self, request: Request) -> Response:
        token_revoke(user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TokenApi(TokenLoginApi, TokenRevokeApi):
    """POST and DELETE /api/auth/token/: anyone may try to log in; ending a token needs one."""

    def get_permissions(self) -> list[BasePermission]:
        if self.request.method == "DELETE":
            return [IsAuthenticated()]
        return [AllowAny()]


# ---------------------------------------------------------------------------------------------
# Logout and a password change end the token too.


def revoke_on_logout(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    if user is not None:
        token_revoke(user=user)


def note_password_change(sender: Any, instance: Any, raw: bool = False, **kwargs: Any) -> None:
    """Before a user is saved: mark a changed password.

    set_password() keeps the new password until the save (``_password``); a hash upgraded at a
    login does not, and is no change. A password made unusable has no raw password, so that one
    is found by comparing with the stored hash."""
    if raw or instance.pk is None:
        return
    changed = instance._password is not None
    if not changed and not is_password_usable(instance.password):
        stored = type(instance).objects.filter(pk=instance.pk).values_list("password", flat=True)
        changed = any(is_password_usable(p) for p in stored)
    instance._tenbou_password_changed = changed


def revoke_on_password_change(sender: Any, instance: Any, **kwargs: Any) -> None:
    if getattr(instance, "_tenbou_password_changed", False):
        instance._tenbou_password_changed = False
        token_revoke(user=instance)


def connect() -> None:
    from django.db.models.signals import post_save, pre_save

    user_model = get_user_model()
    user_logged_out.connect(revoke_on_logout, dispatch_uid="tenbou.token.logout")
    pre_save.connect(note_password_change, sender=user_model, dispatch_uid="tenbou.token.pw")
    post_save.connect(
        revoke_on_password_change, sender=user_model, dispatch_uid="tenbou.token.pw.revoke"
    )
