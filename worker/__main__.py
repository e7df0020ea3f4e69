"""`python -m worker`: a standalone worker using TRAWL_* settings (or the embedded services)."""

from __future__ import annotations

import asyncio
import logging

from api.runtime import ensure_runtime
from trawl.config import get_settings
from worker.main import WorkerConfig, run_worker


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    settings = get_settings()
    runtime = ensure_runtime(settings)
    asyncio.run(run_worker(WorkerConfig.from_settings(settings, runtime.temporal_address,
                                                      runtime.database_url)))


if __name__ == "__main__":
    main()
