"""Fixtures every test folder may use; the helpers themselves live in ``support``."""

from support.box import box as box
