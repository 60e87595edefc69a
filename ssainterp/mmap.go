package ssainterp

import (
	"fmt"
	"go/types"
	"os"
	"strings"
	"syscall"
)

// Memory mappings: the anonymous private mappings that off-heap caches
// (fastcache's chunks) make with mmap and release with munmap.
//
// Natively, mmap(-1, 0, n, PROT_READ|PROT_WRITE, MAP_ANON|MAP_PRIVATE)
// returns n zeroed bytes at a page-aligned address that the Go heap does
// not manage; Go's Mmap (package syscall and golang.org/x/sys/unix)
// makes a []byte of exactly n bytes over them (len and cap n, though the
// kernel maps whole pages) and remembers it by its last byte, so that
// Munmap accepts only a whole mapping it made (EINVAL otherwise).
//
// Here a mapping is an allocation of n interpreted bytes, zero, that
// unsafe code can address (unsafe.go): its base is a fake address
// aligned to the host's page size. golang.org/x/sys/unix runs from SSA,
// so its own mmapper (the mutex, the map of active mappings, the
// EINVALs) runs as written and only the two system calls under it are
// modelled: unix.mmap returns the base of a new allocation, unix.munmap
// releases one. Package syscall is native, so its Mmap and Munmap are
// modelled whole, with the mmapper's checks.
//
// On Linux a mapping's cells live in host memory outside the Go heap,
// which the host commits a page at a time as the program touches them
// (mmaphost_linux.go), as it does natively. So the memory bound counts
// what fills the host's memory: the cells of the pages touched, 16
// bytes each as make([]byte) is charged, measured with mincore(2) at
// each mmap and munmap, at every check of the host's memory
// (hostCheckSteps) and every deadlineLoopSteps loop iterations; and,
// apart, the address space, 16 bytes a byte mapped, which may not pass
// the bound either (mappings of more than 64 MiB in all under the
// default 1 GiB are refused as out of memory). Between two measures a
// goroutine may touch more than the bound allows (a clear of a whole
// 64 MiB mapping commits 1.5 GiB of the host's memory in one
// operation); the next measure ends the execution. So an execution that
// maps memory may hold, for a moment, up to twice what one that does
// not may: its heap to the bound, and its mappings' cells to the bound
// as well. Elsewhere than on Linux the cells are on the Go heap, charged
// as make([]byte, n).
//
// Only anonymous private read-write mappings are modelled: fd -1, offset
// 0, PROT_READ|PROT_WRITE, MAP_ANON|MAP_PRIVATE, no address hint; and
// munmap of a whole mapping. Anything else (a file, MAP_SHARED, a
// read-only or inaccessible mapping, whose accesses would have to fault,
// part of a mapping, mremap) is an "unsupported" error naming the call
// and the program's line.
//
// An access after munmap faults, as natively: on Linux the cells'
// host memory becomes inaccessible and the fault ends the program with
// Go's "unexpected fault address ... fatal error: fault" at the byte's
// fake address (mmaphost_linux.go). Elsewhere the cells stay on the Go
// heap and such an access is not detected. What goes through an address
// (a uintptr converted back to a pointer into the released mapping,
// unsafe.Slice or a header over it) is an "unsupported" error. A second
// Munmap of the same slice is EINVAL, as natively.

// xsysUnix is the path of golang.org/x/sys/unix.
const xsysUnix = "golang.org/x/sys/unix"

// pageSize is the host's page size: mappings start on a page, and
// munmap releases whole pages.
var pageSize = int64(os.Getpagesize())

