"""Documents linked from sites besides HTML: JSON, YAML, markdown, plain text and PDF.

- :mod:`.formats` — which responses are documents, and as what (media type, then file name);
- :mod:`.text` — JSON, YAML, markdown and text to a page's markdown, text and title;
- :mod:`.pdf` — a PDF's text, read by PDFium in a process of its own.

Everything else that is not HTML (images, archives, binaries) is recorded from its
response headers, its body not read.
"""
