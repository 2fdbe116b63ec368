#!/usr/bin/env bash
# Vendors web-platform-tests' URL data into tests/data/whatwg/ from a git repository that
# holds it, at a commit, and prints what tests/data/whatwg/README.md cites for each file:
# the commit that last changed it there, its SHA-256 and its number of cases.
#
#   scripts/vendor-wpt.sh GIT_DIR [COMMIT] [DIR_IN_REPO]
#
# GIT_DIR is a clone or a bare git directory: web-platform-tests itself (DIR_IN_REPO
# defaults to url/resources) or ada-url/ada (pass tests/wpt). COMMIT defaults to HEAD.
# The files are written unmodified; nothing is fetched over the network.
#
# After vendoring: update the README's table, then run
#   cargo test --test whatwg_wpt --test idna_test_v2 --test cli_test_cmd
# A newer file that changes a case's expectation makes the known-disagreement entry
# written for the old expectation stop applying (src/engine/specs/whatwg/wpt.rs); a new
# disagreement shows up as a failure to list there with its reason and source file.
set -euo pipefail

git_dir=${1:?usage: scripts/vendor-wpt.sh GIT_DIR [COMMIT] [DIR_IN_REPO]}
commit=${2:-HEAD}
dir=${3:-url/resources}
cd "$(dirname "$0")/.."
out=tests/data/whatwg
files=(urltestdata.json toascii.json IdnaTestV2.json setters_tests.json percent-encoding.json
  urltestdata-javascript-only.json)

if [ -d "$git_dir/.git" ]; then
  git_dir=$git_dir/.git
fi
g() { git --git-dir="$git_dir" "$@"; }
full=$(g rev-parse --verify "$commit^{commit}")
echo "source $(g log -1 --format='%H %cs' "$full")"
for f in "${files[@]}"; do
  if ! g cat-file -e "$full:$dir/$f" 2>/dev/null; then
    echo "missing: $dir/$f at $full" >&2
    exit 1
  fi
done
for f in "${files[@]}"; do
  tmp=$(mktemp "$out/.vendor.XXXXXX")
  g show "$full:$dir/$f" >"$tmp"
  chmod 644 "$tmp"
  mv -- "$tmp" "$out/$f"
  last=$(g log -1 --format='%H %cs' "$full" -- "$dir/$f")
  sum=$(sha256sum "$out/$f" | cut -d' ' -f1)
  # Cases: the objects of the top-level array (setters_tests.json is an object of arrays).
  cases=$(python3 - "$out/$f" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
if isinstance(d, list):
    print(sum(isinstance(x, dict) for x in d))
else:
    print(sum(len(v) for k, v in d.items() if isinstance(v, list) and k != "comment"))
EOF
  )
  echo "$f: $cases cases; last changed in $last; sha256 $sum"
done
