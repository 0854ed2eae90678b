"""URLs by audience: public pages, a player's pages (/play/), a host's pages (/host/, /admin/)."""

from django.conf import settings
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import path

import matches.lib.converters  # noqa: F401  (registers <id:...>)
from matches.web.views import (
    accounts,
    attendance,
    console,
    health,
    host,
    host_actions,
    host_match,
    installable,
    player,
    public,
    push,
    reminders,
    saved_games,
    substitutes,
    talk,
)

urlpatterns = [
    # public
    path("", public.home, name="home"),
    path("seasons/<slug:slug>/", public.season, name="season"),
    path("matches/<id:match_id>/", public.match_public, name="match_public"),
    path("matches/<id:match_id>/status.json", public.match_status, name="match_status"),
    path("matches/<id:match_id>/steps/", public.match_steps, name="match_steps"),
    path("matches/<id:match_id>/steps/<id:number>/", public.match_steps, name="match_step"),
    path("games/", public.games, name="games"),
    path("games/<slug:slug>/rules/", public.rules, name="rules"),
    path("healthz", health.healthz, name="healthz"),
    # the installable site: at the root, where a service worker's scope covers every page
    path("manifest.webmanifest", installable.manifest, name="manifest"),
    path("sw.js", installable.service_worker, name="service_worker"),
    path("offline/", installable.offline, name="offline"),
    # player
    path("play/<id:match_id>/", player.match_play, name="match_play"),
    path("play/<id:match_id>/phases/<id:phase_id>/submit/", player.submit, name="submit"),
    path("play/<id:match_id>/actions/<slug:name>/", player.act, name="act"),
    path("seasons/<slug:slug>/give/", player.give, name="give"),
    path("seasons/<slug:slug>/absences/", player.mark_absence, name="mark_absence"),
    path("seasons/<slug:slug>/absences/<id:absence_id>/remove/", player.remove_absence, name="remove_absence"),
    path("seasons/<slug:slug>/invitation/", player.answer_invitation, name="answer_invitation"),
    path("seasons/<slug:slug>/forced/<id:prompt_id>/", player.forced_give, name="forced_give"),
    path("host/seasons/<slug:slug>/forced/<id:prompt_id>/fallback/", host.forced_fallback, name="forced_fallback"),
    path("play/<id:match_id>/talk/<slug:token>/post/", talk.post, name="talk_post"),
    path("play/<id:match_id>/talk/start/", talk.start, name="talk_start"),
    path("play/<id:match_id>/talk/messages/<slug:token>/", talk.change, name="talk_change"),
    # host
    path("host/", console.console, name="host_console"),
    path("host/help/", console.host_help, name="host_help"),
    path("host/new-season/", console.new_season, name="host_new_season"),
    path("host/seasons/<slug:slug>/", console.season_desk, name="host_season"),
    path("host/seasons/<slug:slug>/players/", console.add_player, name="host_add_player"),
    path("host/seasons/<slug:slug>/ledger/", console.ledger_entries, name="host_ledger"),
    path("host/seasons/<slug:slug>/statuses/", console.statuses, name="host_statuses"),
    path("host/seasons/<slug:slug>/matches/new/", console.new_match, name="new_match"),
    path("host/matches/<id:match_id>/save-game/", saved_games.save_game, name="save_game"),
    path("host/seasons/<slug:slug>/saved/<id:saved_id>.json", saved_games.export_game, name="export_saved_game"),
    path("host/seasons/<slug:slug>/saved/import/", saved_games.import_game, name="import_saved_game"),
    path("host/seasons/<slug:slug>/matches/check/", console.check_setup, name="check_setup"),
    path("host/matches/<id:match_id>/setup/", console.edit_match, name="edit_match"),
    path("host/matches/<id:match_id>/", host.match_host, name="match_host"),
    path("host/matches/<id:match_id>/control/<slug:action>/", host_match.control, name="host_control"),
    path("host/matches/<id:match_id>/phases/<id:phase_id>/", host_match.phase_control, name="host_phase"),
    path(
        "host/matches/<id:match_id>/phases/<id:phase_id>/absence/",
        attendance.extend_for_absence,
        name="host_extend_absence",
    ),
    path("host/seasons/<slug:slug>/missed/<id:miss_id>/excuse/", attendance.excuse, name="host_excuse"),
    path("host/matches/<id:match_id>/confirm/", host_match.confirm, name="host_confirm"),
    path("host/matches/<id:match_id>/actions/<str:name>/", host_actions.host_action, name="host_action"),
    path("host/matches/<id:match_id>/export.json", host.match_export, name="match_export"),
    path("host/matches/<id:match_id>/announce/", talk.announce, name="talk_announce"),
    path("host/seasons/<slug:slug>/death-match/", host.create_death_match, name="create_death_match"),
    path("host/seasons/<slug:slug>/export.json", host.season_export, name="season_export"),
    path("host/seasons/<slug:slug>/ledger.csv", host.season_ledger_csv, name="season_ledger_csv"),
    path("host/matches/<id:match_id>/mute/", talk.mute, name="talk_mute"),
    path("host/matches/<id:match_id>/seats/", substitutes.hand_seat, name="hand_seat"),
    path(
        "host/matches/<id:match_id>/seat-requests/<id:request_id>/decline/",
        substitutes.decline_request,
        name="decline_seat_request",
    ),
    path(
        "host/matches/<id:match_id>/seat-requests/<id:request_id>/approve/",
        substitutes.approve_request,
        name="approve_seat_request",
    ),
    path("host/seasons/<slug:slug>/players/<id:player_id>/leave/", substitutes.leave_season, name="leave_season"),
    path("play/<id:match_id>/substitute/", substitutes.ask_substitute, name="ask_substitute"),
    path("admin/login/", accounts.admin_login),
    path("admin/", admin.site.urls),
    # accounts
    path("accounts/login/", accounts.ThrottledLoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("account/", reminders.account, name="account"),
    path("account/push/devices/", push.add, name="push_add"),
    path("account/push/this-device/", push.this_device, name="push_this_device"),
    path("account/push/devices/<id:device_id>/remove/", push.remove, name="push_remove"),
    path("account/push/kinds/", push.kinds, name="push_kinds"),
    path("calendar/<str:token>.ics", reminders.calendar_feed, name="calendar_feed"),
    path("accounts/invite/<uidb64>/<token>/", accounts.InviteView.as_view(), name="invite"),
]

if settings.BENCH:  # the benchmarks' baseline views (bench/), never routed otherwise
    from bench.baseline_views import bare_page, insert_one_row

    urlpatterns.append(path("bench/insert/<id:phase_id>/<int:player_id>/", insert_one_row))
    urlpatterns.append(path("bench/bare/<int:size>/", bare_page))
