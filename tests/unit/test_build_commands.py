"""Commands of build.py not covered elsewhere: `test`'s closing line on what the cores did meanwhile (`CpuLoad`:
the suite's own CPU and how busy the machine was, so a slow run on a shared machine can be told from a slower
suite), and `relay`, which serves a loopback relay until Ctrl-C."""
from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def build_module():
    sys.path.insert(0, str(ROOT))
    try:
        import build
    finally:
        sys.path.remove(str(ROOT))
    return build


def test_the_report_counts_the_cpu_of_a_waited_child_and_the_cores_busy_meanwhile():
    load = build_module().CpuLoad()
    subprocess.run([sys.executable, "-c", "import time\nend = time.process_time() + 0.6\n"
                    "while time.process_time() < end: pass"], check=True)
    wall, own, busy, others = load.figures()
    assert 0.55 <= own <= wall, (own, wall)  # the child's 0.6 s of CPU (time.process_time's own rounding aside)
    if Path("/proc/stat").exists():
        assert busy is not None and 0 < busy <= 1 and others >= 0, (busy, others)
    text = load.report()
    assert re.fullmatch(r"test: [\d.]+ min on \d+ core\(s\); the suite's processes used [\d.]+ min of CPU"
                        r"(; the cores were busy \d+% of the time, [\d.]+ min of it other processes')?", text), text


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
