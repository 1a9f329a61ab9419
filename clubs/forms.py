"""Forms of the clubs app."""

from django import forms
from django.utils.translation import gettext_lazy as _


class PinForm(forms.Form):
    pin = forms.CharField(
        max_length=8,
        required=False,
        label=_("New PIN (4 to 8 digits; empty clears it)"),
        widget=forms.PasswordInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
