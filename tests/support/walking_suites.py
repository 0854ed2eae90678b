"""The suites that walk every registered game (`registry.all_engines()`), in one place: the kit's
fresh-game test (tests/kit/test_fresh_game.py) runs each of them whole against a game just made by
`manage.py startgame`, and fails if a suite that walks the registry is missing here. The tutorial
(docs/adding-a-game.md, step 2) lists them for the newcomer."""

SUITES = (
    "tests/core/test_game_contract.py",  # the contract every engine keeps
    "tests/core/test_query_counts.py",  # a game's pages and closes cost the platform's queries
    "tests/core/test_steps.py",  # a finished match step by step, as the replay rebuilds it
    "tests/security/test_side_channels.py",  # a game's secrets leave others the same bytes
    "tests/security/test_host_input_500s.py",  # hostile settings and forms never give a 500
    "tests/web/test_pages_in_words.py",  # the words on every page of a match
    "tests/hosting/test_demo.py",  # the demo season runs a match of every game
    "tests/hosting/test_match_setup.py",  # the host's New match form for every game
    "tests/hosting/test_setting_rows.py",  # expert settings as rows, for a game that declares them
    "tests/live/test_shared_reads.py",  # a shared render gives each viewer its own update
    "tests/core/test_missed_steps.py",  # a missed step is said as a default, to the player and in the log
    "tests/web/test_refused_moves.py",  # a refused move comes back as it was sent, the words by the field
    "tests/security/test_substitute_side_channel.py",  # a seat handed on mid-phase: the others' bytes the same
    "tests/core/test_third_person.py",  # another's private line is told by name, never as "you"
    "tests/web/test_close_result.py",  # after a close, each player's page opens with what it did to them
    "tests/hosting/test_whole_form_check.py",  # the setup form's whole-form check answers hostile rows in words
)

# in Chromium (marked browser): run by the fresh-game test's browser half
BROWSER_SUITES = (
    "tests/browser/test_accessibility.py",  # axe-core on every game's pages
    "tests/browser/test_host_journey.py",  # a host sets up, starts and plays a match of every game
    "tests/browser/test_phone_first_screen.py",  # the picture and form start within a phone's first screen
    "tests/browser/test_move_forms.py",  # a move that closes its step asks first; refused forms keep values
    "tests/browser/test_close_result_screen.py",  # what a close did is in each player's phone first screen
)
