"""Every page whole (issue 26), brief 133: a copyright line set off under a rule at the
content's foot is the site's footer written in the page (``_ruledfooter``).

ProFTPD's hand-written pages end, in the body, with a rule, "(c) Copyright 2017 The ProFTPD
Project All Rights Reserved" in small print, and a rule: the same line on every page, no
class to name it; trawl took it in as the page's last words (1.1 % extra over the set).

Loosening: ``_ruledfooter.RULED_COPYRIGHT = False`` fails
``test_a_copyright_line_under_the_closing_rule_is_dropped``. The hostiles:
``test_a_readmes_copyright_section_stays`` (the line under a heading, no rule) fails with
``RULE_BEFORE = False``; ``test_a_licence_page_stays`` (the page is its copyright) fails
with ``OWN_TEXT_MIN_CHARS = 0``; ``test_a_sentence_after_the_copyright_stays`` fails
with ``_ruledfooter._copyright_line`` any line that states a copyright (no length
limit); ``test_a_copyright_line_between_rules_with_text_after_it_stays`` holds by the rule's
reading the content's last line only: no switch loosens that.
"""

from __future__ import annotations

import pytest

from trawl.extract import _ruledfooter as ruledfooter
from trawl.extract import extract

from .test_extract_pclose133 import SECTIONS, URL, howto
from .test_extract_whole import LOREM, assert_kept, words

FOOTER = "Copyright 2017 The Project All Rights Reserved"


def test_a_copyright_line_under_the_closing_rule_is_dropped() -> None:
    text = extract(howto(), URL).text
    assert_kept(text, *(prose for _, _, prose in SECTIONS))
    assert "all rights reserved" not in words(text)
    assert words(text).endswith("defaultchdir defaultroot")


def test_the_switch_off_keeps_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ruledfooter, "RULED_COPYRIGHT", False)
    assert words(FOOTER) in words(extract(howto(), URL).text)


def readme(tail: str) -> str:
    return ("<!DOCTYPE html><html><head><title>Widget README</title></head><body>"
            "<h1>Widget</h1>"
            f"<p>Widget turns configuration files into reports. {LOREM}</p>"
            f"<h2>Installing</h2><p>Run the installer as root, then restart. {LOREM}</p>"
            f"{tail}</body></html>")


def test_a_readmes_copyright_section_stays() -> None:
    text = extract(readme("<h2>Copyright</h2><p>Copyright 2020 Jane Doe. All rights "
                          "reserved.</p>"), "https://example.org/widget/README.html").text
    assert_kept(text, "Copyright 2020 Jane Doe. All rights reserved.")


def test_a_sentence_after_the_copyright_stays() -> None:
    # a last line that says more than a copyright: the page's own words
    line = ("Copyright 2020 Jane Doe. This program is free software: you can redistribute "
            "it and modify it under the terms of the licence, which the file COPYING holds "
            "whole, with the list of every contributor since the first release.")
    text = extract(readme(f"<hr><p>{line}</p>"), "https://example.org/widget/README.html").text
    assert_kept(text, line)


def test_a_copyright_line_between_rules_with_text_after_it_stays() -> None:
    # the line set off by rules in the middle of the page: the page's text goes on after
    line = "Copyright 2020 Jane Doe"
    text = extract(readme(f"<hr><p>{line}</p><hr><h2>Contributing</h2><p>Send patches to "
                          f"the list. {LOREM}</p>"), "https://example.org/widget/README.html").text
    assert_kept(text, line, "Send patches to the list")


def test_a_licence_page_stays() -> None:
    # the page's own text before the line is a sentence: the line is what the page says
    page = ("<!DOCTYPE html><html><head><title>Licence</title></head><body><h1>Licence</h1>"
            "<p>The widget may be copied under these terms.</p><hr>"
            "<p>Copyright 2001 The Project. All rights reserved.</p></body></html>")
    text = extract(page, "https://example.org/docs/licence.html").text
    assert_kept(text, "Copyright 2001 The Project. All rights reserved.")
