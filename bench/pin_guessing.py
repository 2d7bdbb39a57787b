"""Guessing the PIN over the link, against the real box: how long it takes.

Starts `fogkeeper run --sim --link pty:...` headless with a PIN, starts a Corps chapter and
seals a key, then plays the attacker of the issue: `corps.key` with `op: unseal` and every
PIN from 0000 on, as fast as the box answers. It prints
- how many tries the box judged in the first --seconds seconds (before the wait, 4,822 tries
  took 11.7 s), and how long the box now makes the attacker wait;
- that the right PIN sent during the wait is refused too;
- the expected time to guess a 4-digit (and 6-digit) PIN, from the firmware's own wait rule
  (the waits dominate: the box's answer time is added from the measured tries).
Run: .venv/bin/python bench/pin_guessing.py [--seconds 10]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import serial

from fogkeeper.flow.kit.pin import FREE_TRIES, expected_guess_seconds
from fogkeeper.rules import corps

PIN = "9871"
KEY = corps.format_key_file([corps.key_from_slots(5, dict(zip(corps.SLOTS, corps.Token,
                                                                strict=False)))])


def start_box(folder: Path) -> tuple[subprocess.Popen[bytes], serial.Serial]:
    config = folder / "box.toml"
    config.write_text(f'[storage]\ndata_dir = "{folder / "data"}"\n[security]\npin = "{PIN}"\n',
                      encoding="utf-8")
    link = folder / "link"
    process = subprocess.Popen(
        [sys.executable, "-m", "fogkeeper", "run", "--sim", "--config", str(config),
         "--link", f"pty:{link}"],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while not link.exists():
        time.sleep(0.01)
    return process, serial.Serial(str(link), timeout=5)


class Host:
    """One request at a time, keeping the ``pin.refused`` events the box sends meanwhile."""

    def __init__(self, port: serial.Serial) -> None:
        self.port, self.next_id = port, 0
        self.refusals: list[dict[str, object]] = []

    def ask(self, cmd: str, **args: object) -> dict[str, object]:
        self.next_id += 1
        self.port.write(json.dumps({"id": self.next_id, "cmd": cmd, **args}).encode() + b"\n")
        while True:
            line = json.loads(self.port.readline())
            if line.get("event") == "pin.refused":
                self.refusals.append(line)
            if line.get("id") == self.next_id:
                return dict(line)


def days(seconds: float) -> str:
    return f"{seconds / 86400:,.0f} days ({seconds / 3600:,.0f} h)"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=10.0)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        process, port = start_box(Path(tmp))
        try:
            host = Host(port)
            assert host.ask("game.start", game="corps")["ok"]
            sealed = host.ask("corps.key", pin=PIN, key=KEY, map=5)
            assert sealed["ok"], sealed
            started, guess = time.perf_counter(), 0
            while time.perf_counter() - started < options.seconds:
                reply = host.ask("corps.key", pin=f"{guess:04d}", op="unseal")
                assert not reply["ok"], reply
                guess += 1
            elapsed = time.perf_counter() - started
            refused = host.ask("corps.key", pin=PIN, op="unseal")
        finally:
            port.close()
            process.terminate()
            process.wait(timeout=10)
    last = host.refusals[-1] if host.refusals else {"wrong": 0, "wait_seconds": 0}
    judged, waited = last["wrong"], last["wait_seconds"]  # a try during a wait is not judged
    per_try = elapsed / max(1, guess)
    print(f"{guess} PIN tries sent in {elapsed:.1f} s ({per_try * 1000:.1f} ms each); "
          f"the box judged {judged} of them (the first {FREE_TRIES} free), the rest came too soon; "
          f"the attacker now waits {waited} s, doubling with each wrong PIN up to an hour")
    print(f"the right PIN during the wait: {'refused' if not refused['ok'] else 'ACCEPTED'}")
    for digits in (4, 6):
        expected = expected_guess_seconds(digits) + (10 ** digits // 2) * per_try
        print(f"expected time to guess a {digits}-digit PIN: {days(expected)}")


if __name__ == "__main__":
    main()
