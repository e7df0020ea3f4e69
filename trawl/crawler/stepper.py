"""Running spec steps (:mod:`trawl.model` Step rules) in a loaded page.

Each step yields a record stored with the page (``pages.steps``)::

    {"step": "click_until_gone", "target": "button 'Load more'", "ok": true, "count": 4,
     "detail": "gone after 4 clicks", "ms": 812}

A step that fails (no such element, a timeout, a script error) is recorded with
``ok: false`` and the next step runs: a bad step never loses the page. All steps of a page
share one time budget (the spec's page timeout); steps left when it runs out are recorded
as not run.

Every control a step would press (a click, each "load more" click, an Enter or Space key,
each toggle and tab of expand_all) is first judged by the crawl's
:class:`~trawl.browser.destructive.DestructiveGuard`: a destructive one (delete, buy, log
out, a form that POSTs...) is not pressed. A step whose target is refused is recorded as
failed, ``"detail": "refused: destructive control 'Delete account' (...)"``; click ``each``
and expand_all skip the refused ones and go on. Either way the record counts them in
``refused``.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any, cast

from playwright.async_api import ElementHandle, Locator, Page

from trawl.browser.destructive import DestructiveGuard, Verdict, key_activates, key_submits
from trawl.browser.scripts import script
from trawl.model import (
    DEFAULT_ACTION_TIMEOUT_MS,
    DEFAULT_CLICK_MAX,
    DEFAULT_EXPAND_MAX,
    DEFAULT_SCROLL_MAX,
    DEFAULT_WAIT_TIMEOUT_MS,
    Step,
)

CLICK_SETTLE_MS = 500
"""After a click, how long to wait for the page to start changing (sync changes are
already there; this catches a quick re-render)."""
QUIET_MS = 150
"""The page counts as settled after this long without DOM changes."""
SETTLE_CAP_MS = 2_000
"""Never wait for quiet longer than this after the first change (animations never stop)."""
CHANGE_TIMEOUT_MS = 5_000
"""click_until_gone: how long a click may take to change the page (content from a server)."""
SCROLL_GROW_TIMEOUT_MS = 2_000
"""scroll_until_stable: how long to wait for new content after each scroll."""
GONE_GRACE_MS = 1_000
"""click_until_gone: how long a vanished button may take to come back (after a spinner)."""
EXPAND_SETTLE_MS = 300
"""expand_all: how long to wait for each toggle's or tab's content to appear."""
MAX_DETAIL_CHARS = 300

# Watch the DOM from before an action until it changed and went quiet; returns how many
# mutations were seen. ARM_JS and SETTLE_JS bracket an action done through Playwright.
ARM_JS = script("trawl.crawler", "stepper_arm.js")
SETTLE_JS = script("trawl.crawler", "stepper_settle.js")
# After a "load more" click: wait until nodes were added or removed and the button is no
# longer busy (disabled/aria-busy while it loads), then until the DOM is quiet; returns
# whether anything changed. Attribute changes alone (a spinner class) do not count.
CLICK_WAIT_JS = script("trawl.crawler", "stepper_click_wait.js")
# Of a locator's matches: the index of the first visible one, and whether it is disabled.
FIRST_SHOWN_JS = script("trawl.crawler", "stepper_first_shown.js")
SCROLL_JS = script("trawl.crawler", "stepper_scroll.js")
# Scroll the page (or a scrolling box) to its end, then wait until it grows (height or
# element count) and settles; returns [grew, height, elements] (see the file).
SCROLL_GROW_JS = script("trawl.crawler", "stepper_scroll_grow.js")
# Open every <details>, click every aria-expanded=false toggle and every tab of every
# tablist (a panel hidden again is shown again at the end); ``refused``: null when the
# guard allows everything, else the indices (in the candidate list CANDIDATES_JS left on
# the page) of the destructive ones, which are skipped (see the file).
EXPAND_JS = script("trawl.crawler", "stepper_expand.js")


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    line = text.splitlines()[0] if text else type(exc).__name__
    return line[:MAX_DETAIL_CHARS]


def _is_timeout(exc: BaseException) -> bool:
    return "Timeout" in type(exc).__name__ or isinstance(exc, TimeoutError)


def _locator(page: Page, step: Step) -> Locator:
    if step.role is not None:
        role = cast(Any, step.role.strip().lower())  # Playwright types roles as a Literal
        return page.get_by_role(role, name=step.name) if step.name is not None \
            else page.get_by_role(role)
    if step.selector is not None:
        return page.locator(step.selector)
    assert step.text is not None
    return page.get_by_text(step.text)


class _Failed(Exception):
    """A step did not do what it says; the message is the record's detail."""

    def __init__(self, detail: str, refused: int = 0) -> None:
        super().__init__(detail)
        self.refused = refused
        """Destructive controls not pressed (recorded with the step when any)."""


