"""``python -m scoring.engine``, the old name of ``python -m engine``, for old scripts."""

import sys

from engine.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
