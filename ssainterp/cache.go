package ssainterp

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// The cache directory keeps, from one load to the next (and one test
// binary to the next), the standard overlay's files (overlays.go), the
// lists of export data files (loadtypes.go), the import graphs
// (listcache.go); its corpus-native directory,
// TestCorpus's native runs of the corpus programs (corpus_test.go).

// cacheDir returns mcheck's directory in the user's cache directory.
func cacheDir() (string, error) {
	root, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(root, "mcheck"), nil
}

// What the cache directory keeps (the export lists, the overlays) is
// marked used at each load that uses it, and what no load has used for
// cacheAge is removed, at most once a day, when a load adds to it (as
// the go command trims its build cache): a developer whose local
// module changes gets a new export list at each change.

const cacheAge = 5 * 24 * time.Hour

// markUsed marks the cache file path used now.
func markUsed(path string) {
	now := time.Now()
	os.Chtimes(path, now, now)
}

// trimCache removes from the cache directory dir the export lists and
// overlays not used for cacheAge, if it was not trimmed in the last day.
func trimCache(dir string) {
	marker := filepath.Join(dir, "trimmed")
	if fi, err := os.Stat(marker); err == nil && time.Since(fi.ModTime()) < 24*time.Hour {
		return
	}
	if os.WriteFile(marker, nil, 0o644) != nil {
		return
	}
	lists, _ := filepath.Glob(filepath.Join(dir, "export-*.json"))
	graphs, _ := filepath.Glob(filepath.Join(dir, "list-*.json"))
	overlays, _ := filepath.Glob(filepath.Join(dir, "overlay-*", "overlay.json"))
	// TestCorpus's native runs (ssainterp/corpus_test.go).
	runs, _ := filepath.Glob(filepath.Join(dir, "corpus-native", "*.json"))
	for _, f := range slices.Concat(lists, graphs, overlays, runs) {
		if fi, err := os.Stat(f); err == nil && time.Since(fi.ModTime()) > cacheAge {
			if strings.HasSuffix(f, "overlay.json") {
				os.RemoveAll(filepath.Dir(f))
			} else {
				os.Remove(f)
			}
		}
	}
}
