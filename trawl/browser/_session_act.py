"""act(), fill() and attribute() of the agent browser Session: resolving a ref, the
destructive-action guard, performing the op and following what it did (a navigation,
a popup, a dialog)."""

from __future__ import annotations

import asyncio
import logging
from contextlib import suppress
from typing import TYPE_CHECKING, Any

from trawl.browser._session_core import (
    ALL_OPS,
    OPENS_NEW_WINDOW_JS,
    POPUP_WAIT_S,
    PRESSING_OPS,
    SETTLE_S,
    UNIVERSAL_OPS,
    ErrorCode,
    SessionCore,
    SessionError,
    _first_line,
    _is_timeout,
    look_script,
)
from trawl.browser.destructive import (
    ControlFacts,
    FormFacts,
    Verdict,
    key_activates,
    key_submits,
)
from trawl.browser.session_ops import (
    ATTRIBUTE_JS,
    AUTO_SUBMIT_JS,
    FILE_INPUT_JS,
    drag,
    upload_paths,
)

if TYPE_CHECKING:
    from playwright.async_api import ElementHandle, Page

log = logging.getLogger("trawl.browser.session")


class ActingSession(SessionCore):
    """The session's acting calls over :class:`SessionCore`."""

    async def act(self, ref: str, op: str, value: Any = None, *,
                  confirm: bool = False) -> dict[str, Any]:
        """Perform ``op`` on the element ``ref``; ``{changed}`` tells if the URL or DOM changed.

        Pressing a destructive control (a click, or Enter/Space on it) needs
        ``confirm=True``; without it: CONFIRM_REQUIRED, and nothing is done."""
        self._secret = False
        self._check_state(f"act({ref!r}, {op!r})")
        if not isinstance(confirm, bool):
            raise SessionError(ErrorCode.INVALID_ARGS, "confirm must be true or false")
        try:
            result = await self._act(ref, op, value, confirm)
        except SessionError as exc:
            desc = self._act_desc(ref, op, value, confirm)
            self._record(desc, ok=False, detail=exc.code.value)
            await self._sync_sidebar()
            raise
        self._record(self._act_desc(ref, op, value, confirm),
                     detail="changed" if result["changed"] else "no change")
        await self._sync_sidebar()
        return result

    def _act_desc(self, ref: str, op: str, value: Any, confirm: bool = False) -> str:
        args = [repr(ref), repr(op)]
        if value is not None:
            args.append("'***'" if self._secret else repr(value))  # never show a password
        if confirm:
            args.append("{confirm: true}")
        return f"act({', '.join(args)})"

    async def _destructive(self, element: ElementHandle, op: str, value: Any) -> Verdict | None:
        """The guard's verdict when ``op`` presses the element (a click or double-click,
        Enter, Space), drops something on a control, or uploads into a form that
        submits as soon as a file is chosen."""
        if op in PRESSING_OPS:
            return await self.guard.check(element)
        if op == "press" and isinstance(value, str) and key_activates(value):
            return await self.guard.check(element, enter=key_submits(value))
        if op == "drag":  # dropping on a control ("Delete", a trash can) is judged as a click
            target, _role = await self._resolve(value)
            try:
                return await self.guard.check(target)
            finally:
                await target.dispose()
        if op == "upload":
            return await self._upload_verdict(element)
        return None

    async def _upload_verdict(self, element: ElementHandle) -> Verdict | None:
        """An upload is judged by the file input's own label and, when choosing the files
        submits its form (an inline onchange that submits), as that submission."""
        verdict = await self.guard.check(element)
        if verdict is not None:
            return verdict
        handle = await element.evaluate_handle(FILE_INPUT_JS)
        file_input = handle.as_element()
        if file_input is None:
            return None
        try:
            auto = await file_input.evaluate(AUTO_SUBMIT_JS)
        finally:
            await file_input.dispose()
        if not auto:
            return None
        facts = ControlFacts(tag="input", role="button", name=auto["name"], submits=True,
                             form=FormFacts(method=auto["method"]))
        verdict = self.guard.judge(facts)
        if verdict is None:
            return None
        return Verdict(verdict.label, f"choosing a file submits its form: {verdict.reason}")

    async def _act(self, ref: str, op: str, value: Any, confirm: bool = False
                   ) -> dict[str, Any]:
        element, role = await self._act_target(ref, op, value)
        if op == "input":
            with suppress(Exception):
                self._secret = bool(await element.evaluate("e => e.type === 'password'"))
        if not confirm:
            await self._refuse_destructive(element, ref, role, op, value)
        if self.sidebar:
            await self._sync_sidebar(highlight=element)
        page = self.page
        url_before = page.url
        opens_window = False
        if op == "click":
            with suppress(Exception):
                opens_window = bool(await element.evaluate(OPENS_NEW_WINDOW_JS))
        watch = _ActWatch(page)
        self._dialogs.clear()
        try:
            with suppress(Exception):
                await page.evaluate(look_script(), {"op": "watch", "el": element})
            await self._perform_reported(element, ref, role, op, value, watch)
            await asyncio.sleep(SETTLE_S)
            if opens_window:
                await watch.popup_opened(POPUP_WAIT_S)
            if watch.navigated:
                await self._settle_navigation()
        finally:
            watch.stop()
            with suppress(Exception):
                await element.dispose()
        changed = watch.navigated or page.url != url_before
        if not changed:
            try:
                changed = bool(await page.evaluate(look_script(), {"op": "unwatch"}))
            except Exception:
                changed = True  # the document went away mid-call: it changed
        result: dict[str, Any] = {"changed": changed}
        if watch.popups:
            await self._follow_popup(watch.popups[-1], result)
        if self._dialogs:
            result["dialog"] = self._dialogs[-1]
        return result

    async def _act_target(self, ref: str, op: str, value: Any) -> tuple[ElementHandle, str]:
        """The element ``ref`` names and its role, once ``op`` and ``value`` are known to
        apply to it (SessionError INVALID_ARGS otherwise)."""
        if not isinstance(op, str) or op not in ALL_OPS:
            raise SessionError(ErrorCode.INVALID_ARGS,
                               f"unknown op {op!r}; ops are {', '.join(ALL_OPS)}")
        element, role = await self._resolve(ref)
        assert self._look is not None
        allowed = list(self._look.actions.get(ref, [])) + [
            o for o in UNIVERSAL_OPS if o not in self._look.actions.get(ref, [])]
        if op == "upload":
            file_input = await self._file_input_of(element)
            if file_input is not None:
                allowed.append("upload")
                await file_input.dispose()
        if op not in allowed:
            raise SessionError(ErrorCode.INVALID_ARGS,
                               f"op {op!r} does not apply to {role} {ref}; "
                               f"use one of {', '.join(allowed)}")
        if op in ("input", "select", "press", "drag", "upload") and value is None:
            what = {"input": "the text to type", "select": "the option's value or label",
                    "press": "a key such as 'Enter'", "drag": "the ref to drop it on",
                    "upload": "a file path or a list of paths"}[op]
            raise SessionError(ErrorCode.INVALID_ARGS,
                               f"act({ref!r}, {op!r}) needs a value: {what}")
        if op == "drag" and (not isinstance(value, str) or value == ref):
            raise SessionError(ErrorCode.INVALID_ARGS,
                               "drag needs the ref of another element to drop it on: "
                               "act('e1', 'drag', 'e4')")
        if op == "upload":
            self._check_upload(value)
        return element, role

    def _check_upload(self, value: Any) -> list[str]:
        try:
            return upload_paths(value, self.upload_root)
        except ValueError as exc:
            raise SessionError(ErrorCode.INVALID_ARGS, str(exc)) from None

    async def _refuse_destructive(self, element: ElementHandle, ref: str, role: str,
                                  op: str, value: Any) -> None:
        """CONFIRM_REQUIRED when the action looks destructive (nothing is done)."""
        try:
            verdict = await self._destructive(element, op, value)
        except SessionError:
            raise
        except Exception as exc:  # not judged, not pressed
            raise SessionError(ErrorCode.ACTION_FAILED,
                               f"could not inspect {ref} before the {op}: "
                               f"{_first_line(exc)}; call look() and retry") from exc
        if verdict is not None:
            with suppress(Exception):
                await element.dispose()
            raise SessionError(
                ErrorCode.CONFIRM_REQUIRED,
                f"{role} {ref} {verdict.label!r} looks destructive ({verdict.reason}); "
                "nothing was done. Only if the user asked for exactly this, repeat it "
                f"with confirm true: act({ref!r}, {op!r}"
                + (f", {value!r}" if value is not None else "") + ", {confirm: true})")

    async def _perform_reported(self, element: ElementHandle, ref: str, role: str, op: str,
                                value: Any, watch: _ActWatch) -> None:
        """_perform, its failures in words (SessionError ACTION_FAILED); an action that
        navigated the page away under Playwright's feet is no failure."""
        try:
            await self._perform(element, role, op, value)
        except SessionError:
            raise
        except Exception as exc:
            if (watch.navigated and "Target" in str(exc)) or "context was destroyed" in str(exc):
                return  # the action navigated the page away under Playwright's feet
            if _is_timeout(exc):
                raise SessionError(
                    ErrorCode.ACTION_FAILED,
                    f"{op} on {ref} timed out after {self.action_timeout_ms} ms (the element "
                    "may be covered, disabled or moving); call look() and try another "
                    "element, or wait() first") from exc
            raise SessionError(
                ErrorCode.ACTION_FAILED,
                f"{op} on {ref} failed: {_first_line(exc)}; call look() and retry"
            ) from exc

    async def _follow_popup(self, new_page: Page, result: dict[str, Any]) -> None:
        """An action opened a popup: the session continues there."""
        self._attach(new_page)
        self._look = None
        with suppress(Exception):
            await new_page.wait_for_load_state("domcontentloaded",
                                               timeout=self.nav_timeout_ms)
        result["changed"] = True
        result["popup"] = new_page.url
        if self.sidebar:
            await self.enable_sidebar()

    async def _file_input_of(self, el: ElementHandle) -> ElementHandle | None:
        handle = await el.evaluate_handle(FILE_INPUT_JS)
        found = handle.as_element()
        if found is None:
            await handle.dispose()
        return found

    async def _perform_pointer(self, el: ElementHandle, op: str, value: Any) -> None:
        """dblclick, rightclick, drag and upload."""
        t = self.action_timeout_ms
        if op == "dblclick":
            await el.dblclick(timeout=t)
        elif op == "rightclick":
            await el.click(button="right", timeout=t)
        elif op == "drag":
            target, _role = await self._resolve(value)
            try:
                await drag(self.page, el, target, t)
            finally:
                await target.dispose()
        elif op == "upload":
            file_input = await self._file_input_of(el)
            if file_input is None:
                raise SessionError(ErrorCode.INVALID_ARGS, "upload needs a file input "
                                   "(or its label)")
            try:
                await file_input.set_input_files(self._check_upload(value), timeout=t)
            finally:
                await file_input.dispose()

    async def _perform(self, el: ElementHandle, role: str, op: str, value: Any) -> None:
        t = self.action_timeout_ms
        if op in ("dblclick", "rightclick", "drag", "upload"):
            await self._perform_pointer(el, op, value)
        elif op == "click":
            await el.click(timeout=t)
        elif op == "input":
            text = value if isinstance(value, str) else _scalar_text(value, "input")
            if await el.evaluate("e => e.localName === 'select'"):
                await self._select(el, text)  # a native <select> combobox: pick the option
            elif role == "slider":
                await el.evaluate(
                    "(e, v) => { e.value = v; e.dispatchEvent(new Event('input', {bubbles: true}));"
                    " e.dispatchEvent(new Event('change', {bubbles: true})); }", text)
            else:
                await el.fill(text, timeout=t)
        elif op == "clear":
            await el.fill("", timeout=t)
        elif op == "focus":
            await el.focus()
        elif op == "check":
            await el.check(timeout=t)
        elif op == "uncheck":
            await el.uncheck(timeout=t)
        elif op == "select":
            await self._select(el, value)
        elif op == "press":
            await el.press(_scalar_text(value, "press"), timeout=t)
        elif op == "hover":
            await el.hover(timeout=t)
        elif op == "scroll":
            await self._scroll(el, value)

    async def _select(self, el: ElementHandle, value: Any) -> None:
        values = value if isinstance(value, list) else [value]
        if not all(isinstance(v, str | int | float) for v in values):
            raise SessionError(ErrorCode.INVALID_ARGS,
                               "select needs an option value or label (or a list of them)")
        wanted = [str(v) for v in values]
        is_native = await el.evaluate("e => e.localName === 'select'")
        if is_native:
            found = await el.evaluate(
                "(e, wanted) => wanted.map(w => Array.from(e.options).find(o => o.value === w"
                " || o.label.trim() === w || o.textContent.trim() === w)).map(o => o ? o.value"
                " : null)", wanted)
            missing = [w for w, f in zip(wanted, found, strict=True) if f is None]
            if missing:
                options = await el.evaluate(
                    "e => Array.from(e.options).map(o => o.label.trim() || o.value)")
                raise SessionError(ErrorCode.INVALID_ARGS,
                                   f"no option {missing[0]!r}; options are: "
                                   + ", ".join(repr(o) for o in options[:30]))
            await el.select_option(value=found, timeout=self.action_timeout_ms)
            return
        # an ARIA combobox/listbox: open it if needed, then click the option by its text
        option = await el.evaluate_handle(
            """(e, wanted) => {
                const scope = [e];
                const ids = (e.getAttribute('aria-controls') || e.getAttribute('aria-owns') || '')
                  .split(/\\s+/).filter(Boolean);
                for (const id of ids) {
                  const n = e.ownerDocument.getElementById(id);
                  if (n) scope.push(n);
                }
                for (const s of scope) {
                  for (const o of s.querySelectorAll('[role=option]')) {
                    const t = (o.getAttribute('aria-label') || o.textContent || '').trim();
                    if (t === wanted || o.getAttribute('data-value') === wanted) return o;
                  }
                }
                return null;
            }""", wanted[0])
        target = option.as_element()
        if target is None:
            await el.click(timeout=self.action_timeout_ms)
            await asyncio.sleep(SETTLE_S)
            raise SessionError(ErrorCode.ACTION_FAILED,
                               f"no option {wanted[0]!r} found (the list may have opened now); "
                               "call look() and click the option's ref")
        if not await target.is_visible():
            await el.click(timeout=self.action_timeout_ms)
        await target.click(timeout=self.action_timeout_ms)

    async def _scroll(self, el: ElementHandle, value: Any) -> None:
        if value in (None, "", "into_view", "into-view"):
            await el.scroll_into_view_if_needed(timeout=self.action_timeout_ms)
            return
        if value not in ("up", "down", "left", "right", "top", "bottom"):
            raise SessionError(ErrorCode.INVALID_ARGS,
                               "scroll takes no value (into view) or one of up, down, left, "
                               "right, top, bottom")
        await el.evaluate(
            """(e, dir) => {
                let t = e;
                const scrolls = (n) => n.scrollHeight > n.clientHeight + 1
                  || n.scrollWidth > n.clientWidth + 1;
                while (t && t !== document.body && t !== document.documentElement && !scrolls(t))
                  t = t.parentElement;
                const box = (!t || t === document.body || t === document.documentElement)
                  ? document.scrollingElement : t;
                const h = box === document.scrollingElement ? innerHeight : box.clientHeight;
                const w = box === document.scrollingElement ? innerWidth : box.clientWidth;
                const d = {up: [0, -0.8 * h], down: [0, 0.8 * h], left: [-0.8 * w, 0],
                           right: [0.8 * w, 0], top: [0, -box.scrollHeight],
                           bottom: [0, box.scrollHeight]}[dir];
                box.scrollBy(d[0], d[1]);
            }""", value)

    # ------------------------------------------------------------------ fill
    async def fill(self, fields: dict[str, Any], *, confirm: bool = False) -> dict[str, Any]:
        """Fill several fields of the last look() in one call: ``{ref: value}``. Text
        fields take text, checkboxes and switches true/false, selects an option (or a
        list), file inputs a path (or a list). Nothing is submitted. Each field's failure
        is reported under ``errors`` (its code and message) and the others are still
        filled; ``ok`` is true only when every field was."""
        self._check_state("fill()")
        if not isinstance(fields, dict) or not fields:
            raise SessionError(ErrorCode.INVALID_ARGS,
                               "fill() needs an object of ref: value, e.g. "
                               "fill({e1: 'Ada', e2: true, e3: 'Blue'})")
        filled: list[str] = []
        errors: dict[str, dict[str, str]] = {}
        changed = False
        for ref, value in fields.items():
            try:
                op, value = await self._fill_op(ref, value)
                result = await self.act(ref, op, value, confirm=confirm)
            except SessionError as exc:
                errors[ref] = exc.to_dict()
                continue
            filled.append(ref)
            changed = changed or bool(result["changed"])
        return {"ok": not errors, "filled": filled, "errors": errors, "changed": changed}

    async def _fill_op(self, ref: str, value: Any) -> tuple[str, Any]:
        """The op that puts ``value`` in the field ``ref`` names."""
        if self._look is None or ref not in self._look.roles:
            await self._resolve(ref)  # the same STALE_REF / INVALID_ARGS as act()
        assert self._look is not None
        ops = self._look.actions.get(ref, [])
        if isinstance(value, bool):
            return ("check" if value else "uncheck"), None
        if "select" in ops:
            return "select", value
        element, _role = await self._resolve(ref)
        try:
            file_input = await self._file_input_of(element)
        finally:
            await element.dispose()
        if file_input is not None:
            await file_input.dispose()
            return "upload", value
        return "input", value

    # ------------------------------------------------------------------ attribute
    async def attribute(self, ref: str, name: str) -> dict[str, Any]:
        """The attribute ``name`` of the element ``ref``: ``{value}`` (null when absent)."""
        self._check_state("attribute()", reading=True)
        if not isinstance(name, str) or not name.strip():
            raise SessionError(ErrorCode.INVALID_ARGS,
                               "attribute() needs an attribute name: attribute('e1', 'href')")
        element, _role = await self._resolve(ref)
        try:
            value = await element.evaluate(ATTRIBUTE_JS, name.strip())
        except Exception as exc:
            raise SessionError(ErrorCode.STALE_REF,
                               f"ref {ref} could not be read ({_first_line(exc)}); call look() "
                               "to refresh") from exc
        finally:
            with suppress(Exception):
                await element.dispose()
        self._record(f"attribute({ref!r}, {name!r})")
        return {"ref": ref, "name": name.strip(), "value": value}

