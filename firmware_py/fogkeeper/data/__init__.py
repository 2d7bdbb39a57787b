"""The games' shipped data (boards, decks, options) read from ``config/`` for the rules engines.

It sits just above ``rules/`` so that both the table flows and the CLI commands can use it.
"""
