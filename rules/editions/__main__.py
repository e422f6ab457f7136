"""`python -m rules.editions check FILE`: check a corrected edition file (docs/editions.md)."""

from rules.edition_check import main

raise SystemExit(main())
