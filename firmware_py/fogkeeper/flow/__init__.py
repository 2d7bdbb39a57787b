"""State machines (transitions): app menus, the hourglass, each game's table flow."""
