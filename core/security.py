"""Login throttling (django-axes): the answer to a locked-out login, the token login that
says so, and the client address attempts are counted against.

Failed logins are counted per username and address in the database (axes' database handler),
so every app server process sees the same count.
"""

from __future__ import annotations

from typing import Any

from axes.backends import AxesStandaloneBackend
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.request import Request
from rest_framework.response import Response

from core.error_pages import API_PREFIX
from core.parsers import JSONParser
from core.serializers import ErrorSerializer

USERNAME_MAX_LENGTH = 150  # django.contrib.auth's User.username


class LoginThrottleBackend(AxesStandaloneBackend):
    """axes' check before any password check, for logins that come with a request.

    A login without one (a shell, the test client's login()) has no address to count
    against; axes would refuse it outright, so it is let through to the password check.
    """

    def authenticate(  # type: ignore[override]
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> None:
        if request is None:
            return None
        return super().authenticate(request, username, password, **kwargs)


def lockout_message() -> str:
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    return gettext(
        "Too many failed logins for this username from your address. "
        "Try again in %(minutes)s minutes."
    ) % {"minutes": minutes}


_ANSWERED_HERE = "_tenbou_lockout_answered"


def answer_lockout_here(request: HttpRequest) -> None:
    """A page other than the login checked a password (the password change) and tells of the
    lockout on its own form: its answer is kept, not replaced by the login page."""
    setattr(request, _ANSWERED_HERE, True)


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None, credentials: Any
) -> HttpResponse:
    """429 with the login page and the reason; JSON in the API's error shape under /api/."""
    status = settings.AXES_HTTP_RESPONSE_CODE
    if original_response is not None and getattr(request, _ANSWERED_HERE, False):
        original_response.status_code = status
        return original_response
    if request.path_info.startswith(API_PREFIX):
        body = {"error": {"code": "locked_out", "message": lockout_message()}}
        return JsonResponse(body, status=status)
    form = AuthenticationForm(request, initial={"username": request.POST.get("username", "")})
    context = {"form": form, "locked_out": lockout_message()}
    return render(request, "registration/login.html", context, status=status)


def client_username(request: HttpRequest, credentials: dict[str, Any] | None) -> str | None:
    """The username failed logins are counted under, cut to the longest a user can have.

    Django's login form does not enforce that length, and axes' table holds 255 characters:
    a longer name failed there with a 500 on PostgreSQL (found by schemathesis)."""
    if credentials:
        username = credentials.get("username")
    else:
        username = getattr(request, "data", request.POST).get("username")
    return None if username is None else str(username)[:USERNAME_MAX_LENGTH]


def client_ip(request: HttpRequest) -> str | None:
    """The address failed logins are counted against.

    Behind a proxy that appends the client's address to X-Forwarded-For (TRUST_X_FORWARDED_FOR),
    the last entry is the one that proxy saw; anything before it the client could have sent.
    Otherwise the connection's own address.
    """
    if settings.TRUST_X_FORWARDED_FOR:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        last = forwarded.rsplit(",", 1)[-1].strip()
        if last:
            return last
    return request.META.get("REMOTE_ADDR")


class LockedOut(exceptions.APIException):
    status_code = 429
    default_code = "locked_out"


class TokenLoginInput(AuthTokenSerializer):
    # DRF's field has no limit: a name longer than a user can have is bad input, said so.
    username = serializers.CharField(max_length=USERNAME_MAX_LENGTH, write_only=True)

    class Meta:
        ref_name = "TokenLogin"


class TokenLoginApi(ObtainAuthToken):
    """POST /api/auth/token/: a username and password for a token, throttled like the site's
    login page (axes marks the request it refused; DRF's own request object carries it)."""

    serializer_class = TokenLoginInput
    parser_classes = (JSONParser,)

    class OutputSerializer(serializers.Serializer):
        token = serializers.CharField()

        class Meta:
            ref_name = "Token"

    @extend_schema(
        operation_id="auth_token_create",
        responses={
            200: OutputSerializer,
            400: OpenApiResponse(ErrorSerializer, description="Wrong username or password."),
            429: OpenApiResponse(ErrorSerializer, description="Too many failed logins."),
        },
        summary="Exchange a username and password for an API token",
    )
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        try:
            return super().post(request, *args, **kwargs)
        except exceptions.ValidationError:
            if getattr(request, "axes_locked_out", False):
                raise LockedOut(lockout_message()) from None
            raise
