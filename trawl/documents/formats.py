"""Which responses are documents trawl reads besides HTML, and as what.

The media type decides. Only when it says nothing useful (none at all, or a generic
``application/octet-stream`` or ``text/plain``, as many servers send for any file) does the
file name — the URL's last segment, or a ``Content-Disposition`` filename — refine it:
``openapi.yaml`` sent as octet-stream is YAML, ``README.md`` sent as text/plain is
markdown. A body without a media type that starts like a PDF is one.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from urllib.parse import unquote, urlsplit

JSON = "json"
YAML = "yaml"
MARKDOWN = "markdown"
TEXT = "text"
PDF = "pdf"
TEXT_FORMATS = (JSON, YAML, MARKDOWN, TEXT)
"""Formats read as text (decoded like HTML); PDF is read by trawl.documents.pdf."""

MEDIA_TYPES: dict[str, str] = {
    "application/json": JSON,
    "text/json": JSON,
    "application/yaml": YAML,
    "application/x-yaml": YAML,
    "text/yaml": YAML,
    "text/x-yaml": YAML,
    "application/vnd.oai.openapi": YAML,  # OpenAPI's own type is YAML; +json is JSON
    "text/markdown": MARKDOWN,
    "text/x-markdown": MARKDOWN,
    "text/plain": TEXT,
    "application/pdf": PDF,
    "application/x-pdf": PDF,
}
"""Media types (without parameters) and the format their body is read as."""
FORMAT_TYPES = {JSON: "application/json", YAML: "application/yaml", MARKDOWN: "text/markdown",
                TEXT: "text/plain", PDF: "application/pdf"}
"""The media type recorded for a document the server sent without one."""
SUFFIXES = {"+json": JSON, "+yaml": YAML}
"""Structured-syntax suffixes (RFC 6839, RFC 9512): application/problem+json is JSON."""
EXTENSIONS: dict[str, str] = {
    ".json": JSON, ".yaml": YAML, ".yml": YAML, ".md": MARKDOWN, ".markdown": MARKDOWN,
    ".txt": TEXT, ".pdf": PDF,
}
"""File extensions that name a format when the media type does not."""
GENERIC_TYPES = frozenset({None, "application/octet-stream", "binary/octet-stream",
                           "application/x-download", "application/force-download",
                           "text/plain"})
"""Media types that say nothing about a file's format: the file name decides then."""
PDF_MAGIC = b"%PDF-"
_FILENAME_RE = re.compile(r"filename\*?\s*=\s*(?:[\w-]+'[\w-]*')?\"?([^\";]+)", re.IGNORECASE)


def file_name(url: str, headers: dict[str, str] | None = None) -> str:
    """The file's name: the ``Content-Disposition`` filename, else the URL's last path
    segment ('' when the path ends with a slash)."""
    match = _FILENAME_RE.search((headers or {}).get("content-disposition", ""))
    if match:
        return PurePosixPath(unquote(match.group(1).strip())).name
    return unquote(urlsplit(url).path.rsplit("/", 1)[-1])


def extension_format(name: str) -> str | None:
    """The format a file name's extension names (``spec.YAML`` -> yaml), if any."""
    return EXTENSIONS.get(PurePosixPath(name.lower()).suffix)


def url_format(url: str) -> str | None:
    """The format a URL's path names (``/api/openapi.json`` -> json), if any."""
    return extension_format(file_name(url))


def document_format(ctype: str | None, url: str, headers: dict[str, str] | None = None,
                    prefix: bytes = b"") -> str | None:
    """The format to read a response as (json, yaml, markdown, text, pdf), or None when it
    is not a document trawl reads (HTML is read elsewhere; images, archives are not read).

    ``ctype``: the media type without parameters; ``prefix``: the body's first bytes,
    when already read (a PDF without a media type is known by them)."""
    if ctype in MEDIA_TYPES and ctype not in GENERIC_TYPES:
        return MEDIA_TYPES[ctype]
    if ctype is not None:
        for suffix, fmt in SUFFIXES.items():
            if ctype.endswith(suffix):
                return fmt
    if ctype not in GENERIC_TYPES:
        return None  # an image, an archive, a font...: what the server says it is
    named = extension_format(file_name(url, headers))
    if named is not None:
        return named
    if prefix.startswith(PDF_MAGIC):
        return PDF
    return MEDIA_TYPES.get(ctype or "")  # text/plain without a telling name: text
