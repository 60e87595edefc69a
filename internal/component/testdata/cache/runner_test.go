package cache

import (
	"context"
	"testing"

	"github.com/mcheck-dev/mcheck"
)

func TestRunner(t *testing.T) {
	mcheck.Component(t, NewRunner, mcheck.Values(context.Background(), func() {}))
}
