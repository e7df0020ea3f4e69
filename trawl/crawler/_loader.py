"""Loading one URL for a crawl: over HTTP, in the browser, or both (auto mode's decision
and its per-site sampling, documents, conditional requests on a recrawl).

:func:`load_page` is what :func:`trawl.crawler.explore.explore` calls inside the site's
politeness slot; what comes back (:class:`~trawl.crawler.render.Loaded`) is then recorded.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from trawl.browser.destructive import DestructiveGuard
from trawl.crawler._explore_deps import ExploreDeps, read_html, selection_of
from trawl.crawler.auto import DOCUMENT_REASON
from trawl.crawler.fetch import FetchResult, decode_html, fetch, refresh_target
from trawl.crawler.profiles import cookie_header, profile_key
from trawl.crawler.reading import AutoRules, Reading
from trawl.crawler.recrawl import (
    conditional_headers,
    is_unchanged,
    record_validators,
    revalidates,
    unchanged_load,
)
from trawl.crawler.render import Loaded, WallCheck, load_in_browser
from trawl.crawler.screening import with_user_agent
from trawl.crawler.walls import Wall, detect
from trawl.documents.formats import document_format, url_format
from trawl.errors import FetchError
from trawl.model import ExploreInput, step_globs, steps_for
from trawl.policy import parse_retry_after
from trawl.store.recrawl import PreviousPage
from trawl.urls import canonicalize


def _wall_check(inp: ExploreInput) -> WallCheck:
    def check(loaded: Loaded) -> Wall | None:
        return detect(url=inp.job.url, final_url=canonicalize(loaded.final_url),
                      status=loaded.status_code, html=loaded.html,
                      password_visible=loaded.password_visible,
                      has_session=inp.profile_version > 0, rules=inp.spec.handoff_on,
                      login_forms=inp.spec.login_handoff)
    return check


async def load_page(deps: ExploreDeps, inp: ExploreInput,
                prev: PreviousPage | None = None) -> Loaded:
    """Fetch (and render) the URL; on a recrawl, ask conditionally first when ``prev``
    (its previous version) was a success: an unchanged page is neither rendered nor read."""
    state = await deps.profiles.get(deps.engine, deps.pool, inp.site, inp.profile_version)
    return await _Loader(deps, inp, prev, state, _wall_check(inp)).load()


@dataclass
class _Loader:
    """Loading one URL: over HTTP, in the browser, or both (auto mode, documents, recrawls)."""

    deps: ExploreDeps
    inp: ExploreInput
    prev: PreviousPage | None
    state: Any
    """The site's session (storage state) for this profile version, or None."""
    check: WallCheck

    async def load(self) -> Loaded:
        spec, prev = self.inp.spec, self.prev
        first = await self._first_response()
        if isinstance(first, Loaded):
            return first
        fetched = first
        if is_unchanged(prev, fetched, self.inp.job.url):
            return unchanged_load(fetched)
        if fetched.document is not None and fetched.status_code < 400:
            return _document_load(fetched, spec.render, self.check)  # read as fetched
        if spec.render == "browser" and (revalidates(prev) or (fetched.is_html
                                                               and fetched.status_code < 400)):
            # changed since the crawl revisited, or a page at a URL named like a document
            # (/notes.txt sent as HTML): rendered as usual (anything else at such a URL, an
            # error status or a binary, is recorded from this response, as the browser would)
            return record_validators(await self.in_browser("--render browser"), fetched)
        return await self._served(fetched)

    async def _first_response(self) -> FetchResult | Loaded:
        """The browser's page (browser mode, not a revisit), or the HTTP response."""
        spec, prev, url = self.inp.spec, self.prev, self.inp.job.url
        if spec.render == "browser" and not revalidates(prev) and url_format(url) is None:
            loaded = await self.in_browser("--render browser")
            if not _refused_document(loaded, url):
                return loaded
            # JSON or a PDF at a URL that did not say so: the browser does not read
            # documents, so it is asked for again over HTTP (a URL that says so is asked
            # over HTTP first)
            return await self.over_http()
        try:
            return await self.over_http(conditional_headers(prev) if revalidates(prev)
                                        else None)
        except FetchError:
            if spec.render != "browser" or not revalidates(prev):
                raise  # (a document's URL in browser mode: the browser would not read it)
            # the conditional request was only a shortcut: the browser may still get through
            return await self.in_browser("--render browser")

    async def _served(self, fetched: FetchResult) -> Loaded:
        """The page as the server sent it (http and auto modes); auto may render it."""
        html = None
        if fetched.is_html and fetched.body is not None and fetched.status_code < 400:
            html = decode_html(fetched.body, fetched.headers)
            moved = refresh_target(html, fetched.headers, fetched.final_url)
            if moved is not None:  # a redirect made by the page (what the browser does too)
                return Loaded(moved, fetched.status_code, fetched.content_type,
                              fetched.content_length, None, fetched.elapsed_ms,
                              render_mode="http", render_reason="meta refresh")
        loaded = Loaded(fetched.final_url, fetched.status_code, fetched.content_type,
                        fetched.content_length, html, fetched.elapsed_ms, render_mode="http",
                        render_reason="--render http")
        loaded.retry_after_s = parse_retry_after(fetched.headers.get("retry-after"))
        record_validators(loaded, fetched)
        if self.inp.spec.render == "auto" and html is not None \
                and canonicalize(fetched.final_url) == self.inp.job.url:
            rendered = await self._auto(loaded, html, fetched.final_url)
            if rendered is not None:
                return record_validators(rendered, fetched)
        loaded.wall = self.check(loaded)
        return loaded

    async def _auto(self, loaded: Loaded, html: str, url: str) -> Loaded | None:
        """Auto mode decides where the page is read: the browser's page when it renders it,
        else None (``loaded`` then carries the reading already made over HTTP)."""
        deps, inp, spec = self.deps, self.inp, self.inp.spec
        reading = await read_html(deps, html, url, spec.scope(),
                              AutoRules(spec.render_browser, step_globs(spec.steps)),
                              selection=selection_of(spec))
        assert reading.decision is not None
        if reading.decision.browser:
            return await self.in_browser(reading.decision.reason)
        site_key = (inp.crawl_id, inp.site)
        if deps.render_sampler.client_side(site_key):
            return await self.in_browser("text changes when rendered (site)")
        if deps.pool is not None and deps.render_sampler.take_sample(site_key,
                                                                     reading.decision):
            rendered = await _sample_rendered(deps, inp, reading, self.in_browser)
            if rendered is not None:
                return rendered
        loaded.render_reason, loaded.reading = reading.decision.reason, reading
        return None

    async def in_browser(self, reason: str) -> Loaded:
        deps, inp, spec = self.deps, self.inp, self.inp.spec
        if deps.pool is None:
            raise RuntimeError("browser rendering requested but this worker has no browser")
        loaded = await load_in_browser(deps.pool, inp.job.url, max_bytes=spec.max_body_bytes,
                                       timeout_s=spec.page_timeout_s,
                                       profile=profile_key(inp.crawl_id, inp.site,
                                                           inp.profile_version),
                                       storage_state=self.state, check=self.check,
                                       user_agent=spec.user_agent,
                                       steps=steps_for(inp.job.url, spec.steps),
                                       dismiss_cookie_banners=spec.dismiss_cookie_banners,
                                       policy=spec.net_policy(),
                                       guard=DestructiveGuard(
                                           allow=spec.allow_destructive,
                                           extra_words=tuple(spec.destructive_words)),
                                       screenshot="screenshot" in spec.store)
        loaded.render_mode, loaded.render_reason = "browser", reason
        return loaded

    async def over_http(self, extra: dict[str, str] | None = None) -> FetchResult:
        spec, url = self.inp.spec, self.inp.job.url
        headers = with_user_agent(spec, cookie_header(self.state, url))
        if extra:
            headers = {**(headers or {}), **extra}
        return await fetch(self.deps.http, url, max_bytes=spec.max_body_bytes,
                           timeout_s=spec.page_timeout_s, headers=headers,
                           cookies=self.deps.cookies.jar(self.inp.crawl_id))


