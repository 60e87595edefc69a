#!/bin/bash
# run.sh runs the mcheck test (mcheck_test.go, mcheck.Run with default
# settings) of every case's buggy and fixed package and prints one line
# per case:
#
#   case  buggy-result  replayed  fixed-result  seconds(buggy)  seconds(fixed)
#
# A result is
#   found          the test failed and its output has an "mcheck:" report
#   could-not-run  the test failed and mcheck said it could not run the
#                  program ("could not run", "not checked", "unsupported",
#                  "no Go body")
#   clean          the test passed
#   failed         any other failure (build error, timeout...): see the log
#
# Each go test output is kept in $LOGDIR (default $TMPDIR/backend-logs)
# as CASE.VERSION.txt; saved failures (testdata/mcheck) are removed
# before and after each run so that every run searches afresh.
#
# Usage: ./run.sh [case...]   (default: every case)
# Extra go test flags can be passed in GOTESTFLAGS, e.g.
#   GOTESTFLAGS='-mcheck.budget=20s' ./run.sh
# The native demonstrations of the bugs are run by native.sh instead.
set -u
cd "$(dirname "$0")"
cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
	for d in */buggy; do cases+=("${d%/buggy}"); done
fi
logdir=${LOGDIR:-${TMPDIR:-/tmp}/backend-logs}
mkdir -p "$logdir"

# check DIR sets result and secs for one go test run of DIR.
check() {
	local dir=$1 out status start
	rm -rf "$dir/testdata/mcheck"
	start=$(date +%s.%N)
	# shellcheck disable=SC2086
	out=$(go test -count=1 ${GOTESTFLAGS:-} "./$dir" 2>&1)
	status=$?
	secs=$(printf '%.1f' "$(echo "$(date +%s.%N) - $start" | bc)")
	rm -rf "$dir/testdata/mcheck"
	echo "$out" >"$logdir/${dir//\//.}.txt"
	if [ $status -eq 0 ]; then
		result=clean
	elif echo "$out" | grep -qE "could not run|not checked|unsupported|no Go body"; then
		result=could-not-run
	elif echo "$out" | grep -q "mcheck:"; then
		result=found
	else
		result=failed
	fi
	replayed=-
	if [ $result = found ]; then
		replay "$dir" "$out"
	fi
}

# replay DIR OUT sets replayed to yes when the replay command of the
# report in OUT, run on DIR, reproduces the report's first line.
replay() {
	local dir=$1 out=$2 first test token again
	first=$(echo "$out" | grep -m1 -o 'mcheck: [^:]*:')
	test=$(echo "$out" | sed -n "s/.*replay: go test -run '^\([A-Za-z0-9_]*\).*/\1/p" | head -1)
	token=$(echo "$out" | grep -m1 -o -- '-mcheck.replay=[^ ]*' | cut -d= -f2)
	replayed=no
	if [ -n "$token" ] && [ -n "$test" ]; then
		# shellcheck disable=SC2086
		again=$(go test -count=1 "./$dir" ${GOTESTFLAGS:-} -run "^$test\$" -mcheck.replay="$token" 2>&1)
		rm -rf "$dir/testdata/mcheck"
		if echo "$again" | grep -qF "$first"; then
			replayed=yes
		fi
	fi
}

printf '%-16s %-14s %-9s %-14s %8s %8s\n' case buggy replayed fixed secs secs
for c in "${cases[@]}"; do
	check "$c/buggy"
	br=$result bs=$secs rp=$replayed
	check "$c/fixed"
	printf '%-16s %-14s %-9s %-14s %8s %8s\n' "$c" "$br" "$rp" "$result" "$bs" "$secs"
done
