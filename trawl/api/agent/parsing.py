"""Reading a request's payload: one call on ``agent`` in JavaScript literal syntax.

``agent.act('e1', 'input', 'admin@test.com')``, ``await agent.look({scope: '#main'});``:
strings (single, double or back quotes, JS escapes), numbers (decimal, exponent, hex),
true/false/null/undefined, arrays, and object literals with bare or quoted keys. It is
parsed, never executed; anything else is a :class:`ParseError`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

Token = tuple[str, Any]
"""(kind, value): kind is str, num, ident or punct."""


@dataclass
class Call:
    method: str
    args: list[Any]


class ParseError(ValueError):
    pass


_TOKEN_RE = re.compile(r"""
    (?P<ws>\s+)
  | (?P<num>-?(?:0[xX][0-9a-fA-F]+|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?))
  | (?P<ident>[A-Za-z_$][A-Za-z0-9_$]*)
  | (?P<str>'|"|`)
  | (?P<punct>[()\[\]{},:.;])
""", re.VERBOSE)

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0",
            "'": "'", '"': '"', "`": "`", "\\": "\\", "/": "/", "\n": ""}
_CONSTANTS = {"true": True, "false": False, "null": None, "undefined": None}


def _escape(src: str, i: int) -> tuple[str, int]:
    """The character the escape sequence at ``src[i]`` (a backslash) stands for, and the
    index after the sequence."""
    if i + 1 >= len(src):
        raise ParseError("unterminated string")
    e = src[i + 1]
    if e == "u" and src[i + 2:i + 3] == "{":  # \u{1F600}
        end = src.index("}", i + 3)
        return chr(int(src[i + 3:end], 16)), end + 1
    if e == "u":  # \u00e9
        return chr(int(src[i + 2:i + 6], 16)), i + 6
    if e == "x":  # \xe9
        return chr(int(src[i + 2:i + 4], 16)), i + 4
    return _ESCAPES.get(e, e), i + 2


def _string(src: str, i: int) -> tuple[str, int]:
    """The string literal whose opening quote is at ``src[i]``, and the index after it."""
    quote = src[i]
    i += 1
    out: list[str] = []
    while True:
        if i >= len(src):
            raise ParseError("unterminated string")
        c = src[i]
        if c == quote:
            return "".join(out), i + 1
        if c == "\\":
            char, i = _escape(src, i)
            out.append(char)
            continue
        if quote == "`" and c == "$" and src[i + 1:i + 2] == "{":
            raise ParseError("template literals with ${...} are not supported")
        if c == "\n" and quote != "`":
            raise ParseError("newline inside a string")
        out.append(c)
        i += 1


def _number(text: str) -> float | int:
    """A number literal's value: an int when written as one (``3``, ``0x1f``), else a
    float (``1.5``, ``1e3``, ``2.``)."""
    if text.lower().startswith(("0x", "-0x")):
        return int(text, 16)
    value = float(text)
    if value.is_integer() and "." not in text and "e" not in text.lower():
        return int(value)
    return value


def tokenize(src: str) -> list[Token]:
    tokens: list[Token] = []
    i = 0
    while i < len(src):
        m = _TOKEN_RE.match(src, i)
        if m is None:
            raise ParseError(f"unexpected character {src[i]!r} at position {i}")
        kind = m.lastgroup
        assert kind is not None
        if kind == "str":
            value, i = _string(src, i)
            tokens.append(("str", value))
            continue
        if kind == "num":
            tokens.append(("num", _number(m.group())))
        elif kind != "ws":
            tokens.append((kind, m.group()))
        i = m.end()
    return tokens


class _Parser:
    def __init__(self, tokens: list[Token]) -> None:
        self.t = tokens
        self.i = 0

    def peek(self) -> Token | None:
        return self.t[self.i] if self.i < len(self.t) else None

    def take(self, kind: str, value: Any = None) -> Any:
        tok = self.peek()
        if tok is None or tok[0] != kind or (value is not None and tok[1] != value):
            want = value if value is not None else kind
            got = "end of input" if tok is None else repr(tok[1])
            raise ParseError(f"expected {want!r}, got {got}")
        self.i += 1
        return tok[1]

    def at(self, kind: str, value: Any = None) -> bool:
        tok = self.peek()
        return tok is not None and tok[0] == kind and (value is None or tok[1] == value)

    def value(self) -> Any:
        tok = self.peek()
        if tok is None:
            raise ParseError("expected a value, got end of input")
        kind, v = tok
        if kind in ("str", "num"):
            self.i += 1
            return v
        if kind == "ident":
            if v in _CONSTANTS:
                self.i += 1
                return _CONSTANTS[v]
            raise ParseError(f"{v!r} is not a literal; quote strings, e.g. '{v}'")
        if kind == "punct" and v == "[":
            self.i += 1
            return self.items("]")
        if kind == "punct" and v == "{":
            self.i += 1
            return self.object()
        raise ParseError(f"unexpected {v!r}")

    def items(self, close: str) -> list[Any]:
        """Comma-separated values up to ``close`` (a trailing comma allowed), consumed."""
        items: list[Any] = []
        while not self.at("punct", close):
            items.append(self.value())
            if not self.at("punct", close):
                self.take("punct", ",")
        self.take("punct", close)
        return items

    def object(self) -> dict[str, Any]:
        obj: dict[str, Any] = {}
        while not self.at("punct", "}"):
            key_tok = self.peek()
            if key_tok is None or key_tok[0] not in ("ident", "str", "num"):
                raise ParseError("expected an object key")
            self.i += 1
            self.take("punct", ":")
            obj[str(key_tok[1])] = self.value()
            if not self.at("punct", "}"):
                self.take("punct", ",")
        self.take("punct", "}")
        return obj


def parse_call(payload: str) -> Call:
    """Parse ``agent.method(arg, ...)`` (JS literal syntax); ParseError if it is not one."""
    if not isinstance(payload, str):
        raise ParseError("payload must be a string such as \"agent.look()\"")
    p = _Parser(tokenize(payload))
    if p.at("ident", "await"):
        p.i += 1
    p.take("ident", "agent")
    p.take("punct", ".")
    method = p.take("ident")
    p.take("punct", "(")
    args = p.items(")")
    while p.at("punct", ";"):
        p.i += 1
    extra = p.peek()
    if extra is not None:
        raise ParseError(f"unexpected {extra[1]!r} after the call; send one call per request")
    return Call(method, args)
