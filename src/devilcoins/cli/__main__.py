"""``python -m devilcoins.cli``: the command line."""

import sys

from devilcoins.cli.main import main

sys.exit(main())
