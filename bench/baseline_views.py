"""The baseline a move is measured against: a logged-in POST that inserts one row, behind the
same server and middleware (sessions, CSRF, auth) as the real submission view. Routed only when
GENIUS_BENCH=1."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.utils import timezone
from django.views.decorators.http import require_POST

from matches.models import Submission


@login_required
@require_POST
def insert_one_row(request, phase_id, player_id):
    payload = {k: v for k, v in request.POST.items() if k != "csrfmiddlewaretoken"}
    Submission.objects.create(phase_id=phase_id, player_id=player_id, payload=payload, source=Submission.PLAYER,
                              created_at=timezone.now())
    return HttpResponse("ok")
