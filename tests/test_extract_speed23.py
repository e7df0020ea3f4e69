"""The newsletter pitch's quick filter (``_pitch._may_name_letter``) never turns away a
block whose text, read as ``newsletter_pitch`` reads it, names a newsletter: it is asked
before that reading on every short block, so a miss would keep a pitch."""

from __future__ import annotations

import importlib

import pytest
from lxml import html as lxml_html

pitch = importlib.import_module("trawl.extract._pitch")
tree = importlib.import_module("trawl.extract._tree")

PHRASES = ["Get our Newsletter now", "in your INBOX", "join my mailing list",
           "the e-mail digest", "weekly email digest", "our newsletters"]


def _split_everywhere(phrase: str) -> list[str]:
    """The phrase as a block of two inline parts, cut at every place (and at a space with
    the space on either side, or none: ``<b>our</b>newsletter``)."""
    blocks = []
    for cut in range(1, len(phrase)):
        head, rest = phrase[:cut], phrase[cut:]
        blocks.append(f"<p><b>{head}</b>{rest}</p>")
        blocks.append(f"<p><b>{head.rstrip()}</b>{rest.lstrip()}</p>")
    return blocks


@pytest.mark.parametrize("phrase", PHRASES)
def test_the_filter_passes_every_block_the_pitch_rule_reads_as_a_newsletter(phrase: str) -> None:
    checked = 0
    for block in _split_everywhere(phrase):
        el = lxml_html.fragment_fromstring(block)
        joined = " ".join(" ".join(el.itertext()).split())
        short = tree._short_text(el, pitch.PITCH_MAX_CHARS)
        assert short is not None
        if pitch._LETTER_RE.search(joined):
            checked += 1
            assert pitch._may_name_letter(short), block
    assert checked  # (each phrase names a newsletter in some of its cuts)


def test_the_filter_turns_away_a_story_paragraph() -> None:
    assert not pitch._may_name_letter("The council met on Tuesday to discuss the budget.")
