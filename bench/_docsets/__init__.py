"""The documentation sets ``bench/completeness.py`` measures: where each is, which of its
files are its pages, and its reference (the page's main container as its generator marks
it, less what is no content in it), each with why.

``--list`` says which are installed here. The sets, by family (each
module's docstring lists its sets, each with why its reference is what it is):

- ``_sphinx``: Sphinx with its themes, and Docutils;
- ``_docbook``: DocBook through DocBook XSL (and Publican, gtk-doc, BoostBook, which build
  on it) and through openjade's DSSSL stylesheets;
- ``_apiref``: API reference generators;
- ``_sites``: static site generators of Markdown: documentation themes and blogs;
- ``_converters``: manual pages, Texinfo, LaTeX and markup converters;
- ``_own``: projects' own generators and hand-written manuals;
"""

from __future__ import annotations

from bench._docsets import _apiref, _converters, _docbook, _own, _sites, _sphinx
from bench._docsets._base import DOCSETS, DocSet

__all__ = ["DOCSETS", "SETS", "DocSet"]

SETS = {s.name: s for family in (_sphinx, _docbook, _apiref, _sites, _converters, _own)
        for s in family.SETS}
"""Every set by its name, family by family."""
