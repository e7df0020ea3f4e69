"""Every page whole (issue 26): a manual's pages that are one thing whole, as DocBook XSL's
chunked HTML emits them (navheader and navfooter tables around the page): a legal notice, an
appendix table of key words, a table of error codes with class rows spanning its columns, a
glossary, a bibliography, a book index, release notes of one-line items. trawl keeps each
whole; these pin the shapes."""

from __future__ import annotations

from trawl.extract import extract

from .test_extract_whole import URL, assert_kept

NAVHEADER = ("<div class='navheader'><table width='100%' summary='Navigation header'><tr>"
             "<th colspan='3' align='center'>{t}</th></tr><tr><td width='20%' align='left'>"
             "<a accesskey='p' href='prev.html'>Prev</a> </td><th width='60%' "
             "align='center'>Part VIII. Appendixes</th><td width='20%' align='right'> "
             "<a accesskey='n' href='next.html'>Next</a></td></tr></table><hr></div>")
NAVFOOTER = ("<div class='navfooter'><hr><table width='100%' summary='Navigation footer'>"
             "<tr><td width='40%' align='left'><a accesskey='p' href='prev.html'>Prev</a> "
             "</td><td width='20%' align='center'><a accesskey='u' href='part.html'>Up</a>"
             "</td><td width='40%' align='right'> <a accesskey='n' href='next.html'>Next</a>"
             "</td></tr><tr><td width='40%' align='left' valign='top'>Previous page </td>"
             "<td width='20%' align='center'><a accesskey='h' href='index.html'>Home</a>"
             "</td><td width='40%' align='right' valign='top'> Next page</td></tr></table>"
             "</div>")


def page(title: str, cls: str, body: str) -> str:
    return (f"<html><head><title>{title}</title></head><body>{NAVHEADER.format(t=title)}"
            f"<div class='{cls}'><div class='titlepage'><div><div><h1 class='title'>"
            f"{title}</h1></div></div></div>{body}</div>{NAVFOOTER}</body></html>")


LEGAL = [
    "Copyright \u00a9 1996\u20132023 The Example Database Global Development Group",
    "Portions Copyright \u00a9 1994, The Regents of the University of California",
    "Permission to use, copy, modify, and distribute this software and its documentation "
    "for any purpose, without fee, and without a written agreement is hereby granted, "
    "provided that the above copyright notice and this paragraph and the following two "
    "paragraphs appear in all copies.",
    "IN NO EVENT SHALL THE UNIVERSITY OF CALIFORNIA BE LIABLE TO ANY PARTY FOR DIRECT, "
    "INDIRECT, SPECIAL, INCIDENTAL, OR CONSEQUENTIAL DAMAGES, INCLUDING LOST PROFITS, "
    "ARISING OUT OF THE USE OF THIS SOFTWARE AND ITS DOCUMENTATION.",
    "THE UNIVERSITY OF CALIFORNIA SPECIFICALLY DISCLAIMS ANY WARRANTIES, INCLUDING, BUT NOT "
    "LIMITED TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR "
    "PURPOSE. THE SOFTWARE PROVIDED HEREUNDER IS ON AN \u201cAS-IS\u201d BASIS.",
]


def test_a_legal_notice_page_keeps_its_copyright_and_license() -> None:
    body = "".join(f"<p>{p}</p>" for p in LEGAL)
    e = extract(page("Legal Notice", "legalnotice", body), URL)
    assert_kept(e.text, *LEGAL)


KINDS = ["reserved", "non-reserved", "reserved (can be function or type)", "", "reserved"]


def keywords(n: int) -> list[list[str]]:
    return [[f"KEYWORD{i:03d}"] + [KINDS[(i + j) % 5] for j in range(3)] for i in range(n)]


def test_a_table_of_key_words_is_kept_whole() -> None:
    rows = keywords(300)
    table = ("<div class='table' id='KEYWORDS-TABLE'><p class='title'><b>Table C.1. Key "
             "Words</b></p><div class='table-contents'><table class='table' border='1'>"
             "<colgroup><col><col><col><col></colgroup><thead><tr><th>Key Word</th><th>"
             "Ours</th><th>SQL:2016</th><th>SQL-92</th></tr></thead><tbody>" + "".join(
                 "<tr>" + "".join(f"<td><code class='token'>{c}</code></td>" if k == 0
                                  else f"<td>{c}</td>" for k, c in enumerate(r)) + "</tr>"
                 for r in rows) + "</tbody></table></div></div>")
    intro = ("Table C.1 lists all tokens that are key words in the SQL standard and in "
             "this release. Background information can be found in the section on lexical "
             "structure.")
    e = extract(page("Appendix C. SQL Key Words", "appendix", f"<p>{intro}</p>{table}"), URL)
    assert_kept(e.text, intro, *(" ".join(r) for r in rows[::10]), rows[-1][0])


