"""The agent session's breadth (issue 18): pieces the Session's newer calls are made of.

Event log (:class:`EventLog`: page_navigation, page_load_complete, action_completed,
action_error, browser_error), tab registry (:class:`Tabs`: ``t1``, ``t2``... per page of
the session's browser context), file upload (which files, which input, does choosing them
submit a form), drag with the mouse, and the lifecycle states. Core library: Playwright
only for the types.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.async_api import ElementHandle, Page

MAX_EVENTS = 500
EVENT_TYPES = ("page_navigation", "page_load_complete", "action_completed", "action_error",
               "browser_error")


class State(StrEnum):
    RUNNING = "running"
    PAUSED = "paused"
    """Actions fail with PAUSED until resume; reading (look, extract, attribute, tabs,
    events) still works."""
    CLOSED = "closed"
    """The browser is closed (freed); every call but start and events fails with
    SESSION_CLOSED."""


@dataclass
class EventLog:
    """What happened in the session, in order; ``since`` reads only the newer ones."""

    events: list[dict[str, Any]] = field(default_factory=list)
    seq: int = 0
    listeners: list[Callable[[dict[str, Any]], None]] = field(default_factory=list)
    """Called with each event as it is added (e.g. a webhook's queue); must not block."""

    def add(self, type_: str, **detail: Any) -> None:
        self.seq += 1
        event = {"seq": self.seq, "type": type_, "at": round(time.time(), 3),
                 **{k: v for k, v in detail.items() if v not in (None, "")}}
        self.events.append(event)
        del self.events[:-MAX_EVENTS]
        for listener in self.listeners:
            listener(event)

    def since(self, seq: int = 0, types: list[str] | None = None) -> dict[str, Any]:
        out = [e for e in self.events if e["seq"] > seq and (not types or e["type"] in types)]
        return {"events": out, "last": self.seq}


class Tabs:
    """Stable ids (``t1``, ``t2``...) for the pages of one browser context."""

    def __init__(self) -> None:
        self._ids: list[tuple[str, Page]] = []
        self._next = 1

    def id_of(self, page: Page) -> str:
        for tab_id, known in self._ids:
            if known is page:
                return tab_id
        tab_id = f"t{self._next}"
        self._next += 1
        self._ids.append((tab_id, page))
        return tab_id

    def live(self, page: Page) -> list[tuple[str, Page]]:
        """The open pages of ``page``'s context with their ids (new ones get ids)."""
        pages = [p for p in page.context.pages if not p.is_closed()]
        for p in pages:
            self.id_of(p)
        self._ids = [(i, p) for i, p in self._ids if not p.is_closed()]
        return [(i, p) for i, p in self._ids if p in pages]

    def find(self, page: Page, tab_id: str) -> Page | None:
        for i, p in self.live(page):
            if i == tab_id:
                return p
        return None


def upload_paths(value: Any, root: Path | None) -> list[str]:
    """The files ``value`` names (a path or a list of them), each an existing file under
    ``root`` (when set); ValueError saying which is not."""
    names = value if isinstance(value, list) else [value]
    if not names or not all(isinstance(n, str) and n.strip() for n in names):
        raise ValueError("upload needs a file path (or a list of paths)")
    out = []
    for name in names:
        path = Path(name).expanduser()
        if not path.is_absolute() and root is not None:
            path = root / path
        path = path.resolve()
        if root is not None and not path.is_relative_to(root.resolve()):
            raise ValueError(f"{name!r} is outside the upload directory {str(root)!r}; "
                             "uploads are limited to files under it")
        if not path.is_file():
            raise ValueError(f"{name!r} is not a file")
        out.append(str(path))
    return out


# the file input an element stands for: itself, the control of a <label>, or one inside it
FILE_INPUT_JS = """(e) => {
  const isFile = (n) => n && n.localName === 'input' && n.type === 'file';
  if (isFile(e)) return e;
  if (e.localName === 'label' && isFile(e.control)) return e.control;
  const inner = e.querySelector && e.querySelector('input[type=file]');
  return isFile(inner) ? inner : null;
}"""

# does choosing files submit the input's form (an inline onchange that submits)? Then the
# facts of that submission: the form's method and its first submit control's name
AUTO_SUBMIT_JS = """(e) => {
  const form = e.form;
  const says = (n) => /submit\\s*\\(/i.test((n && (n.getAttribute('onchange') || '')
    + (n.getAttribute('oninput') || '')) || '');
  if (!form || !(says(e) || says(form))) return null;
  const btn = Array.from(form.elements).find((n) => (n.localName === 'button'
    && (n.type || 'submit') === 'submit') || (n.localName === 'input'
    && ['submit', 'image'].includes(n.type)));
  const name = btn ? (btn.getAttribute('aria-label') || btn.textContent || btn.value || '')
    .trim() : '';
  return {method: (form.getAttribute('method') || 'get').toLowerCase(), name};
}"""

ATTRIBUTE_JS = """(e, name) => e.getAttribute(name)"""


async def drag(page: Page, source: ElementHandle, target: ElementHandle,
               timeout_ms: float) -> None:
    """Press the mouse on ``source``, move it onto ``target`` in steps, release: HTML5
    drag and drop and pointer-driven sortable lists both see a real drag."""
    await source.scroll_into_view_if_needed(timeout=timeout_ms)
    await source.hover(timeout=timeout_ms)
    await page.mouse.down()
    await target.scroll_into_view_if_needed(timeout=timeout_ms)
    box = await target.bounding_box()
    if box is None:
        await page.mouse.up()
        raise RuntimeError("the drop target is not visible")
    await page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=8)
    await target.hover(timeout=timeout_ms)
    await page.mouse.up()
