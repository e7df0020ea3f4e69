"""Every page whole (issue 26): a class's reference page's link to its members' page, a
list of one item under its title, and a reference entry's "See also" line of the site's
other pages, named by their titles, are the page's own (``_companion``); and the hostile
shapes beside them: a related story's one-item list, a story's "See also" promotions; a
figure's caption under an entry's declaration, not a news photo's (``_entrycaption``); a
list of a program's names, some not linked, not a menu (``_namelist``)."""

from __future__ import annotations

from .test_extract_index import STORY
from .test_extract_whole import LOREM, URL, assert_kept, words

from trawl.extract import extract  # isort: skip


def class_page(title: str, listed: str, after: str = "") -> str:
    """A reference's class page: a bar of links, the title, a brief, a summary table, a
    one-item list, the description."""
    return ("<html><head><title>Reference</title></head><body>"
            "<div class='navigationbar'><ul><li><a href='index.html'>Core</a></li>"
            "<li><a href='classes.html'>C++ Classes</a></li></ul></div>"
            f"<div class='content mainContent'><h1 class='title'>{title}</h1>"
            "<p>The class represents an unhandled exception. <a href='#details'>More...</a></p>"
            "<div class='table'><table><tr><td>Header:</td><td>#include &lt;X&gt;</td></tr>"
            "<tr><td>Since:</td><td>Qt 5.0</td></tr></table></div>"
            "<p>This class was introduced in Qt 5.0.</p>"
            f"{listed}"
            "<div class='descr'><h2 id='details'>Detailed Description</h2>"
            f"<p>{LOREM}</p><p>Inheriting from this class is not supported.</p></div>{after}"
            "</div><div class='footer'><p>Copyright 2020.</p></div></body></html>")


MEMBERS = ("<ul><li><a href='qunhandledexception-members.html'>List of all members,"
           " including inherited members</a></li>"
           "<li><a href='qunhandledexception-obsolete.html'>Obsolete members</a></li></ul>")


def test_a_link_to_the_class_members_page_is_kept() -> None:
    # QDoc's class pages: a one-item list under the title links the class's members'
    # page, named after the class; it went as a menu of one link (91 % on short pages)
    e = extract(class_page("QUnhandledException Class", MEMBERS), URL)
    assert_kept(e.text, "List of all members, including inherited members",
                "Obsolete members", LOREM)
    # a nested class's page: its file names the outer class first
    nested = ("<ul><li><a href='qabstracteventdispatcher-timerinfo-members.html'>List of all"
              " members, including inherited members</a></li></ul>")
    e = extract(class_page("TimerInfo Struct", nested), URL)
    assert_kept(e.text, "List of all members, including inherited members", LOREM)


def test_a_one_item_list_of_a_related_story_still_goes() -> None:
    # hostile: a story's title is words, its one-item list links another story whose
    # address starts with the same word; and a page named after a code name linking a
    # page not its own (no part after the name)
    story = ("<ul><li><a href='council-delays-the-park.html'>Council delays the park"
             " again</a></li></ul>")
    e = extract(class_page("Council votes on the budget", story), URL)
    assert "delays the park" not in words(e.text)
    other = "<ul><li><a href='qstringlist.html'>Read about string lists</a></li></ul>"
    e = extract(class_page("QString Class", other), URL)
    assert "about string lists" not in words(e.text)


def test_a_see_also_line_of_the_sites_pages_is_kept() -> None:
    # QDoc ends a description with "See also" and the titles of other pages of the set,
    # a colon inside one of them: read as a promotion's headlines (codec-euckr 91 %)
    after = ("<p><b>See also </b><a href='qtcore-attribution-qeuckrcodec.html'>Text Codec:"
             " EUC-KR</a>.</p>"
             "<p><b>See also </b><a href='json.html'>JSON Support in Qt</a> and"
             " <a href='savegame-example.html'>JSON Save Game Example</a>.</p>")
    e = extract(class_page("QUnhandledException Class", "", after), URL)
    assert_kept(e.text, "See also Text Codec: EUC-KR.",
                "See also JSON Support in Qt and JSON Save Game Example.")


def test_a_stories_see_also_promotions_still_go() -> None:
    # hostile: a label's colon after the lead, a story at the site's root, a lead that is
    # a line of the text, not a label
    html = ("<html><head><title>Budget vote</title></head><body><div class='page'>"
            f"{STORY}<p>{LOREM}</p>"
            "<p><b>See also:</b> <a href='park-delay.html'>Council delays the park</a>.</p>"
            "<p><strong>See also</strong> <a href='/news/mayor.html'>Mayor answers the"
            " critics</a>.</p>"
            "<p>See also <a href='bus-fares.html'>Bus fares rise again</a>.</p>"
            "</div></body></html>")
    e = extract(html, URL)
    got = words(e.text)
    assert_kept(e.text, LOREM)
    for gone in ("council delays", "mayor answers", "bus fares"):
        assert gone not in got, gone


