package ssainterp

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Memory accounting.
//
// Each execution counts the bytes its program allocates, so that a
// program that allocates without bound ends as an mcheck limit ("out of
// memory: ...") instead of killing the host process with the Go
// runtime's unrecoverable "fatal error: out of memory".
//
// The count is of the interpreter's own representation, which is what
// fills the host's memory: every value (a slice or array element, a
// struct field, a variable) takes 16 bytes, so an interpreted []byte of
// n elements costs 16n bytes where Go's costs n. What is counted, with
// the size charged (see hostSize for struct and array contents):
//
//   - new(T), &T{...}, composite literals and variables that escape
//     (ssa.Alloc with Heap): 16 + the contents of T; variables that do
//     not escape, and the arrays that carry a variadic call's arguments
//     (append(s, x) makes one), only when they take 64 KiB or more (Go
//     keeps smaller ones on the stack; counting each would only count
//     churn);
//   - make([]T, n, c) and the arrays append grows into: c × (16 +
//     contents of T), charged before the array is made; on Linux, a
//     make or an array variable of 64 Ki or more booleans, integers or
//     floats lives in host memory (bigPlainSlice): its native size at
//     once, and 16 bytes a cell of the pages touched, as mappings;
//   - make(map) (64 bytes) and each key added to a map (64 + the
//     contents of key and element);
//   - make(chan T, n): 96 + n × 16;
//   - string concatenation and conversions between strings and byte or
//     rune slices: the bytes (or elements) of the result;
//   - closures (32 + 16 per captured variable), interface boxing of a
//     value (32), and each goroutine (1 KiB: its frames and state).
//   - mappings (mmap.go): on Linux, 16 bytes for each cell of the host
//     pages the program has touched, measured at each mmap and munmap
//     and every hostCheckSteps steps; their address space, 16 bytes a
//     byte mapped, is bounded apart. Elsewhere as make([]byte, n).
//
// Not counted: what natively bridged functions allocate (strings.Repeat,
// fmt.Sprintf, strings.Builder's buffer: Go's own allocator makes those
// natively), the reflect model's allocations, copies of struct values
// that assignments make, and call frames (bounded by Config.MaxDepth).
// For native allocations there is a safety net instead, which depends
// on the host: see checkHost.
//
// The count is cumulative: there is no model of the garbage collector,
// so memory the program has dropped still counts. An execution that
// churns through more than the bound in total is refused although Go
// would collect its garbage; the bound is large enough (1 GiB by
// default) that such an execution takes many seconds interpreted. A
// cumulative count keeps the outcome a function of the schedule alone,
// so the limit replays exactly.
//
// A limit ends the execution as an internal fault marked as a limit (see
// IsLimit): the program cannot recover it, its deferred calls do not
// run, and explorers report it as something mcheck could not run, never
// as a bug of the program.

// DefaultMaxMemory is the memory bound of an execution when
// Config.MaxMemory is zero.
const DefaultMaxMemory = 1 << 30

// valueSize is the size of one interpreted value (type value).
const valueSize = 16

// Sizes charged for objects whose representation is not a slice of
// values (see the list above).
const (
	ifaceBytes     = 32
	closureBytes   = 32
	mapBytes       = 64
	mapEntryBytes  = 64
	chanBytes      = 96
	goroutineBytes = 1024
	// bigLocalBytes is the size from which a variable that does not
	// escape is counted.
	bigLocalBytes = 64 << 10
)

// alloc charges n bytes to the execution and ends it as out of memory
// once the total passes the bound. Callers charge before they allocate,
// so that one huge allocation never reaches the host's allocator.
func (m *Machine) alloc(n uint64) {
	m.memUsed += n
	m.allocs++
	if m.memUsed > m.memLimit || m.memUsed < n {
		m.outOfMemory()
	}
}

// allocN charges count objects of size bytes each, saturating.
func (m *Machine) allocN(count, size uint64) {
	m.alloc(mulSat(count, size))
}

// mulSat is a × b, or the largest uint64 if that overflows.
func mulSat(a, b uint64) uint64 {
	if a != 0 && b > math.MaxUint64/a {
		return math.MaxUint64
	}
	return a * b
}

// outOfMemory ends the execution: the bound has been passed.
func (m *Machine) outOfMemory() {
	where := "(no interpreted frame)"
	if g := m.cur; g != nil && g.top != nil {
		where = g.top.position() + " (" + g.top.fn.name + ")"
	}
	m.memUsed = m.memLimit // a later report (MemoryUsed) is not the saturated sum
	m.limitFault(fmt.Sprintf("out of memory: execution allocated more than %s; last allocation at %s", FormatBytes(int64(m.memLimit)), where))
}

