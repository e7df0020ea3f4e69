export default {
  title: "npm notes",
  url: "http://example.org/",
  language: "en",
  description: "A blog of npm's documentation, one command or guide a post.",
  author: { name: "npm", url: "http://example.org/about/" },
};
