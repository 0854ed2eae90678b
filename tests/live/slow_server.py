"""The site's ASGI application as a test's uvicorn serves it, with every socket's render made
slow on purpose (SLOW_RENDER_SECONDS): tests/live/test_checks_keep_sockets.py. Test code only;
the site never imports it."""

import os
import time

from genius_site.asgi import application  # noqa: F401 - what uvicorn serves
from matches.live import sockets

_render = sockets.socket_update


def _slowly(*args, **kwargs):
    time.sleep(float(os.environ["SLOW_RENDER_SECONDS"]))
    return _render(*args, **kwargs)


sockets.socket_update = _slowly
