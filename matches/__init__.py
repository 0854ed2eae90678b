"""The platform: seasons and matches of any game in games/, one Django app cut by concern into
layers that import one way (docs/architecture.md; .importlinter checks them):

    web            views by audience, middleware, throttle
    hosting        the host's console and desk, setup forms, admin, invites, demo
    live | seasons | talk | notifications | scheduling      features, independent of each other
    core           check_*/do_* writes, events, access, the per-viewer picture
    models         the tables
    lib, clock     helpers that know no model

apps.py wires the features to the core's events when the site starts."""
