//go:build linux

package ssainterp

import (
	"runtime"
	"runtime/debug"
	"sync"
	"syscall"
	"time"
	"unsafe"
)

// Host memory for mappings (see mmap.go), and for large arrays of plain
// elements (bigPlainSlice).
//
// A mapping's cells live outside the Go heap, in memory mcheck maps from
// the host, anonymous and private as the program's own mapping would
// be: the host commits a page when it is first touched, so a cache that
// maps 64 MiB and writes a few chunks costs those chunks (a cell takes
// cellSize bytes), not the 1.5 GiB all its cells would take, and the
// collector neither zeroes nor scans them. The execution is charged for
// the pages touched (chargeRegions).
//
// Inv: a cell in host memory never holds a pointer into the Go heap,
// which the collector would not see there. A mapping's cells are bytes
// (uint8), whose values are scalars (value.n) with a nil r; every store
// into them (a byte, a byte array, copy, a view of plain data over
// them: unsafebytes.go) stores such values, and the unsafe model
// refuses to view them as anything that could hold a pointer
// (sameLayout). The same holds of a large array's cells: booleans,
// integers or floats, whose every store is of such a value.
//
// When the program unmaps a mapping, its host memory becomes
// inaccessible (PROT_NONE) until the execution ends: an access through
// a slice the program kept faults, as natively, and the fault (a panic
// of the host goroutine, which from then on runs with
// runtime/debug.SetPanicOnFault, as does any goroutine that steps the
// machine after it) ends the program as Go's runtime ends it
// ("unexpected fault address ... fatal error: fault"), at the fake
// address of the byte. StateHash makes such memory readable for the
// time of its walk.
//
// At the end of an execution (Finish, or when the collector finds the
// machine unreachable) its regions are zeroed and kept for the next
// execution's mappings and arrays of the same size: the pages touched
// are cleared in place while the pool keeps at most maxKeptPages
// resident (faulting a page in again costs more than clearing it), the
// others returned to the host (MADV_DONTNEED). A region taken from the
// pool is charged its kept pages as if the new execution had touched
// them (it cannot be told which it does). Regions are never unmapped, so
// a stale reference to one (there should be none) reads zeros instead
// of faulting the host.

// hostMappings says that mappings live in host memory here.
const hostMappings = true

// cellSize is the size of a cell in host memory (the accounting's
// valueSize is less).
const cellSize = int64(unsafe.Sizeof(value{}))

// hostRegion is host memory holding a mapping's cells.
type hostRegion struct {
	mem      []byte  // the host mapping, a multiple of the page size
	cells    []value // its first cells
	unmapped bool    // PROT_NONE: the program unmapped its mapping
	a        *unsafeAlloc
	charged  int64 // resident pages charged so far (chargeRegions)
	kept     int64 // pages left resident, zeroed, in the pool (release)
}

// regionPool keeps zeroed regions for reuse, by size.
var regionPool struct {
	sync.Mutex
	free map[int][]*hostRegion
	kept int64 // pages of the free regions left resident (release)
}

// hostRegions is a machine's regions, shared with its cleanup (which
// must not refer to the machine).
type hostRegions struct {
	sync.Mutex
	list     []*hostRegion
	released bool
	charged  time.Time     // when chargeRegions last asked the host
	cost     time.Duration // how long that took
	vec      []byte        // mincore's buffer
}

// mappingCells returns n zeroed cells for a mapping, in host memory (nil
// if the host refuses: the caller uses the Go heap then).
func (m *Machine) mappingCells(n int64) ([]value, *hostRegion) {
	size := int((n*cellSize + pageSize - 1) / pageSize * pageSize)
	r := takeRegion(size)
	if r == nil {
		mem, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE|syscall.MAP_NORESERVE)
		if err != nil {
			return nil, nil
		}
		// Pages one at a time, so that what a program touches costs
		// the same on every host.
		syscall.Madvise(mem, syscall.MADV_NOHUGEPAGE)
		r = &hostRegion{mem: mem}
	}
	r.cells = unsafe.Slice((*value)(unsafe.Pointer(&r.mem[0])), n)
	if m.uns.regions == nil {
		rs := &hostRegions{}
		m.uns.regions = rs
		runtime.AddCleanup(m, func(rs *hostRegions) { rs.release() }, rs)
	}
	m.uns.regions.Lock()
	m.uns.regions.list = append(m.uns.regions.list, r)
	m.uns.regions.Unlock()
	return r.cells, r
}

