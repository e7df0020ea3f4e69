"""A list of names a sentence introduces, at a section's end, is the section's
(``_section_end._introduced_names``).

The Securing Debian Manual (Publican's DocBook) ends its section on auditing source code
with "Debian provides several packages that can be used to audit C/C++ source code programs
and find programming errors that might lead to potential security flaws:" and a list of
four tools, a bold name each, set inside that paragraph: the names went one by one from the
end as labels left of a share bar ("Share", "Comments"), a word each (88.6 % kept).
"""

from __future__ import annotations

from trawl.extract import extract

URL = "https://docs.example.org/manual/auditing.html"

INTRO = ("Debian provides several packages that can be used to audit C source code programs "
         "and find programming errors that might lead to potential security flaws:")


def tools(*names: str) -> str:
    return "<div class='itemizedlist'><ul>" + "".join(
        f"<li><div class='para'><span class='application'><strong>{n}</strong></span></div>"
        "</li>" for n in names) + "</ul></div>"


def test_a_list_of_tools_a_sentence_introduces_ends_its_section_whole() -> None:
    html = ("<html><head><title>8.4. Auditing source code</title></head><body>"
            "<ul class='docnav top'><li><a href='prev.html'>Prev</a></li><li><a "
            "href='next.html'>Next</a></li></ul><div class='section'><div class='titlepage'>"
            "<div><div><h2 class='title'>8.4. Auditing source code</h2></div></div></div>"
            "<div class='para'>Auditing the source of the programs a system runs finds the "
            "errors before an attacker does, and several tools read C for the patterns "
            "that most often lead to a flaw.</div>"
            f"<div class='para'>{INTRO}{tools('flawfinder', 'rats', 'splint', 'pscan')}"
            "</div></div><ul class='docnav'><li><a href='prev.html'>Prev</a></li></ul>"
            "</body></html>")
    e = extract(html, URL)
    for name in ("flawfinder", "rats", "splint", "pscan"):
        assert name in e.text.split(), (name, e.text)


STORY = "".join(f"<p>Paragraph {i} of the story says what the council decided about the "
                "budget, who voted for it and what it means for the town's services.</p>"
                for i in range(1, 6))


def test_a_share_bars_labels_under_its_sentence_still_go() -> None:
    # hostile: a share bar whose buttons are gone leaves its labels under its own sentence
    html = ("<html><head><title>Budget vote</title></head><body><article><h1>Budget vote"
            f"</h1>{STORY}<p>Share this story with your friends and family:</p><ul>"
            "<li><div>Facebook</div></li><li><div>Twitter</div></li><li><div>Email</div></li>"
            "</ul></article></body></html>")
    e = extract(html, URL)
    assert "Paragraph 5 of the story" in e.text
    assert "Twitter" not in e.text, e.text
