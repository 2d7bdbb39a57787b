"""The OLED drivers over a recording bus: init, exact frame bytes, dirty pages, bus faults."""

from __future__ import annotations

import logging
import random
from typing import Any

import pytest
from PIL import Image, ImageDraw

from fogkeeper.drivers.display import (
    DISPLAY_DRIVERS,
    DisplayError,
    FrameSink,
    FullFrameWriter,
    create_device,
)
from fogkeeper.errors import ConfigError

BUS_ARGS: dict[str, Any] = dict(
    interface="i2c", i2c_port=1, i2c_address=0x3C, spi_port=0, spi_device=0,
    spi_speed_hz=8_000_000, gpio_dc=24, gpio_reset=25)
OLEDS = [name for name, row in DISPLAY_DRIVERS.items() if row.luma_class]  # ssd1306, sh1106...


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def oled(driver: str, bus: Any, ram: Any = None) -> Any:
    """A real luma device over ``bus``; its init bytes go to ``ram``, then the log is empty."""
    device = create_device(driver, serial_interface=bus, **BUS_ARGS)
    if ram is not None:
        ram.apply(bus.calls)
    bus.calls.clear()
    return device


def countdown_screen(seconds: int) -> Image.Image:
    image = Image.new("1", (128, 64))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, 127, 10), fill=1)
    draw.text((40, 24), f"0:{seconds:02d}", fill=1)
    draw.rectangle((4, 56, 4 + seconds * 2, 62), fill=1)
    return image


def expected_pages(image: Image.Image) -> list[bytes]:
    """Controller RAM bytes worked out pixel by pixel: bit i of a byte is row 8p+i."""
    pages = []
    for page in range(8):
        row = bytearray(128)
        for x in range(128):
            for bit in range(8):
                if image.getpixel((x, page * 8 + bit)):
                    row[x] |= 1 << bit
        pages.append(bytes(row))
    return pages


@pytest.mark.parametrize(("driver", "expected_steps"), [
    # panel off, 64 multiplexed rows, charge pump on, horizontal addressing, ..., panel on
    ("ssd1306", [b"\xae", b"\xa8\x3f", b"\x8d\x14", b"\x20\x00", b"\x81\xcf", b"\xaf"]),
    ("sh1106", [b"\xae", b"\xa8\x3f", b"\x8d\x14", b"\x81\x7f", b"\xaf"]),
])
def test_the_real_driver_sends_its_init_sequence(
    driver: str, expected_steps: list[bytes], bus: Any,
) -> None:
    device = create_device(driver, serial_interface=bus, **BUS_ARGS)
    sent = bus.command_bytes()
    assert (device.width, device.height, device.mode) == (128, 64, "1")
    assert sent.startswith(b"\xae") and sent.endswith(b"\xaf")
    position = 0
    for step in expected_steps:
        position = sent.find(step, position)
        assert position >= 0, f"{step.hex()} missing or out of order"
        position += len(step)
    assert bus.data_bytes() == bytes(1024)  # the RAM is cleared before the panel lights


@pytest.mark.parametrize("driver", OLEDS)
def test_a_frame_sends_exactly_the_pixels_of_the_image(driver: str, bus: Any) -> None:
    sink = FrameSink(oled(driver, bus))
    image = countdown_screen(42)
    assert sink.push(image)
    assert bus.data_bytes() == b"".join(expected_pages(image))


@pytest.mark.parametrize("driver", OLEDS)
def test_paged_bytes_match_what_luma_itself_sends(driver: str, make_bus: Any) -> None:
    image = countdown_screen(17)
    luma_bus, our_bus = make_bus(), make_bus()
    device = oled(driver, luma_bus)
    FrameSink(device, writer=FullFrameWriter(device)).push(image)
    FrameSink(oled(driver, our_bus)).push(image)
    assert our_bus.data_bytes() == luma_bus.data_bytes()


@pytest.mark.parametrize("driver", OLEDS)
def test_an_unchanged_frame_sends_nothing(driver: str, bus: Any) -> None:
    sink = FrameSink(oled(driver, bus))
    assert sink.push(countdown_screen(9))
    bus.calls.clear()
    assert not sink.push(countdown_screen(9))
    assert bus.calls == []


@pytest.mark.parametrize("driver", OLEDS)
def test_a_one_digit_change_sends_a_fraction_of_a_frame(
    driver: str, bus: Any, make_ram: Any,
) -> None:
    ram = make_ram(driver)
    sink = FrameSink(oled(driver, bus, ram))
    sink.push(countdown_screen(30))
    ram.apply(bus.calls)
    bus.calls.clear()
    assert sink.push(countdown_screen(29))
    sent = len(bus.data_bytes()) + len(bus.command_bytes())
    ram.apply(bus.calls)
    assert 0 < sent < 1024 // 8
    assert ram.image().tobytes() == countdown_screen(29).tobytes()


