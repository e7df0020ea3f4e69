// A tiny client-rendered app: every page's content and links are built here.
const pages = {
  "/": {title: "JS home", text: "Welcome to the script-built home page.",
        links: [["/page2.html", "Second page"], ["/about.html", "About (static)"]]},
  "/page2.html": {title: "JS page two", text: "Page two content, rendered by script only.",
                  links: [["/page3.html", "Third page"]]},
  "/page3.html": {title: "JS page three", text: "The deepest script page, also built by JS.",
                  links: [["/", "Home"]]},
};
const page = pages[location.pathname] || {title: "?", text: "unknown", links: []};
document.title = page.title;
const root = document.getElementById("root");
root.innerHTML = `<main><h1>${page.title}</h1><p>${page.text}</p><ul>` +
  page.links.map(([href, label]) => `<li><a href="${href}">${label}</a></li>`).join("") +
  "</ul></main>";
