"""`python -m api` runs the `trawl` command line."""

from api.cli import main

main()
