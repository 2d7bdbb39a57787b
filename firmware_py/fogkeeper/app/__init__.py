"""Composition root: config to drivers to the event loop; CLI subcommands."""
