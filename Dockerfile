# trawl worker / CLI image: Python 3.11 + Debian's Chromium.
#   docker build -t trawl:0.1.0 .
#   docker run --rm -e TRAWL_TEMPORAL_ADDRESS=... -e TRAWL_DATABASE_URL=... trawl:0.1.0
# The worker upgrades trawl's database schema (Alembic) itself on start.
FROM python:3.11-slim-trixie

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    TRAWL_BROWSER_PATH=/usr/bin/chromium

# Debian's Chromium (Playwright drives it through executable_path; no `playwright install`,
# which would download a browser build at image-build time) and metric-compatible fonts.
RUN apt-get update \
    && apt-get install -y --no-install-recommends chromium fonts-liberation ca-certificates \
    && rm -rf /var/lib/apt/lists/*

# An unprivileged user for the worker and its browsers.
RUN groupadd --system --gid 10001 trawl \
    && useradd --system --uid 10001 --gid trawl --create-home --home-dir /home/trawl \
       --shell /usr/sbin/nologin trawl

WORKDIR /src

# Dependencies first, from the hash-locked requirements.lock alone (made by scripts/lock from
# pyproject.toml), so source edits don't reinstall them. pip checks every file against the
# lock's sha256 and refuses anything unpinned; wheels only, so nothing runs at install time.
# The lock also pins the build backend (hatchling) used below.
COPY requirements.lock ./
RUN pip install --require-hashes --only-binary :all: -r requirements.lock \
    && rm requirements.lock

# Then the project itself (hatchling, from the lock: no build isolation, so nothing is
# fetched unpinned; the package trawl with its subpackages; console
# script `trawl`).
COPY . .
RUN pip install --no-deps --no-build-isolation . \
    && rm -rf /src

USER trawl
WORKDIR /home/trawl

CMD ["trawl", "worker"]
