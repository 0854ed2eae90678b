"""The season page's forms: a gift, and an absence."""

from django import forms

from matches.lib import zones
from matches.seasons.gifts import MAX_GIFT, giftable


class GiftForm(forms.Form):
    """A gift to another active player of the season (matches.seasons.gifts checks everything again)."""

    recipient = forms.TypedChoiceField(coerce=int, label="To")
    kind = forms.ChoiceField(label="What")
    amount = forms.IntegerField(min_value=1, max_value=MAX_GIFT, label="How many")

    def __init__(self, member, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = [
            (kind, many[:1].upper() + many[1:]) for kind, (_, many) in giftable(member.season).items()
        ]
        others = member.season.players.exclude(pk=member.pk).filter(status="active")
        self.fields["recipient"].choices = [(p.pk, p.display_name) for p in others]


class AbsenceForm(forms.Form):
    """A period the player will be away, typed in their own time zone (`tz`, filled by the page)."""

    starts_at = zones.local_moment_field("Away from")
    ends_at = zones.local_moment_field("Until")
    tz = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput(attrs={"class": "tz"}))

    def clean(self):
        data = super().clean()
        for name in ("starts_at", "ends_at"):
            if data.get(name) is not None:
                data[name] = zones.to_utc(data[name], data.get("tz"))
        return data
