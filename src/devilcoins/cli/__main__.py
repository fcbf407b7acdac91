"""``python -m devilcoins.cli``: the command line."""

import sys

from devilcoins.cli import main

sys.exit(main())
