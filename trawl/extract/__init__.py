"""Pure extraction: HTML (and its URL) in; main-content markdown, text, metadata, links out.

No browser, no database, no Temporal. ``extract`` never raises on bad input.
"""

from __future__ import annotations

from trawl.extract._core import extract, full_markdown
from trawl.extract._types import Extraction, Link

__all__ = ["Extraction", "Link", "extract", "full_markdown"]
