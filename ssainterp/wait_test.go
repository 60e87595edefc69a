package ssainterp

import "testing"

// TestWaitReasonWords: every wait reason has words of its own, so that a
// report (or a heuristic's symbol, "kind@file:line") never shows two
// reasons alike.
func TestWaitReasonWords(t *testing.T) {
	t.Parallel()
	seen := map[string]WaitReason{}
	for w := range numWaitReasons {
		s := w.String()
		if s == "" {
			t.Errorf("wait reason %d has no words", w)
		}
		if v, ok := seen[s]; ok {
			t.Errorf("wait reasons %d and %d are both %q", v, w, s)
		}
		seen[s] = w
	}
}
