#!/usr/bin/env bash
# `npm run test:any-date`: the tests that hold a date (a fixture date, a clock of their own, a parsed time) run
# with the system's date moved a year ahead, then a year back, so a test that agrees with the product only while
# the real date is before its fixture fails today, not on the day the calendar passes it (issue 54).
# `npm run test:any-date -- --all` runs every server and console suite so instead (docs/testing.md#on-any-date).
#
# Debian's faketime moves the real-time clock, which Date reads, in this process and every one it starts
# (the servers the tests spawn, PostgreSQL). The monotonic clock stays: Node's timers run on it, and a test
# waits for durations, never for dates.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v faketime >/dev/null 2>&1; then
  echo "test:any-date needs Debian's faketime: apt-get install -y faketime" >&2
  exit 1
fi
if [ "${1:-}" = "--all" ]; then
  files="test/server test/src/admin test/docs"
else
  files=$(grep -rlE "20[0-9]{2}-[01][0-9]-[0-3][0-9]|Date\.parse\(|setSystemTime|now: \(\) =>|clock" test \
    --include=*.test.ts --include=*.test.tsx | sort | tr '\n' ' ')
fi
export FAKETIME_DONT_FAKE_MONOTONIC=1
for offset in +365d -365d; do
  echo "The system's date moved ${offset}: it is $(faketime -f "$offset" date -u '+%F %H:%M') UTC"
  faketime -f "$offset" npx vitest run $files
done
