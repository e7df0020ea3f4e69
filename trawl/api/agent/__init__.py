"""`trawl agent`: the agent browser API over a stdio JSON protocol (seed 000_312b00550c716fee).

One JSON object per line. On start trawl prints ``{"command":"ready","payload":{}}``; each
request ``{"command":"eval","payload":"agent.look()"}`` gets exactly one response,
``{"command":"result","payload":{...}}`` or ``{"command":"error","payload":{"message":...,
"code":...}}``. Closing stdin closes the browser and exits 0. Stdout carries the protocol
only: logs go to stderr (or ``--log``), and file descriptor 1 is pointed at stderr so that
nothing else (a child process, a stray print) can corrupt the stream.

The payload is one call on ``agent`` written in JavaScript syntax -- ``agent.act('e1',
'input', 'admin@test.com')``, ``agent.look({scope: '#main'})``. A destructive control
(delete, buy, log out, a form that POSTs) is pressed only with ``agent.act('e3', 'click',
{confirm: true})``; without it the answer is a CONFIRM_REQUIRED error. It is parsed (strings,
numbers, booleans, null, arrays, object literals with bare or quoted keys), never executed
as Python; anything else is INVALID_ARGS. ``agent.eval(js)`` runs ``js`` in the page.
Also: ``fill({ref: value})``, ``attribute(ref, name)``, ``back()``, ``forward()``,
``reload()``, ``tabs()``, ``newTab(url?)``, ``switchTab(id)``, ``closeTab(id?)``,
``pause()``, ``resume()``, ``close()``, ``start()`` and ``events(since?, {types})``
(:data:`~trawl.api.agent.dispatch.METHODS`).

Modules: :mod:`~trawl.api.agent.parsing` (payload -> :class:`Call`),
:mod:`~trawl.api.agent.dispatch` (a call -> the session's method, arguments checked),
:mod:`~trawl.api.agent.protocol` (the stdio loop, the browser opened and closed around it).
"""

from trawl.api.agent.parsing import Call, ParseError, parse_call
from trawl.api.agent.protocol import agent_policy, main

__all__ = ["Call", "ParseError", "agent_policy", "main", "parse_call"]