def test_a_table_of_error_codes_keeps_its_class_rows() -> None:
    rows = []
    kept = []
    for c in range(12):
        cls = f"Class {c:02d} \u2014 Condition Group Number {c}"
        rows.append(f"<tr><td colspan='2'><span class='bold EMPHASIS c2'>{cls}</span></td></tr>")
        kept.append(cls)
        for k in range(8):
            code, name = f"{c:02d}00{k}", f"condition_name_{c}_{k}"
            rows.append(f"<tr><td><code class='literal'>{code}</code></td><td>"
                        f"<code class='symbol'>{name}</code></td></tr>")
            kept.append(f"{code} {name}")
    table = ("<div class='table'><p class='title'><b>Table A.1. Error Codes</b></p><div "
             "class='table-contents'><table class='table' border='1'><thead><tr><th>Error "
             "Code</th><th>Condition Name</th></tr></thead><tbody>" + "".join(rows)
             + "</tbody></table></div></div>")
    intro = ("All messages emitted by the server are assigned five-character error codes "
             "that follow the standard's conventions for SQLSTATE codes.")
    e = extract(page("Appendix A. Error Codes", "appendix", f"<p>{intro}</p>{table}"), URL)
    assert_kept(e.text, intro, *kept)


TERMS = [(f"Term{i}", f"A short definition of term number {i}, said in one sentence.")
         for i in range(40)]


def test_a_glossary_keeps_its_terms_and_see_also_lines() -> None:
    dl = "".join(
        f"<dt id='glossary-{t.lower()}'><span class='glossterm'>{t}</span></dt><dd class="
        f"'glossdef'><p>{d}</p>" + (f"<p>See Also <a class='glossseealso' href='#glossary-"
                                    f"term{i + 1}'>Term{i + 1}</a>.</p>" if i % 3 == 0 else "")
        + "</dd>" for i, (t, d) in enumerate(TERMS))
    body = ("<p>This glossary explains the terms the manual uses.</p><div class='glossdiv'>"
            f"<dl class='glossary'>{dl}</dl></div>")
    e = extract(page("Glossary", "glossary", body), URL)
    assert_kept(e.text, *(f"{t} {d}" for t, d in TERMS), "See Also Term4")


def test_a_bibliography_keeps_every_entry() -> None:
    entries = [f"<span class='author'>Author{i} Surname{i}</span>. <span class='title'>"
               f"<em>A Guide to Topic {i}</em></span>. <span class='publisher'>Publisher {i}"
               f"</span>. Copyright \u00a9 {1990 + i} Holder{i}." for i in range(20)]
    body = ("<div class='bibliodiv'><h3 class='title'>Reference Books</h3>" + "".join(
        f"<div class='biblioentry'><a id='bib{i}'></a><p>{e}</p></div>"
        for i, e in enumerate(entries)) + "</div>")
    e = extract(page("Bibliography", "bibliography", body), URL)
    assert_kept(e.text, *(f"Author{i} Surname{i}. A Guide to Topic {i}. Publisher {i}. "
                          f"Copyright \u00a9 {1990 + i} Holder{i}." for i in range(20)))


def test_a_book_index_keeps_its_letters_and_see_entries() -> None:
    parts = []
    kept = []
    for letter in "ABCDEFGH":
        parts.append(f"<div class='indexdiv'><h3>{letter}</h3><dl>")
        kept.append(letter)
        for i in range(10):
            term = f"{letter.lower()}term{i}"
            parts.append(f"<dt>{term}, <a class='indexterm' href='s{i}.html'>Section {i}</a>, "
                         f"<a class='indexterm' href='t{i}.html'>Use</a></dt>")
            kept.append(f"{term}, Section {i}, Use")
            if i % 4 == 0:
                parts.append(f"<dd><dl><dt>(see also {letter}other)</dt></dl></dd>")
                kept.append(f"(see also {letter}other)")
        parts.append("</dl></div>")
    body = "<div class='index'>" + "".join(parts) + "</div>"
    e = extract(page("Index", "index", body), URL)
    assert_kept(e.text, *kept)


def test_release_notes_keep_every_item() -> None:
    items = [f"Fix handling of case {i} in the planner when the input is empty "
             f"(Person{i} Name{i}, Other{i} Reviewer)" for i in range(60)]
    body = ("<div class='sect2'><h3>Changes</h3><div class='itemizedlist'><ul class="
            "'itemizedlist'>" + "".join(f"<li class='listitem'><p>{t}</p></li>"
                                        for t in items) + "</ul></div></div>")
    e = extract(page("Release 9.1", "sect1", body), URL)
    assert_kept(e.text, *items)