def entry_page(heading: str, caption: str) -> str:
    """A page under ``heading`` whose pictures, each in a paragraph of its own, are
    followed by a paragraph of class ``figCaption``."""
    figures = "".join(
        f"<p class='centerAlign'><img src='images/curve-{i}.png' alt=''></p>"
        f"<p class='figCaption'>{caption} {i}.</p>"
        f"<table><tr><th>Constant</th><th>Value</th></tr><tr><td><code>Kind{i}</code></td>"
        f"<td><code>{i}</code></td></tr></table>" for i in range(4))
    return ("<html><head><title>Reference</title></head><body>"
            "<div class='nav'><a href='index.html'>Home</a> <a href='news.html'>News</a></div>"
            f"<div class='content'><h1>The page</h1><p>{LOREM}</p>"
            f"<h3 class='fn' id='Type-enum'>{heading}</h3><p>{LOREM}</p>{figures}</div>"
            "<div class='footer'><p>Copyright 2020.</p></div></body></html>")


def test_a_figure_caption_under_an_entrys_declaration_is_kept() -> None:
    # QDoc's enum QEasingCurve::Type: a picture of each curve, each with its caption
    # (p.figCaption), dropped as news photos' captions (qeasingcurve.html 73 %)
    e = extract(entry_page("enum QEasingCurve::Type",
                           "Easing curve for a quadratic (t^2) function: accelerating"), URL)
    assert_kept(e.text, "Easing curve for a quadratic (t^2) function: accelerating 2.")


def test_a_news_photos_caption_still_goes() -> None:
    # hostile: a story's photos under a subheading of words, its brackets spaced
    e = extract(entry_page("Crowds gather at the rally (photos)",
                           "Crowds at the rally. Photo: AP"), URL)
    assert "photo ap" not in words(e.text)


def listing_page(items: str) -> str:
    """An overview page: a bar of links, the title, two paragraphs, a list."""
    return ("<html><head><title>Reference</title></head><body>"
            "<div class='nav'><a href='index.html'>Home</a> <a href='news.html'>News</a></div>"
            f"<div class='content'><h1>Serializing the data types</h1><p>{LOREM}</p>"
            f"<p>The stream writes the types listed here. {LOREM}</p>"
            f"<ul>{items}</ul><p>{LOREM}</p></div>"
            "<div class='footer'><p>Copyright 2020.</p></div></body></html>")


def test_a_list_of_types_some_unlinked_is_kept() -> None:
    # QDoc's datastreamformat.html: the types a stream serialises, one an item, most
    # linked to their pages, the language's own not; dropped as a menu (52 %)
    names = ["bool", "<a href='qtglobal.html#qint8'>qint8</a>", "<code>float</code>",
             "<a href='qbitarray.html'>QBitArray</a>", "<a href='qdate.html'>QDate</a>",
             "<a href='qhash.html'>QHash</a>&lt;Key, T&gt;", "QLinkedList&lt;T&gt;",
             "<a href='qstring.html'>QString</a>", "<a href='qurl.html'>QUrl</a>"]
    e = extract(listing_page("".join(f"<li>{n}</li>" for n in names)), URL)
    assert_kept(e.text, "qint8", "QBitArray", "QHash<Key, T>", "QLinkedList<T>", "QUrl")


def test_a_menu_with_unlinked_entries_still_goes() -> None:
    # hostile: a site's menu, the reader's page and a group's label unlinked, words
    names = ["Home", "<a href='news.html'>News</a>", "Sections",
             "<a href='sport.html'>Sport</a>", "<a href='weather.html'>Weather</a>",
             "<a href='culture.html'>Culture</a>", "<a href='travel.html'>Travel</a>",
             "<a href='contact.html'>Contact</a>"]
    e = extract(listing_page("".join(f"<li>{n}</li>" for n in names)), URL)
    got = words(e.text)
    for gone in ("weather", "culture", "travel"):
        assert gone not in got, gone


def test_a_list_of_a_structures_values_is_kept() -> None:
    # QDoc's QTimeZone::OffsetData: two lists of the structure's values, each a name set
    # to its value, the names linked; the second, not introduced, went as links (86 %)
    values = ["atUtc = <a href='qdatetime.html'>QDateTime</a>(<a href='qdate.html'>QDate</a>"
              "(2013, 6, 1), <a href='qtime.html'>QTime</a>(0, 0, 0), <a href='qt.html#Spec'>"
              "Qt::UTC</a>)",
              "<a href='qtimezone.html#offsetFromUtc'>offsetFromUtc</a> = 7200",
              "<a href='qtimezone.html#standardTimeOffset'>standardTimeOffset</a> = 3600",
              "<a href='qtimezone.html#daylightTimeOffset'>daylightTimeOffset</a> = 3600",
              "abbreviation = &quot;CEST&quot;"]
    first = "".join(f"<li>{v}</li>" for v in values).replace("7200", "3600")
    e = extract(listing_page(first + "</ul><ul>" + "".join(f"<li>{v}</li>" for v in values)),
                URL)
    assert_kept(e.text, "offsetFromUtc = 7200", "daylightTimeOffset = 3600")


def test_a_menu_is_no_list_of_values() -> None:
    # hostile: a site's menu, every entry a link, titles (no name set to a value)
    names = ["<a href='news.html'>News</a>", "<a href='sport.html'>Sport</a>",
             "<a href='weather.html'>Weather</a>", "<a href='culture.html'>Culture</a>",
             "<a href='travel.html'>Travel</a>"]
    e = extract(listing_page("".join(f"<li>{n}</li>" for n in names)), URL)
    got = words(e.text)
    for gone in ("weather", "culture", "travel"):
        assert gone not in got, gone