def test_the_ssd1306_sends_changed_pages_apart_when_that_is_fewer_bytes(
    bus: Any, make_ram: Any,
) -> None:
    # a countdown second: digits change mid-screen, the bar shrinks at the right; one window
    # over both would carry every column between them
    ram = make_ram("ssd1306")
    sink = FrameSink(oled("ssd1306", bus, ram))
    before = Image.new("1", (128, 64))
    ImageDraw.Draw(before).rectangle((0, 16, 7, 23), fill=1)
    ImageDraw.Draw(before).rectangle((120, 24, 127, 31), fill=1)
    sink.push(before)
    ram.apply(bus.calls)
    bus.calls.clear()
    sink.push(Image.new("1", (128, 64)))
    ram.apply(bus.calls)
    assert len(bus.data_bytes()) == 16  # 8 columns of page 2, 8 of page 3 (not 2 x 128)
    assert ram.image().tobytes() == Image.new("1", (128, 64)).tobytes()


@pytest.mark.parametrize("driver", OLEDS)
@pytest.mark.parametrize("seed", range(6))
def test_display_ram_follows_any_sequence_of_frames(
    driver: str, seed: int, bus: Any, make_ram: Any,
) -> None:
    rng, ram = random.Random(seed), make_ram(driver)
    sink = FrameSink(oled(driver, bus, ram))
    image = Image.new("1", (128, 64))
    for _ in range(12):
        draw = ImageDraw.Draw(image)
        x, y = rng.randrange(128), rng.randrange(64)
        draw.rectangle((x, y, x + rng.randrange(40), y + rng.randrange(20)),
                       fill=rng.randrange(2))
        sink.push(image.copy())
        ram.apply(bus.calls)
        bus.calls.clear()
        assert ram.image().tobytes() == image.tobytes()


@pytest.mark.parametrize("driver", OLEDS)
def test_a_failing_bus_marks_the_sink_unhealthy_and_it_recovers(
    driver: str, bus: Any, make_ram: Any, caplog: pytest.LogCaptureFixture,
) -> None:
    clock, ram = Clock(), make_ram(driver)
    sink = FrameSink(oled(driver, bus, ram), retry_seconds=2.0, clock=clock)
    sink.push(countdown_screen(10))
    ram.apply(bus.calls)
    bus.calls.clear()
    bus.failing = True
    with caplog.at_level(logging.WARNING, logger="fogkeeper.drivers.display"):
        assert not sink.push(countdown_screen(9))
        clock.now += 2.5
        assert not sink.push(countdown_screen(8))
    assert not sink.healthy
    assert len(caplog.records) == 1 and "Remote I/O error" in caplog.records[0].getMessage()
    bus.failing = False
    clock.now += 1.0  # still inside the back-off of the second failure
    assert not sink.push(countdown_screen(7))
    assert bus.calls == []
    clock.now += 1.5
    assert sink.push(countdown_screen(7))
    assert sink.healthy
    ram.apply(bus.calls)
    assert ram.image().tobytes() == countdown_screen(7).tobytes()


@pytest.mark.parametrize("driver", OLEDS)
def test_a_box_mounted_upside_down_shows_the_picture_turned(
    driver: str, bus: Any, make_ram: Any,
) -> None:
    ram = make_ram(driver)
    device = create_device(driver, serial_interface=bus, rotation_degrees=180, **BUS_ARGS)
    sink = FrameSink(device)
    sink.push(countdown_screen(12))
    ram.apply(bus.calls)
    turned = countdown_screen(12).transpose(Image.Transpose.ROTATE_180)
    assert ram.image().tobytes() == turned.tobytes()


@pytest.mark.parametrize("driver", OLEDS)
def test_rotation_changed_at_run_time_resends_the_frame(
    driver: str, bus: Any, make_ram: Any,
) -> None:
    ram = make_ram(driver)
    sink = FrameSink(oled(driver, bus, ram))
    sink.push(countdown_screen(3))
    sink.set_rotation(180)
    assert sink.push(countdown_screen(3))
    ram.apply(bus.calls)
    turned = countdown_screen(3).transpose(Image.Transpose.ROTATE_180)
    assert ram.image().tobytes() == turned.tobytes()


@pytest.mark.parametrize("degrees", [90, 270, 45])
def test_only_upright_and_upside_down_are_offered(bus: Any, degrees: int) -> None:
    with pytest.raises(ConfigError, match="0, 180"):
        create_device("ssd1306", serial_interface=bus, rotation_degrees=degrees, **BUS_ARGS)
    with pytest.raises(ValueError, match="0, 180"):
        FrameSink(oled("ssd1306", bus)).set_rotation(degrees)


def test_contrast_reaches_the_panel(bus: Any) -> None:
    sink = FrameSink(oled("ssd1306", bus))
    sink.set_contrast(32)
    assert [payload for _, payload in bus.calls] == [bytes([0x81, 32])]


@pytest.mark.parametrize("level", [-1, 256])
def test_contrast_outside_the_byte_range_is_refused(bus: Any, level: int) -> None:
    with pytest.raises(ValueError, match="0-255"):
        FrameSink(oled("ssd1306", bus)).set_contrast(level)


