"""Log lines on journald's stream carry their sd-daemon priority (``<4>`` a warning), so
``journalctl -p warning -u fogkeeper`` finds them; elsewhere they stay plain."""

from __future__ import annotations

import io
import logging
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from fogkeeper.app.run import JournalFormatter, journal_stderr

BIN = Path(sys.executable).parent  # where the test's own fogkeeper command is installed


def record(level: int, message: str) -> logging.LogRecord:
    return logging.LogRecord("fogkeeper.test", level, __file__, 1, message, None, None)


@pytest.mark.parametrize(("level", "prefix"), [
    (logging.CRITICAL, "<2>"), (logging.ERROR, "<3>"), (logging.WARNING, "<4>"),
    (logging.INFO, "<6>"), (logging.DEBUG, "<7>"),
])
def test_each_level_gets_its_sd_daemon_priority(level: int, prefix: str) -> None:
    line = JournalFormatter("%(levelname)s %(name)s: %(message)s").format(record(level, "hi"))
    assert line == f"{prefix}{logging.getLevelName(level)} fogkeeper.test: hi"


def test_every_line_of_a_record_keeps_its_priority() -> None:
    # journald files each line of its stream as a record of its own
    try:
        raise ValueError("boom")
    except ValueError:
        failed = record(logging.ERROR, "first\nsecond")
        failed.exc_info = sys.exc_info()
    lines = JournalFormatter("%(message)s").format(failed).split("\n")
    assert lines[:2] == ["<3>first", "<3>second"]
    assert len(lines) > 3 and all(line.startswith("<3>") for line in lines)
    assert lines[-1] == "<3>ValueError: boom"


def test_only_journalds_own_stream_counts(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    with (tmp_path / "stderr").open("w") as stream:
        monkeypatch.setattr(sys, "stderr", stream)
        info = os.fstat(stream.fileno())
        assert journal_stderr({"JOURNAL_STREAM": f"{info.st_dev}:{info.st_ino}"})
        # inherited by a program whose stderr went elsewhere, unset, or garbage
        assert not journal_stderr({"JOURNAL_STREAM": f"{info.st_dev}:{info.st_ino + 1}"})
        assert not journal_stderr({})
        assert not journal_stderr({"JOURNAL_STREAM": "journal"})
    monkeypatch.setattr(sys, "stderr", io.StringIO())  # no descriptor at all
    assert not journal_stderr({"JOURNAL_STREAM": "1:2"})


def journal_env(write_end: int, **extra: str) -> dict[str, str]:
    """The environment systemd gives a service whose stderr is journald's stream socket,
    for a pipe standing in for that socket: JOURNAL_STREAM=device:inode of it."""
    info = os.fstat(write_end)
    return {**os.environ, **extra, "JOURNAL_STREAM": f"{info.st_dev}:{info.st_ino}"}


def read_until(fd: int, marker: bytes) -> bytes:
    seen = b""
    while marker not in seen and (chunk := os.read(fd, 4096)):
        seen += chunk
    return seen


def test_the_box_on_journalds_stream_files_a_warning_as_a_warning(tmp_path: Path) -> None:
    config = tmp_path / "box.toml"
    # a PIN every user may read: the box warns once at start, and runs
    config.write_text(f'[storage]\ndata_dir = "{tmp_path / "data"}"\n'
                      '[security]\npin = "4711"\n', encoding="utf-8")
    config.chmod(0o644)
    read_end, write_end = os.pipe()
    env = journal_env(write_end)
    box = subprocess.Popen([str(BIN / "fogkeeper"), "run", "--sim", "--headless", "--config",
                            str(config)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=write_end, env=env)
    os.close(write_end)
    try:
        err = read_until(read_end, b"fogkeeper running")
        box.send_signal(signal.SIGTERM)
        assert box.wait(timeout=20) == 0
        err += read_until(read_end, b"\0")  # the rest, to its end
    finally:
        box.kill()
        os.close(read_end)
    lines = err.decode().splitlines()
    warnings = [line for line in lines if "holds the Guardian PIN" in line]
    assert len(warnings) == 1 and warnings[0].startswith("<4>WARNING "), err
    assert any(line.startswith("<6>INFO ") and "fogkeeper running" in line for line in lines)
    assert all(line.startswith(("<4>", "<6>")) for line in lines), err
    assert "4711" not in err.decode()


def test_a_start_up_error_on_journalds_stream_is_filed_as_an_error(tmp_path: Path) -> None:
    read_end, write_end = os.pipe()
    env = journal_env(write_end, HOME=str(tmp_path))
    done = subprocess.run([str(BIN / "fogkeeper"), "run", "--sim", "--link", ""],
                          stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                          stderr=write_end, env=env, timeout=60, check=False)
    os.close(write_end)
    err = read_until(read_end, b"\0").decode()
    os.close(read_end)
    assert done.returncode == 2
    assert err.splitlines() == ["<3>fogkeeper run: --link '' names no port: give a device "
                                "path, a pyserial URL or pty:PATH, or leave --link out for "
                                "no link"]


def test_off_journalds_stream_the_lines_stay_plain(tmp_path: Path) -> None:
    config = tmp_path / "box.toml"
    config.write_text(f'[storage]\ndata_dir = "{tmp_path / "data"}"\n', encoding="utf-8")
    # JOURNAL_STREAM inherited, stderr elsewhere (a pipe of this test): no prefixes
    env = {**os.environ, "JOURNAL_STREAM": "1:1"}
    box = subprocess.Popen([str(BIN / "fogkeeper"), "run", "--sim", "--headless", "--config",
                            str(config)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, env=env)
    assert box.stderr is not None
    err = b""
    while b"fogkeeper running" not in err and (line := box.stderr.readline()):
        err += line
    box.send_signal(signal.SIGTERM)
    _, rest = box.communicate(timeout=20)
    assert box.returncode == 0
    assert (err + rest).startswith(b"INFO ") and b"<6>" not in err + rest
