"""Run the fogkeeper CLI with ``python -m fogkeeper``."""

import sys

from fogkeeper.cli import main

sys.exit(main())
