package ssainterp

import "testing"

// TestWholeValueAccessTouchesItsWords: a load or store of a whole struct
// is, for the scheduler's partial-order reduction, an access to each word
// in it, so it depends on an access to any one field, and not on other
// memory; an empty struct has no words.
func TestWholeValueAccessTouchesItsWords(t *testing.T) {
	m := &Machine{raceState: raceState{shadows: map[any]*shadow{}, cellShadows: map[*value]*shadow{}, firstOwner: 1}}
	// struct{ a int; in struct{ x, y int }; e struct{} }
	s := &value{r: agg{{n: 1}, {r: agg{{}, {}}}, {r: agg{}}}}
	words := m.sharedWords(s, 2, nil) // goroutine 1 allocated it: shared for 2
	if len(words) != 3 {
		t.Fatalf("%d words, want 3", len(words))
	}
	for _, w := range words {
		if sh := m.cellShadows[w]; sh == nil || sh.owner != -1 {
			t.Fatalf("word not marked shared: %+v", sh)
		}
	}
	whole := Access{Objects: appendMemObjects(nil, words)}
	y := &s.r.(agg)[1].r.(agg)[1]
	field := Access{Objects: appendMemObjects(nil, y), Read: true}
	if !whole.Dependent(field) || !field.Dependent(whole) {
		t.Fatal("a store of the whole struct is independent of a read of s.in.y")
	}
	if (Access{Objects: appendMemObjects(nil, &value{})}).Dependent(whole) {
		t.Fatal("unrelated memory depends on the struct")
	}
	if (Access{Objects: appendMemObjects(nil, words), Read: true}).Dependent(field) {
		t.Fatal("two reads depend on each other")
	}
	if n := len(m.sharedWords(&s.r.(agg)[2], 2, nil)); n != 0 {
		t.Fatalf("an empty struct has %d words", n)
	}
}

// TestAssignInPlace: storing a struct keeps the cells of its fields.
func TestAssignInPlace(t *testing.T) {
	c := &value{r: agg{{n: 1}, {r: agg{{n: 2}, {n: 3}}}}}
	inner := &c.r.(agg)[1].r.(agg)[0]
	v := value{r: agg{{n: 10}, {r: agg{{n: 20}, {n: 30}}}}}
	assign(c, v)
	if inner.n != 20 || &c.r.(agg)[1].r.(agg)[0] != inner {
		t.Fatalf("the field's cell was replaced: %v", c)
	}
	v.r.(agg)[1].r.(agg)[0].n = 99
	if inner.n != 20 {
		t.Fatal("the stored value aliases the source")
	}
}

// TestBigArrayShadows: the words of a large backing array keep their
// shadows in the array's own table (bigArrays), which a copy reads side
// by side and a single load or store finds one by one: a race between a
// copy and an element store, or between two overlapping copies, is found
// whichever way each side reached the word, and disjoint copies do not
// race; clear writes its elements. The arrays are made while a second goroutine exists, in the Go
// heap and in host memory.
func TestBigArrayShadows(t *testing.T) {
	t.Parallel()
	prog, err := loadSrc(t, `package main

import "testing"

func main() {}

var src = make([]byte, 1024)

func run(n int, a, b func([]byte)) {
	done := make(chan bool)
	go func() { <-done }()
	buf := make([]byte, n)
	go func() { a(buf); done <- true }()
	b(buf)
	done <- true
	<-done
}

func copyLow(b []byte)  { copy(b[:512], src) }
func copyHigh(b []byte) { copy(b[512:1024], src) }
func copyMid(b []byte)  { copy(b[500:600], src) }
func store(b []byte)    { b[10] = 1 }
func load(b []byte)     { println(b[700]) }
func clearAll(b []byte) { clear(b[:100]) }

func case_disjoint(*testing.T)     { run(1024, copyLow, copyHigh) }
func case_overlap(*testing.T)      { run(1024, copyLow, copyMid) }
func case_store(*testing.T)        { run(1024, store, copyLow) }
func case_load(*testing.T)         { run(1024, copyHigh, load) }
func case_hostDisjoint(*testing.T) { run(1<<16, copyLow, copyHigh) }
func case_hostStore(*testing.T)    { run(1<<16, copyLow, store) }
func case_clear(*testing.T)        { run(1024, clearAll, store) }
func case_clearHigh(*testing.T)    { run(1024, clearAll, copyHigh) }
`)
	if err != nil {
		t.Fatal(err)
	}
	for name, race := range map[string]bool{"disjoint": false, "overlap": true, "store": true, "load": true, "hostDisjoint": false, "hostStore": true, "clear": true, "clearHigh": false} {
		// Both accesses happen in every schedule: one execution decides.
		runRaceCase(t, prog, name, race)
	}
}

