"""Small helpers with no knowledge of the platform's models: JSON bounded before parsing, and
where a webhook may point. Any layer may use them; they use nothing of matches (clock, the
platform's idea of now, sits beside them at matches/clock.py, where migrations find it)."""
