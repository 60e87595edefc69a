// Package longpoll is a pub/sub broker over HTTP long polling:
// GET /poll?topic=T waits for the next message on T, POST
// /publish?topic=T delivers the request body to every waiting poller.
package longpoll

import (
	"io"
	"net/http"
	"sync"
)

type Broker struct {
	mu      sync.Mutex
	waiting map[string][]chan string // topic -> pollers
}

func NewBroker() *Broker {
	return &Broker{waiting: make(map[string][]chan string)}
}

func (b *Broker) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	topic := r.URL.Query().Get("topic")
	switch r.URL.Path {
	case "/poll":
		ch := make(chan string, 1) // publish must not wait for a poller that is leaving
		b.mu.Lock()
		b.waiting[topic] = append(b.waiting[topic], ch)
		b.mu.Unlock()
		select {
		case msg := <-ch:
			io.WriteString(w, msg)
		case <-r.Context().Done(): // the client went away
			b.mu.Lock()
			b.waiting[topic] = remove(b.waiting[topic], ch)
			b.mu.Unlock()
		}
	case "/publish":
		body, _ := io.ReadAll(r.Body)
		b.mu.Lock()
		defer b.mu.Unlock()
		for _, ch := range b.waiting[topic] {
			ch <- string(body)
		}
		delete(b.waiting, topic)
	default:
		http.NotFound(w, r)
	}
}

func remove(chs []chan string, ch chan string) []chan string {
	for i, c := range chs {
		if c == ch {
			return append(chs[:i], chs[i+1:]...)
		}
	}
	return chs
}