def test_panel_commands_on_a_dead_bus_never_raise(bus: Any) -> None:
    sink = FrameSink(oled("sh1106", bus))
    bus.failing = True
    sink.set_contrast(10)
    sink.close()
    assert not sink.healthy


def test_recovery_restores_contrast_and_switches_the_panel_on(bus: Any) -> None:
    clock = Clock()
    sink = FrameSink(oled("ssd1306", bus), clock=clock)
    bus.failing = True
    sink.set_contrast(20)
    bus.failing = False
    clock.now += 3
    assert sink.push(countdown_screen(1))
    commands = [payload for kind, payload in bus.calls if kind == "command"]
    assert bytes([0x81, 20]) in commands and commands[-1] == b"\xaf"


def test_close_cleans_up_the_bus(bus: Any) -> None:
    FrameSink(oled("ssd1306", bus)).close()
    assert bus.cleaned_up


def test_the_dummy_device_keeps_the_last_frame() -> None:
    sink = FrameSink(create_device("dummy", **BUS_ARGS))
    sink.push(countdown_screen(5).convert("L"))
    assert sink.device.image.tobytes() == countdown_screen(5).tobytes()


def test_a_frame_of_the_wrong_size_is_a_programming_error() -> None:
    sink = FrameSink(create_device("dummy", **BUS_ARGS))
    with pytest.raises(ValueError, match="128x64"):
        sink.push(Image.new("1", (64, 32)))


def test_the_terminal_screen_is_a_128x64_mono_device(monkeypatch: pytest.MonkeyPatch) -> None:
    # luma registers an exit hook that clears the terminal; keep pytest's terminal intact
    monkeypatch.setattr("atexit.register", lambda hook: hook)
    device = create_device("terminal", **BUS_ARGS)
    assert (device.width, device.height, device.mode) == (128, 64, "1")


@pytest.mark.parametrize(("driver", "overrides", "message"), [
    ("st7735", {}, "dummy, sh1106, ssd1306, ssd1309, terminal"),
    ("ssd1306", {"interface": "usb"}, "i2c, spi"),
    ("sh1106", {"interface": "spi", "spi_speed_hz": 3_000_000}, "8000000"),
])
def test_bad_display_settings_name_what_is_allowed(
    driver: str, overrides: dict[str, Any], message: str,
) -> None:
    with pytest.raises(ConfigError, match=message):
        create_device(driver, **{**BUS_ARGS, **overrides})


def test_a_missing_i2c_bus_says_where_it_looked() -> None:
    with pytest.raises(DisplayError, match="I2C bus 97 address 0x3C"):
        create_device("ssd1306", **{**BUS_ARGS, "i2c_port": 97})


def test_the_registry_offers_the_five_drivers() -> None:
    assert set(DISPLAY_DRIVERS) == {"ssd1306", "sh1106", "ssd1309", "terminal", "dummy"}


class SmbusAdapter:
    """smbus2's bus on an adapter with the given functions; I2C_RDWR is refused where plain
    I2C is not among them (EOPNOTSUPP, as the kernel's i2c-stub answers)."""

    def __init__(self, funcs: int) -> None:
        self.funcs = funcs
        self.block_writes: list[tuple[int, int, bytes]] = []
        self.rdwr_bytes = b""

    def write_i2c_block_data(self, addr: int, register: int, data: list[int]) -> None:
        assert len(data) <= 32  # the SMBus limit
        self.block_writes.append((addr, register, bytes(data)))

    def i2c_rdwr(self, *messages: Any) -> None:
        import smbus2

        if not self.funcs & smbus2.I2cFunc.I2C:
            raise OSError(95, "Operation not supported")
        self.rdwr_bytes += b"".join(bytes(message)[1:] for message in messages)

    def close(self) -> None:
        """Nothing to release."""

    def frame_bytes(self) -> bytes:
        return b"".join(data for _, register, data in self.block_writes if register == 0x40)


@pytest.mark.parametrize("plain_i2c", [False, True], ids=["smbus-only", "plain-i2c"])
def test_a_frame_reaches_a_panel_on_an_smbus_only_adapter(
    monkeypatch: pytest.MonkeyPatch, plain_i2c: bool,
) -> None:
    import smbus2

    smbus = smbus2.I2cFunc.SMBUS_BYTE_DATA | smbus2.I2cFunc.SMBUS_WRITE_I2C_BLOCK
    adapter = SmbusAdapter(smbus | smbus2.I2cFunc.I2C if plain_i2c else smbus)
    monkeypatch.setattr(smbus2, "SMBus", lambda port: adapter)
    sink = FrameSink(create_device("ssd1306", **BUS_ARGS))
    adapter.block_writes.clear()
    adapter.rdwr_bytes = b""
    image = countdown_screen(42)
    assert sink.push(image) and sink.healthy
    if plain_i2c:  # a Pi's controller: the frame in one transfer, as luma does it
        assert adapter.rdwr_bytes == b"".join(expected_pages(image))
    else:
        assert adapter.frame_bytes() == b"".join(expected_pages(image))
        assert {addr for addr, _, _ in adapter.block_writes} == {0x3C}