async def _sample_rendered(deps: ExploreDeps, inp: ExploreInput, served: Reading,
                           in_browser: Callable[[str], Awaitable[Loaded]]) -> Loaded | None:
    """Render a page auto read over HTTP, to learn whether its site's text comes from
    script; the rendered page when it does (then it is what is stored), else None."""
    try:
        rendered = await in_browser("text changes when rendered")
    except FetchError:
        return None  # the served page stands
    if rendered.html is None or rendered.wall is not None:
        return None
    reading = await read_html(deps, rendered.html, rendered.final_url, inp.spec.scope(),
                          selection=selection_of(inp.spec))
    assert served.extraction is not None and reading.extraction is not None
    if not deps.render_sampler.record((inp.crawl_id, inp.site), served.extraction.word_count,
                                      reading.extraction.word_count):
        return None
    rendered.reading = reading
    return rendered


def _refused_document(loaded: Loaded, url: str) -> bool:
    """Whether the browser refused a document trawl reads (JSON, a PDF...) at ``url``."""
    return (loaded.html is None and loaded.status_code < 400 and loaded.wall is None
            and loaded.render_mode == "browser" and canonicalize(loaded.final_url) == url
            and document_format(loaded.content_type, loaded.final_url) is not None)


def _document_load(fetched: FetchResult, render: str,
                   check: Callable[[Loaded], Wall | None]) -> Loaded:
    """A document's response, its body to be read by explore (see trawl.documents)."""
    reason = ("--render http" if render == "http"
              else DOCUMENT_REASON.format(format=fetched.document))
    loaded = Loaded(fetched.final_url, fetched.status_code, fetched.content_type,
                    fetched.content_length, None, fetched.elapsed_ms, render_mode="http",
                    render_reason=reason)
    loaded.document = fetched
    loaded.retry_after_s = parse_retry_after(fetched.headers.get("retry-after"))
    record_validators(loaded, fetched)
    loaded.wall = check(loaded)
    return loaded
