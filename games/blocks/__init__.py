"""Building blocks for game engines: what the hosted games kept writing for themselves, once.

Pure Python like the engines (no Django; the import contract checks it). Each module is one idea:

- `settings`: the checks a `validate_settings` opens with (whole numbers in a range, one of a list).
- `steps`: timed steps of one player with a seeded random default.
- `points`: points to a target: when a lead cannot be caught, winners by points and tie-breaks.
- `leaders`: who leads (a seeded first leader, the winner leads next).
- `hands`: seeded hands and draws from what a player still holds.
- `reveal`: per-viewer stripping of hidden fields, and the reveal at the end.
- `death_match`: the standings and proposal every two-player Death Match ends with.

docs/adding-a-game.md builds a game with them; `manage.py startgame` scaffolds one that uses them."""
