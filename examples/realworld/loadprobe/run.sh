#!/bin/bash
# run.sh runs the load probes: one small mcheck.Run test per popular
# concurrency library (latest version from the module proxy), which only
# checks that mcheck can load and run the library; none of them is a known
# bug. Prints: probe result seconds detail (result as in ../run.sh).
set -u
cd "$(dirname "$0")"
printf '%-10s %-14s %7s  %s\n' probe result seconds detail
for dir in */; do
	dir=${dir%/}
	rm -rf "$dir/testdata/mcheck"
	start=$(date +%s.%N)
	out=$(cd "$dir" && go test -v -run . -count=1 ${GOTESTFLAGS:-} ./... 2>&1)
	status=$?
	secs=$(echo "$(date +%s.%N) - $start" | bc)
	rm -rf "$dir/testdata/mcheck"
	if echo "$out" | grep -q "mcheck could not run"; then
		result=could-not-run
		detail=$(echo "$out" | grep -m1 -o "mcheck could not run.*")
	elif echo "$out" | grep -q "found by "; then
		result=found
		detail=$(echo "$out" | grep -m1 -E "^\s+probe_test.go:[0-9]+: mcheck: " | sed -E 's/^\s+probe_test.go:[0-9]+: mcheck: //')
	elif [ $status -eq 0 ] && echo "$out" | grep -q "^ok"; then
		result=clean
		detail=$(echo "$out" | grep -m1 -oE "mcheck: [0-9]+ executions.*|mcheck: explored all.*")
	else
		result=could-not-load
		detail=$(echo "$out" | grep -m1 -E "mcheck: |cannot|error|undefined" | sed -E 's/^\s+//')
	fi
	printf '%-10s %-14s %7.1f  %s\n' "$dir" "$result" "$secs" "${detail:0:200}"
done
