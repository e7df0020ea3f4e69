"""A section's sentence whose words are mostly links is the section's
(``_phrases.sentence_of_links``).

The Securing Debian Manual (Publican's DocBook) ends its section on the Magic SysRq key with
"For more information, read <a>security chapter in the Remote Serial Console HOWTO</a>,
<a>Kernel SysRQ documentation</a>. and the <a>Magic_SysRq_key wikipedia entry</a>.": a
paragraph (Publican's ``div.para``) whose words are mostly its links, pruned as a block of
links (restrict-sysrq.html 92.2 %).
"""

from __future__ import annotations

from trawl.extract import extract

URL = "https://docs.example.org/manual/sysrq.html"

PROSE = ("<div class='para'>The Magic SysRq key is a key combination that lets users of the "
         "system console perform some low-level commands, pressed together with a command "
         "key, and it is enabled in the kernel by default.</div>"
         "<div class='para'>You should disable this functionality if access to the console is "
         "not restricted to authorised users, as when the console is connected to a modem "
         "line or there is easy physical access to the system.</div>")


def page(body: str) -> str:
    return ("<html><head><title>4.9. Restricting the Magic SysRq key</title></head><body>"
            "<ul class='docnav'><li><a href='a.html'>Prev</a></li><li><a href='b.html'>Next"
            "</a></li></ul><div class='section'><div class='titlepage'><div><div><h2 "
            "class='title'>4.9. Restricting the Magic SysRq key</h2></div></div></div>"
            f"{body}</div><ul class='docnav'><li><a href='a.html'>Prev</a></li></ul>"
            "</body></html>")


def test_a_sentence_of_links_ending_a_section_is_kept() -> None:
    html = page(PROSE + "<div class='para'>For more information, read <a "
                "href='http://tldp.org/HOWTO/sysrq.html'>security chapter in the Remote "
                "Serial Console HOWTO</a>, <a href='http://kernel.org/doc/sysrq.txt'>Kernel "
                "SysRQ documentation</a>. and the <a href='http://en.wikipedia.org/wiki/"
                "Magic_SysRq_key'>Magic_SysRq_key wikipedia entry</a>.</div>")
    e = extract(html, URL)
    assert "Kernel SysRQ documentation" in e.text, e.text
    assert "wikipedia entry" in e.text, e.text


def test_a_promotions_line_of_links_after_the_text_still_goes() -> None:
    html = page(PROSE + "<div class='para'>Read more about the park in <a "
                "href='/news/park-vote.html'>the vote on the budget of the park</a>, <a "
                "href='/news/park-neighbours.html'>what the neighbours of the park say</a>."
                "</div>")
    e = extract(html, URL)
    assert "vote on the budget" not in e.text, e.text
    assert "physical access" in e.text, e.text


def test_a_teasers_sentence_of_links_under_its_headline_still_goes() -> None:
    # (fails with `_phrases:_after_prose=true`: the sentence is a teaser's, right under its
    # headline, no paragraph of its section's prose before it)
    html = page(PROSE + "<h3>More from the newsroom</h3><div class='para'>Our editors picked "
                "these stories for you <a href='/news/council-budget.html'>the council votes "
                "on the budget of the park</a>, <a href='/news/tram-line.html'>a new tram line "
                "for the north of the city</a> and <a href='/news/harbour.html'>the harbour's "
                "summer festival</a>.</div>")
    e = extract(html, URL)
    assert "physical access" in e.text, e.text
    assert "tram line" not in e.text, e.text
