"""Forms of the clubs app."""

from django import forms


class PinForm(forms.Form):
    pin = forms.CharField(
        max_length=8,
        required=False,
        label="New PIN (4 to 8 digits; empty clears it)",
        widget=forms.PasswordInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
