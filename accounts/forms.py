"""The sign-up form: Django's own (username, password twice, its password validators) with an
optional e-mail address for password resets."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _


class SignupForm(UserCreationForm[User]):
    email = forms.EmailField(
        required=False,
        label=_("E-mail (optional)"),
        help_text=_("Only to reset a forgotten password; never shown to anyone."),
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")

    def clean_email(self) -> str:
        email: str = self.cleaned_data.get("email", "").strip()
        if email and User.objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(
                _("An account already uses this e-mail address: log in, or reset its password.")
            )
        return email

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].help_text = _("Letters, digits and @ . + - _ (150 at most).")
        self.fields["username"].widget.attrs["autocomplete"] = "username"
