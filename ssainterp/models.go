package ssainterp

import (
	"go/types"
	"reflect"
	goruntime "runtime"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// modelFunc implements a function the interpreter models instead of
// running its body or bridging it. It receives the caller's frame and the
// evaluated arguments, delivers its result to register dst (-1: none), and
// returns the frame to continue with: fr, a callee frame it pushed, or nil
// after rewinding fr.pc to stop before a visible operation.
type modelFunc func(m *Machine, fr *frame, args []value, dst int) *frame

// modelTable maps a function's full name (types.Func.FullName style as
// ssa.Function.String prints it: "sync/atomic.AddInt64",
// "(*sync.Mutex).Lock", "(reflect.Value).Int"; the generic origin's name
// for instances) to its model.
type modelTable map[string]modelFunc

// genericModel makes the model of an instance fn of a generic function,
// which depends on its type arguments.
type genericModel func(p *Program, fn *ssa.Function) modelFunc

// models is the table of every model, assembled here from the families,
// one function (and file) each. To find where a function is modelled,
// find its family below. TestModelNames checks that every key names a
// function of the standard library in use. A host's hooks (hooks.go)
// come first: they are the embedding tool's, not the interpreter's.
var models = assembleModels(
	syncModels(),         // sync.go: Mutex, RWMutex, WaitGroup, Map, Cond, Pool
	atomicModels(),       // atomic.go: sync/atomic
	timeModels(),         // time.go: package time over the virtual clock
	runtimeModels(),      // runtime.go: Gosched, Goexit, GOMAXPROCS..., os.Exit, natives that block, errors.Is/As
	linknameModels(),     // linkname.go: runtime internals reached by linkname (clocks, fastrand, maps.clone...), callers and stacks
	reflectTypeModels(),  // reflect.go: reflect.Type and reflect's type functions
	reflectValueModels(), // reflectvalue.go: reflect.Value and reflect's value functions
	pipeModels(),         // pipe.go: io.Pipe
	ioModels(),           // io.go: io's initialisation, io.Copy
	regexpModels(),       // regexp.go: MustCompile's Regexps shared by the executions of a program
	fmtModels(),          // fmt.go: fmt's printing and scanning
	testingModels(),      // testing.go: testing.T
	randModels(),         // rand.go: math/rand, math/rand/v2
	environModels(),      // environ.go: os and syscall environment, internal/godebug settings
	sortModels(),         // sort.go: sort.Slice and friends
	netModels(),          // netmodel.go: the in-memory network's natives, syscall.Errno
	processModels(),      // process.go: signals to itself, pid, os/exec and profiles refused
	synctestModels(),     // synctest.go: testing/synctest's bubbles
	mmapModels(),         // mmap.go: anonymous private mappings (syscall, golang.org/x/sys/unix)
)

// genericModels maps the name of a generic function (its origin) to the
// maker of its instances' models.
var genericModels = map[string]genericModel{
	"math/rand/v2.N":     randN,             // rand.go
	"reflect.TypeFor":    reflectTypeFor,    // reflect.go
	"reflect.TypeAssert": reflectTypeAssert, // reflectvalue.go
	// A compiler intrinsic (hash/maphash.Comparable calls it) whose Go
	// body panics "intrinsic": it only makes v escape.
	"internal/abi.EscapeNonString": func(*Program, *ssa.Function) modelFunc { return noopModel },
	"hash/maphash.writeComparable": maphashWriteComparable, // maphash.go
	// An execution never collects memory: a cleanup never runs (as a
	// finalizer never does, runtime.go), and Cleanup.Stop is a no-op.
	"runtime.AddCleanup": func(p *Program, fn *ssa.Function) modelFunc {
		zero := p.rtypeOf(fn.Signature.Results().At(0).Type()).zero()
		return func(m *Machine, fr *frame, args []value, dst int) *frame {
			set(fr, dst, copyVal(zero))
			return fr
		}
	},
}

// noopModel is the model of a function with no effect the program can
// observe.
func noopModel(m *Machine, fr *frame, args []value, dst int) *frame { return fr }

// assembleModels merges the families' tables; a name modelled twice is an
// internal error.
func assembleModels(families ...modelTable) modelTable {
	all := modelTable{}
	for _, f := range families {
		for name, mf := range f {
			if _, dup := all[name]; dup {
				panic("internal error: " + name + " is modelled twice")
			}
			all[name] = mf
		}
	}
	return all
}

// nativeReflect lists the functions of package reflect that run natively:
// they work on plain values (kinds, tags) only.
var nativeReflect = map[string]bool{
	"(reflect.Kind).String":      true,
	"(reflect.ChanDir).String":   true,
	"(reflect.StructTag).Get":    true,
	"(reflect.StructTag).Lookup": true,
}

// modelledTypes lists types whose values the interpreter keeps state for:
// their zero value is value{} and the state lives in the cell, created on
// first use.
var modelledTypes = map[string]bool{
	"sync.Mutex":      true,
	"sync.RWMutex":    true,
	"sync.WaitGroup":  true,
	"sync.Map":        true,
	"reflect.Value":   true, // reflect.go
	"reflect.MapIter": true,
}

// interpLayout lists struct types of bridged packages whose values are
// laid out as interpreted structs because models create and read them.
var interpLayout = map[string]bool{
	"time.Timer":          true,
	"time.Ticker":         true,
	"reflect.StructField": true, // reflect.go
	"reflect.Method":      true,
	"reflect.ValueError":  true,
}

// modelFor returns the model of fn, or nil.
func (p *Program) modelFor(fn *ssa.Function) modelFunc {
	if v, ok := p.models.Load(fn); ok {
		return v.(modelFunc)
	}
	name := fn.String()
	if o := fn.Origin(); o != nil {
		name = o.String()
	}
	mf := p.table[name]
	if h := p.host; h != nil && h.Hooks[name] != nil {
		mf = hookModel(fn, h.Hooks[name])
	}
	if mf == nil && fn.Blocks == nil && fn.Pkg != nil && p.interpreted(fn.Pkg.Pkg) {
		// A bodyless function: its //go:linkname target's model.
		mf = p.table[p.linkTarget(fn)]
	}
	if gm := genericModels[name]; gm != nil && mf == nil {
		mf = gm(p, fn)
	}
	if mf == nil && inReflect(name) && !nativeReflect[name] {
		mf = func(m *Machine, fr *frame, args []value, dst int) *frame {
			unsupported("%s is not modelled", name)
			return nil
		}
	} else if mf != nil && inReflect(name) {
		mf = guardReflect(name, mf)
	}
	p.models.Store(fn, mf)
	return mf
}

// guardReflect wraps the model mf of reflect's function name: a run-time
// error of the host inside the model (a nil map, an index, a failed type
// assertion: a case the model does not handle) is an unsupported error
// naming the function, not an internal error. The model's own panics
// (the program's, mcheck's faults, nested calls') pass through.
func guardReflect(name string, mf modelFunc) modelFunc {
	return func(m *Machine, fr *frame, args []value, dst int) *frame {
		defer func() {
			if r := recover(); r != nil {
				if re, ok := r.(goruntime.Error); ok && !strings.Contains(re.Error(), "stack overflow") {
					unsupported("%s: a case the reflect model does not handle (%v)", name, re)
				}
				panic(r)
			}
		}()
		return mf(m, fr, args, dst)
	}
}

// set delivers a model's result.
func set(fr *frame, dst int, v value) {
	if dst >= 0 {
		fr.regs[dst] = v
	}
}

// cellOf returns the memory cell a pointer argument points to.
func cellOf(p value) *value {
	switch q := p.r.(type) {
	case *value:
		if q != nil {
			return q
		}
	case *reinterp:
		reinterpAccess(q)
	case nil:
	default:
		unsupported("a model of the standard library given %s", pointerDesc(q))
	}
	throwPanic(nilDeref())
	return nil
}

// pointerDesc describes a pointer that is not to an interpreted cell.
func pointerDesc(p any) string {
	if rv, ok := p.(reflect.Value); ok {
		return "a pointer to native memory (" + rv.Type().String() + ")"
	}
	return notMemory(p)
}

// stop rewinds fr so that the call is re-executed when the goroutine is
// next scheduled, and stops it.
func stop(fr *frame) *frame {
	fr.pc--
	return nil
}

// anyRtype returns the rtype of interface{}.
func (p *Program) anyRtype() *rtype { return p.rtypeOf(types.NewInterfaceType(nil, nil)) }

// inReflect reports whether the function named name belongs to package
// reflect.
func inReflect(name string) bool {
	name = strings.TrimLeft(name, "(*")
	return strings.HasPrefix(name, "reflect.")
}