// limitFault ends the execution because one of mcheck's bounds was
// reached. It does not return.
func (m *Machine) limitFault(msg string) {
	m.limit = msg
	panic(&internalFault{msg: msg, limit: true})
}

// MemoryUsed returns the bytes the execution has been charged so far.
func (m *Machine) MemoryUsed() int64 { return int64(min(m.memUsed, math.MaxInt64)) }

// IsLimit reports whether err (typically Result.Fault, or an error that
// wraps it) is an mcheck limit: the execution reached a bound of
// mcheck's (memory, call depth, loop steps), which says nothing about
// the program's correctness.
func IsLimit(err error) bool {
	var f *internalFault
	return errors.As(err, &f) && f.limit
}

// hostSize returns the bytes a value of type rt holds outside its own
// 16-byte value: the fields of a struct and the elements of an array,
// recursively (pointers, slices, maps and strings are counted where they
// are made). It saturates instead of overflowing.
func hostSize(rt *rtype) uint64 {
	switch rt.kind {
	case kStruct:
		var n uint64
		for _, f := range rt.fields {
			n = addSat(n, addSat(valueSize, hostSize(f)))
		}
		return n
	case kArray:
		return mulSat(uint64(rt.length), addSat(valueSize, hostSize(rt.elem)))
	case kNative:
		return 64 // a native struct behind a reflect.Value: an estimate
	}
	return 0
}

// elemBytes is what one element of type rt costs in a slice, a map or a
// new variable: its value and its contents.
func elemBytes(rt *rtype) uint64 { return addSat(valueSize, hostSize(rt)) }

// plainBytes is the native size of a value of rt if its values are
// scalars held in value.n alone (booleans, integers, floats), and 0 for
// any other type: the element types whose large arrays make keeps in
// host memory (bigPlainSlice).
func plainBytes(rt *rtype) uint64 {
	switch k := rt.kind; {
	case k == kBool:
		return 1
	case k.isInt() || k.isFloat():
		return uint64(k.bits() / 8)
	}
	return 0
}

// bigPlainCells is the capacity from which make([]T, n, c) of a plain
// element type (plainBytes) keeps its array in host memory on Linux
// (bigPlainSlice): 64 Ki elements, 1.5 MiB of cells.
const bigPlainCells = 1 << 16

func addSat(a, b uint64) uint64 {
	if a+b < a {
		return math.MaxUint64
	}
	return a + b
}

