"""`python -m trawl.api` runs the `trawl` command line."""

from trawl.api.entry import main

main()
