"""Where Celery's autodiscovery finds the deadline tasks (defined beside what they run, in deadlines)."""

from matches.scheduling.deadlines import close_phase_at, deliver_event, sweep_overdue_phases  # noqa: F401
