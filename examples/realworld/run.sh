#!/bin/bash
# run.sh runs every real-world case (examples/realworld/<case>/{buggy,fixed})
# with go test and prints one line per module:
#
#   case  version  result  seconds  detail
#
# result is one of
#   found          mcheck reported a bug (detail: the report's first line)
#   clean          mcheck explored its budget and reported nothing
#   could-not-run  the test loaded but mcheck stopped on an unsupported feature
#   could-not-load go test or mcheck's loader failed (build error, load error)
#
# Saved failures (testdata/mcheck) are removed first, so every run searches
# afresh instead of replaying what an earlier run found.
#
# Usage: ./run.sh [case...]   (default: every case)
# Extra go test flags can be passed in GOTESTFLAGS, e.g.
#   GOTESTFLAGS='-mcheck.budget=20s' ./run.sh
set -u
cd "$(dirname "$0")"
cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
	for d in */buggy; do cases+=("${d%/buggy}"); done
fi
printf '%-28s %-6s %-14s %7s  %s\n' case version result seconds detail
for c in "${cases[@]}"; do
	for v in buggy fixed; do
		dir="$c/$v"
		[ -d "$dir" ] || continue
		rm -rf "$dir/testdata/mcheck"
		start=$(date +%s.%N)
		# shellcheck disable=SC2086
		out=$(cd "$dir" && go test -v -run . -count=1 ${GOTESTFLAGS:-} ./... 2>&1)
		status=$?
		secs=$(echo "$(date +%s.%N) - $start" | bc)
		rm -rf "$dir/testdata/mcheck"
		detail=""
		if echo "$out" | grep -q "mcheck could not run"; then
			result=could-not-run
			detail=$(echo "$out" | grep -m1 -o "mcheck could not run.*")
		elif echo "$out" | grep -q "found by "; then
			result=found
			detail=$(echo "$out" | grep -m1 -E "^\s+bug_test.go:[0-9]+: mcheck: " | sed -E 's/^\s+bug_test.go:[0-9]+: mcheck: //')
			detail="[$(echo "$out" | grep -m1 -oE "after [0-9]+ executions in [0-9.]+[mµn]?s")] $detail"
		elif [ $status -eq 0 ] && echo "$out" | grep -q "^ok"; then
			result=clean
			detail=$(echo "$out" | grep -m1 -oE "mcheck: [0-9]+ executions.*|mcheck: explored all.*")
		else
			result=could-not-load
			detail=$(echo "$out" | grep -m1 -E "mcheck: |cannot|error|undefined" | sed -E 's/^\s+//')
		fi
		printf '%-28s %-6s %-14s %7.1f  %s\n' "$c" "$v" "$result" "$secs" "${detail:0:150}"
	done
done