// bigPlainSlice returns c zeroed cells in host memory for the backing
// array of make([]T, n, c), T plain (plainBytes, of size bytes natively),
// or nil if the host refuses (the caller uses the Go heap then). Its cells
// hold no pointer whatever the program stores (a plain value is n alone),
// so the invariant above holds for them as for a mapping's bytes.
//
// A large buffer that a cache or a queue makes up front and fills slowly
// (bigcache's 1024 shards of 292 KiB, freecache's 256 segments of 1 MiB)
// then costs what the program touches, as natively: Go's heap takes fresh
// zeroed pages from the host for a large pointer-free array and neither
// zeroes nor scans them. The execution is charged the array's native size
// at once (the address space Go's heap would take: make([]byte, 1<<40)
// is out of memory here as there) and, as for a mapping, 16 bytes a cell
// of each page touched. The cells are not given back before the
// execution ends, though the program drops the slice: with the count
// cumulative (alloc.go), that is what the bound assumes anyway.
func (m *Machine) bigPlainSlice(c, size uint64) []value {
	m.allocN(c, size)
	cells, _ := m.mappingCells(int64(c))
	return cells
}

func takeRegion(size int) *hostRegion {
	regionPool.Lock()
	defer regionPool.Unlock()
	rs := regionPool.free[size]
	if len(rs) == 0 {
		return nil
	}
	r := rs[len(rs)-1]
	regionPool.free[size] = rs[:len(rs)-1]
	regionPool.kept -= r.kept
	r.kept = 0
	return r
}

// maxKeptPages bounds the pages the pool keeps resident, zeroed, for the
// next execution: a 24 MiB array filled at every execution (a []int of a
// million) would otherwise fault its pages in again each time, which
// costs more than clearing them.
const maxKeptPages = (256 << 20) / 4096

// release zeroes the regions and hands them to the pool, once. It
// reports whether a cell of the pages touched held a pointer (see the
// invariant above: a fault of mcheck's).
func (rs *hostRegions) release() (broken bool) {
	rs.Lock()
	list := rs.list
	done := rs.released
	rs.list, rs.released = nil, true
	rs.Unlock()
	if done {
		return false
	}
	regionPool.Lock()
	defer regionPool.Unlock()
	if regionPool.free == nil {
		regionPool.free = map[int][]*hostRegion{}
	}
	for _, r := range list {
		if r.unmapped {
			syscall.Mprotect(r.mem, syscall.PROT_READ|syscall.PROT_WRITE)
		}
		vec := residentVec(r.mem, nil)
		broken = broken || r.holdsPointer(vec)
		n := countResident(vec)
		if vec != nil && regionPool.kept+n <= maxKeptPages {
			// Zeroed in place, kept resident.
			for p, v := range vec {
				if v&1 != 0 {
					clear(r.mem[int64(p)*pageSize : min(int64(p+1)*pageSize, int64(len(r.mem)))])
				}
			}
			r.kept = n
			regionPool.kept += n
		} else if syscall.Madvise(r.mem, syscall.MADV_DONTNEED) != nil {
			continue // not zeroed: never reused
		}
		r.cells, r.unmapped, r.a, r.charged = nil, false, nil, 0
		regionPool.free[len(r.mem)] = append(regionPool.free[len(r.mem)], r)
	}
	return broken
}

// residentVec returns mincore's vector of mem's pages (bit 0: resident),
// in buf if it has room, or nil if the host refuses.
func residentVec(mem, buf []byte) []byte {
	pages := int((int64(len(mem)) + pageSize - 1) / pageSize)
	if cap(buf) < pages {
		buf = make([]byte, pages)
	}
	vec := buf[:pages]
	if _, _, e := syscall.Syscall(syscall.SYS_MINCORE, uintptr(unsafe.Pointer(&mem[0])), uintptr(len(mem)), uintptr(unsafe.Pointer(&vec[0]))); e != 0 {
		return nil
	}
	return vec
}

// holdsPointer reports whether a cell of r's resident pages (vec:
// residentVec) holds a reference (r != nil). It reads only what the
// program touched, so it costs a fraction of what touching it did.
func (r *hostRegion) holdsPointer(vec []byte) bool {
	n := int64(len(r.cells))
	for p, v := range vec {
		if v&1 == 0 {
			continue
		}
		from := int64(p) * pageSize / cellSize
		to := min(n, (int64(p+1)*pageSize+cellSize-1)/cellSize)
		for _, c := range r.cells[min(from, n):to] {
			if c.r != nil {
				return true
			}
		}
	}
	return false
}

