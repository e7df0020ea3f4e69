"""What a documentation set is (``DocSet``) and the helpers its declarations share: where
the unpacked sets live, an installed package's folder or its unpacked copy, and the XPath
pieces several generators' references use."""


from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class DocSet:
    """One documentation generator's output, installed by a package."""

    name: str
    root: Path
    package: str
    """How to install it (what ``scripts/setup --dev`` installs)."""
    containers: str
    """XPath of the page's main container(s), as its generator marks it."""
    drop: str = ""
    """XPath (relative to a container) of what is no content inside it (self-links)."""
    kept_back: bool = False
    """Measured to check a change, never to tune one."""
    exclude: tuple[str, ...] = ()
    """Folders under ``root`` whose pages are another generator's (not this set's)."""
    include: tuple[str, ...] = ()
    """The folders under ``root`` whose pages are this set's (every folder when empty): a
    package installed whole holds more than the set (rust-doc: two mdBook books among
    32,000 rustdoc pages)."""
    skip_redirects: bool = False
    """Leave out files that only redirect (``<meta http-equiv="Refresh">``): makeinfo writes
    one per index anchor, which a crawl follows to the node's page, no page of their own."""
    language: str = ""
    """Only the pages in this language (their ``<html lang>``), when given: a package's
    folder of one language may hold another's pages (apache2-doc's ``en/`` holds six
    pages in Portuguese, Debian's copies of translations with no English page beside)."""

    def pages(self) -> Iterator[Path]:
        return iter(sorted(p for p in self.root.rglob("*.html") if p.is_file()
                           if p.relative_to(self.root).parts[0] not in self.exclude
                           and (not self.include
                                or p.relative_to(self.root).parts[0] in self.include)
                           and not (self.skip_redirects and _redirects(p))
                           and (not self.language or _in_language(p, self.language))))


def _redirects(path: Path) -> bool:
    """The file is a redirect stub: a ``Refresh`` meta in its head."""
    head = path.read_bytes()[:2048].lower()
    return b'http-equiv="refresh"' in head


_HTML_LANG = re.compile(rb"<html[^>]*?\slang=[\"']?([\w-]+)", re.I)


def _in_language(path: Path, language: str) -> bool:
    """The page's ``<html lang>`` (read from its first 2 kB) is ``language`` or one of its
    variants (``en``: ``en``, ``en-US``); a page that says no language is kept."""
    found = _HTML_LANG.search(path.read_bytes()[:2048])
    if found is None:
        return True
    lang = found.group(1).decode("ascii", "replace").lower()
    return lang == language or lang.startswith(language + "-")


DOCSETS = Path(os.environ.get("TRAWL_DOCSETS", "/opt/trawl-docsets"))
"""Where ``scripts/setup --dev`` unpacks the sets whose packages would bring a JDK or a
database server along (their files only)."""


def _installed(path: str, unpacked: Path = DOCSETS, page: str = "") -> Path:
    """``/path`` when the package is installed, else its files unpacked under ``unpacked``;
    with ``page``, only when ``/path`` has that page (another package's folder of the same
    name holds no pages: sqlite3's changelog, without sqlite3-doc)."""
    installed = Path("/") / path
    return installed if installed.is_dir() and (installed / page).exists() \
        else unpacked / path


def _has_class(name: str) -> str:
    """XPath: the element's class attribute has ``name`` among its classes."""
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


DOCBOOK_BARS = "./div[@class='navheader' or @class='navfooter']"
"""What DocBook XSL sets around a chunk's body: the navigation header and footer (the
chapter's title, prev/up/home/next links); every DocBook XSL set's reference leaves them
out."""
LINE_NUMBERS = (f" | .//td[{_has_class('listing_lines')}][following-sibling::td]"
                f" | .//td[{_has_class('linenos')}][following-sibling::td]")
"""The gutter of line numbers a highlighter sets beside a listing, a table's first cell
beside the listing's (gtk-doc's ``td.listing_lines``, Pygments' ``td.linenos`` in its
``highlighttable``; hexo's ``td.gutter`` is declared with its set): the numbers are the
table's drawing, no words of the text (a copy of the listing takes its code alone), as
hexo's reference already said. Brief 132 made the references of the sets that have them say
so too (gtk-doc's and the Pygments themes' had counted them, mkdocstrings' saying so, as
gtkdoc's): its rule (``trawl/extract/_gutter.py``) sets the listing alone, its lines whole,
where the table of two cells had been stored as one row, the numbers in one cell and the
listing's lines run together in the other."""
DSSSL_BARS = "./div[@class='NAVHEADER' or @class='NAVFOOTER']"
"""The same bars as openjade's DSSSL stylesheets write them (upper-case classes)."""
