"""What many tests share: the fake effects, the wait-for-deadline loop, the box at the table."""