// FormatBytes prints a byte count in the largest binary unit that
// divides it exactly ("1 GiB", "512 MiB"), else in bytes ("1500 bytes").
func FormatBytes(n int64) string {
	units := []struct {
		size int64
		name string
	}{{1 << 40, "TiB"}, {1 << 30, "GiB"}, {1 << 20, "MiB"}, {1 << 10, "KiB"}}
	for _, u := range units {
		if n >= u.size && n%u.size == 0 {
			return strconv.FormatInt(n/u.size, 10) + " " + u.name
		}
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// ParseBytes reads a positive byte count: a number with an optional
// binary unit, B, K/KB/KiB, M/MB/MiB, G/GB/GiB or T/TB/TiB (all powers of
// 1024; "1.5GiB" is allowed), case-insensitive.
func ParseBytes(s string) (int64, error) {
	t := strings.TrimSpace(s)
	i := strings.IndexFunc(t, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	num, unit := t, ""
	if i >= 0 {
		num, unit = t[:i], strings.TrimSpace(t[i:])
	}
	mult := map[string]float64{"": 1, "b": 1,
		"k": 1 << 10, "kb": 1 << 10, "kib": 1 << 10,
		"m": 1 << 20, "mb": 1 << 20, "mib": 1 << 20,
		"g": 1 << 30, "gb": 1 << 30, "gib": 1 << 30,
		"t": 1 << 40, "tb": 1 << 40, "tib": 1 << 40,
	}[strings.ToLower(unit)]
	f, err := strconv.ParseFloat(num, 64)
	if err != nil || mult == 0 {
		return 0, fmt.Errorf("invalid size %q: want a number of bytes with an optional unit (KiB, MiB, GiB, TiB)", s)
	}
	n := f * mult
	if n < 1 || n >= math.MaxInt64 {
		return 0, fmt.Errorf("invalid size %q: must be at least one byte and less than 8 EiB", s)
	}
	return int64(n), nil
}

// ByteSize is a memory bound as a command-line flag (flag.Value): it
// reads ParseBytes's forms and prints FormatBytes's. Its zero value
// stands for DefaultMaxMemory (as Config.MaxMemory's does).
type ByteSize int64

func (b *ByteSize) String() string {
	if b == nil || *b == 0 {
		return FormatBytes(DefaultMaxMemory)
	}
	return FormatBytes(int64(*b))
}

// Get returns the bound as an int64 (flag.Getter).
func (b *ByteSize) Get() any { return int64(*b) }

func (b *ByteSize) Set(s string) error {
	n, err := ParseBytes(s)
	if err != nil {
		return err
	}
	*b = ByteSize(n)
	return nil
}

// depthLimit ends the execution because goroutine g, calling fn, went
// deeper than Config.MaxDepth. Go's own bound is a 1 GB stack, which
// frames of ordinary size reach only millions of calls deep: reaching
// MaxDepth is no proof of a stack overflow in Go, so it is a limit, not
// a program failure.
func (m *Machine) depthLimit(g *goroutine, fn *function) {
	where := ""
	if fr := g.top; fr != nil {
		where = " at " + fr.position() + " (" + fr.fn.name + ")"
	}
	m.limitFault(fmt.Sprintf("call depth limit: more than %d nested calls on goroutine %d, calling %s%s (runaway recursion?)",
		m.cfg.MaxDepth, g.id, fn.name, where))
}

// loopPosition returns file:line of the loop whose back edge fr is
// taking (the step bound counts back edges): the jump itself has no
// position, so the first positioned instruction of the block it jumps
// to (the loop's condition), else of its own block, else fr's position.
func loopPosition(fr *frame) string {
	if i := fr.pc - 1; i >= 0 && i < len(fr.fn.instr) {
		if j, ok := fr.fn.instr[i].(*ssa.Jump); ok {
			b := j.Block()
			for _, blk := range []*ssa.BasicBlock{b.Succs[0], b} {
				for _, ins := range blk.Instrs {
					switch ins.(type) {
					case *ssa.Phi, *ssa.DebugRef:
						continue // a φ has its variable's position
					}
					if p := ins.Pos(); p.IsValid() {
						pos := fr.fn.prog.fset.Position(p)
						return fmt.Sprintf("%s:%d", pos.Filename, pos.Line)
					}
				}
			}
		}
	}
	return fr.position()
}

// hostCheckSteps is how many scheduling steps (Machine.Step) pass
// between two checks of the host's memory.
const hostCheckSteps = 1 << 10

// checkHost is a safety net for what the count of alloc does not see
// (native functions allocating: a strings.Builder grown without end).
// When the host process has a soft memory limit
// (runtime/debug.SetMemoryLimit, GOMEMLIMIT; mcheck test sets one) and
// its live heap passes nine tenths of it, the execution ends as out of
// memory. The check runs every hostCheckSteps scheduling steps, not in
// loops (a check there slowed the interpreter's loops measurably), so a
// goroutine that grows native memory in a loop without a visible
// operation is stopped only by the loop bound. It depends on the host,
// not on the schedule alone (another execution running in parallel may
// hold the memory); it is there so that the host does not die, and the
// message says so.
func (m *Machine) checkHost() {
	if live, limit, over := hostMemoryPressure(); over {
		where := "(no interpreted frame)"
		if g := m.cur; g != nil && g.top != nil {
			where = g.top.position() + " (" + g.top.fn.name + ")"
		}
		m.limitFault(fmt.Sprintf("out of memory: the host process holds %d MiB, more than nine tenths of its memory limit of %d MiB (allocations of native functions are not counted per execution); the execution was at %s",
			live>>20, limit>>20, where))
	}
}

// hostMemoryPressure reports the host's live heap and soft memory limit,
// and whether the heap passed nine tenths of the limit. Without a limit
// it reports nothing.
func hostMemoryPressure() (live, limit uint64, over bool) {
	l := debug.SetMemoryLimit(-1)
	if l <= 0 || l == math.MaxInt64 {
		return 0, 0, false
	}
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0, 0, false
	}
	live, limit = s[0].Value.Uint64(), uint64(l)
	if live > limit/10*9 {
		// The figure is the last collection's: an exploration that
		// ended since may have left all of it garbage. Ask again after
		// a collection before calling the memory held.
		runtime.GC()
		metrics.Read(s)
		live = s[0].Value.Uint64()
	}
	return live, limit, live > limit/10*9
}
