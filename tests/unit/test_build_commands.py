"""Commands of build.py not covered elsewhere: `test`'s closing line on how busy the cores were meanwhile
(`CpuLoad`), and `relay`, which serves a loopback relay until Ctrl-C."""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.buildkit import build_module

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="build.py runs in CPython only")


def test_the_report_says_how_busy_the_cores_were_while_a_child_worked():
    load = build_module().CpuLoad()
    subprocess.run([sys.executable, "-c", "import time\nend = time.process_time() + 0.6\n"
                    "while time.process_time() < end: pass"], check=True)
    wall, busy = load.figures()
    assert wall >= 0.6
    if Path("/proc/stat").exists():  # a core was busy with the child most of that time
        assert busy is not None and 0.3 / os.cpu_count() <= busy <= 1, busy
    text = load.report()
    assert re.fullmatch(r"test: [\d.]+ min on \d+ core\(s\)(; the cores were busy \d+% of it \([\d.]+ min of CPU, "
                        r"the suite's and anything else's\))?", text), text


def test_the_relay_command_names_the_page_to_open_and_stops_on_ctrl_c(monkeypatch, capsys):
    """Regression: the line telling which page to open used urllib without importing it (NameError)."""
    build = build_module()
    sys.path.insert(0, str(ROOT / "tools"))
    import relays

    if not relays.available("nostr"):
        pytest.skip("the nostr relay is not installed: pip install -e '.[relay]'")

    sleep = build.time.sleep

    def ctrl_c_while_serving(seconds):  # (the relay's start waits with short sleeps, the command with long ones)
        if seconds >= 60:
            raise KeyboardInterrupt
        sleep(seconds)

    monkeypatch.setattr(build.time, "sleep", ctrl_c_while_serving)
    assert build.cmd_relay(argparse.Namespace(kind="nostr", port=None)) == 0
    out = capsys.readouterr()
    text = out.out + out.err
    assert "?relay=nostr%2Bws%3A%2F%2F127.0.0.1%3A" in text and "relay: stopped" in text, text
