"""Every page whole (issue 26), Asciidoctor's pages of Git's documents (brief 92).

A FAQ written as a run of definition lists, each ``div.dlist`` anchored by its question's
name, lost its last question: its anchor, "recommended-storage-settings", read as a box of
recommended posts. A block of the text's own kind (the block before or after it alike: the
same tag and class), prose with paragraphs and few links, is the text's whatever its
anchor says (``_textrun.one_of_a_run``). A document's own list of its sections, under a
heading "Table of contents", each entry a link to a section of the page wrapped in a
paragraph, went as a list of links (``_tochead.headed_contents``, asked by
``_toc.contents_list``).

The hostile twins: a box of recommended posts set among the text's blocks, of their class,
is its links and goes; a comment thread's items, each ``div.comment`` and prose, are
chrome by the class they share; a list under a "Contents" heading of other pages' links
is a site's and goes.
"""

from __future__ import annotations

from trawl.extract import extract

ANSWER = ("<p>While Git can store and handle any file of any type, there are some settings "
          "that work better than others. In general, we recommend that text files be stored "
          "in UTF-8 without a byte-order mark with LF endings.</p><div class='paragraph'><p>"
          "Additionally, if you have a choice between storage formats that are text based "
          "or not, we recommend storing files in the text format.</p></div>")


def _question(ident: str, question: str) -> str:
    return (f"<div id='{ident}' class='dlist'><dl><dt class='hdlist1'>{question}</dt>"
            f"<dd>{ANSWER}</dd></dl></div>")


def _faq(last: str) -> str:
    return ("<html><head><title>gitfaq(7)</title></head><body><div id='header'>"
            "<h1>gitfaq(7) Manual Page</h1></div><div id='content'><div class='sect1'>"
            "<h2 id='_cross_platform_issues'>Cross-Platform Issues</h2>"
            "<div class='sectionbody'>" +
            _question("windows-text-binary", "I'm on Windows and my text files are "
                      "detected as binary.") +
            _question("always-modified-files-case", "I'm on Windows or macOS and git "
                      "diff shows my files as modified.") + last +
            "</div></div></div><div id='footer'><div id='footer-text'>Last updated "
            "2022-12-12</div></div></body></html>")


def test_the_last_question_of_a_faq_anchored_by_a_chrome_word_is_the_faqs():
    html = _faq(_question("recommended-storage-settings",
                          "What's the recommended way to store files in Git?"))
    text = extract(html, "https://git.test/gitfaq.html").text
    assert "What's the recommended way to store files in Git?" in text
    assert text.count("While Git can store and handle any file") == 3


def test_recommended_posts_among_the_texts_blocks_go():
    box = ("<div id='recommended-posts' class='dlist'><dl><dt class='hdlist1'>Recommended"
           "</dt><dd><p>" + " ".join(
               f"<a href='/posts/{n}.html'>How we moved our monorepo to Git, part {n}</a>"
               for n in range(1, 6)) + " and more.</p></dd></dl></div>")
    text = extract(_faq(box), "https://git.test/gitfaq.html").text
    assert text.count("While Git can store and handle any file") == 2
    assert "monorepo" not in text


def _tools(heading: str, links: str) -> str:
    return ("<html><head><title>ToolsForGit</title></head><body><div id='header'>"
            "<h1>Tools for developing Git</h1></div><div id='content'><div class='sect1'>"
            "<h2 id='summary'>Summary</h2><div class='sectionbody'><div class='paragraph'>"
            "<p>This document gathers tips, scripts and configuration files to help people "
            "working on Git's codebase use their favorite tools while following Git's "
            "coding style.</p></div></div></div><div class='sect1'>"
            f"<h2 id='toc'>{heading}</h2><div class='sectionbody'><div class='ulist'><ul>"
            + links + "</ul></div><div class='sect2'><h3 id='vscode'>Visual Studio Code "
            "(VS Code)</h3><div class='paragraph'><p>The contrib/vscode/init.sh script "
            "creates configuration files that enable several valuable VS Code features. "
            "See contrib/vscode/README.md for more information on using the script.</p>"
            "</div></div><div class='sect2'><h3 id='emacs'>Emacs</h3><div class='paragraph'>"
            "<p>This is adapted from Linux's suggestion in its CodingStyle document, with "
            "the settings Git's style needs, tabs eight columns wide.</p></div></div>"
            "</div></div></div></body></html>")


def test_a_documents_own_table_of_contents_under_its_heading_is_kept():
    links = ("<li><p><a href='#vscode'>Visual Studio Code (VS Code)</a></p></li>"
             "<li><p><a href='#emacs'>Emacs</a></p></li>")
    text = extract(_tools("Table of contents", links), "https://git.test/ToolsForGit.html").text
    assert "Table of contents\n\nVisual Studio Code (VS Code)\n\nEmacs" in text


def test_a_contents_heading_over_other_pages_links_goes():
    links = ("<li><p><a href='https://blog.test/vim.html'>Our favourite Vim plugins</a></p>"
             "</li><li><p><a href='https://blog.test/ide.html'>Choosing an IDE</a></p></li>")
    text = extract(_tools("Contents", links), "https://git.test/ToolsForGit.html").text
    assert "favourite Vim plugins" not in text


def test_a_comment_threads_items_of_one_class_stay_chrome():
    comments = "".join(
        f"<div class='comment' id='c{n}'><p>{who} wrote: thanks for the answer, I had "
        "the same trouble with line endings on Windows and the settings above fixed it "
        "for our whole team, though it took a while to find them in the manual, and "
        "longer still to convince everyone to change their editors.</p></div>"
        for n, who in ((1, "Alice"), (2, "Bob"), (3, "Carol")))
    html = _faq(_question("storage-settings", "What's the recommended way to store files?")
                + comments)
    text = extract(html, "https://git.test/gitfaq.html").text
    assert "What's the recommended way to store files?" in text
    assert "thanks for the answer" not in text
