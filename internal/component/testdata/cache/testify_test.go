package cache

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testifyFails is a scenario whose require fails: testify runs under the
// interpreter, and the failure is reported at this line (t.Helper).
func testifyFails(t *testing.T) {
	c := NewFixed()
	c.Put(1, "a")
	v, ok := c.Get(1)
	assert.True(t, ok)
	require.Equal(t, "b", v)
	t.Error("not reached")
}
