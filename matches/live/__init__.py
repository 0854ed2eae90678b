"""Live push: websockets. The routing and origin check, the consumer of each socket, one room
per process that hears a match's announcements and sends every socket its updates (rooms), the
renders it shares between alike viewers and coalesces (renders), the threads they run on
(lanes), what a socket is sent (sockets, built from the core's per-viewer picture), and the
announcement itself (announce), sent when the core publishes that a match changed.

May use: core, models, lib, clock. Not the other features."""
