package services

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"testing"
	"testing/synctest"
	"time"

	"github.com/mcheck-dev/mcheck"
)

func twoRequests(t *testing.T, h http.Handler) {
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() { h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/a", nil)) })
	}
	wg.Wait()
}

func TestRecorderRace(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) { twoRequests(t, NewHits(false)) })
}
func TestRecorderFixed(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) { twoRequests(t, NewHits(true)) })
}

func twoClients(t *testing.T, h http.Handler) {
	srv := httptest.NewServer(h)
	defer srv.Close()
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			res, err := srv.Client().Get(srv.URL + "/a")
			if err != nil {
				t.Error(err)
				return
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
		})
	}
	wg.Wait()
}

func TestServerRace(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) { twoClients(t, NewHits(false)) })
}
func TestServerFixed(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) { twoClients(t, NewHits(true)) })
}

func echoOnce(t *testing.T, closeListener bool) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go Echo(ln)
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintln(c, "ping")
	if line, _ := bufio.NewReader(c).ReadString('\n'); line != "ping\n" {
		t.Errorf("echo: %q", line)
	}
	c.Close()
	if closeListener {
		ln.Close()
	}
}

func TestEchoLeak(t *testing.T)  { mcheck.Run(t, func(t *testing.T) { echoOnce(t, false) }) }
func TestEchoFixed(t *testing.T) { mcheck.Run(t, func(t *testing.T) { echoOnce(t, true) }) }

func expire(t *testing.T, locked bool) {
	synctest.Test(t, func(t *testing.T) {
		c := NewCache(locked)
		defer c.Close()
		c.Set("a", 30*time.Second)
		time.Sleep(2 * time.Minute)
		if n := c.Len(); n != 0 {
			t.Errorf("%d entries after expiry", n)
		}
		if now := time.Now(); now.Year() != 2000 || now.Minute() != 2 {
			t.Errorf("bubble clock at %v", now)
		}
	})
}

func TestSynctestRace(t *testing.T)  { mcheck.Run(t, func(t *testing.T) { expire(t, false) }) }
func TestSynctestFixed(t *testing.T) { mcheck.Run(t, func(t *testing.T) { expire(t, true) }) }

func TestSynctestDeadlock(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		synctest.Test(t, func(t *testing.T) { NewCache(true) }) // the janitor is never stopped
	})
}

func TestSynctestOutside(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		mcheck.Run(t, func(t *testing.T) { twoRequests(t, NewHits(true)) })
	})
}

func TestSignal(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) {
		ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
		defer stop()
		go syscall.Kill(os.Getpid(), syscall.SIGTERM)
		<-ctx.Done()
	})
}

func TestOutside(t *testing.T) {
	mcheck.Run(t, func(t *testing.T) { http.Get("http://192.0.2.1/") })
}
