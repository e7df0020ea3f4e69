"""`python -m trawl.api` runs the `trawl` command line."""

from trawl.api.cli import main

main()
