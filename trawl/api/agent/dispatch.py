"""Running a parsed call on the browser session: one function per method of ``agent``,
each checking its arguments (INVALID_ARGS with the method's usage) before the session
runs it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from trawl.api.agent.parsing import Call
from trawl.browser.session import ErrorCode, Session, SessionError

Method = Callable[[Session, list[Any]], Awaitable[dict[str, Any]]]


def _invalid(msg: str) -> SessionError:
    return SessionError(ErrorCode.INVALID_ARGS, msg)


def _opts(args: list[Any], index: int, name: str) -> dict[str, Any]:
    if len(args) <= index or args[index] is None:
        return {}
    if not isinstance(args[index], dict):
        raise _invalid(f"{name}: expected an options object such as {{timeout: 5000}}")
    return args[index]  # type: ignore[no-any-return]


def _arity(name: str, args: list[Any], low: int, high: int, usage: str) -> None:
    if not low <= len(args) <= high:
        raise _invalid(f"{name} takes {usage}")


def _only(name: str, options: dict[str, Any], known: set[str], hint: str) -> None:
    unknown = set(options) - known
    if unknown:
        raise _invalid(f"{name}: unknown option(s) {', '.join(sorted(unknown))}; {hint}")


async def look(session: Session, a: list[Any]) -> dict[str, Any]:
    _arity("look", a, 0, 1, "an optional options object: look({scope: '#main', "
           "viewport: false})")
    if a and isinstance(a[0], str):
        a = [{"scope": a[0]}]  # look('#main') is short for look({scope: '#main'})
    o = _opts(a, 0, "look")
    _only("look", o, {"scope", "viewport"}, "use scope and viewport")
    if "viewport" in o and not isinstance(o["viewport"], bool):
        raise _invalid("look: viewport must be true or false")
    return await session.look(scope=o.get("scope"), viewport=o.get("viewport", True))


_ACT_USAGE = ("(ref, op, value?, options?): act('e1', 'click'), act('e2', 'input', 'text') "
              "or act('e3', 'click', {confirm: true})")


async def act(session: Session, a: list[Any]) -> dict[str, Any]:
    _arity("act", a, 2, 4, _ACT_USAGE)
    if not isinstance(a[0], str) or not isinstance(a[1], str):
        raise _invalid("act: ref and op must be strings, e.g. act('e1', 'click')")
    rest = list(a[2:])
    # an object last is the options (no op takes an object as its value)
    o = rest.pop() if rest and isinstance(rest[-1], dict) else {}
    if len(rest) > 1:
        raise _invalid(f"act takes {_ACT_USAGE}")
    _only("act", o, {"confirm"}, "the only option is confirm")
    if not isinstance(o.get("confirm", False), bool):
        raise _invalid("act: confirm must be true or false")
    return await session.act(a[0], a[1], rest[0] if rest else None,
                             confirm=o.get("confirm", False))


async def go(session: Session, a: list[Any]) -> dict[str, Any]:
    _arity("go", a, 1, 1, "one URL: go('https://example.com')")
    return await session.go(a[0])


async def wait(session: Session, a: list[Any]) -> dict[str, Any]:
    _arity("wait", a, 1, 2, "(ref or JS expression, timeout ms?): wait('e3') or "
           "wait(\"document.title === 'Done'\", 5000)")
    timeout = a[1] if len(a) > 1 else None
    if isinstance(timeout, dict):
        timeout = timeout.get("timeout")
    return await session.wait(a[0], timeout)


async def eval_js(session: Session, a: list[Any]) -> dict[str, Any]:
    _arity("eval", a, 1, 1, "one JavaScript string: eval('document.title')")
    return await session.eval(a[0])


async def extract(session: Session, a: list[Any]) -> dict[str, Any]:
    _arity("extract", a, 0, 2, "a format: extract('markdown' | 'html' | 'text' | 'links' | "
           "'screenshot')")
    fmt = a[0] if a else "markdown"
    if isinstance(fmt, dict):
        o, fmt = fmt, fmt.get("format", "markdown")
    else:
        o = _opts(a, 1, "extract")
    if not isinstance(fmt, str):
        raise _invalid("extract: format must be a string")
    return await session.extract(fmt, full_page=bool(o.get("fullPage", False)))


async def handoff(session: Session, a: list[Any]) -> dict[str, Any]:
    _arity("handoff", a, 0, 1, "one message: handoff('Please solve the CAPTCHA')")
    if a and not isinstance(a[0], str):
        raise _invalid("handoff: the message must be a string")
    return await session.handoff(*a)


async def fill(session: Session, a: list[Any]) -> dict[str, Any]:
    _arity("fill", a, 1, 2, "an object of ref: value and options: fill({e1: 'Ada', "
           "e2: true, e3: 'Large'}) or fill({...}, {confirm: true})")
    if not isinstance(a[0], dict):
        raise _invalid("fill: the fields are an object of ref: value, e.g. "
                       "fill({e1: 'Ada', e2: true})")
    o = _opts(a, 1, "fill")
    _only("fill", o, {"confirm"}, "the only option is confirm")
    if not isinstance(o.get("confirm", False), bool):
        raise _invalid("fill: confirm must be true or false")
    return await session.fill(a[0], confirm=o.get("confirm", False))


async def attribute(session: Session, a: list[Any]) -> dict[str, Any]:
    _arity("attribute", a, 2, 2, "(ref, name): attribute('e3', 'href')")
    return await session.attribute(a[0], a[1])


def _none(name: str, call: Callable[[Session], Awaitable[dict[str, Any]]]) -> Method:
    async def method(session: Session, a: list[Any]) -> dict[str, Any]:
        _arity(name, a, 0, 0, f"no arguments: {name}()")
        return await call(session)
    return method


async def new_tab(session: Session, a: list[Any]) -> dict[str, Any]:
    _arity("newTab", a, 0, 1, "an optional URL: newTab('https://example.com')")
    return await session.tab_open(a[0] if a else None)


async def switch_tab(session: Session, a: list[Any]) -> dict[str, Any]:
    _arity("switchTab", a, 1, 1, "a tab id from tabs(): switchTab('t2')")
    return await session.tab_switch(a[0])


async def close_tab(session: Session, a: list[Any]) -> dict[str, Any]:
    _arity("closeTab", a, 0, 1, "an optional tab id (default: the active tab): "
           "closeTab('t2')")
    return await session.tab_close(a[0] if a else None)


async def events(session: Session, a: list[Any]) -> dict[str, Any]:
    _arity("events", a, 0, 2, "(since?, {types}?): events(), events(12) or "
           "events(0, {types: ['page_navigation']})")
    since = a[0] if a and not isinstance(a[0], dict) else 0
    o = a[-1] if a and isinstance(a[-1], dict) else {}
    _only("events", o, {"types"}, "the only option is types")
    types = o.get("types")
    if types is not None and (not isinstance(types, list)
                              or not all(isinstance(t, str) for t in types)):
        raise _invalid("events: types is a list of event types")
    return session.event_list(since if since is not None else 0, types)


METHODS: dict[str, Method] = {
    "look": look, "act": act, "go": go, "wait": wait, "eval": eval_js, "extract": extract,
    "handoff": handoff, "fill": fill, "attribute": attribute,
    "back": _none("back", Session.back), "forward": _none("forward", Session.forward),
    "reload": _none("reload", Session.reload), "tabs": _none("tabs", Session.tab_list),
    "newTab": new_tab, "switchTab": switch_tab, "closeTab": close_tab,
    "start": _none("start", Session.start), "pause": _none("pause", Session.pause),
    "resume": _none("resume", Session.resume_session),
    "close": _none("close", Session.close_browser), "events": events}
"""agent.<name>() -> what runs it."""


async def dispatch(session: Session, call: Call) -> dict[str, Any]:
    """Run one parsed call on ``session``; SessionError for bad arguments or failures."""
    method = METHODS.get(call.method)
    if method is None:
        raise _invalid(f"unknown method agent.{call.method}(); methods are "
                       + ", ".join(f"{name}()" for name in METHODS))
    return await method(session, call.args)
