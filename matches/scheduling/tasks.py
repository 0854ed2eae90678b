"""Where Celery's autodiscovery finds the deadline tasks (defined beside what they run, in deadlines)."""

from matches.scheduling.deadlines import close_phase_at, sweep_overdue_phases  # noqa: F401
