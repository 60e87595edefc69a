package sched

import (
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
)

// Schedule is everything needed to reproduce an execution: the seed (map
// order, math/rand, the strategy's own draws) and the list of choices
// made at choice points with more than one alternative (goroutine ids,
// and indexes for select and Choose).
type Schedule struct {
	Seed    uint64
	Choices []int
}

const tokenPrefix = "v1."

// Token encodes s as a short printable string: "v1." and the base64url
// of uvarints (seed, then choices).
func (s Schedule) Token() string {
	buf := binary.AppendUvarint(nil, s.Seed)
	for _, c := range s.Choices {
		buf = binary.AppendUvarint(buf, uint64(c))
	}
	return tokenPrefix + base64.RawURLEncoding.EncodeToString(buf)
}

// ParseToken decodes a schedule token.
func ParseToken(tok string) (Schedule, error) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(tok), tokenPrefix)
	if !ok {
		return Schedule{}, fmt.Errorf("schedule token %q does not start with %s", tok, tokenPrefix)
	}
	buf, err := base64.RawURLEncoding.DecodeString(rest)
	if err != nil {
		return Schedule{}, fmt.Errorf("schedule token %q: %v", tok, err)
	}
	var s Schedule
	seed, n := binary.Uvarint(buf)
	if n <= 0 {
		return Schedule{}, errors.New("schedule token: no seed")
	}
	s.Seed = seed
	for buf = buf[n:]; len(buf) > 0; buf = buf[n:] {
		var c uint64
		c, n = binary.Uvarint(buf)
		if n <= 0 {
			return Schedule{}, fmt.Errorf("schedule token %q is corrupt", tok)
		}
		s.Choices = append(s.Choices, int(c))
	}
	return s, nil
}