func mmapModels() modelTable {
	tab := modelTable{}
	// The runtime's (by linkname); os.Getpagesize and unix.Getpagesize
	// call it.
	tab["syscall.Getpagesize"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, intVal(pageSize))
		return fr
	}
	// mmap(addr, length uintptr, prot, flags, fd int, offset int64) (xaddr uintptr, err error)
	tab[xsysUnix+".mmap"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		if args[1].n == 0 {
			set(fr, dst, m.tuple2(value{}, m.errno(syscall.EINVAL)))
			return fr
		}
		a := m.mmapAnon(fr, "golang.org/x/sys/unix.Mmap", args[0].n, args[1].n, int64(args[2].n), int64(args[3].n), int64(args[4].n), int64(args[5].n))
		set(fr, dst, m.tuple2(value{n: uint64(a.base)}, value{}))
		return fr
	}
	// munmap(addr, length uintptr) (err error)
	tab[xsysUnix+".munmap"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		m.munmapAnon(fr, "golang.org/x/sys/unix.Munmap", uintptr(args[0].n), args[1].n)
		set(fr, dst, value{})
		return fr
	}
	tab[xsysUnix+".mremap"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		panic(&internalFault{pos: callerOutside(fr, xsysUnix), msg: "unsupported: golang.org/x/sys/unix.Mremap: mcheck models mappings made by Mmap and released whole by Munmap only"})
	}
	// Mmap(fd int, offset int64, length int, prot int, flags int) (data []byte, err error)
	tab["syscall.Mmap"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		length := int64(args[2].n)
		if length <= 0 {
			set(fr, dst, m.tuple2(value{}, m.errno(syscall.EINVAL)))
			return fr
		}
		a := m.mmapAnon(fr, "syscall.Mmap", 0, uint64(length), int64(args[3].n), int64(args[4].n), int64(args[0].n), int64(args[1].n))
		b := a.arr[:length:length]
		if m.uns.active == nil {
			m.uns.active = map[*value]*unsafeAlloc{}
		}
		m.uns.active[&b[length-1]] = a
		set(fr, dst, m.tuple2(value{r: b}, value{}))
		return fr
	}
	// Munmap(b []byte) (err error)
	tab["syscall.Munmap"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		b := args[0].slice()
		if len(b) == 0 || len(b) != cap(b) {
			set(fr, dst, m.errno(syscall.EINVAL))
			return fr
		}
		last := &b[cap(b)-1]
		a := m.uns.active[last]
		if a == nil || &a.arr[0] != &b[0] {
			set(fr, dst, m.errno(syscall.EINVAL))
			return fr
		}
		m.munmapAnon(fr, "syscall.Munmap", a.base, uint64(len(b)))
		delete(m.uns.active, last)
		set(fr, dst, value{})
		return fr
	}
	return tab
}

// mmapAnon makes the mapping that call (the program's function, for
// messages) asks for with mmap(addr, length, prot, flags, fd, offset),
// which must be an anonymous private read-write one.
func (m *Machine) mmapAnon(fr *frame, call string, addr, length uint64, prot, flags, fd, offset int64) *unsafeAlloc {
	const anon = syscall.MAP_ANON | syscall.MAP_PRIVATE
	if addr != 0 || fd != -1 || offset != 0 || prot != syscall.PROT_READ|syscall.PROT_WRITE || flags != anon {
		hint := ""
		if addr != 0 {
			hint = fmt.Sprintf(" at address %#x", addr)
		}
		panic(&internalFault{pos: callerOutside(fr, xsysUnix), msg: fmt.Sprintf(
			"unsupported: %s(fd %d, offset %d, length %d, %s, %s)%s: mcheck models anonymous private read-write mappings only (fd -1, offset 0, PROT_READ|PROT_WRITE, MAP_ANON|MAP_PRIVATE)",
			call, fd, offset, length, protString(prot), mapFlagsString(flags), hint)})
	}
	var arr []value
	var region *hostRegion
	if hostMappings {
		m.uns.reserved = addSat(m.uns.reserved, mulSat(length, valueSize))
		if m.uns.reserved > m.memLimit {
			m.mappingLimit()
		}
		m.chargeRegions()
		arr, region = m.mappingCells(int64(length))
	}
	if arr == nil {
		m.allocN(length, valueSize)
		arr = make([]value, length)
	}
	if m.watch {
		if region != nil {
			m.bigArrays.add(arr, fr.g.id, true) // lives until the execution ends
		} else {
			m.allocatedSlice(fr.g, arr)
		}
	}
	a := m.newAllocAligned(&unsafeAlloc{arr: arr, etype: types.Typ[types.Uint8], esize: 1, size: int64(length), mapped: true, region: region}, uintptr(pageSize))
	if region != nil {
		region.a = a
	}
	m.setPlace(&arr[0], place{a, 0})
	if m.uns.mmaps == nil {
		m.uns.mmaps = map[uintptr]*unsafeAlloc{}
	}
	m.uns.mmaps[a.base] = a
	return a
}

// munmapAnon releases the mapping at addr, which must be one mmapAnon
// made, whole: length covers its pages.
func (m *Machine) munmapAnon(fr *frame, call string, addr uintptr, length uint64) {
	a := m.uns.mmaps[addr]
	if a == nil || (int64(length)+pageSize-1)/pageSize != (a.size+pageSize-1)/pageSize {
		what := "memory mcheck did not map"
		if a != nil {
			what = fmt.Sprintf("%d bytes of a mapping of %d", length, a.size)
		} else if in := m.allocAt(addr); in != nil && in.mapped {
			what = "part of a mapping"
		}
		panic(&internalFault{pos: callerOutside(fr, xsysUnix), msg: fmt.Sprintf("unsupported: %s of %s (%#x): mcheck releases whole mappings only", call, what, addr)})
	}
	m.chargeRegions()
	delete(m.uns.mmaps, addr)
	a.unmapped = callerOutside(fr, xsysUnix)
	if a.region != nil {
		m.unmapRegion(a.region)
	}
}