// releaseRegions ends the machine's use of its regions (Finish). A
// region whose cells held a pointer is an internal fault.
func (m *Machine) releaseRegions() {
	if m.uns.regions != nil && m.uns.regions.release() && m.fault == nil {
		m.fault = &internalFault{msg: "internal error: a mapping's cells in host memory held a pointer, which the collector does not see (mmaphost_linux.go)"}
		m.exitCode = 3
	}
}

// unmapRegion makes r inaccessible: the program unmapped its mapping.
func (m *Machine) unmapRegion(r *hostRegion) {
	// The goroutine running the machine turns faults into panics from
	// now on (Step does it for any goroutine that runs it later).
	setPanicOnFault(true)
	if syscall.Mprotect(r.mem, syscall.PROT_NONE) == nil {
		r.unmapped = true
		m.uns.unmappedRegions = true
	}
}

// faultsOnUnmapped reports whether the machine has regions whose
// accesses fault, so that the goroutine running it must turn faults into
// panics (runtime/debug.SetPanicOnFault).
func (m *Machine) faultsOnUnmapped() bool { return m.uns.unmappedRegions }

// setPanicOnFault is runtime/debug.SetPanicOnFault.
func setPanicOnFault(on bool) bool { return debug.SetPanicOnFault(on) }

// unmappedAt returns the program's address of host address addr if it
// is in a region the program unmapped.
func (m *Machine) unmappedAt(addr uintptr) (uintptr, bool) {
	if m.uns.regions == nil {
		return 0, false
	}
	for _, r := range m.uns.regions.list {
		start := uintptr(unsafe.Pointer(&r.mem[0]))
		if r.unmapped && start <= addr && addr < start+uintptr(len(r.mem)) {
			return r.a.base + (addr-start)/uintptr(cellSize), true
		}
	}
	return 0, false
}

// readableRegions makes the regions the program unmapped readable for
// f (StateHash walks the memory the program still refers to).
func (m *Machine) readableRegions(f func()) {
	if m.uns.regions == nil {
		f()
		return
	}
	var prot []*hostRegion
	for _, r := range m.uns.regions.list {
		if r.unmapped && syscall.Mprotect(r.mem, syscall.PROT_READ) == nil {
			prot = append(prot, r)
		}
	}
	defer func() {
		for _, r := range prot {
			syscall.Mprotect(r.mem, syscall.PROT_NONE)
		}
	}()
	f()
}

// chargeRegions charges the execution for the pages of its regions that
// it has touched since the last call (mmap.go): mincore(2) tells which
// pages are resident, written or read (a page only read maps the host's
// zero page, which costs the host little, but mincore does not tell it
// apart: the charge errs on the safe side). A page holds
// pageSize/cellSize cells, each charged valueSize bytes as the Go heap's
// cells are.
func (m *Machine) chargeRegions() {
	if m.uns.regions == nil {
		return
	}
	start := time.Now()
	for _, r := range m.uns.regions.list {
		n := m.uns.regions.residentPages(r.mem)
		if n > r.charged {
			m.alloc(mulSat(uint64(n-r.charged), uint64(pageSize*valueSize)) / uint64(cellSize))
			r.charged = n
		}
	}
	m.uns.regions.charged = time.Now()
	m.uns.regions.cost = m.uns.regions.charged.Sub(start)
}

// chargeRegionsSoon is chargeRegions at most once in chargeInterval, and
// no sooner than chargeCostFactor times as long as the last one took
// after it: a check that asks the host every thousand steps about a
// program's hundreds of megabytes of mappings (fastcache's chunks, a
// mincore of each) would cost more than the steps.
func (m *Machine) chargeRegionsSoon() {
	if rs := m.uns.regions; rs != nil && time.Since(rs.charged) >= max(chargeInterval, chargeCostFactor*rs.cost) {
		m.chargeRegions()
	}
}

// chargeCostFactor bounds the time chargeRegionsSoon takes to about a
// twentieth of the execution's.
const chargeCostFactor = 20

// chargeInterval is how often chargeRegionsSoon asks the host: a loop
// touches at most a few hundred megabytes of pages in it.
const chargeInterval = 20 * time.Millisecond

// residentPages returns how many pages of mem are resident.
func (rs *hostRegions) residentPages(mem []byte) int64 {
	vec := residentVec(mem, rs.vec)
	if vec == nil {
		return (int64(len(mem)) + pageSize - 1) / pageSize // unknown: all of them
	}
	rs.vec = vec
	return countResident(vec)
}

// countResident counts the resident pages of a mincore vector.
func countResident(vec []byte) int64 {
	var n int64
	for _, v := range vec {
		n += int64(v & 1)
	}
	return n
}
