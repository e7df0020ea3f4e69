// Firecrawl's JavaScript SDK against trawl serve: the calls a Node application makes, each
// result (or error) written as one JSON object on stdout for tests/test_firecrawl.py to
// check. Arguments come from the environment: API_URL, API_KEY, SITE (a small site),
// BIG_SITE (one of more than 100 pages: its status comes back in several pages),
// SLOW_SITE (one the crawl is cancelled on).
import Firecrawl from "@mendable/firecrawl-js";

const { API_URL, API_KEY, SITE, BIG_SITE, SLOW_SITE } = process.env;
const fc = new Firecrawl({ apiKey: API_KEY, apiUrl: API_URL });
const out = {};

async function attempt(name, fn) {
  try {
    out[name] = await fn();
  } catch (err) {
    out[name] = { error: err.message, status: err.status ?? null, code: err.code ?? null };
  }
}

const sources = (docs) => docs.map((d) => d.metadata?.sourceURL).sort();

await attempt("scrape", async () => {
  const doc = await fc.scrape(`${SITE}/p1.html`, {
    formats: ["markdown", "html", "rawHtml", "links", "screenshot"],
  });
  return {
    markdown: doc.markdown, html: doc.html, rawHtml: doc.rawHtml, links: doc.links,
    screenshot: doc.screenshot?.slice(0, 30), metadata: doc.metadata,
  };
});
await attempt("json_format", () => fc.scrape(`${SITE}/`, {
  formats: [{ type: "json", prompt: "the title", schema: { type: "object" } }],
}));
await attempt("wrong_key", () =>
  new Firecrawl({ apiKey: "wrong-key-0123456789", apiUrl: API_URL }).scrape(`${SITE}/`));
await attempt("crawl", async () => {
  const job = await fc.crawl(`${SITE}/`, {
    limit: 50, pollInterval: 1, timeout: 240, scrapeOptions: { formats: ["markdown"] },
  });
  const errors = await fc.getCrawlErrors(job.id);
  return { status: job.status, completed: job.completed, total: job.total,
    sources: sources(job.data), errors };
});
await attempt("big_crawl", async () => {
  const job = await fc.crawl(`${BIG_SITE}/`, { limit: 500, pollInterval: 1, timeout: 400 });
  const first = await fc.getCrawlStatus(job.id, { autoPaginate: false });
  return { status: job.status, completed: job.completed, sources: sources(job.data),
    firstPage: first.data.length, next: first.next };
});
await attempt("cancel", async () => {
  const started = await fc.startCrawl(`${SLOW_SITE}/`, { delay: 1 });
  for (let i = 0; i < 240; i++) {
    const s = await fc.getCrawlStatus(started.id, { autoPaginate: false });
    if (s.completed >= 2) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const cancelled = await fc.cancelCrawl(started.id);
  const after = await fc.getCrawlStatus(started.id);
  return { cancelled, status: after.status, completed: after.completed,
    documents: after.data.length };
});
await attempt("map", async () => (await fc.map(`${SITE}/`)).links.map((l) => l.url));
await attempt("batch", async () => {
  const job = await fc.batchScrape([`${SITE}/p2.html`, `${SITE}/p3.html`], {
    options: { formats: ["markdown", "links"] }, pollInterval: 1, timeout: 240,
  });
  return { status: job.status, sources: sources(job.data),
    markdown: job.data.map((d) => d.markdown) };
});
await attempt("unknown_job", () => fc.getCrawlStatus("nosuchjob"));

process.stdout.write(JSON.stringify(out));
