// Package webhooks delivers events to a subscriber's webhook URL in the
// background, and is drained at shutdown.
package webhooks

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
)

type Dispatcher struct {
	client *http.Client
	url    string
	wg     sync.WaitGroup
	mu     sync.Mutex
	sent   int
	failed int
}

func NewDispatcher(client *http.Client, url string) *Dispatcher {
	return &Dispatcher{client: client, url: url}
}

// Notify delivers event in the background.
func (d *Dispatcher) Notify(event string) {
	go d.deliver(event)
}

func (d *Dispatcher) deliver(event string) {
	d.wg.Add(1)
	defer d.wg.Done()
	err := d.post(event)
	d.mu.Lock()
	defer d.mu.Unlock()
	if err != nil {
		d.failed++
	} else {
		d.sent++
	}
}

func (d *Dispatcher) post(event string) error {
	resp, err := d.client.Post(d.url, "application/json", strings.NewReader(event))
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("webhook: %s", resp.Status)
	}
	return nil
}

// Close waits for the deliveries in flight and returns how many
// succeeded and failed. Nothing runs after the Wait: no lock is needed.
func (d *Dispatcher) Close() (sent, failed int) {
	d.wg.Wait()
	return d.sent, d.failed
}
