"""Pull the plug the instant an event arrives, not only a reply: what the host heard is on
disk already. The worst case is a wrong PIN: its count must never be taken back."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from flow.corps.test_corps_link import KEY_TEXT
from support.process import BoxProcess
from support.saved import on_disk


def ok(reply: dict[str, Any]) -> dict[str, Any]:
    assert reply["ok"], reply
    return reply


def test_every_wrong_pin_is_kept_when_the_plug_is_pulled_at_its_event(tmp_path: Path) -> None:
    folder = tmp_path / "box"
    box = BoxProcess(folder, "4711")
    ok(box.request("game.start", game="corps"))
    ok(box.request("corps.key", pin="4711", key=KEY_TEXT, map=5))
    heard: list[int] = []
    try:
        for guess in range(6):
            box.next_id += 1
            box.port.write(json.dumps({"id": box.next_id, "cmd": "corps.key", "op": "unseal",
                                       "pin": f"{guess:04d}"}).encode() + b"\n")
            event = box.wait_for(lambda line: line.get("event") == "pin.refused")
            box.kill()  # the instant the event arrived
            heard.append(event["wrong"])
            saved = on_disk(folder / "data")
            assert saved["pin_guard"]["wrong"] >= event["wrong"], (guess, saved["pin_guard"])
            box = BoxProcess(folder, "4711")
            ok(box.request("session.resume"))
    finally:
        box.kill()
    assert heard == sorted(heard) and heard[-1] >= 3  # restarts never gave a try back
