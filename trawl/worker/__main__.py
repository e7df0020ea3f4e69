"""`python -m trawl.worker`: a standalone worker using TRAWL_* settings (or the embedded
services)."""

from __future__ import annotations

import argparse
import asyncio
import os

from trawl.config import get_settings
from trawl.redact import configure_logging
from trawl.services.runtime import ensure_runtime
from trawl.worker.main import WorkerConfig, run_worker


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m trawl.worker")
    parser.add_argument("--data-dir", help="the data dir (default TRAWL_DATA_DIR); the embedded "
                                           "mode's supervisor names it")
    args = parser.parse_args(argv)
    if args.data_dir:
        os.environ["TRAWL_DATA_DIR"] = args.data_dir
        get_settings.cache_clear()
    configure_logging()
    settings = get_settings()
    runtime = ensure_runtime(settings)
    asyncio.run(run_worker(WorkerConfig.from_settings(settings, runtime.temporal_address,
                                                      runtime.database_url)))


if __name__ == "__main__":
    main()
