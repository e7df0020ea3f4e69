# Sourced by scripts/build-mandoc, build-man2html, build-groff, build-pandoc and
# build-lowdown: their pages' sources come from a FIXED list of Debian packages
# (scripts/docset-packages/*.list),
# fetched with ``apt-get download`` and unpacked with ``dpkg-deb -x`` into a temporary
# folder (never installed: the machine's installed packages do not matter), so every
# machine builds the same pages. Exact pinning is not possible against a moving archive: a
# pinned version gone from it is replaced by the newest one it has, and the set's MANIFEST
# says so (a figure names its sources by that file).

# unpack_pinned LIST ROOT MANIFEST: unpack LIST's packages under ROOT (ROOT/usr/share/...)
# and write MANIFEST, one line a package: "NAME VERSION"; for a replaced pin,
# "NAME VERSION (pinned PIN: gone from the archive, the current version used)"; for a
# package the archive no longer has at all, "NAME - (pinned PIN: not in the archive, left
# out)".
unpack_pinned() {
  local list=$1 root=$2 manifest=$3 debs pkg pin got note line
  local -a want=() notes=() names=()
  local -A pins=() archive=()
  debs=$(mktemp -d)
  chmod 755 "$debs"  # (apt-get download writes as the _apt user where it can)
  while read -r pkg pin _; do
    [[ -z $pkg || $pkg == \#* ]] && continue
    names+=("$pkg")
    pins[$pkg]=$pin
  done < "$list"
  # (a fresh machine's package lists may be missing: read them once)
  [ -n "$(apt-cache madison dpkg 2>/dev/null)" ] || apt-get update -qq >/dev/null
  # the archive's versions of each package, newest first (one look-up for the list)
  while IFS='|' read -r pkg got _; do
    pkg=${pkg//[[:space:]]/}; got=${got//[[:space:]]/}
    archive[$pkg]="${archive[$pkg]:-} $got "
  done < <(apt-cache madison "${names[@]}")
  for pkg in "${names[@]}"; do
    pin=${pins[$pkg]} note=""
    line=${archive[$pkg]:-}
    if [ -z "$line" ]; then
      # (a package gone from the archive altogether, as on a later Debian: left out, said)
      echo "unpack_pinned: $pkg is not in the archive: left out" >&2
      notes+=("$pkg - (pinned $pin: not in the archive, left out)")
      continue
    fi
    if [[ $line == *" $pin "* ]]; then
      got=$pin
    else
      got=${line# }; got=${got%% *}
      note=" (pinned $pin: gone from the archive, the current version used)"
    fi
    want+=("$pkg=$got")
    notes+=("$pkg $got$note")
  done
  (cd "$debs" && apt-get download -qq "${want[@]}" 2>&1 | grep -v 'unsandboxed' >&2 || true)
  local deb n=0
  for deb in "$debs"/*.deb; do
    dpkg-deb -x "$deb" "$root"
    n=$((n + 1))
  done
  rm -rf "$debs"
  [ "$n" -eq "${#want[@]}" ] \
    || { echo "unpack_pinned: $n of ${#want[@]} packages fetched" >&2; return 1; }
  {
    echo "# The Debian packages this set's pages were built from ($(basename "$list")),"
    echo "# fetched with apt-get download and unpacked with dpkg-deb -x, not installed;"
    echo "# built $(date -u +%Y-%m-%d) on $(. /etc/os-release && echo "$PRETTY_NAME"),"
    echo "# $(dpkg --print-architecture)."
    printf '%s\n' "${notes[@]}"
  } > "$manifest"
}

# chosen_pages MAN SECTION MOST: the manual pages of section SECTION under MAN (a
# usr/share/man folder) that a man set renders: those that are no mere ".so" include of
# another nor a symbolic link to another (the same page again), sorted by name, MOST of
# them evenly spaced (all when fewer), one a line, relative to MAN (manN/NAME.N.gz).
chosen_pages() {
  local man=$1 s=$2 most=$3 f n m k
  local -a pages
  mapfile -t pages < <(cd "$man" && for f in man"$s"/*."$s"*; do
    [ -f "$f" ] && [ ! -L "$f" ] || continue
    zcat -f "$f" 2>/dev/null | head -c 4096 | grep -q '^\.so ' || echo "$f"; done | LC_ALL=C sort)
  n=${#pages[@]}
  m=$(( n < most ? n : most ))
  for ((k = 0; k < m; k++)); do
    echo "${pages[$(( k * n / m ))]}"
  done
}

# chosen_markdown DOC MOST WHOLE...: the Markdown files under DOC (a usr/share/doc folder)
# that the pandoc and lowdown sets render (the same documents): .md files under 200 kB, no
# release changelogs (long logs of commits); every file under the folders WHOLE names
# (relative to DOC: the sets' hard pages, kept whatever the others' count), and every n-th
# by path of the others, about MOST in all; one a line, relative to DOC.
chosen_markdown() {
  local doc=$1 most=$2
  shift 2
  local found=() rest=() f w whole n left step i
  mapfile -t found < <(cd "$doc" && find . -type f \( -name '*.md' -o -name '*.md.gz' \) \
    -size -200k -not -path '*/changelogs/*' | sed 's|^\./||' | LC_ALL=C sort)
  local taken=0
  for f in "${found[@]}"; do
    whole=""
    for w in "$@"; do [[ $f == "$w"* ]] && whole=1; done
    if [ -n "$whole" ]; then echo "$f"; taken=$((taken + 1)); else rest+=("$f"); fi
  done
  n=${#rest[@]}
  left=$(( most > taken ? most - taken : 1 ))
  step=$(( n > left ? n / left : 1 ))
  for ((i = 0; i < n; i += step)); do echo "${rest[$i]}"; done
}

# pinned_docset SET LIST FROM PAGES...: build a set of pages a package ships built (brief
# 133: postfix, proftpd, bind9): LIST's packages unpacked (unpack_pinned, never installed),
# the files PAGES names (globs, relative to FROM, a folder of the unpacked packages; files
# only, not the symbolic links beside them) copied, keeping their folders, into
# $DOCSETS/SET (/opt/trawl-docsets), the packages' versions in $DOCSETS/SET/MANIFEST.
pinned_docset() {
  local set=$1 list=$2 from=$3 tmp p
  shift 3
  local docsets=${TRAWL_DOCSETS:-/opt/trawl-docsets}
  tmp=$(mktemp -d)
  mkdir -p "$tmp/src" "$tmp/$set"
  unpack_pinned "$list" "$tmp/src" "$tmp/$set/MANIFEST" || { rm -rf "$tmp"; return 1; }
  (cd "$tmp/src/$from" && for p in "$@"; do
    # (an unquoted glob on purpose: PAGES are patterns)
    # shellcheck disable=SC2086
    for f in $p; do
      [ -f "$f" ] && [ ! -L "$f" ] || continue
      mkdir -p "$tmp/$set/$(dirname "$f")"; cp "$f" "$tmp/$set/$f"
    done
  done)
  chmod -R a+rX "$tmp/$set"
  rm -rf "${docsets:?}/$set"
  mkdir -p "$docsets"
  mv "$tmp/$set" "$docsets/$set"
  rm -rf "$tmp"
  echo "pinned_docset: $set: $(find "$docsets/$set" -name '*.html' | wc -l) pages" >&2
}
