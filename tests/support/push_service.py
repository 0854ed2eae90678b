"""A real Web Push service on loopback for the push tests and bench: npm's `web-push-testing`
(installed by `make push-service` into .tools/), run as a node process on a free port. Like a
browser's push service it hands out subscriptions (an endpoint and the keys to encrypt to), checks
each push's VAPID signature against the applicationServerKey the subscription was made with,
decrypts it with the subscription's private key (RFC 8291) and keeps the plaintext, which the
tests read back; an expired subscription answers 410."""

import json
import socket
import subprocess
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SERVER = Path(".tools/node_modules/web-push-testing/src/bin/server.js")


def server_script():
    """The service's script in this checkout, or in the main checkout a worktree was made from."""
    for root in (ROOT, *(Path(p) for p in _git_common_roots())):
        if (root / SERVER).exists():
            return root / SERVER
    raise RuntimeError("web-push-testing is not installed: run `make push-service`.")


def _git_common_roots():
    try:
        common = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--git-common-dir"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return []
    return [str((ROOT / common).resolve().parent)]


class PushService:
    def __init__(self, port):
        self.url = f"http://127.0.0.1:{port}"

    def _post(self, path, body=None):
        request = urllib.request.Request(
            self.url + path,
            data=json.dumps(body or {}).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=5) as response:
            text = response.read()
        try:
            return json.loads(text) if text else None
        except ValueError:  # /status answers "OK"
            return text

    def subscribe(self, application_server_key):
        """A browser's PushSubscription JSON ({"endpoint", "keys": {"p256dh", "auth"}}) plus the
        service's "clientHash", which names it to notifications() and expire()."""
        data = self._post("/subscribe", {"userVisibleOnly": "true", "applicationServerKey": application_server_key})
        return data["data"]

    def notifications(self, client_hash):
        """What the service received for that subscription, decrypted, oldest first (JSON texts)."""
        return self._post("/get-notifications", {"clientHash": client_hash})["data"]["messages"]

    def expire(self, client_hash):
        self._post(f"/expire-subscription/{client_hash}")


@contextmanager
def push_service():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen(
        ["node", str(server_script()), str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    service = PushService(port)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                service._post("/status")
                break
            except OSError:
                if process.poll() is not None:
                    raise RuntimeError(f"web-push-testing stopped: {process.stderr.read()[:2000]!r}") from None
                if time.monotonic() > deadline:
                    raise RuntimeError("web-push-testing did not answer within 20 seconds") from None
                time.sleep(0.1)
        yield service
    finally:
        process.terminate()
        process.wait(10)
