// Package restarts runs a search as a sequence of attempts with growing
// budgets, a fresh random environment each time, as proposed by Pavel
// Parizek and Tomas Kalibera for checking components ("Efficient
// Detection of Errors in Java Components Using Random Environment and
// Restarts", TACAS 2010, Section 6; "the paper" below): an attempt ends
// when it finds a bug, when its budget is spent, or when it has explored
// its whole space without a bug; then the next attempt starts with the
// next budget.
//
// A strategy is a sequence of multipliers k_1, k_2, … of a unit budget:
//
//	fixed  k_i = 1                                  (Gomes et al.)
//	luby   k_i = 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, …    (Luby et al., the paper's formula)
//	walsh  k_i = r^(i-1), r = √2                    (Walsh's geometric strategy)
//
// Multiplier computes k_i; attempt i gets the unit budget scaled by k_i
// (rounded, and at least one execution or one millisecond), cut to what
// is left of the total budget. A Budget counts executions, time or both,
// whichever runs out first; a zero field does not limit. The strategy ""
// or "none" is a single attempt with the whole total budget.
//
// # How Run works
//
// Run knows nothing of what an attempt does: the caller's Attempt
// function gets the attempt's number (from 1), a seed and a budget, and
// says whether it found a bug, how many executions it ran and what the
// bug was. Package gotest's component check is the caller today: each
// attempt draws a new environment (package envgen) from its seed and
// explores it.
//
// Attempts run in parallel on Config.Workers workers (default
// GOMAXPROCS) as a portfolio (the paper's Section 9 suggests parallel
// restarts). Attempt i's seed is Seed(Config.Seed, i), a splitmix64 mix
// that depends only on Config.Seed and i (mcheck envgen derives the seeds of the
// environments it writes the same way), and its budget depends only on i
// and the total (but see the last attempts under Not supported below);
// the bug reported is the one of the lowest attempt that found one, and
// Outcome counts attempts and executions as if the attempts had run one
// after the other, up to that one. So with budgets counted in executions,
// and an Attempt whose result depends only on its arguments, the outcome
// does not depend on the number of workers.
//
// # Not supported
//
//   - Cancellation: an attempt already running when a lower one finds a
//     bug, or when an attempt fails with an error, runs to the end of its
//     budget before Run returns (its result is then discarded). Attempt
//     has no context; it must keep to its budget itself.
//   - Time budgets make the outcome depend on the machine: an attempt's
//     time is cut to what is left of the total, and how far an attempt gets
//     in its time depends on the speed of the host and on the other
//     workers.
//   - With a total execution budget, an attempt that runs fewer
//     executions than its budget (it exhausted its space) leaves the rest
//     to the attempts handed out after it reports: with several workers,
//     which attempts those are depends on timing, so the last attempts
//     before the total runs out may get different budgets.
//   - Run does not read Result.Exhausted: an attempt that explored its
//     whole environment does not stop the loop (the next attempt has
//     another environment); the caller reports it.
//   - With several workers, which of two failing attempts' errors Run
//     returns depends on timing (the first to report).
//   - Strategies are named by strings; an unknown name is an error of
//     Multiplier and Run.
package restarts
