# Git's linkgit: inline macro ("linkgit:git-add[1]"), a link to the page of a command, as
# Git's own build defines it for Asciidoctor (Documentation/asciidoctor-extensions.rb,
# not shipped by Debian's git-doc); scripts/build-asciidoctor loads it with -r.
require 'asciidoctor/extensions'

Asciidoctor::Extensions.register do
  inline_macro do
    named :linkgit
    process do |parent, target, attrs|
      create_anchor parent, "#{target}(#{attrs[1]})", type: :link, target: "#{target}.html"
    end
  end
end
