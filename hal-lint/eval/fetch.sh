#!/bin/sh
# Lays out the labelled corpus of `cargo xtask lint-eval` (see README.md beside this
# script): every repository of corpus.tsv at its pinned commit, as a plain tree (no
# .git) under $HAL_LINT_EVAL (default: ~/.cache/hal-lint-eval), one directory per
# repository named `owner+name`. Needs git and network; a tree already laid out at its
# commit is left alone. Nothing of the repositories' code is kept in hal's repository.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
dest=${HAL_LINT_EVAL:-${HOME:?}/.cache/hal-lint-eval}
mkdir -p "$dest"

tail -n +2 "$here/corpus.tsv" | while IFS="$(printf '\t')" read -r repo commit _split _what; do
    dir="$dest/$(printf '%s' "$repo" | tr '/' '+')"
    if [ -f "$dir/.hal-lint-eval-commit" ] && [ "$(cat "$dir/.hal-lint-eval-commit")" = "$commit" ]; then
        echo "$repo: at $commit"
        continue
    fi
    tmp=$(mktemp -d)
    echo "$repo: fetching $commit"
    git -C "$tmp" init -q
    git -C "$tmp" fetch -q --depth 1 "https://github.com/$repo.git" "$commit"
    rm -rf "$dir"
    mkdir -p "$dir"
    git -C "$tmp" archive FETCH_HEAD | tar -x -C "$dir"
    rm -rf "$tmp"
    printf '%s\n' "$commit" > "$dir/.hal-lint-eval-commit"
done
echo "corpus in $dest"
