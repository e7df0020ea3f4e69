// bench/completeness.py's vitepress set (scripts/build-vitepress): npm's own documentation
// (the markdown sources its npm package ships, docs/content/), copied to src/ and built by
// VitePress's default theme, as a project's documentation site is: a top navigation bar,
// the side menu of every page by section, the page's outline, its edit link
// and previous/next links, the footer.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const src = join(import.meta.dirname, '..', 'src')
const sections = [
  ['Commands', 'commands'], ['Configuring npm', 'configuring-npm'], ['Using npm', 'using-npm'],
]
const title = (file) => /^title:\s*(.+)$/m.exec(readFileSync(file, 'utf8'))?.[1] ?? file

export default {
  title: 'npm Docs',
  description: 'Documentation for the npm registry, website, and command-line interface',
  srcDir: src,
  outDir: process.env.VITEPRESS_OUT,
  cleanUrls: false,
  ignoreDeadLinks: true,
  lastUpdated: false,
  themeConfig: {
    nav: [
      { text: 'Commands', link: '/commands/npm' },
      { text: 'Configuring npm', link: '/configuring-npm/package-json' },
      { text: 'Using npm', link: '/using-npm/registry' },
    ],
    sidebar: sections.map(([text, dir]) => ({
      text,
      collapsed: false,
      items: readdirSync(join(src, dir)).filter((f) => f.endsWith('.md')).sort()
        .map((f) => ({ text: title(join(src, dir, f)), link: `/${dir}/${f.slice(0, -3)}` })),
    })),
    outline: [2, 3],
    editLink: { pattern: 'https://github.com/npm/cli/edit/latest/docs/lib/content/:path' },
    socialLinks: [{ icon: 'github', link: 'https://github.com/npm/cli' }],
    footer: { message: 'Released under the Artistic License 2.0.' },
    search: { provider: 'local' },
  },
}
