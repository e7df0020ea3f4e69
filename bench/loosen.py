"""Turn a rule of the extraction off (or always on) for one run, to check that a test fails
without it, or to see what a set's figures owe to it, without editing the code (and
without ``git stash``, which every worktree shares).

A rule here is a predicate function of ``trawl.extract`` (``_kept._headed_link``,
``_sections._in_section_text``, ``_toc._named_contents``...). ``TRAWL_LOOSEN`` names one or
more, each ``module:function=value`` (``value``: ``false`` or ``true``, what it returns
from then on), separated by commas. The function is replaced in its module and wherever
another module of ``trawl`` imported it by name (``from ._kept import _headed_link``).

A test with the rule off, as a pytest plugin (run from the repository's root)::

    TRAWL_LOOSEN='_kept:_headed_link=false' \\
        .venv/bin/python -m pytest -p bench.loosen -q tests/test_extract_entries.py

A bench with the rule off::

    TRAWL_LOOSEN='_sections:_in_section_text=false' \\
        .venv/bin/python -m bench.loosen bench/completeness.py --set texinfo

A clause inside a function (one condition of several) is no function of its own: edit it
off in the file and back (``cp`` the file aside first), as the rules' commits say.
"""

from __future__ import annotations

import os
import runpy
import sys
from collections.abc import Callable
from typing import Any

ENV = "TRAWL_LOOSEN"
_PACKAGE = "trawl.extract"


def _constant(value: bool) -> Callable[..., bool]:
    def rule(*_args: Any, **_kwargs: Any) -> bool:
        return value
    return rule


def loosen(spec: str) -> list[str]:
    """Apply ``spec`` (see the module's docstring); the names patched, as ``module.name``."""
    import importlib

    importlib.import_module(_PACKAGE)
    from trawl.extract import extract  # noqa: F401  (loads the package's modules)

    patched: list[str] = []
    for item in filter(None, (s.strip() for s in spec.split(","))):
        target, _, value = item.partition("=")
        module_name, _, name = target.partition(":")
        if value not in ("false", "true") or not name:
            raise SystemExit(f"{ENV}: expected module:function=false|true, got {item!r}")
        if not module_name.startswith(_PACKAGE):
            module_name = f"{_PACKAGE}.{module_name}"
        module = sys.modules.get(module_name) or importlib.import_module(module_name)
        original = getattr(module, name, None)
        if not callable(original):
            raise SystemExit(f"{ENV}: {module_name} has no function {name}")
        replacement = _constant(value == "true")
        for mod_name, mod in list(sys.modules.items()):
            if mod_name.startswith("trawl") and getattr(mod, name, None) is original:
                setattr(mod, name, replacement)
                patched.append(f"{mod_name}.{name}")
    return patched


if os.environ.get(ENV):
    print(f"{ENV}: patched {', '.join(loosen(os.environ[ENV]))}", file=sys.stderr)

if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit("usage: python -m bench.loosen SCRIPT [ARGS...]")
    sys.argv = sys.argv[1:]
    runpy.run_path(sys.argv[0], run_name="__main__")
