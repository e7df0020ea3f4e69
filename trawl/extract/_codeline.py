"""A last line that names code is the text's, not a label left of a share bar.

``_contentend.drop_trailing_meta`` drops a word or two alone at the content's end: the label of
a share bar or a comments block whose buttons are gone ("Share", "Comments"). A reference
entry may end on two words as short, its return value's description naming a type ("A
``GtkSizeRequestMode``", "The ``GtkSelectionMode``"): the name is set in code, as no
share bar's or comment block's label is.
"""

from __future__ import annotations

from lxml.html import HtmlElement

from ._stats import CODE_TAGS


def names_code(el: HtmlElement) -> bool:
    """Whether the line ``el`` holds a name in code (``code``, ``tt``...) with text."""
    return any(any(t.strip() for t in c.itertext()) for c in el.iter(*CODE_TAGS)
               if c is not el)
