// Watch the DOM from before an action (with stepper_settle.js after it).
() => {
  const w = window;
  if (w.__trawlObserver) w.__trawlObserver.disconnect();
  w.__trawlMutations = 0;
  w.__trawlObserver = new MutationObserver((records) => {
    w.__trawlMutations += records.length; w.__trawlChanged = performance.now();
  });
  w.__trawlObserver.observe(document, {subtree: true, childList: true, attributes: true,
                                       characterData: true});
}
