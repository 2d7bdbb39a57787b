"""What every game's table flow does the same way: menus, the PIN pad, asides, link, saves."""
