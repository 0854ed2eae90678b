"""Notifications: what reaches people outside the site's pages. Reminders before a deadline
(on the page and by email) and the calendar feed (reminders), results and gifts by email, and
public news posted to a season's chat-server webhook (webhooks). Each is a subscriber of the
core's events: adding a kind of notification touches nothing in the core.

May use: core, models, lib, clock. Not the other features."""
