"""A worker's copy of each crawl's spec, read once from the crawls row.

A crawl of 1,000 sites has 1,000 start URLs; copied into every site workflow's input and
every activity's, they were most of each payload Temporal stores and the worker seals and
opens. Site workflows of such crawls carry a spec holding only their own start URLs
(``SiteInput.spec_in_db``), and the activities that need the whole spec (its scope, its
address guard) read it here: once per crawl and worker, as the crawl's spec never changes.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict

from sqlalchemy.exc import NoResultFound
from sqlalchemy.ext.asyncio import AsyncEngine

from trawl.errors import CrawlNotFound
from trawl.model import CrawlSpec
from trawl.store.crawls import crawl_spec

SPECS_KEPT = 256
"""Crawls whose spec a worker keeps (the least recently used is read again when asked)."""


class SpecCache:
    def __init__(self, kept: int = SPECS_KEPT) -> None:
        self._specs: OrderedDict[str, CrawlSpec] = OrderedDict()
        self._kept = kept
        self._lock = asyncio.Lock()

    async def resolve(self, engine: AsyncEngine, crawl_id: str, spec: CrawlSpec,
                      in_db: bool) -> CrawlSpec:
        """``spec`` itself, or when ``in_db`` the crawl's whole spec from its row;
        CrawlNotFound when the row is gone."""
        if not in_db:
            return spec
        found = self._specs.get(crawl_id)
        if found is None:
            async with self._lock:
                found = self._specs.get(crawl_id)
                if found is None:
                    try:
                        found = CrawlSpec.from_json(await crawl_spec(engine, crawl_id))
                    except NoResultFound:
                        raise CrawlNotFound(f"no crawl {crawl_id}") from None
                    self._specs[crawl_id] = found
                    while len(self._specs) > self._kept:
                        self._specs.popitem(last=False)
        self._specs.move_to_end(crawl_id)
        return found
