"""An ``<aside>`` named a sidebar, set among its section's paragraphs: the text's own box.

reStructuredText's ``sidebar`` directive (a tutorial's "Lazy Connecting" box beside the
paragraph it explains) is written by Sphinx as ``<aside class="sidebar">``: a title line
and a paragraph, between the section's paragraphs and lists. ``_boiler`` drops every
``<aside>`` it meets short of a pull quote or a box under a section's title; this one is
neither, and it is the page's text. ``_boxes._boxed_in_text`` already spares the same box
written as a ``div`` named "sidebar"; this asks it of the ``<aside>`` too, with the guards
an ``<aside>`` in an article's flow needs: no form, frame, script or picture (a
newsletter signup, an ad slot), no ad's label ("Advertisement", "Sponsored").
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._boxes import _LEAD_BOX_CHROME, _boxed_in_text, _labelled_ad
from ._stats import _Stats


def sidebar_in_flow(el: HtmlElement, st: _Stats) -> bool:
    """Whether the ``<aside>`` ``el`` is a sidebar box of the text (``_boxed_in_text``:
    named "sidebar" and nothing else boilerplate, prose with few links, beside a paragraph
    of its section) that holds no chrome (``_LEAD_BOX_CHROME``: a form, a frame, a script,
    a picture) and no ad's label. A page's sidebar column is beside the text's container,
    not beside one of its paragraphs; an ad or a signup box set in a story's flow has its
    frame, its form, or its label."""
    if el.tag != "aside" or not _boxed_in_text(el, st):
        return False
    return not any(True for _ in el.iter(*_LEAD_BOX_CHROME)) and not _labelled_ad(el)
