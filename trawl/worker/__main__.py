"""`python -m trawl.worker`: a standalone worker using TRAWL_* settings (or the embedded
services)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

from trawl.config import get_settings, use_data_dir
from trawl.errors import ConfigError
from trawl.redact import configure_logging
from trawl.services.runtime import ensure_runtime
from trawl.worker.main import WorkerConfig, run_worker

EXIT_CONFIG = 2


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m trawl.worker")
    parser.add_argument("--data-dir", help="the data dir (default TRAWL_DATA_DIR); the embedded "
                                           "mode's supervisor names it")
    use_data_dir(parser.parse_args(argv).data_dir)
    configure_logging()
    try:
        settings = get_settings()
        runtime = ensure_runtime(settings)
        asyncio.run(run_worker(WorkerConfig.from_settings(settings, runtime.temporal_address,
                                                          runtime.database_url)))
    except ConfigError as exc:  # a bad setting (or a metrics port in use): one line, no trace
        logging.getLogger("trawl.worker").error("%s", exc)
        sys.exit(EXIT_CONFIG)


if __name__ == "__main__":
    main()
