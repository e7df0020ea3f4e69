"""``trawl.extract`` as it was at another git revision, beside this checkout's, in one process:
before/after figures of an extraction change from the same run (same machine, same load).

The package is copied out of git (``git archive``) into a temporary directory and imported
under a name of its own (``trawl_extract_<rev>``); its relative imports resolve inside the
copy, its few absolute ones (``trawl.urls``) to this checkout's.
"""

from __future__ import annotations

import importlib.util
import io
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "trawl/extract"


def extract_at(rev: str) -> ModuleType:
    """The ``trawl.extract`` package of git revision ``rev`` (SystemExit with one line when
    git cannot show it)."""
    try:
        tar = subprocess.run(["git", "-C", str(ROOT), "archive", rev, PACKAGE],
                             check=True, capture_output=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        detail = getattr(exc, "stderr", b"") or b""
        raise SystemExit(f"cannot read {PACKAGE} at {rev}: "
                         f"{detail.decode(errors='replace').strip() or exc}") from None
    where = Path(tempfile.mkdtemp(prefix="trawl-extract-"))
    with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
        archive.extractall(where, filter="data")
    name = "trawl_extract_" + "".join(c if c.isalnum() else "_" for c in rev)
    spec = importlib.util.spec_from_file_location(
        name, where / PACKAGE / "__init__.py", submodule_search_locations=[str(where / PACKAGE)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


class Faulted(str):
    """An extractor's text of a page whose main-content step failed (``extract`` recorded
    ``metadata["extraction_fault"]`` and stored the page whole, as ``--content full``): a
    bench scores it as a failure, never as the whole page the fallback holds."""


FAULT_KEY = "extraction_fault"
"""``trawl.extract.EXTRACTION_FAULT``, spelled here for revisions that may not export it."""


def faulted(text: str, metadata: dict[str, object]) -> str:
    """``text``, marked ``Faulted`` when ``metadata`` records an extraction fault."""
    return Faulted(text) if FAULT_KEY in metadata else text


def text_of(module: ModuleType) -> Callable[[str, str], str]:
    """What a reader of the stored page reads (headline and text) by ``module.extract``
    (``Faulted`` when the extraction recorded a fault)."""
    def run(html: str, url: str) -> str:
        e = module.extract(html, url)
        headline = getattr(e, "headline", None)
        return faulted(f"{headline}\n\n{e.text}" if headline else e.text,
                       getattr(e, "metadata", {}))
    return run
