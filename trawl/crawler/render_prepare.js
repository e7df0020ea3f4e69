// Before spec steps: the document's identity, the page settled, and the cookie banner out of
// the way.
async ([dismiss, settleArgs]) => {
  await (__SETTLE__)(settleArgs);
  return [performance.timeOrigin, dismiss ? await (__DISMISS_SAFELY__)() : null];
}
