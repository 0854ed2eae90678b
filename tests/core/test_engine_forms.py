"""An engine's form shown blank is rendered once per spec, initial values and prefix and kept
(matches.core.engine_forms.EngineForm): it must show exactly what a fresh render shows, and a
form bound to posted data (with its errors) is always rendered afresh."""

from django import forms

from games import engine_api
from games.engine_api import Field, FormSpec
from matches.core import engine_forms
from matches.core.engine_forms import build_form

SPEC = FormSpec(fields=(Field("bid", "Your bid", kind=engine_api.INT, min_value=0, max_value=9),
                        Field("side", "Side", kind=engine_api.RADIO, choices=(("a", "A"), ("b", "B")))))


def fresh(form):
    return forms.Form.as_div(form)  # Django's own rendering, past the cache


def test_a_blank_form_shows_what_a_fresh_render_shows_for_each_initial_and_prefix():
    engine_forms._rendered.clear()
    for initial, prefix in [(None, None), ({"bid": 3}, None), ({"bid": 3, "side": "b"}, None), (None, "act")]:
        first, again = build_form(SPEC, initial=initial, prefix=prefix), build_form(SPEC, initial=initial, prefix=prefix)
        assert first.as_div() == fresh(again) == again.as_div()
    shown = {build_form(SPEC, initial=i).as_div() for i in (None, {"bid": 3}, {"bid": 4})}
    assert len(shown) == 3  # each initial value its own HTML
    assert 'value="3"' in build_form(SPEC, initial={"bid": 3}).as_div()


def test_a_bound_form_is_rendered_afresh_with_its_errors():
    engine_forms._rendered.clear()
    build_form(SPEC).as_div()
    bound = build_form(SPEC, data={"bid": "99", "side": "a"})
    assert not bound.is_valid()
    assert "less than or equal to 9" in bound.as_div()
    assert "less than or equal to 9" not in build_form(SPEC).as_div()


def test_it_keeps_at_most_so_many_forms(monkeypatch):
    engine_forms._rendered.clear()
    monkeypatch.setattr(engine_forms, "RENDERED_FORMS", 3)
    for bid in range(10):
        build_form(SPEC, initial={"bid": bid}).as_div()
    assert len(engine_forms._rendered) == 3
