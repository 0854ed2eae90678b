"""The season page's gift form."""

from django import forms

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
