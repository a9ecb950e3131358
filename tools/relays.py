"""Real relays on loopback, for the tests and for `python build.py relay`: a Nostr relay (nostr-relay, PyPI)
and an MQTT broker over WebSocket (amqtt, PyPI), each in its own process with its own temporary folder.

    with running("nostr") as url:   # "nostr+ws://127.0.0.1:PORT"
        ...                         # a page opened with ?relay=<url> meets other pages there alone

Both come with the `relay` extra (`pip install -e '.[relay]'`)."""
from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Iterator

KINDS = ("nostr", "mqtt")

NOSTR_CONFIG = """\
DEBUG: false
relay_name: crystalclans test relay
storage:
  sqlalchemy.url: sqlite+aiosqlite:///{db}
  num_concurrent_reqs: 4
  num_concurrent_adds: 2
  validators:
    - nostr_relay.validators.is_not_too_large
    - nostr_relay.validators.is_signed
    - nostr_relay.validators.is_recent
verification:
  nip05_verification: disabled
gunicorn:
  bind: 127.0.0.1:{port}
  workers: 1
  loglevel: warning
  reload: false
authentication:
  enabled: false
message_timeout: 1800
subscription_limit: 32
"""

MQTT_CONFIG = """\
listeners:
  default:
    type: ws
    bind: 127.0.0.1:{port}
    max_connections: 50
plugins:
  amqtt.plugins.authentication.AnonymousAuthPlugin:
    allow_anonymous: true
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def available(kind: str) -> bool:
    """Whether this machine can run a relay of `kind` (its package is installed)."""
    module = {"nostr": "nostr_relay", "mqtt": "amqtt"}[kind]
    import importlib.util

    return importlib.util.find_spec(module) is not None


def _command(kind: str, folder: Path, port: int) -> list[str]:
    bin_dir = Path(sys.executable).parent
    if kind == "nostr":
        (folder / "nostr.yaml").write_text(NOSTR_CONFIG.format(db=folder / "nostr.sqlite3", port=port))
        exe = shutil.which("nostr-relay", path=str(bin_dir)) or shutil.which("nostr-relay")
        return [exe or "nostr-relay", "-c", str(folder / "nostr.yaml"), "serve"]
    (folder / "mqtt.yaml").write_text(MQTT_CONFIG.format(port=port))
    exe = shutil.which("amqtt", path=str(bin_dir)) or shutil.which("amqtt")
    return [exe or "amqtt", "-c", str(folder / "mqtt.yaml")]


def url_of(kind: str, port: int) -> str:
    return f"nostr+ws://127.0.0.1:{port}" if kind == "nostr" else f"mqtt+ws://127.0.0.1:{port}/"


def _wait_listening(port: int, proc: subprocess.Popen, timeout: float) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"the relay stopped at once (exit code {proc.returncode})")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return
        time.sleep(0.1)
    raise RuntimeError(f"the relay did not listen on port {port} within {timeout:.0f} s")


@contextlib.contextmanager
def running(kind: str, port: int | None = None, timeout: float = 20.0) -> Iterator[str]:
    """A relay of `kind` on 127.0.0.1 while the block runs; yields the URL a page's ?relay= takes."""
    if kind not in KINDS:
        raise ValueError(f"a relay is one of {KINDS}, not {kind!r}")
    port = port or free_port()
    with tempfile.TemporaryDirectory(prefix=f"cc-relay-{kind}-") as tmp:
        folder = Path(tmp)
        log = open(folder / "relay.log", "wb")
        proc = subprocess.Popen(_command(kind, folder, port), cwd=folder, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True)
        try:
            try:
                _wait_listening(port, proc, timeout)
            except RuntimeError as e:
                log.flush()
                tail = (folder / "relay.log").read_text(errors="replace")[-2000:]
                raise RuntimeError(f"{kind} relay: {e}\n{tail}") from None
            yield url_of(kind, port)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
            log.close()
