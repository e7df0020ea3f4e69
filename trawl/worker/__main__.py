"""`python -m trawl.worker`: a standalone worker using TRAWL_* settings (or the embedded
services)."""

from __future__ import annotations

import asyncio

from trawl.config import get_settings
from trawl.redact import configure_logging
from trawl.services.runtime import ensure_runtime
from trawl.worker.main import WorkerConfig, run_worker


def main() -> None:
    configure_logging()
    settings = get_settings()
    runtime = ensure_runtime(settings)
    asyncio.run(run_worker(WorkerConfig.from_settings(settings, runtime.temporal_address,
                                                      runtime.database_url)))


if __name__ == "__main__":
    main()
