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


# ------------------------------------------------------------------------------------- a hostile relay
class Hostile:
    """A Nostr relay that misbehaves, in front of a real one (`upstream`, a nostr+ws:// URL): every event it
    passes to a page is also sent altered (one character of the sealed content changed), forged (content
    sealed with another key, or not sealed at all), replayed twice and out of order (the copies late). The
    page must take only what both pages sealed, each message once. Runs in a thread; `url` is its address."""

    def __init__(self, upstream: str):
        import threading

        self.upstream = upstream.removeprefix("nostr+")
        self.port = free_port()
        self.url = f"nostr+ws://127.0.0.1:{self.port}"
        self.sent = {"altered": 0, "forged": 0, "replayed": 0}
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> "Hostile":
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("the hostile relay did not start")
        return self

    def __exit__(self, *exc) -> None:
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._stop.set_result, None)
        self._thread.join(5)

    def _run(self) -> None:
        import asyncio

        self._loop = asyncio.new_event_loop()
        self._loop.run_until_complete(self._serve())

    async def _serve(self) -> None:
        import asyncio

        import websockets

        self._stop = self._loop.create_future()
        async with websockets.serve(self._page, "127.0.0.1", self.port):
            self._ready.set()
            await self._stop

    async def _page(self, page_ws) -> None:
        import asyncio
        import base64
        import json
        import os

        import websockets

        async with websockets.connect(self.upstream) as up:
            async def to_relay():
                async for text in page_ws:
                    await up.send(text)

            async def to_page():
                async for text in up:
                    await page_ws.send(text)
                    try:
                        m = json.loads(text)
                    except ValueError:
                        continue
                    if not (isinstance(m, list) and len(m) == 3 and m[0] == "EVENT" and isinstance(m[2], dict)):
                        continue
                    ev = m[2]
                    content = str(ev.get("content", ""))
                    if content:
                        flipped = content[:20] + ("A" if content[20:21] != "A" else "B") + content[21:]
                        await page_ws.send(json.dumps(["EVENT", m[1], {**ev, "content": flipped}]))
                        self.sent["altered"] += 1
                    for fake in (base64.urlsafe_b64encode(os.urandom(90)).decode().rstrip("="), "{\"k\":\"answer\"}"):
                        await page_ws.send(json.dumps(["EVENT", m[1], {**ev, "content": fake}]))
                        self.sent["forged"] += 1

                    async def later(t=text):
                        await asyncio.sleep(0.3)
                        for _ in range(2):
                            await page_ws.send(t)
                            self.sent["replayed"] += 1
                    asyncio.ensure_future(later())

            with contextlib.suppress(websockets.ConnectionClosed):
                await asyncio.gather(to_relay(), to_page())

    _loop = None
