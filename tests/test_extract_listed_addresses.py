"""A list of addresses a sentence introduces is the section's citations
(``_phrases._listed_addresses``, in ``_cited_address``).

The Securing Debian Manual (Publican's DocBook) ends its section on GnuPG with "For more
information:" and five items, each one address its link prints
("http://www.gnupg.org/faq.html."), the list set inside that paragraph: pruned as a list of
links, its parent no paragraph of prose (gpg-agent.html 88.7 %).
"""

from __future__ import annotations

from trawl.extract import extract

URL = "https://docs.example.org/manual/gpg-agent.html"

PROSE = ("<div class='para'>Most key servers are linked, so that when your public key is "
         "added to one server, the addition is propagated to all the other public key "
         "servers, and the keyrings are installed in the system's shared folder.</div>"
         "<div class='para'>There is also a package that provides all the public keys of the "
         "developers of the distribution, updated with every release of it.</div>")


def page(body: str) -> str:
    return ("<html><head><title>8.9. Using GnuPG</title></head><body><ul class='docnav'>"
            "<li><a href='a.html'>Prev</a></li><li><a href='b.html'>Next</a></li></ul>"
            "<div class='section'><div class='titlepage'><div><div><h2 class='title'>8.9. "
            f"Using GnuPG</h2></div></div></div>{body}</div><ul class='docnav'><li><a "
            "href='a.html'>Prev</a></li></ul></body></html>")


def addresses(*urls: str) -> str:
    return "<div class='itemizedlist'><ul>" + "".join(
        f"<li class='listitem'><div class='para'><a href='{u}'>{u}</a>.</div></li>"
        for u in urls) + "</ul></div>"


def test_a_list_of_addresses_a_sentence_introduces_is_kept() -> None:
    html = page(PROSE + "<div class='para'>For more information: " + addresses(
        "http://www.gnupg.org/faq.html", "http://www.gnupg.org/gph/en/manual.html",
        "http://www.cryptnet.net/fdp/crypto/gpg-party.html") + "</div>")
    e = extract(html, URL)
    for url in ("http://www.gnupg.org/faq.html", "http://www.cryptnet.net/fdp/crypto/"
                "gpg-party.html"):
        assert url in e.text, e.text


def test_a_list_of_profiles_under_a_label_of_chrome_still_goes() -> None:
    html = page(PROSE + "<div class='para'>Follow us on social media: " + addresses(
        "https://twitter.com/example", "https://www.facebook.com/example",
        "https://mastodon.social/@example") + "</div>")
    e = extract(html, URL)
    assert "twitter.com" not in e.text, e.text
    assert "public key servers" in e.text, e.text