def _scalar_text(value: Any, op: str) -> str:
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise SessionError(ErrorCode.INVALID_ARGS, f"{op} needs a string value")
    return str(value)


class _ActWatch:
    """What an action did to its page while it ran: navigated the main frame, opened
    popups (listeners removed by ``stop``)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.navigated = False
        self.popups: list[Page] = []
        self._popup = asyncio.Event()
        page.on("framenavigated", self._on_nav)
        page.on("request", self._on_request)
        page.on("popup", self._on_popup)

    def _on_nav(self, frame: Any) -> None:
        if frame == self.page.main_frame:
            self.navigated = True

    def _on_request(self, request: Any) -> None:
        try:
            if request.is_navigation_request() and request.frame == self.page.main_frame:
                self.navigated = True
        except Exception:
            pass

    def _on_popup(self, popup: Page) -> None:
        self.popups.append(popup)
        self._popup.set()

    async def popup_opened(self, timeout_s: float) -> None:
        """Wait until a popup has opened, at most ``timeout_s`` (none may come: a blocked
        window.open, a handler that prevented the default)."""
        with suppress(TimeoutError):
            await asyncio.wait_for(self._popup.wait(), timeout_s)

    def stop(self) -> None:
        self.page.remove_listener("framenavigated", self._on_nav)
        self.page.remove_listener("request", self._on_request)
        self.page.remove_listener("popup", self._on_popup)
