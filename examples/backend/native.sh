#!/bin/bash
# native.sh demonstrates every case's bug natively (native_test.go, build
# tag native) with the race detector: it builds each package's test
# binary once (go test -c -race -tags native) and runs it N times
# (default 10) in separate processes, so that each run has a fresh race
# detector. It prints one line per case and version:
#
#   case  version  failed-runs/N  evidence
#
# where evidence counts the runs whose output shows each symptom:
#   race      "WARNING: DATA RACE"
#   map       "fatal error: concurrent map ..." (the runtime's own check)
#   leak      "goroutine leak:" (the test's goroutine dump check)
#   deadlock  "deadlock:" (the test's timeout with a goroutine dump)
#   panic     "panic:" (e.g. send on closed channel)
#   assert    a t.Error/t.Fatal of the test other than the above
#
# Usage: N=20 ./native.sh [case...]   (default: every case)
set -u
cd "$(dirname "$0")"
n=${N:-10}
cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
	for d in */buggy; do cases+=("${d%/buggy}"); done
fi
bindir=$(mktemp -d)
trap 'rm -rf "$bindir"' EXIT
printf '%-16s %-6s %-8s %s\n' case version failed evidence
for c in "${cases[@]}"; do
	for v in buggy fixed; do
		bin="$bindir/$c.$v.test"
		if ! go test -c -race -tags native -o "$bin" "./$c/$v" >"$bindir/build.txt" 2>&1; then
			printf '%-16s %-6s %-8s %s\n' "$c" "$v" "-" "build failed: $(head -1 "$bindir/build.txt")"
			continue
		fi
		failed=0 race=0 mapc=0 leak=0 dead=0 pan=0 assert=0
		for _ in $(seq "$n"); do
			out=$(cd "$c/$v" && "$bin" -test.count=1 2>&1)
			if [ $? -ne 0 ]; then
				failed=$((failed + 1))
				e=0
				if grep -q "WARNING: DATA RACE" <<<"$out"; then race=$((race + 1)); e=1; fi
				if grep -q "fatal error: concurrent map" <<<"$out"; then mapc=$((mapc + 1)); e=1; fi
				if grep -q "goroutine leak:" <<<"$out"; then leak=$((leak + 1)); e=1; fi
				if grep -q "deadlock:" <<<"$out"; then dead=$((dead + 1)); e=1; fi
				if grep -q "^panic:" <<<"$out"; then pan=$((pan + 1)); e=1; fi
				if [ $e -eq 0 ] || grep -vE "goroutine leak:|deadlock:" <<<"$out" | grep -qE "^\s+native_test.go:[0-9]+: "; then assert=$((assert + 1)); fi
			fi
		done
		ev=""
		for k in race:race mapc:map leak:leak dead:deadlock pan:panic assert:assert; do
			name=${k%%:*}
			[ "${!name}" -gt 0 ] && ev+="${k#*:} ${!name}/$n  "
		done
		printf '%-16s %-6s %-8s %s\n' "$c" "$v" "$failed/$n" "${ev:-none}"
	done
done
