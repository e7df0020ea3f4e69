"""Every page whole (issue 26): a class's members after a long description.

Javadoc writes a class's page as its description (the declaration, then the doc comment),
then a summary of its members (tables) and their details (an entry a member: a heading
naming it, its signature, its description). When the doc comment is most of the page
(jsoup's ``Selector``: a long table of the query syntax it parses), the description won
alone and the members' summary and details went: 1,363 of 1,797 words, every method lost
(``_apientry.members_after``). Javadoc also writes a zero-width space between a method's
name and its ``(`` so a long signature may wrap: the signature still reads as code
(``_tree.GLUED_CODE_RE``).
"""

from __future__ import annotations

from trawl.extract import extract
from trawl.extract._tree import GLUED_CODE_RE

from .test_extract_whole import URL

SIDEBAR = ("<nav><ul>" + "".join(f"<li><a href='/p{i}.html'>Package {i}</a></li>"
                                 for i in range(8)) + "</ul></nav>")
SYNTAX_ROWS = "".join(
    f"<tr><td><code>:pseudo-{i}</code></td><td>elements that match the rule number {i} of "
    f"the query language, as the parser reads it</td><td><code>div:pseudo-{i}</code></td>"
    "</tr>" for i in range(40))
DOC_COMMENT = (
    "<div class='block'><p>CSS-like element selector, that finds elements matching a query."
    "</p><h2>Selector syntax</h2><p>A selector is a chain of simple selectors, separated by "
    "combinators. Selectors are case insensitive, including against elements, attributes "
    "and attribute values.</p><table class='syntax'><tr><th>Pattern</th><th>Matches</th>"
    f"<th>Example</th></tr>{SYNTAX_ROWS}</table></div>")
METHODS = (("select", "Elements", "String query, Element root",
            "Find elements matching selector."),
           ("selectFirst", "Element", "String cssQuery, Element root",
            "Find the first element that matches the query."),
           ("selectAll", "Elements", "String query, Iterable roots",
            "Find elements matching selector across several roots."))


def member(name: str, returns: str, params: str, doc: str) -> str:
    return (f"<ul class='blockList'><li class='blockList'><h4>{name}</h4><pre "
            f"class='methodSignature'>public static {returns} {name}\u200b({params})</pre>"
            f"<div class='block'>{doc}</div><dl><dt>Parameters:</dt><dd>query - the CSS "
            "selector</dd></dl></li></ul>")


def class_page() -> str:
    summary = "".join(f"<tr><td>static {r}</td><td><a href='#{n}'>{n}</a>({p})</td>"
                      f"<td>{d}</td></tr>" for n, r, p, d in METHODS)
    return ("<html><head><title>Selector</title></head><body>" + SIDEBAR +
            "<main><div class='header'><div class='subTitle'>Package <a href='package-summary"
            ".html'>org.example.select</a></div><h2 class='title'>Class Selector</h2></div>"
            "<div class='contentContainer'><ul class='inheritance'><li>java.lang.Object</li>"
            "</ul><div class='description'><ul class='blockList'><li class='blockList'><pre>"
            "public class Selector\nextends java.lang.Object</pre>" + DOC_COMMENT +
            "</li></ul></div><div class='summary'><section><h3>Method Summary</h3><table>"
            f"{summary}</table></section></div><div class='details'><section><h3>Method "
            "Detail</h3>" + "".join(member(*m) for m in METHODS) +
            "</section></div></div></main></body></html>")


def test_a_class_keeps_its_members_after_a_long_description() -> None:
    text = extract(class_page(), URL).text
    assert "CSS-like element selector" in text
    assert "Find the first element that matches the query." in text
    assert "Find elements matching selector across several roots." in text
    assert "Package 7" not in text


def test_a_signature_broken_by_a_zero_width_space_reads_as_code() -> None:
    assert GLUED_CODE_RE.search("public static Elements select\u200b(String query)")
    assert GLUED_CODE_RE.search("Comments (3)") is None


def comments_page() -> str:
    comments = "".join(
        f"<div><h4>{who}</h4><pre>{code}</pre><p>{said}</p></div>" for who, code, said in (
            ("Bob", "items = sorted(values)", "This worked for me, thanks for the post! I had "
             "been looking for a way to do this without pandas for a while."),
            ("Alice", "print(len(items))", "Same here, although I had to add a print to see "
             "how many rows were left after the loop."),
            ("Carol", "run(items, fast=True)", "Great write-up, bookmarked for later. Would "
             "love to see a follow-up on writing the file back.")))
    paragraphs = "".join(
        f"<p>Part {i} of the walk-through: the loop reads each line of the file, splits it "
        "into fields, and keeps the rows whose third field names a city we have not seen "
        "before, so the result is one row a city, in the order the file lists them.</p>"
        for i in range(12))
    return ("<html><head><title>Reading CSV files</title></head><body>" + SIDEBAR +
            "<div class='wrap'><div class='post'><h1>Reading CSV files</h1>" + paragraphs +
            "</div><div><h3>3 responses</h3>" + comments + "</div></div></body></html>")


def test_a_comment_threads_code_under_its_authors_is_no_classs_members() -> None:
    text = extract(comments_page(), URL).text
    assert "Part 11 of the walk-through" in text
    assert "bookmarked for later" not in text
    assert "sorted(values)" not in text