// checkMapped refuses an address in a mapping the program has
// unmapped: natively an access there faults.
func (a *unsafeAlloc) checkMapped() {
	if a.unmapped != "" {
		unsupported("unsafe: an address in memory the program unmapped (munmap at %s); natively an access there faults", a.unmapped)
	}
}

// allocAt returns the allocation address addr is in, or nil.
func (m *Machine) allocAt(addr uintptr) *unsafeAlloc {
	s := &m.uns
	for _, a := range s.allocs {
		if a.base <= addr && addr < a.base+uintptr(max(a.size, 1)) {
			return a
		}
	}
	return nil
}

// errno returns e as an error value of type syscall.Errno (which is
// golang.org/x/sys/unix's Errno too), so that err == syscall.EINVAL and
// err == unix.EINVAL hold as natively.
func (m *Machine) errno(e syscall.Errno) value {
	sp := m.prog.ssa.ImportedPackage("syscall")
	if sp == nil {
		unsupported("an errno without package syscall loaded")
	}
	rt := m.prog.rtypeOf(sp.Type("Errno").Type())
	return value{r: &iface{t: rt, v: value{n: uint64(e)}}}
}

// callerOutside returns the position of the innermost frame of fr's
// goroutine that is neither in package pkg nor in the standard library:
// the program's call of a function of pkg.
func callerOutside(fr *frame, pkg string) string {
	for at := fr.g.top; at != nil; at = at.caller {
		f := at.fn.ssa
		if f == nil || f.Pkg == nil || f.Pkg.Pkg.Path() == pkg || isGoroot(at.fn.prog.fset.Position(f.Pos()).Filename) {
			continue
		}
		return at.position()
	}
	return programPosition(fr)
}

// protString spells mmap's prot argument as its constants.
func protString(prot int64) string {
	if prot == syscall.PROT_NONE {
		return "PROT_NONE"
	}
	return bitsString(prot, []bitName{{syscall.PROT_READ, "PROT_READ"}, {syscall.PROT_WRITE, "PROT_WRITE"}, {syscall.PROT_EXEC, "PROT_EXEC"}})
}

// mapFlagsString spells mmap's flags argument as its constants.
func mapFlagsString(flags int64) string {
	return bitsString(flags, []bitName{{syscall.MAP_SHARED, "MAP_SHARED"}, {syscall.MAP_PRIVATE, "MAP_PRIVATE"},
		{syscall.MAP_FIXED, "MAP_FIXED"}, {syscall.MAP_ANON, "MAP_ANON"}})
}

type bitName struct {
	bit  int64
	name string
}

func bitsString(v int64, names []bitName) string {
	var parts []string
	for _, b := range names {
		if v&b.bit != 0 {
			parts = append(parts, b.name)
			v &^= b.bit
		}
	}
	if v != 0 || len(parts) == 0 {
		parts = append(parts, fmt.Sprintf("%#x", v))
	}
	return strings.Join(parts, "|")
}

// faultAt ends the program as Go's runtime does when g touches memory
// that is no longer mapped (mmaphost_linux.go): addr is the program's
// address of the byte.
func (m *Machine) faultAt(g *goroutine, addr uintptr) {
	var b strings.Builder
	fmt.Fprintf(&b, "unexpected fault address %#x\nfatal error: fault\n[signal SIGSEGV: segmentation violation code=0x2 addr=%#x pc=0x0]\n", addr, addr)
	fmt.Fprintf(&b, "\ngoroutine %d [running]:\n%s", g.id, m.goroutineTrace(g))
	m.writeStderr(b.String())
	m.exitCode = 2
	m.exited = true
	m.fatalMsg = "fault"
}

// mappingLimit ends the execution: its mappings' address space passed
// the memory bound.
func (m *Machine) mappingLimit() {
	where := "(no interpreted frame)"
	if g := m.cur; g != nil && g.top != nil {
		where = g.top.position() + " (" + g.top.fn.name + ")"
	}
	m.limitFault(fmt.Sprintf("out of memory: the execution's mappings take more than %s of address space (16 bytes a byte mapped; the pages touched are charged as they are touched); last mapping at %s", FormatBytes(int64(m.memLimit)), where))
}
