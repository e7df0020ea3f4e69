"""`python -m trawl.worker`: a standalone worker using TRAWL_* settings (or the embedded
services)."""

from __future__ import annotations

import argparse
import asyncio

from trawl.config import get_settings, use_data_dir
from trawl.redact import configure_logging
from trawl.services.runtime import ensure_runtime
from trawl.worker.main import WorkerConfig, run_worker


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m trawl.worker")
    parser.add_argument("--data-dir", help="the data dir (default TRAWL_DATA_DIR); the embedded "
                                           "mode's supervisor names it")
    use_data_dir(parser.parse_args(argv).data_dir)
    configure_logging()
    settings = get_settings()
    runtime = ensure_runtime(settings)
    asyncio.run(run_worker(WorkerConfig.from_settings(settings, runtime.temporal_address,
                                                      runtime.database_url)))


if __name__ == "__main__":
    main()
