package splitmix

import "testing"

// The first outputs of SplitMix64 seeded with 0 and 1234567, as the
// reference implementation (Vigna's splitmix64.c) prints them.
func TestNext(t *testing.T) {
	for _, c := range []struct{ seed, want uint64 }{
		{0, 0xe220a8397b1dcdaf},
		{1234567, 0x599ed017fb08fc85},
	} {
		if got := Next(c.seed); got != c.want {
			t.Errorf("Next(%d) = %#x, want %#x", c.seed, got, c.want)
		}
	}
}
