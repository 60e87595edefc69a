// Package quotetimeout is the client of a pricing service. The request
// is made on a goroutine so that the caller's context bounds the wait,
// whatever the HTTP client's own timeouts are.
package quotetimeout

import (
	"context"
	"fmt"
	"io"
	"net/http"
)

type Client struct {
	HTTP *http.Client
	Base string // e.g. http://pricing.internal
}

type result struct {
	price string
	err   error
}

// Quote returns the price of sku, or ctx.Err() if ctx ends first.
func (c *Client) Quote(ctx context.Context, sku string) (string, error) {
	ch := make(chan result)
	go func() {
		resp, err := c.HTTP.Get(c.Base + "/price/" + sku)
		if err != nil {
			ch <- result{err: err}
			return
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			ch <- result{err: fmt.Errorf("pricing: %s", resp.Status)}
			return
		}
		body, err := io.ReadAll(resp.Body)
		ch <- result{string(body), err}
	}()
	select {
	case r := <-ch:
		return r.price, r.err
	case <-ctx.Done():
		return "", ctx.Err()
	}
}
