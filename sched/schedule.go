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

// repeatMark marks a run in a token: a uvarint repeatMark+k (above any
// choice) stands for k more copies of the choice before it. A schedule
// shrunk to few context switches is mostly runs of one goroutine.
const (
	maxChoices = 1 << 26 // more than any execution makes
	repeatMark = 1 << 32
	minRun     = 6 // shorter runs are cheaper spelt out
)

// Token encodes s as a short printable string: "v1." and the base64url
// of uvarints (seed, then choices, runs of one choice shortened).
func (s Schedule) Token() string {
	buf := binary.AppendUvarint(nil, s.Seed)
	for i := 0; i < len(s.Choices); {
		c := s.Choices[i]
		buf = binary.AppendUvarint(buf, uint64(c))
		run := 1
		for i+run < len(s.Choices) && s.Choices[i+run] == c {
			run++
		}
		if run > minRun {
			buf = binary.AppendUvarint(buf, repeatMark+uint64(run-1))
			i += run
			continue
		}
		i++
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
		switch {
		case n <= 0, c > repeatMark+maxChoices, c > math.MaxInt32 && c <= repeatMark,
			c > repeatMark && len(s.Choices) == 0, c > repeatMark && len(s.Choices)+int(c-repeatMark) > maxChoices:
			return Schedule{}, notToken("it is corrupt")
		case c > repeatMark:
			last := s.Choices[len(s.Choices)-1]
			for range c - repeatMark {
				s.Choices = append(s.Choices, last)
			}
		default:
			s.Choices = append(s.Choices, int(c))
		}
	}
	return s, nil
}
