// The cookie banner dismissed (trawl.crawler.consent); a banner script that trips over an odd
// page must never cost the page itself.
async () => { try { return await (__DISMISS__)(); } catch (e) { return null; } }
