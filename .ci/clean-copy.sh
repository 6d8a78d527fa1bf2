#!/usr/bin/env bash
# Sourced by the checks that start where a user starts: `clean_copy <repository> <destination>`
# copies what a clone of the working tree holds (tracked files and new files git does not
# ignore, as they are on disk), so no node_modules/, no dist/, no caches.
clean_copy() {
  local from=$1 to=$2
  mkdir -p "$to"
  (cd "$from" && git ls-files -z --cached --others --exclude-standard) |
    (cd "$from" && while IFS= read -r -d '' file; do
      [ -e "$file" ] && printf '%s\0' "$file"
    done) |
    (cd "$from" && xargs -0 cp --parents -t "$to")
  if [ -e "$to/dist" ] || [ -e "$to/node_modules" ]; then
    echo "clean_copy: $to holds dist/ or node_modules/" >&2
    return 1
  fi
}
