package check

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Corpus is the directory of a test's saved failures,
// testdata/mcheck/<TestName>/ in its package: every failure found is
// saved there and replayed first on later runs, the way go test -fuzz
// keeps its corpus, so that a bug found stays found until it is fixed.
type Corpus string

// CorpusOf returns the corpus of test id in the package directory dir.
func CorpusOf(dir string, id ID) Corpus {
	return Corpus(filepath.Join(dir, "testdata", "mcheck", id.Test))
}

// Tokens returns the bare tokens saved in c (see ID.ReplayFor) that
// belong to id, oldest name first.
func (c Corpus) Tokens(id ID) []string {
	if c == "" {
		return nil
	}
	entries, err := os.ReadDir(string(c))
	if err != nil {
		return nil
	}
	var toks []string
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(string(c), e.Name()))
		if err != nil {
			continue
		}
		if bare, mine, err := id.ReplayFor(string(b)); err == nil && mine {
			toks = append(toks, bare)
		}
	}
	sort.Strings(toks)
	return toks
}

// Save writes token to c under a name derived from it and returns its
// path.
func (c Corpus) Save(token string) (string, error) {
	if err := os.MkdirAll(string(c), 0o755); err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(token))
	path := filepath.Join(string(c), hex.EncodeToString(sum[:8]))
	return path, os.WriteFile(path, []byte(strings.TrimSpace(token)+"\n"), 0o644)
}
