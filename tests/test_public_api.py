"""`import trawl`: its public names resolve, and importing it stays light."""

from __future__ import annotations

import subprocess
import sys

import trawl


def test_every_public_name_resolves() -> None:
    for name in trawl.__all__:
        assert getattr(trawl, name) is not None, name
    assert set(trawl.__all__) <= set(dir(trawl))
    assert set(trawl.__all__) == {"__version__", *trawl._PUBLIC}
    assert issubclass(trawl.CrawlNotFound, trawl.TrawlError)


def test_unknown_name_is_an_attribute_error() -> None:
    try:
        trawl.no_such_name  # noqa: B018
    except AttributeError as exc:
        assert "no_such_name" in str(exc)
    else:
        raise AssertionError("trawl.no_such_name resolved")


def test_import_trawl_loads_no_temporal_nor_browser() -> None:
    probe = ("import sys, trawl; trawl.extract; "
             "print(sorted(m for m in ('temporalio', 'playwright', 'sqlalchemy') "
             "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_extract_stays_the_function_after_its_package_is_imported() -> None:
    # the crawler imports the sub-package trawl.extract; the public name must not become it
    probe = ("import importlib, trawl; trawl.Scraper; "
             "pkg = importlib.import_module('trawl.extract'); "
             "r = trawl.extract('<html><body><main><h1>T</h1><p>' + 'word ' * 40 + "
             "'</p></main></body></html>', 'https://example.com/'); "
             "print(callable(trawl.extract), pkg.__name__, 'word' in r.markdown)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout
    assert out.split() == ["True", "trawl.extract", "True"]
