"""Crawl spec files: ``trawl crawl --spec crawl.yaml`` (YAML or JSON, same fields).

The file holds :class:`trawl.model.CrawlSpec` fields by name, e.g.::

    seeds: [https://docs.example.com/]
    max_pages: 2000
    exclude: ["/blog/*"]
    sitemap: only
    respect_robots: true

Dashes work as well as underscores (``max-pages``), and ``urls`` is accepted for
``seeds``. Unknown fields and values of the wrong type are a :class:`ConfigError` naming
the field; ranges are checked by :meth:`CrawlSpec.validated`. ``steps`` (browser steps per
URL glob) are parsed and checked by :func:`trawl.model.parse_rules`.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from pathlib import Path
from typing import Any

from trawl.errors import ConfigError
from trawl.model import CrawlSpec, StepRule, parse_rules, read_config_file

ALIASES = {"urls": "seeds", "seed": "seeds", "url": "seeds", "delay": "delay_s"}


def spec_fields() -> dict[str, Any]:
    """Field name -> its type (resolved) for every CrawlSpec field."""
    hints = typing.get_type_hints(CrawlSpec)
    return {f.name: hints[f.name] for f in dataclasses.fields(CrawlSpec)}


def _type_name(tp: Any) -> str:
    origin = typing.get_origin(tp)
    if origin in (list,):
        return f"a list of {_type_name(typing.get_args(tp)[0])}s"
    if origin in (types.UnionType, typing.Union):
        return " or ".join(_type_name(a) for a in typing.get_args(tp))
    return {bool: "true/false", int: "an integer", float: "a number", str: "text",
            type(None): "null"}.get(tp, str(tp))


def _coerce(name: str, value: Any, tp: Any) -> Any:
    if tp == list[StepRule]:  # nested step objects: checked and built by their module
        return parse_rules(value, f"spec field {name!r}")
    if tp == dict[str, Any]:  # extract: checked by its own module (CrawlSpec.validated)
        if not isinstance(value, dict):
            raise ConfigError(f"spec field {name!r}: expected a mapping, got {value!r}")
        return value
    origin = typing.get_origin(tp)
    if origin in (types.UnionType, typing.Union):
        for option in typing.get_args(tp):
            if option is type(None) and value is None:
                return None
            try:
                return _coerce(name, value, option)
            except ConfigError:
                continue
        raise ConfigError(f"spec field {name!r}: expected {_type_name(tp)}, got {value!r}")
    if origin is list:
        item = typing.get_args(tp)[0]
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            raise ConfigError(f"spec field {name!r}: expected {_type_name(tp)}, got {value!r}")
        return [_coerce(name, v, item) for v in value]
    ok = ((tp is bool and isinstance(value, bool))
          or (tp is int and isinstance(value, int) and not isinstance(value, bool))
          or (tp is float and isinstance(value, int | float) and not isinstance(value, bool))
          or (tp is str and isinstance(value, str)))
    if not ok:
        raise ConfigError(f"spec field {name!r}: expected {_type_name(tp)}, got {value!r}")
    return float(value) if tp is float else value


def spec_from_mapping(data: Any, source: str = "spec") -> dict[str, Any]:
    """Checked, typed CrawlSpec fields from a parsed file (no range checks yet)."""
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ConfigError(f"{source}: expected a mapping of spec fields, "
                          f"got {type(data).__name__}")
    fields = spec_fields()
    out: dict[str, Any] = {}
    for raw_key, value in data.items():
        key = str(raw_key).strip().replace("-", "_")
        key = ALIASES.get(key, key)
        if key not in fields:
            raise ConfigError(f"{source}: unknown field {raw_key!r} "
                              f"(known: {', '.join(sorted(fields))})")
        out[key] = _coerce(str(raw_key), value, fields[key])
    return out


def load_spec_file(path: str | Path) -> dict[str, Any]:
    """Read a YAML or JSON spec file into checked CrawlSpec fields (ConfigError if bad)."""
    return spec_from_mapping(read_config_file(path, "spec file"), f"spec file {str(Path(path))!r}")


def build_spec(file_fields: dict[str, Any], overrides: dict[str, Any]) -> CrawlSpec:
    """File values, then explicitly given CLI values on top; seeds from either."""
    merged = {**file_fields, **overrides}
    if not merged.get("seeds"):
        raise ConfigError("give at least one start URL (on the command line or as "
                          "'seeds' in the spec file)")
    return CrawlSpec(**merged)
