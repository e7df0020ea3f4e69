"""Page-side JavaScript, kept in ``.js`` files beside the modules that run it.

Each file holds one function expression (what ``page.evaluate`` takes), read as a package
resource (the wheel ships them). Constants the Python side owns are filled in where the
file says ``__NAME__``: a :class:`Js` value as code (another script), anything else as its
JSON literal.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

_TOKEN = re.compile(r"__([A-Z][A-Z0-9_]*)__")


class Js(str):
    """Code put into a script as it is (not as a JSON literal)."""


@cache
def _source(package: str, name: str) -> str:
    return resources.files(package).joinpath(name).read_text(encoding="utf-8").strip()


def script(package: str, name: str, **values: object) -> str:
    """The script ``name`` of ``package`` with its ``__NAME__`` tokens filled in from
    ``values``; every token must be given, and every value used."""
    source = _source(package, name)
    used: set[str] = set()

    def fill(match: re.Match[str]) -> str:
        key = match.group(1)
        if key not in values:
            raise KeyError(f"{package}/{name}: no value for __{key}__")
        used.add(key)
        value = values[key]
        return str(value) if isinstance(value, Js) else json.dumps(value)

    filled = _TOKEN.sub(fill, source)
    if unused := set(values) - used:
        raise KeyError(f"{package}/{name}: no token for {', '.join(sorted(unused))}")
    return filled
