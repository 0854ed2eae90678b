"""Creating the Death Match that follows a confirmed Main Match, from the season page: the
Elimination Candidate against an opponent who may be chosen (no live mark), both seated."""

from django.db import transaction

from games import registry

from matches.core.lifecycle import Done, Refused
from matches.seasons.marks import death_match_pairing
from matches.models import Match, MatchPlayer


def death_games():
    return [e for e in registry.all_engines() if e.kind == "death"]


def check_death_match(season, candidate_id, opponent_id, game):
    latest, candidates, opponents = death_match_pairing(season)
    if latest is None:
        raise Refused("A Death Match follows a Main Match whose result is confirmed.")
    candidate = next((p for p in candidates if p.pk == candidate_id), None)
    opponent = next((p for p in opponents if p.pk == opponent_id), None)
    if candidate is None:
        raise Refused("Choose an Elimination Candidate of the last Main Match.")
    if opponent is None:
        raise Refused("Choose an opponent who is active and has no live Mark of Elimination.")
    if game not in [e.slug for e in death_games()]:
        raise Refused("Choose a Death Match game.")
    return latest, candidate, opponent


def do_create_death_match(season, candidate_id, opponent_id, game):
    with transaction.atomic():
        latest, candidate, opponent = check_death_match(season, candidate_id, opponent_id, game)
        match = Match.objects.create(
            season=season,
            game=game,
            kind=Match.DEATH,
            settings={},
            title=f"Death Match after {latest.title}: {candidate.display_name} vs {opponent.display_name}",
        )
        MatchPlayer.objects.create(match=match, season_player=candidate, seat=0)
        MatchPlayer.objects.create(match=match, season_player=opponent, seat=1)
    return Done(f"{match.title} is created with both seated; start it from its page."), match
