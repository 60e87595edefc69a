#!/bin/bash
# run.sh runs every real-world case (examples/realworld/<case>/{buggy,fixed})
# with go test, twice: the hand-written mcheck.Run test (every test but
# TestComponent) and the Component test (TestComponent, mcheck.Component
# on the library's constructor with at most one option). It prints one
# line per module:
#
#   case  version  run-result  seconds  component-result  seconds
#
# then each result's detail on the lines below. A result is found, clean,
# could-not-run or could-not-load (see classify.sh).
#
# Saved failures (testdata/mcheck) are removed first, so every run searches
# afresh instead of replaying what an earlier run found.
#
# Each go test output is kept in $LOGDIR (default $TMPDIR/realworld-logs)
# as CASE.VERSION.MODE.txt.
#
# Usage: ./run.sh [-run|-component] [case...]   (default: both tests, every case)
# Extra go test flags can be passed in GOTESTFLAGS, e.g.
#   GOTESTFLAGS='-mcheck.budget=20s' ./run.sh
set -u
cd "$(dirname "$0")"
. ./classify.sh
modes=(run component)
case "${1:-}" in
-run) modes=(run); shift ;;
-component) modes=(component); shift ;;
esac
cases=("$@")
logdir=${LOGDIR:-${TMPDIR:-/tmp}/realworld-logs}
mkdir -p "$logdir"
if [ ${#cases[@]} -eq 0 ]; then
	for d in */buggy; do cases+=("${d%/buggy}"); done
fi

# check DIR MODE sets result, secs and detail for one go test run.
check() {
	local dir=$1 sel
	if [ "$2" = component ]; then sel=(-run '^TestComponent$'); else sel=(-run . -skip '^TestComponent$'); fi
	rm -rf "$dir/testdata/mcheck"
	local start out status
	start=$(date +%s.%N)
	# shellcheck disable=SC2086
	out=$(cd "$dir" && go test -v "${sel[@]}" -count=1 ${GOTESTFLAGS:-} ./... 2>&1)
	status=$?
	echo "$out" >"$logdir/${dir//\//.}.$2.txt"
	secs=$(echo "$(date +%s.%N) - $start" | bc)
	rm -rf "$dir/testdata/mcheck"
	classify "$out" $status bug_test.go
}

printf '%-26s %-6s %-14s %6s  %-14s %6s\n' case version run seconds component seconds
for c in "${cases[@]}"; do
	for v in buggy fixed; do
		dir="$c/$v"
		[ -d "$dir" ] || continue
		line=$(printf '%-26s %-6s' "$c" "$v")
		details=()
		for m in run component; do
			if [[ " ${modes[*]} " == *" $m "* ]]; then
				check "$dir" "$m"
				line+=$(printf ' %-14s %6.1f ' "$result" "$secs")
				details+=("    $m: ${detail:0:160}")
			else
				line+=$(printf ' %-14s %6s ' - -)
			fi
		done
		echo "$line"
		printf '%s\n' "${details[@]}"
	done
done
