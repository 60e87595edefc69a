package sched

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"io"
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
	// FairSteps is, for an execution whose fair phase (see fair.go) went
	// past its fixed budget, the steps it made there: a replay may make
	// as many. Zero otherwise.
	FairSteps int
}

const tokenPrefix = "v1."

// repeatMark marks a run in a token: a uvarint repeatMark+k (above any
// choice) stands for k more copies of the choice before it. A schedule
// shrunk to few context switches is mostly runs of one goroutine.
const (
	maxChoices = 1 << 22 // more than any execution makes (20,000 steps and 25 times as many fair ones)
	repeatMark = 1 << 32
	minRun     = 6 // shorter runs are cheaper spelt out
	// fairMark+k, last in a token, is a Schedule's FairSteps k.
	fairMark = repeatMark + maxChoices + 1
)

// Token encodes s as a short printable string: "v1." and the base64url
// of uvarints (seed, then choices, runs of one choice shortened); a long
// one, "v1.~" and the base64url of those bytes compressed with DEFLATE.
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
	if s.FairSteps > 0 {
		buf = binary.AppendUvarint(buf, fairMark+uint64(s.FairSteps))
	}
	if len(buf) > compressAbove {
		var z bytes.Buffer
		w, _ := flate.NewWriter(&z, flate.BestCompression) // the level is valid
		w.Write(buf)
		w.Close()
		if z.Len() < len(buf) {
			return tokenPrefix + compressed + base64.RawURLEncoding.EncodeToString(z.Bytes())
		}
	}
	return tokenPrefix + base64.RawURLEncoding.EncodeToString(buf)
}

// A token's bytes are compressed past compressAbove bytes, which the
// mark compressed (not a base64url letter) says.
const (
	compressAbove = 96
	compressed    = "~"
)

// ParseToken decodes a schedule token. Its errors say that the text is
// not a token at all; whether a token fits a program only replaying it
// can tell (see ErrTokenMismatch).
func ParseToken(tok string) (Schedule, error) {
	notToken := func(why string) error {
		text := tok
		if len(text) > 60 {
			text = text[:50] + "…"
		}
		return fmt.Errorf("%q is not a schedule token: %s (a token is what a report prints after \"replay:\", v1. and letters, digits, -, _ and ~)", text, why)
	}
	rest, ok := strings.CutPrefix(strings.TrimSpace(tok), tokenPrefix)
	if !ok {
		return Schedule{}, notToken("it does not start with " + tokenPrefix)
	}
	rest, deflated := strings.CutPrefix(rest, compressed)
	buf, err := base64.RawURLEncoding.DecodeString(rest)
	if err != nil {
		return Schedule{}, notToken("it is not base64url")
	}
	if deflated {
		// At most 5 bytes a choice, and no more choices than maxChoices.
		buf, err = io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(buf)), 5*maxChoices+10))
		if err != nil {
			return Schedule{}, notToken("it does not decompress")
		}
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
		case n > 0 && c > fairMark && c-fairMark <= math.MaxInt32 && len(buf) == n:
			s.FairSteps = int(c - fairMark)
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
