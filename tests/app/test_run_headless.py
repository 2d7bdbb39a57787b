"""`fogkeeper run` without a terminal of its own, and the README's host-link example pasted
into an interactive shell as a user would."""

from __future__ import annotations

import contextlib
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"
BIN = Path(sys.executable).parent  # where the test's own fogkeeper command is installed


def shell_example(marker: str) -> str:
    """The ```sh block that follows ``<!-- shell-example: marker -->`` in README.md."""
    text = README.read_text(encoding="utf-8")
    _, found, rest = text.partition(f"<!-- shell-example: {marker} -->")
    assert found, f"README.md has no example marked {marker!r}"
    block = re.match(r"\s*```sh\n(.*?)```", rest, re.S)
    assert block is not None, f"no ```sh block right after the {marker!r} marker"
    return block.group(1)


def paste_into_interactive_shell(text: str, folder: Path, timeout: float = 60) -> str:
    """Type ``text`` into an interactive bash on its own terminal (job control on, as in a
    user's terminal window), then `wait` and `exit`; return everything the terminal showed.

    The example runs as written, in a folder whose ``.venv/bin`` is this test's, with /tmp/
    replaced by the test's own folder (tests run side by side) and HOME there too (the box's
    data folder)."""
    work = folder / "checkout"
    (work / ".venv").mkdir(parents=True)
    (work / ".venv" / "bin").symlink_to(BIN)
    script = text.replace("/tmp/", f"{folder}/")
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(folder),
           "TERM": "dumb", "PS1": "$ ", "LANG": "C.UTF-8"}
    pid, fd = pty.fork()
    if pid == 0:  # the child: a login-free interactive shell that owns the new terminal
        os.chdir(work)
        os.execvpe("bash", ["bash", "--norc", "--noprofile", "-i"], env)
    shown = b""
    try:
        os.write(fd, (script + "wait; echo EXAMPLE-END $?\nexit\n").encode())
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.5)
            if not ready:
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the shell exited: the terminal is gone
                break
            if not chunk:
                break
            shown += chunk
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)
    return shown.decode(errors="replace").replace("\r\n", "\n")


def test_the_readme_host_link_example_works_pasted_into_an_interactive_shell(
        tmp_path: Path) -> None:
    example = shell_example("host-link")
    shown = paste_into_interactive_shell(example, tmp_path)
    assert '"name": "fogkeeper"' in shown, shown            # hello answered
    assert '"phase": "running"' in shown, shown             # the timer started
    assert '"lines": [' in shown and "0:" in shown, shown   # the screen came back
    assert "EXAMPLE-END 0" in shown, shown                  # kill stopped the box cleanly
    assert "Stopped" not in shown, shown                     # no job was stopped by the shell
    assert not (tmp_path / "fogkeeper").exists()            # the link went with the box
    log = (tmp_path / "fogkeeper.log").read_text(encoding="utf-8")
    assert "fogkeeper running: dummy display" in log and "Traceback" not in log


def test_a_box_started_in_the_background_is_headless_without_being_told(
        tmp_path: Path) -> None:
    example = shell_example("host-link").replace(" --headless", "")
    shown = paste_into_interactive_shell(example, tmp_path)
    assert '"name": "fogkeeper"' in shown and "EXAMPLE-END 0" in shown, shown
    assert "Stopped" not in shown, shown


def test_headless_with_no_terminal_logs_to_stderr(tmp_path: Path) -> None:
    config = tmp_path / "box.toml"
    config.write_text(f'[storage]\ndata_dir = "{tmp_path / "data"}"\n', encoding="utf-8")
    box = subprocess.Popen([str(BIN / "fogkeeper"), "run", "--sim", "--headless", "--config",
                            str(config)], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE)
    assert box.stderr is not None
    err = b""
    while b"fogkeeper running" not in err and (line := box.stderr.readline()):
        err += line  # the box says it runs once it answers a stop
    box.send_signal(signal.SIGTERM)
    out, rest = box.communicate(timeout=20)
    err += rest
    assert box.returncode == 0
    assert out == b""  # nothing drawn on stdout
    assert b"fogkeeper running: dummy display" in err


@pytest.mark.parametrize("spec,said", [
    ("", "--link '' names no port"),
    ("pty:", "--link = 'pty:' needs a path"),
    ("pty:/no/such/folder/link", "does not exist"),
])
def test_a_bad_link_option_stops_the_box_with_one_clear_line(
        tmp_path: Path, spec: str, said: str) -> None:
    done = subprocess.run([str(BIN / "fogkeeper"), "run", "--sim", "--link", spec],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          env={**os.environ, "HOME": str(tmp_path)}, timeout=60)
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and said in lines[0], done.stderr
    assert lines[0].count("pty:") <= 2 and "link port 'pty:': link port" not in lines[0]


def test_a_data_folder_that_is_not_the_users_is_refused_with_what_to_do(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from fogkeeper.app.run import check_data_folder
    from fogkeeper.config import parse_config
    from fogkeeper.errors import ConfigError

    folder = tmp_path / "var" / "lib" / "fogkeeper"
    config = parse_config({"storage": {"data_dir": str(folder)}}, source="bonnet.toml")

    def refused(*_: object, **__: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "mkdir", refused)
    with pytest.raises(ConfigError) as caught:
        check_data_folder(config)
    said = str(caught.value)
    assert said.startswith(f"bonnet.toml: [storage] data_dir '{folder}' is not yours to write")
    assert "sudo systemctl stop fogkeeper" in said and 'data_dir = "~/.local/share' in said
