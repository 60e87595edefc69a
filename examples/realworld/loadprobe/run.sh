#!/bin/bash
# run.sh runs the load probes: one small mcheck.Run test per popular
# concurrency library (latest version from the module proxy), which only
# checks that mcheck can load and run the library; none of them is a known
# bug. Prints: probe result seconds detail (result as in ../classify.sh).
set -u
cd "$(dirname "$0")"
. ../classify.sh
printf '%-10s %-14s %7s  %s\n' probe result seconds detail
for dir in */; do
	dir=${dir%/}
	rm -rf "$dir/testdata/mcheck"
	start=$(date +%s.%N)
	out=$(cd "$dir" && go test -v -run . -count=1 ${GOTESTFLAGS:-} ./... 2>&1)
	status=$?
	secs=$(echo "$(date +%s.%N) - $start" | bc)
	rm -rf "$dir/testdata/mcheck"
	classify "$out" $status probe_test.go
	printf '%-10s %-14s %7.1f  %s\n' "$dir" "$result" "$secs" "${detail:0:200}"
done
