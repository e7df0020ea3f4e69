// bench/completeness.py's starlight set (scripts/build-starlight): npm's own documentation
// (the markdown sources its npm package ships, docs/content/), copied to
// src/content/docs/ and built by Starlight, Astro's documentation theme, as a project's
// documentation site is: a header (the site's title, search, social links), the side menu
// of every page by section, the page's title, its "On this page" outline, its edit link,
// the previous/next links and the footer.
import { defineConfig } from 'astro/config'
import starlight from '@astrojs/starlight'

export default defineConfig({
  outDir: process.env.STARLIGHT_OUT,
  build: { format: 'file' },
  integrations: [starlight({
    title: 'npm Docs',
    description: 'Documentation for the npm registry, website, and command-line interface',
    social: [{ icon: 'github', label: 'GitHub', href: 'https://github.com/npm/cli' }],
    editLink: { baseUrl: 'https://github.com/npm/cli/edit/latest/docs/lib/content/' },
    sidebar: [
      { label: 'Commands', autogenerate: { directory: 'commands' } },
      { label: 'Configuring npm', autogenerate: { directory: 'configuring-npm' } },
      { label: 'Using npm', autogenerate: { directory: 'using-npm' } },
    ],
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    pagefind: false,
  })],
})
