"""The web layer: views by audience (web/views: public, player, host, accounts, talk,
reminders, health), middleware, the login throttle, URL converters and the "your move" bar.
Views stay thin: they check access through core.access, call a `do_*`, and render a picture.

May use everything below it: hosting, the features, core, models, lib, clock."""
