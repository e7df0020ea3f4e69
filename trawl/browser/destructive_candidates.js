// expand_all: the facts of every toggle and tab it may click, in one call; the list is kept
// on the page (under a symbol) so the stepper's expand script can tell which were judged.
(max) => {
  const facts = __FACTS__;
  const list = Array.from(document.querySelectorAll('[aria-expanded=false], [role=tab]'))
    .slice(0, max);
  window[Symbol.for('trawl.expand')] = list;
  return list.map((e) => { try { return facts(e, false); } catch (err) { return null; } });
}
