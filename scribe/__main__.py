"""``python -m scribe``: the ``scribe`` command wherever its script is not on PATH (a
Windows shell outside the virtual environment, for one)."""

import sys

from .cli import main

sys.exit(main())
