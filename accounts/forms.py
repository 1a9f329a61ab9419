"""The sign-up form: Django's own (username, password twice, its password validators) with an
optional e-mail address for password resets (never refused for being another account's too:
that would tell who has an account here, docs/accounts.md); and Django's password change
form, its current password checked as a login is, so that wrong ones are throttled as failed
logins are."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import authenticate
from django.contrib.auth.forms import PasswordChangeForm, UserCreationForm
from django.contrib.auth.models import User
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from core.security import answer_lockout_here, lockout_message


class SignupForm(UserCreationForm[User]):
    email = forms.EmailField(
        required=False,
        label=_("E-mail (optional)"),
        help_text=_("Only to reset a forgotten password; never shown to anyone."),
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].help_text = _("Letters, digits and @ . + - _ (150 at most).")
        self.fields["username"].widget.attrs["autocomplete"] = "username"


class ThrottledPasswordChangeForm(PasswordChangeForm):
    """Django's form, the current password checked through ``authenticate()`` as a login is:
    django-axes counts a wrong one against the username and address, with the failed logins,
    and refuses the pair once it is locked out (docs/accounts.md says why)."""

    def __init__(self, user: User, *args: Any, request: HttpRequest, **kwargs: Any) -> None:
        super().__init__(user, *args, **kwargs)
        self.request = request

    def clean_old_password(self) -> str:
        old: str = self.cleaned_data["old_password"]
        found = authenticate(self.request, username=self.user.get_username(), password=old)
        if found is not None and found.pk == self.user.pk:
            return old
        if getattr(self.request, "axes_locked_out", False):
            answer_lockout_here(self.request)
            raise forms.ValidationError(lockout_message(), code="locked_out")
        raise forms.ValidationError(
            self.error_messages["password_incorrect"], code="password_incorrect"
        )
