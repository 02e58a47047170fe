#!/usr/bin/env bash
# Run a command with no browser on PATH, as on a fresh machine: every PATH folder that holds a
# chromium or chrome is replaced by a folder of links to everything else in it.
#
#     tools/ci/without_browser.sh make site
set -euo pipefail
shadow=$(mktemp -d)
trap 'rm -rf "$shadow"' EXIT
path=()
IFS=: read -ra dirs <<<"$PATH"
for i in "${!dirs[@]}"; do
  dir=${dirs[$i]}
  if compgen -G "$dir/chromium*" >/dev/null || compgen -G "$dir/chrome*" >/dev/null || compgen -G "$dir/google-chrome*" >/dev/null; then
    mkdir -p "$shadow/$i"
    for f in "$dir"/*; do
      case "$(basename "$f")" in chromium*|chrome*|google-chrome*) ;; *) ln -s "$f" "$shadow/$i/" ;; esac
    done
    path+=("$shadow/$i")
  else
    path+=("$dir")
  fi
done
PATH=$(IFS=:; echo "${path[*]}")
export PATH
if command -v chromium >/dev/null || command -v chromium-browser >/dev/null; then
  echo "without_browser: a browser is still on PATH" >&2
  exit 2
fi
"$@"
