"""Sign-up, and Django's own password change and reset pages around it (docs/accounts.md says
why Django's auth views and not a library). Each write goes through accounts.services, which
leaves its audit entry."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, update_session_auth_hash
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import SetPasswordForm
from django.contrib.auth.views import INTERNAL_RESET_SESSION_TOKEN
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from accounts import services
from accounts.forms import SignupForm, ThrottledPasswordChangeForm
from accounts.gates import may_sign_up, redeem_pass
from accounts.models import Attempt
from accounts.throttle import throttled
from core.errors import DomainError


def _next_url(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return settings.LOGIN_REDIRECT_URL


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """A new account, logged in at once."""
    context: dict[str, Any] = {"next": _next_url(request)}
    if not may_sign_up(request):
        context["closed"] = True
        return render(
            request,
            "accounts/signup.html",
            context,
            status=403 if request.method == "POST" else 200,
        )
    form = SignupForm(request.POST or None)
    if request.method == "POST":
        refused = throttled(request, Attempt.Kind.SIGNUP)
        if refused:
            context.update(form=SignupForm(), refused=refused)
            return render(request, "accounts/signup.html", context, status=429)
        if form.is_valid():
            try:
                user = services.account_create(
                    username=form.cleaned_data["username"],
                    password=form.cleaned_data["password1"],
                    email=form.cleaned_data.get("email", ""),
                    admitted=lambda user: redeem_pass(request, user),
                )
            except DomainError as e:
                # The invitation that let this visitor in was used up meanwhile.
                form.add_error(None, str(e))
                context["form"] = form
                return render(request, "accounts/signup.html", context, status=403)
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(
                request,
                gettext("Welcome, %(user)s: your account is ready.")
                % {"user": user.get_username()},
            )
            return redirect(context["next"])
    context["form"] = form
    return render(request, "accounts/signup.html", context)


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset page, throttled per address, and only where the site sends mail."""

    template_name = "accounts/password_reset_form.html"
    email_template_name = "accounts/password_reset_email.txt"
    subject_template_name = "accounts/password_reset_subject.txt"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {**super().get_context_data(**kwargs), "mail": settings.MAIL_CONFIGURED}

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not settings.MAIL_CONFIGURED:
            return self.render_to_response(self.get_context_data(), status=403)
        refused = throttled(request, Attempt.Kind.RESET)
        if refused:
            context = self.get_context_data(refused=refused)
            return self.render_to_response(context, status=429)
        return super().post(request, *args, **kwargs)


class PasswordChangeView(auth_views.PasswordChangeView):
    """Django's page; wrong current passwords are throttled as failed logins are, and the new
    password is saved by the service that leaves its audit entry."""

    template_name = "accounts/password_change.html"
    form_class = ThrottledPasswordChangeForm

    def get_form_kwargs(self) -> dict[str, Any]:
        return {**super().get_form_kwargs(), "request": self.request}

    def form_valid(self, form: ThrottledPasswordChangeForm) -> HttpResponse:  # type: ignore[override]
        services.account_set_password(user=form.user, password=form.cleaned_data["new_password1"])
        # As Django's view does: this session stays logged in, the user's others end.
        update_session_auth_hash(self.request, form.user)
        return HttpResponseRedirect(self.get_success_url())


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's page for a mailed reset link; the new password goes through the service."""

    template_name = "accounts/password_reset_confirm.html"

    def form_valid(self, form: SetPasswordForm) -> HttpResponse:  # type: ignore[override]
        services.account_set_password(
            user=form.user, password=form.cleaned_data["new_password1"], reset=True
        )
        # As Django's view does (it logs no one in after a reset: post_reset_login is off).
        del self.request.session[INTERNAL_RESET_SESSION_TOKEN]
        return HttpResponseRedirect(self.get_success_url())
