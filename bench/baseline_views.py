"""The baselines the benchmarks measure against, routed only when GENIUS_BENCH=1."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.template import engines
from django.utils import timezone
from django.views.decorators.http import require_POST

from matches.models import Submission


# The baseline a move is measured against (bench/moves.py): a logged-in POST that inserts one
# row, behind the same server and middleware (sessions, CSRF, auth) as the real submission view.
@login_required
@require_POST
def insert_one_row(request, phase_id, player_id):
    payload = {k: v for k, v in request.POST.items() if k != "csrfmiddlewaretoken"}
    Submission.objects.create(
        phase_id=phase_id, player_id=player_id, payload=payload, source=Submission.PLAYER, created_at=timezone.now()
    )
    return HttpResponse("ok")


# The baseline a page is measured against (bench/pages.py): `size` bytes from a template with
# nothing to work out, rendered through the same middleware and context processors as a page.
BARE_PAGE = engines["django"].from_string("<!doctype html><html><body><pre>{{ filler }}</pre></body></html>")
BARE_OVERHEAD = len(BARE_PAGE.render({"filler": ""}))


def bare_page(request, size):
    return HttpResponse(BARE_PAGE.render({"filler": "x" * max(0, size - BARE_OVERHEAD)}, request))
