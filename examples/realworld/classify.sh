# classify.sh, sourced by run.sh and loadprobe/run.sh, defines
#
#   classify OUTPUT STATUS TESTFILE
#
# which sets result and detail from one go test run's output, its exit
# status and the name of the test file (bug_test.go, probe_test.go):
#
#   found          mcheck reported a bug (detail: the report's first line,
#                  after "[after N executions in T]")
#   clean          mcheck explored its budget and reported nothing
#   could-not-run  the test loaded but mcheck stopped on an unsupported feature
#   could-not-load go test or mcheck's loader failed (build error, load error)
classify() {
	local out=$1 status=$2 file=$3
	detail=""
	if echo "$out" | grep -q "mcheck could not run"; then
		result=could-not-run
		detail=$(echo "$out" | grep -m1 -o "mcheck could not run.*")
	elif echo "$out" | grep -qE "found (by |in environment )"; then
		result=found
		# The first mcheck line that is not one of Component's notes.
		detail=$(echo "$out" | grep -E "^\s+($file:[0-9]+: )?mcheck: " | grep -vE "the default protocol|is left out|is promoted from|with a Release method are released|^\s+(\S+: )?mcheck: not drawn|is never called from two goroutines|are never called in parallel|every call is made from one goroutine" |
			head -1 | sed -E "s/^\s+($file:[0-9]+: )?mcheck: //")
		detail="[$(echo "$out" | grep -m1 -oE "after [0-9]+ executions in [0-9.]+[mµn]?s")] $detail"
	elif [ "$status" -eq 0 ] && echo "$out" | grep -q "^ok"; then
		result=clean
		detail=$(echo "$out" | grep -m1 -oE "[0-9]+ (environments|executions).*no bug|explored all.*")
	else
		result=could-not-load
		detail=$(echo "$out" | grep -m1 -E "mcheck: |cannot|error|undefined|panic:|FAIL" | sed -E 's/^\s+//')
	fi
}
