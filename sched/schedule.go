package sched

import (
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"math"
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

// ParseToken decodes a schedule token. Its errors say that the text is
// not a token at all; whether a token fits a program only replaying it
// can tell (see ErrTokenMismatch).
func ParseToken(tok string) (Schedule, error) {
	notToken := func(why string) error {
		return fmt.Errorf("%q is not a schedule token: %s (a token is what a report prints after \"replay:\", v1. and letters, digits, - and _)", tok, why)
	}
	rest, ok := strings.CutPrefix(strings.TrimSpace(tok), tokenPrefix)
	if !ok {
		return Schedule{}, notToken("it does not start with " + tokenPrefix)
	}
	buf, err := base64.RawURLEncoding.DecodeString(rest)
	if err != nil {
		return Schedule{}, notToken("it is not base64url")
	}
	var s Schedule
	seed, n := binary.Uvarint(buf)
	if n <= 0 {
		return Schedule{}, notToken("it holds no seed")
	}
	s.Seed = seed
	for buf = buf[n:]; len(buf) > 0; buf = buf[n:] {
		var c uint64
		c, n = binary.Uvarint(buf)
		if n <= 0 || c > math.MaxInt32 {
			return Schedule{}, notToken("it is corrupt")
		}
		s.Choices = append(s.Choices, int(c))
	}
	return s, nil
}
