// Command init_snapshot_state builds state of every kind in package
// initialisation (slices sharing an array, pointers into arrays, structs
// and other variables, maps keyed by pointers, a cycle, closures,
// interfaces, channels, locks, a Once, a WaitGroup, a sync.Map, the
// standard output in a variable) and then changes it through its aliases:
// every execution must start from what initialisation left, whether it ran
// or a copy of it was restored (ssainterp's init snapshot).
package main

import (
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"regexp"
	"sort"
	"strings"
	"sync"
)

type node struct {
	name string
	next *node
	vals []int
}

func (n *node) String() string { return "node " + n.name }

type wrapped struct{ err error }

func (w wrapped) Error() string { return "wrapped: " + w.err.Error() }
func (w wrapped) Unwrap() error { return w.err }

var (
	s      = make([]int, 4, 8)
	t      = s[1:3]
	u      = s[2:6]
	p      = &s[3]
	arr    [3]*int
	count  int
	pcount = &count

	self struct {
		a, b int
		pb   *int
	}

	n1, n2   *node
	byNode   = map[*node]string{}
	byName   = map[string][]int{}
	byID     = map[int]*node{}
	inc      func() int
	stringer fmt.Stringer

	ch     = make(chan int, 3)
	closed = make(chan struct{})

	mu     sync.Mutex
	once   sync.Once
	onced  int
	wg     sync.WaitGroup
	sm     sync.Map
	out    io.Writer = os.Stdout
	word             = regexp.MustCompile(`[a-z]+`)
	errBad           = errors.New("bad")
	wrap   error     = wrapped{errBad}
	names            = strings.Fields("c a b")
)

func init() {
	for i := range s {
		s[i] = i * 10
	}
	for i := range arr {
		arr[i] = &s[i]
	}
	self.a, self.b = 1, 2
	self.pb = &self.b
	n1 = &node{name: "one", vals: s[:2]}
	n2 = &node{name: "two", next: n1, vals: t}
	n1.next = n2
	byNode[n1], byNode[n2] = "first", "second"
	byName["s"], byName["u"] = s, u
	byID[1], byID[2] = n1, n2
	k := 100
	inc = func() int { k++; count++; return k }
	inc()
	stringer = n2
	ch <- 1
	ch <- 2
	close(closed)
	mu.Lock()
	once.Do(func() { onced++ })
	wg.Add(1)
	sm.Store("a", n1)
	sm.Store(n2, 2)
	sort.Strings(names)
	log.SetFlags(0)
	log.SetOutput(os.Stdout)
	log.SetPrefix("log: ")
}

func main() {
	t[1] = 7 // s[2], u[0]
	*p += 5  // s[3], u[1]
	*arr[0] = -1
	u = append(u, 99) // within s's capacity: s[:6] sees it
	fmt.Println(s, t, u, s[:cap(s)][:6], *p == s[3], p == &u[1], arr[1] == &t[0])
	*pcount += 10
	*self.pb = 20
	fmt.Println(count, self.a, self.b, pcount == &count)
	fmt.Println(n1.next.next == n1, n2.next.name, n2.vals, n1.vals, byNode[n1], byNode[byID[2]], byName["u"][1])
	n2.vals[0] = 42
	fmt.Println(s[1], byName["s"][1], &byName["s"][0] == &s[0])
	fmt.Println(inc(), inc(), count, stringer, stringer.(*node) == n2)
	ch <- 3
	fmt.Println(<-ch, <-ch, <-ch, len(ch))
	_, ok := <-closed
	fmt.Println(ok)
	mu.Unlock()
	mu.Lock()
	once.Do(func() { onced += 10 })
	fmt.Println(onced)
	go wg.Done()
	wg.Wait()
	v, _ := sm.Load("a")
	w, _ := sm.Load(n2)
	fmt.Println(v.(*node) == n1, w)
	fmt.Fprintln(out, "to out", word.FindAllString("ab 12 cd", -1))
	log.Println("through log", errors.Is(wrap, errBad), wrap)
	fmt.Println(names)
}
