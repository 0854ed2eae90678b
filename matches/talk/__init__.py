"""Talk: conversations in a match as the game's rules allow them (conversations), with limits,
editing, muting and the host's announcements. A change is published as a core event, so live
push hears of it without talk knowing about sockets; its part of the match picture is
contributed to the core's presenters.

May use: core, models, lib, clock. Not the other features."""
