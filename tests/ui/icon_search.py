"""Finding an icon on a screen: the 16x16 square whose pixels are exactly the icon's."""

from __future__ import annotations

from PIL import Image

from fogkeeper.ui.icons import ICON_SIZE, Icon, draw_icon


def icon_image(icon: Icon, ink: int = 1) -> Image.Image:
    """The icon alone in its square, on the background its ``ink`` stands on."""
    image = Image.new("1", (ICON_SIZE, ICON_SIZE), 1 - ink)
    from PIL import ImageDraw

    draw_icon(ImageDraw.Draw(image), icon, 0, 0, ink)
    return image


def icon_at(screen: Image.Image, icon: Icon, ink: int = 1) -> tuple[int, int] | None:
    """Where on ``screen`` the icon stands whole (its top-left), or None."""
    wanted = icon_image(icon, ink).tobytes()
    screen = screen.convert("1")
    for y in range(screen.height - ICON_SIZE + 1):
        for x in range(screen.width - ICON_SIZE + 1):
            if screen.crop((x, y, x + ICON_SIZE, y + ICON_SIZE)).tobytes() == wanted:
                return x, y
    return None
