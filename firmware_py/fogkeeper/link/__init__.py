"""Host link: the pure JSON-lines protocol and its pyserial transport."""
