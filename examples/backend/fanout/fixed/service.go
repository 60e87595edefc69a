// Package fanout is the search front end of a sharded index: a query is
// sent to every shard at once and the hits are merged.
package fanout

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"sync"
)

type Hit struct {
	Doc   string  `json:"doc"`
	Score float64 `json:"score"`
}

// Search queries every shard (GET <shard>/search?q=...) concurrently and
// returns all hits, best first. A shard that fails is skipped.
func Search(ctx context.Context, client *http.Client, shards []string, q string) []Hit {
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		hits []Hit
	)
	for _, shard := range shards {
		wg.Go(func() {
			got, err := query(ctx, client, shard, q)
			if err != nil {
				return
			}
			mu.Lock()
			hits = append(hits, got...)
			mu.Unlock()
		})
	}
	wg.Wait()
	sort.Slice(hits, func(i, j int) bool { return hits[i].Score > hits[j].Score })
	return hits
}

func query(ctx context.Context, client *http.Client, shard, q string) ([]Hit, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", shard+"/search?q="+url.QueryEscape(q), nil)
	if err != nil {
		return nil, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: %s", shard, resp.Status)
	}
	var hits []Hit
	err = json.NewDecoder(resp.Body).Decode(&hits)
	return hits, err
}
