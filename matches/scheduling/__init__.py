"""Scheduling: when deadlines fire. A Celery ETA task per phase and a beat sweep (tasks), or one
in-process loop held by a single leader (deadlines, leader); every way ends in the core's
close_phase. It subscribes to the core's "phase opened" and "deadline moved" events.

May use: core, models, lib, clock. Not the other features (seasons, talk, notifications, live)."""
