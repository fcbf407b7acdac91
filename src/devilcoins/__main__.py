"""``python -m devilcoins``: the command line, as the ``devilcoins`` command runs it."""

import sys

from _devilcoins_entry import main

if __name__ == "__main__":
    sys.exit(main())
