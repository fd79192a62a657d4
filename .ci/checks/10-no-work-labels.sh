#!/usr/bin/env bash
# Shipped text says what is true now: no labels of work periods or internal
# issue numbers in any committed text file. A label is one of the words
# session, issue, wave, sprint, phase, iteration or milestone (or its
# plural), then a number of at most three digits (with or without `#`), or
# a number in parentheses after `#` as commit subjects cite pull requests.
# History belongs in CHANGELOG.md, which names releases, and in git.
#
# Upstream references do not match: a GitHub issue URL (`/issues/` then
# the number), "spec PR" then `#` and a number, a file named after an
# upstream issue with an underscore; neither does a date after the word
# (a revision such as 2025-11-25) nor a count in prose ("message #1").
set -euo pipefail
cd "$(dirname "$0")/../.."
label='\b(sessions?|issues?|waves?|sprints?|phases?|iterations?|milestones?)\s+#?[0-9]{1,3}\b(?![-.]?[0-9])|\(#[0-9]+\)'
if git grep -nIiP "$label" -- . \
  ':(exclude)Cargo.lock' ':(exclude)**/package-lock.json' ':(exclude)**/node_modules/**'; then
  echo "10-no-work-labels: the lines above label a work period or an internal issue;" >&2
  echo "say what is true now (history goes to CHANGELOG.md)" >&2
  exit 1
fi
echo "10-no-work-labels: none"
