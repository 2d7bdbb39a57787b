"""Fixtures of the FOGSITE table-flow tests, and the path to their shared table harness."""

from __future__ import annotations

import sys
from pathlib import Path

# Under --import-mode=importlib pytest adds no test folder to sys.path; the test modules
# import fogsite_table by name, so this folder goes on the path in either import mode.
if str(Path(__file__).parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).parent))
