"""The `trawl` executable: ``trawl scrape`` without loading the rest of the command line.

``trawl scrape URL`` needs no Temporal, no database and (over HTTP) no browser, so it
does not import them: the full CLI (:mod:`trawl.api.cli`, which imports the Temporal
client) costs about a second of process start, more than the scrape of a static page.
Every other command, and ``trawl --help``, goes to :func:`trawl.api.cli.main`.
"""

from __future__ import annotations

import sys


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "scrape":
        from trawl.api.scrape_command import main as scrape_main

        scrape_main(sys.argv[2:])
        return
    from trawl.api.cli import main as cli_main

    cli_main()