def _refused(verdict: Verdict, more: str = "") -> _Failed:
    return _Failed(verdict.refusal() + more, refused=1)


class StepRunner:
    """Runs one page's steps, in order, within a shared time budget."""

    def __init__(self, page: Page, budget_s: float,
                 guard: DestructiveGuard | None = None) -> None:
        self.page = page
        self.deadline = time.monotonic() + budget_s
        self.guard = guard if guard is not None else DestructiveGuard()
        """Judges every control a step presses (the default refuses destructive ones)."""
        self._refusals = 0  # of the step running

    def _left_ms(self) -> float:
        return max(0.0, (self.deadline - time.monotonic()) * 1000)

    def _timeout(self, step: Step, default: int) -> float:
        return max(1.0, min(float(step.timeout_ms or default), self._left_ms()))

    async def run(self, steps: list[Step]) -> list[dict[str, Any]]:
        records = []
        for step in steps:
            records.append(await self.run_one(step))
        return records

    async def run_one(self, step: Step) -> dict[str, Any]:
        record: dict[str, Any] = {"step": step.kind, "target": step.target(), "ok": True}
        started = time.monotonic()
        left = self._left_ms()
        if left <= 0:
            record.update(ok=False, detail="not run: the page's time budget was spent")
            return record
        self._refusals = 0
        try:
            # a step never outlives the page's budget (a hung script, an endless wait)
            count, detail = await asyncio.wait_for(self._do(step), left / 1000 + 1)
            record.update(count=count, detail=detail)
        except _Failed as exc:
            record.update(ok=False, detail=str(exc)[:MAX_DETAIL_CHARS])
            self._refusals = max(self._refusals, exc.refused)
        except TimeoutError:
            record.update(ok=False, detail="the page's time budget ran out during the step")
        except Exception as exc:  # Playwright errors: timeouts, detached elements, scripts
            record.update(ok=False, detail=await self._explain(step, exc))
        if self._refusals:
            record["refused"] = self._refusals
        record["ms"] = int((time.monotonic() - started) * 1000)
        if record.get("count") is None:
            record.pop("count", None)
        return record

    async def _explain(self, step: Step, exc: BaseException) -> str:
        """A failure in words: no element at all, or one that never became usable."""
        if not _is_timeout(exc) or step.target() is None:
            return _first_line(exc)
        try:
            found = await _locator(self.page, step).count()
        except Exception:
            return _first_line(exc)
        if found == 0:
            return "no element matches"
        return f"{found} element(s) match but none became visible and usable in time"

    async def _target(self, step: Step) -> ElementHandle:
        """The first visible match of the step's target (waiting for one)."""
        return await _locator(self.page, step).filter(visible=True).first.element_handle(
            timeout=self._timeout(step, DEFAULT_ACTION_TIMEOUT_MS))

    async def _settle(self, first_ms: float) -> int:
        return int(await self.page.evaluate(SETTLE_JS, [first_ms, QUIET_MS, SETTLE_CAP_MS]))

    async def _do(self, step: Step) -> tuple[int | None, str]:
        if step.kind == "click" and step.each:
            return await self._click_each(step)
        handler = {"click": self._click, "input": self._input, "press": self._press,
                   "wait": self._wait, "scroll": self._scroll,
                   "click_until_gone": self._click_until_gone,
                   "scroll_until_stable": self._scroll_until_stable,
                   "expand_all": self._expand_all}.get(step.kind)
        if handler is None:
            raise _Failed(f"unknown step kind {step.kind!r}")  # parse_step lets none through
        return await handler(step)

    async def _click(self, step: Step) -> tuple[int | None, str]:
        # the element judged is the element clicked: a handle, not a locator that could
        # resolve to another one in between
        target = await self._target(step)
        verdict = await self.guard.check(target)
        if verdict is not None:
            raise _refused(verdict)
        await self.page.evaluate(ARM_JS)
        await target.click(timeout=self._timeout(step, DEFAULT_ACTION_TIMEOUT_MS))
        await self._settle(min(CLICK_SETTLE_MS, self._left_ms()))
        return None, "clicked"

    async def _input(self, step: Step) -> tuple[int | None, str]:
        assert step.value is not None
        await _locator(self.page, step).filter(visible=True).first.fill(
            step.value, timeout=self._timeout(step, DEFAULT_ACTION_TIMEOUT_MS))
        return None, f"filled in {step.value!r}"

    async def _press(self, step: Step) -> tuple[int | None, str]:
        assert step.key is not None
        if step.target() is None:
            verdict = await self.guard.check_key(self.page, step.key)
            if verdict is not None:
                raise _refused(verdict, f" (focused when {step.key} was to be pressed)")
            await self.page.keyboard.press(step.key)
            return None, f"pressed {step.key}"
        target = await self._target(step)
        if key_activates(step.key):  # Enter/Space press a button; Enter sends a form
            verdict = await self.guard.check(target, enter=key_submits(step.key))
            if verdict is not None:
                raise _refused(verdict)
        await target.press(step.key, timeout=self._timeout(step, DEFAULT_ACTION_TIMEOUT_MS))
        return None, f"pressed {step.key}"

    async def _wait(self, step: Step) -> tuple[int | None, str]:
        if step.ms is not None:
            await asyncio.sleep(min(step.ms, self._left_ms()) / 1000)
            return None, f"waited {step.ms} ms"
        await _locator(self.page, step).filter(visible=True).first.wait_for(
            state="visible", timeout=self._timeout(step, DEFAULT_WAIT_TIMEOUT_MS))
        return None, "appeared"

    async def _scroll(self, step: Step) -> tuple[int | None, str]:
        if step.target() is not None:
            await _locator(self.page, step).filter(visible=True).first \
                .scroll_into_view_if_needed(timeout=self._timeout(step, DEFAULT_ACTION_TIMEOUT_MS))
            return None, "scrolled into view"
        await self.page.evaluate(SCROLL_JS, step.to or "bottom")
        return None, f"scrolled {step.to or 'bottom'}"

    async def _click_each(self, step: Step) -> tuple[int | None, str]:
        cap = step.max or DEFAULT_CLICK_MAX
        timeout = self._timeout(step, DEFAULT_ACTION_TIMEOUT_MS)
        handles = await _locator(self.page, step).filter(visible=True).element_handles()
        if not handles:
            raise _Failed("no visible element matches")
        clicked = failed = 0
        refused: list[Verdict] = []
        for handle in handles[:cap]:
            try:
                verdict = await self.guard.check(handle)
                if verdict is not None:
                    refused.append(verdict)
                    self._refusals = len(refused)
                    continue
                await self.page.evaluate(ARM_JS)
                await handle.click(timeout=min(timeout, self._left_ms()) or 1)
                clicked += 1
                await self._settle(min(CLICK_SETTLE_MS, self._left_ms()))
            except Exception:  # detached by an earlier click, covered...: try the rest
                failed += 1
        if clicked == 0 and refused and not failed:
            others = f"; so were {len(refused) - 1} other matches" if len(refused) > 1 else ""
            raise _Failed(refused[0].refusal() + others, refused=len(refused))
        if clicked == 0:
            raise _Failed(f"none of {len(handles)} matches could be clicked"
                          + (f" ({len(refused)} refused as destructive)" if refused else ""),
                          refused=len(refused))
        more = f"; {len(handles) - cap} more not clicked (max {cap})" \
            if len(handles) > cap else ""
        skipped = (f"; {len(refused)} refused: destructive control "
                   + ", ".join(repr(v.label) for v in refused[:3])
                   + (", ..." if len(refused) > 3 else "")) if refused else ""
        return clicked, (f"clicked {clicked} of {len(handles[:cap])}"
                         + (f" ({failed} failed)" if failed else "") + skipped + more)

    async def _click_until_gone(self, step: Step) -> tuple[int | None, str]:
        cap = step.max or DEFAULT_CLICK_MAX
        change_ms = step.timeout_ms or CHANGE_TIMEOUT_MS
        locator = _locator(self.page, step)
        clicks = 0
        while True:
            index, disabled = await locator.evaluate_all(FIRST_SHOWN_JS)
            if index < 0 and clicks:  # a button re-rendered after a spinner comes back
                try:
                    await locator.filter(visible=True).first.wait_for(
                        state="visible", timeout=min(GONE_GRACE_MS, self._left_ms()) or 1)
                    index, disabled = await locator.evaluate_all(FIRST_SHOWN_JS)
                except Exception:
                    pass  # gone for good
            if index < 0:
                return clicks, ("not on the page" if clicks == 0
                                else f"gone after {clicks} clicks")
            if disabled:
                return clicks, f"disabled after {clicks} clicks"
            if clicks >= cap:
                return clicks, f"stopped at max {cap} clicks (still there)"
            if self._left_ms() <= 0:
                raise _Failed(f"the page's time budget ran out after {clicks} clicks")
            button = await locator.nth(index).element_handle(
                timeout=self._timeout(step, DEFAULT_ACTION_TIMEOUT_MS))
            # judged before every click: a button may change what it says ("Load more"
            # until the last page, then "Remove filters")
            verdict = await self.guard.check(button)
            if verdict is not None:
                raise _refused(verdict, f" after {clicks} clicks" if clicks else "")
            await button.scroll_into_view_if_needed(
                timeout=self._timeout(step, DEFAULT_ACTION_TIMEOUT_MS))
            changed = await self.page.evaluate(
                CLICK_WAIT_JS, [button, min(change_ms, self._left_ms()), QUIET_MS,
                                SETTLE_CAP_MS])
            clicks += 1
            if not changed:
                return clicks, f"click {clicks} changed nothing within {change_ms} ms; stopped"

    async def _scroll_until_stable(self, step: Step) -> tuple[int | None, str]:
        cap = step.max or DEFAULT_SCROLL_MAX
        wait_ms = step.timeout_ms or SCROLL_GROW_TIMEOUT_MS
        grew = 0
        height = elements = 0
        for _ in range(cap):
            if self._left_ms() <= 0:
                return grew, f"the page's time budget ran out after {grew} scrolls"
            changed, height, elements = await self.page.evaluate(
                SCROLL_GROW_JS, [step.selector, min(wait_ms, self._left_ms()), QUIET_MS])
            if not changed:
                return grew, (f"no new content after {grew} scrolls "
                               f"(height {height} px, {elements} elements)")
            grew += 1
        return grew, f"stopped at max {cap} scrolls (still growing: {height} px)"

    async def _expand_all(self, step: Step) -> tuple[int | None, str]:
        refused = await self.guard.expand_candidates(self.page)
        verdicts = dict(refused or [])
        counts, capped, skipped = await self.page.evaluate(
            EXPAND_JS, [step.max or DEFAULT_EXPAND_MAX, EXPAND_SETTLE_MS,
                        None if refused is None else list(verdicts)])
        total = counts["details"] + counts["toggles"] + counts["tabs"]
        detail = (f"{counts['details']} details, {counts['toggles']} toggles, "
                  f"{counts['tabs']} tabs opened; {counts['restored']} panels kept")
        if skipped:  # not a failure: the rest of the page was expanded
            self._refusals = len(skipped)
            labels = [verdicts[i].label for i in skipped if i in verdicts]
            detail += (f"; {len(skipped)} destructive skipped: "
                       + ", ".join(repr(label) for label in labels[:3])
                       + (", ..." if len(labels) > 3 else ""))
        if counts["unjudged"]:
            detail += f"; {counts['unjudged']} that appeared meanwhile left closed"
        if counts["failed"]:
            detail += f"; {counts['failed']} clicks failed"
        if capped:
            detail += f" (stopped at max {step.max or DEFAULT_EXPAND_MAX})"
        return total, detail


async def run_steps(page: Page, steps: list[Step], budget_s: float,
                    guard: DestructiveGuard | None = None) -> list[dict[str, Any]]:
    """Run ``steps`` on ``page`` in order; one record per step (see the module docstring).
    ``guard`` judges the controls they press (default: destructive ones are refused)."""
    # Chromium draws only the front tab at full rate (the others at a frame or two per
    # second), and IntersectionObservers, lazy loaders and animations run on frames: a
    # page being worked on comes to the front. Reading a page needs no frames, so the hot
    # path never does this.
    with contextlib.suppress(Exception):
        await page.bring_to_front()
    return await StepRunner(page, budget_s, guard).run(steps)
