"""Every page whole (issue 26): a dialog's labelled list (AsciiDoc through DocBook XSL: a
``dl`` of the dialog's fields and buttons, each description a bare sentence, no ``p``
around it), one field's description long (its own list of what it shows), the others a
line each. The long description won and stood for the page: its siblings, a line each,
held less than half again its text, and only entries holding paragraphs were weighed as a
list's entries (Wireshark's user's guide, 65.9 %). The hostile shape beside: a page laid
out in a ``ul``, its story in one item, a line of the site's in each of the others."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_listings import section
from .test_extract_whole import LOREM, URL, assert_kept


def test_a_labelled_lists_bare_lines_are_its_entries_beside_a_long_one() -> None:
    details = "".join(f"<dt><span class='term'>Field {i}</span></dt><dd>The field {i} shows "
                      f"the capture file's own numbers. {LOREM}</dd>" for i in range(3))
    buttons = "".join(f"<dt><span class='term'><span class='guibutton'>{b}</span></span>"
                      f"</dt><dd>\n{line}\n</dd>" for b, line in (
                          ("Refresh", "Updates the information in the dialog."),
                          ("Save Comments", "Saves the contents of the comments entry."),
                          ("Close", "Closes the dialog"),
                          ("Copy To Clipboard", "Copies the details to the clipboard."),
                          ("Help", "Opens this section of the guide.")))
    dl = ("<div class='variablelist'><dl class='variablelist'><dt><span class='term'>"
          "Details</span></dt><dd><p class='simpara'>Notable information about the capture "
          f"file.</p><div class='variablelist'><dl class='variablelist'>{details}</dl></div>"
          f"</dd>{buttons}</dl></div>")
    body = section(2, "8.2. The Capture File Properties Dialog", (
        "<p>General information about the current capture file.</p><p>This dialog shows "
        f"the following information:</p>{dl}"))
    e = extract(f"<html><body>{body}</body></html>", URL)
    assert_kept(e.text, "The field 2 shows", "Updates the information in the dialog",
                "Closes the dialog", "Opens this section of the guide",
                "General information about the current capture file")


def test_a_stories_item_among_the_sites_lines_in_a_list_stays_alone() -> None:
    # hostile: the page laid out in a list, the story in one item, each other item a line
    # of the site's own: they are no entries of a list the story is one of
    story = "".join(f"<p>The harbour was rebuilt in spring, part {i}. {LOREM}</p>"
                    for i in range(3))
    lines = "".join(f"<li>{line}</li>" for line in (
        "Follow us on the radio every morning and on our podcast every week.",
        "Letters to the editor are read every day and answered on Fridays.",
        "Our offices are closed on public holidays and during the summer."))
    page = f"<html><body><ul class='layout'><li>{story}</li>{lines}</ul></body></html>"
    e = extract(page, URL)
    assert_kept(e.text, "The harbour was rebuilt in spring, part 2")
    assert "Letters to the editor" not in e.text
