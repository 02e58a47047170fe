"""``python -m sixnimmt_core`` is the ``sixnimmt`` command."""

from sixnimmt_core.cli import main

raise SystemExit(main())
