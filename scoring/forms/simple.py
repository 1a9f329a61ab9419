"""The small forms of the game page: a reason, a deletion, a confirmation."""

from __future__ import annotations

from django import forms


class ReasonForm(forms.Form):
    reason = forms.CharField(max_length=200, label="Reason")


class HandDeleteForm(ReasonForm):
    hand_tag = forms.CharField(widget=forms.HiddenInput, required=False, max_length=100)


class ConfirmForm(forms.Form):
    seat = forms.IntegerField(min_value=0, max_value=4, widget=forms.HiddenInput)
    pin = forms.CharField(max_length=8, required=False, label="PIN")
    # The result the page showed (Game.result_tag): a correction since refuses it.
    result = forms.CharField(max_length=64, required=False, widget=forms.HiddenInput)
