"""`python -m trawl.api` runs the `trawl` command line."""

from trawl.api import quiet_interrupts_while_loading

quiet_interrupts_while_loading()

from trawl.api.entry import main  # noqa: E402  (after the handler: loading takes seconds)

main()