// TestRaceBookkeepingStaysSmall: goroutines that take turns at a word
// (under a lock, or by atomic read-modify-writes) leave a short list of accesses
// in its shadow, since an access drops those ordered before it that
// conflict with nothing it does not; a finished goroutine keeps no
// clock. An unlocked write still races with the reads before it.
func TestRaceBookkeepingStaysSmall(t *testing.T) {
	t.Parallel()
	prog, err := loadSrc(t, `package main

import (
	"sync"
	"sync/atomic"
	"testing"
)

func main() {}

var (
	mu sync.Mutex
	x  int
	n  atomic.Int64
)

func turns(write func()) {
	var wg sync.WaitGroup
	for i := 0; i < 300; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			if x < 0 {
				panic(x)
			}
			mu.Unlock()
			n.Add(1)
		}()
		if i == 150 {
			go write()
		}
	}
	wg.Wait()
}

func case_ordered(*testing.T)  { turns(func() { mu.Lock(); x = 1; mu.Unlock() }) }
func case_unlocked(*testing.T) { turns(func() { x = 1 }) }
`)
	if err != nil {
		t.Fatal(err)
	}
	for name, race := range map[string]bool{"ordered": false, "unlocked": true} {
		m := runRaceCase(t, prog, name, race)
		if race {
			continue
		}
		longest := 0
		for _, sh := range m.cellShadows {
			if l := sh.lists; l != nil {
				longest = max(longest, len(l.reads), len(l.atomics))
			}
		}
		if longest > 4 {
			t.Errorf("%s: a word remembers %d accesses of as many goroutines", name, longest)
		}
		for _, g := range m.gs {
			if g.state == gDone && g.vc != nil {
				t.Fatalf("%s: finished goroutine %d keeps its clock", name, g.id)
			}
		}
	}
}

// TestSubsumes: an access dropped from a word's list conflicts with
// nothing that the access that replaces it does not conflict with.
func TestSubsumes(t *testing.T) {
	for _, c := range []struct {
		op, r accessOp
		want  bool
	}{
		{opRead, opRead, true},
		{opRead, opChanSend, true},
		{opWaitGroupAdd, opRead, true},
		{opAtomicRead, opAtomicRead, true},
		{opAtomicWrite, opAtomicRead, true},
		{opAtomicWrite, opAtomicWrite, true},
		// A plain read races with the atomic write, not with an atomic read.
		{opAtomicRead, opAtomicWrite, false},
	} {
		if got := subsumes(c.op, c.r); got != c.want {
			t.Errorf("subsumes(%v, %v) = %v, want %v", c.op, c.r, got, c.want)
		}
	}
}

// TestAfterFuncHappensBefore: what a goroutine did before time.AfterFunc
// happens before the function runs, also when the goroutine has finished
// by then; what it does after does not (go test -race reports the
// second case and not the first).
func TestAfterFuncHappensBefore(t *testing.T) {
	t.Parallel()
	prog, err := loadSrc(t, `package main

import (
	"testing"
	"time"
)

func main() {}

var x int

func after(before bool) {
	done := make(chan bool)
	go func() {
		if before {
			x = 1
		}
		time.AfterFunc(time.Millisecond, func() {
			if x < 0 {
				panic(x)
			}
			done <- true
		})
		if !before {
			x = 1
		}
	}()
	<-done
}

func case_before(*testing.T) { after(true) }
func case_after(*testing.T)  { after(false) }
`)
	if err != nil {
		t.Fatal(err)
	}
	for name, race := range map[string]bool{"before": false, "after": true} {
		runRaceCase(t, prog, name, race)
	}
}

// runRaceCase runs case name of prog with the race detector, once (the
// cases' accesses happen in every schedule), and checks whether it found
// a race.
func runRaceCase(t *testing.T, prog *Program, name string, race bool) *Machine {
	t.Helper()
	m, res := runCase(t, prog, name, Config{Races: true, SharedPoints: true, RecordRaces: true})
	if res.Fault != nil {
		t.Fatalf("%s: fault %v", name, res.Fault)
	}
	if found := len(m.Races()) > 0; found != race {
		t.Errorf("%s: race found %v, want %v", name, found, race)
	}
	return m
}
