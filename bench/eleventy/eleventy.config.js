// The eleventy set's site (scripts/build-eleventy): Eleventy 3's configuration in the
// shape of its official starter, eleventy-base-blog 9 (a blog: posts with dates and
// tags, a home page of the latest posts, an archive, a page a tag, an about page), its
// layouts written anew in bench/eleventy/_includes, its posts npm's docs.
import { IdAttributePlugin } from "@11ty/eleventy";
import pluginNavigation from "@11ty/eleventy-navigation";
import pluginSyntaxHighlight from "@11ty/eleventy-plugin-syntaxhighlight";

export default function (eleventyConfig) {
  eleventyConfig.addPlugin(pluginNavigation);
  eleventyConfig.addPlugin(pluginSyntaxHighlight, { preAttributes: { tabindex: 0 } });
  // ids on the headings (the starter's heading anchors are drawn by a script)
  eleventyConfig.addPlugin(IdAttributePlugin);
  eleventyConfig.addCollection("posts", (api) =>
    api.getFilteredByGlob("content/blog/**/*.md").sort((a, b) => a.date - b.date));
  eleventyConfig.addFilter("readableDate", (date) =>
    date.toLocaleDateString("en-GB", { year: "numeric", month: "long", day: "numeric",
                                       timeZone: "UTC" }));
  eleventyConfig.addFilter("htmlDateString", (date) => date.toISOString().slice(0, 10));
  eleventyConfig.addFilter("head", (array, n) =>
    n < 0 ? array.slice(n) : array.slice(0, n));
  eleventyConfig.addFilter("min", (...numbers) => Math.min.apply(null, numbers));
  eleventyConfig.addFilter("filterTagList", (tags) =>
    (tags || []).filter((tag) => !["all", "posts"].includes(tag)));
  eleventyConfig.addFilter("getAllTags", (collection) => {
    const tags = new Set();
    for (const item of collection) for (const tag of item.data.tags || []) tags.add(tag);
    return [...tags].sort();
  });
}

export const config = {
  templateFormats: ["md", "njk", "html"],
  // npm's markdown holds {{ }} in its code examples: markdown is not run through a
  // template language
  markdownTemplateEngine: false,
  htmlTemplateEngine: "njk",
  dir: { input: "content", includes: "../_includes", data: "../_data" },
};
