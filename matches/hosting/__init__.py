"""Hosting: what a host uses to run a season. The console and a season's desk (console_page,
host_desk), the setup and settings forms of a match (host_forms, settings_forms), the Django
admin (admin), invites, and the demo season.

May use: the features (seasons, talk, notifications, live, scheduling), core, models, lib, clock.
Not web."""
