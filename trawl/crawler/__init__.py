"""Crawling one URL and one crawl: loading (HTTP or the browser), reading, politeness, the
crawl spec and its steps. Used by the activities; knows nothing of Temporal."""
