// bench/completeness.py's docusaurus set (scripts/build-docusaurus): npm's own documentation
// (the markdown sources its npm package ships, docs/content/), copied to src/ and built by
// Docusaurus's classic preset and its default theme, as a project's documentation site is:
// a navigation bar, the side menu of every page by section (generated from the folders),
// the breadcrumbs, the page's table of contents, its edit link, the previous/next cards and
// the footer.
module.exports = {
  title: 'npm Docs',
  tagline: 'Documentation for the npm registry, website, and command-line interface',
  url: 'https://docs.npmjs.com',
  baseUrl: '/',
  trailingSlash: false,
  onBrokenLinks: 'ignore',
  markdown: { format: 'md', hooks: { onBrokenMarkdownLinks: 'ignore' } },
  presets: [[
    'classic',
    {
      docs: {
        path: 'src',
        routeBasePath: '/',
        editUrl: 'https://github.com/npm/cli/edit/latest/docs/lib/content/',
      },
      blog: false,
      pages: false,
    },
  ]],
  themeConfig: {
    navbar: {
      title: 'npm Docs',
      items: [
        { to: '/commands/npm', label: 'Commands', position: 'left' },
        { to: '/configuring-npm/package-json', label: 'Configuring npm', position: 'left' },
        { to: '/using-npm/registry', label: 'Using npm', position: 'left' },
        { href: 'https://github.com/npm/cli', label: 'GitHub', position: 'right' },
      ],
    },
    footer: { style: 'dark', copyright: 'Released under the Artistic License 2.0.' },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
  },
};
