"""The match core: every write to a match (`check_*` then `do_*` in lifecycle, under the match
lock), the start checks, who may see and do what (access), the per-viewer picture of a match
(presenters: every page and socket message is built from it), the engines' forms, replay and
playtest, and the domain events (events) it publishes after commit.

May use: models, lib, clock, games. Never the feature packages above it (scheduling, seasons,
talk, notifications, live) nor hosting or web: they subscribe to its events or contribute parts
to its picture instead."""
