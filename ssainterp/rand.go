package ssainterp

import (
	"encoding/binary"
	randv1 "math/rand"
	"math/rand/v2"

	"golang.org/x/tools/go/ssa"
)

// Models of the global functions of math/rand and math/rand/v2 and of
// the runtime's random numbers: they draw from a generator seeded by the
// execution's seed (Config.Seed), so an execution and its replay see the
// same numbers. The algorithms are the native ones: each global function
// calls the same method of a native Rand whose source is that generator,
// as the native global functions call their global Rand over the
// runtime's random source. Rands a program makes with rand.New over its
// own source run natively and are as deterministic as their seed; each
// call of a Rand's method writes it for the race detector (two goroutines
// drawing from one race, as in Go: receiverAccesses).
// crypto/rand's Read, Text and Reader (the machine's own variable, see
// cryptoReaderFD) draw from a ChaCha8 stream of the
// execution's seed too: a session token or a request id must be the same
// in a replay (a map keyed by them iterates in their order), and
// predictable bytes are a possible outcome of a cryptographic generator
// (Go's own, in a testing/synctest bubble, are not predictable, but no
// program can tell).

// randState is a machine's random generators, made on first use.
type randState struct {
	src *rand.PCG     // the execution's random stream
	v1  *randv1.Rand  // math/rand's global Rand
	cr  *rand.ChaCha8 // crypto/rand's bytes
	v2  *rand.Rand    // math/rand/v2's global Rand
}

// The second PCG word of the program's stream, apart from the one the
// scheduler's choices use (machine.go).
const progRandStream = 0x70726f6772616e64

func (m *Machine) randState() *randState {
	if m.lk.rnd == nil {
		src := rand.NewPCG(m.cfg.Seed, progRandStream)
		m.lk.rnd = &randState{src: src, v1: randv1.New(runtimeSource{src}), v2: rand.New(src)}
	}
	return m.lk.rnd
}

// progRand is the runtime's random source (fastrand, cheaprand, rand).
func (m *Machine) progRand() *rand.PCG { return m.randState().src }

// runtimeSource is math/rand's Source64 over the execution's stream, as
// math/rand's runtimeSource is over the runtime's.
type runtimeSource struct{ src *rand.PCG }

func (s runtimeSource) Int63() int64    { return int64(s.src.Uint64() & (1<<63 - 1)) }
func (s runtimeSource) Uint64() uint64  { return s.src.Uint64() }
func (s runtimeSource) Seed(seed int64) { panic("internal error: Seed of the runtime source") }

// randModels returns the models of packages math/rand and math/rand/v2's
// top-level functions, over the execution's random stream (randN, the
// generic N, is in genericModels).
func randModels() modelTable {
	tab := modelTable{}
	num := func(pkg string, f func(rs *randState, args []value) value) modelFunc {
		return func(m *Machine, fr *frame, args []value, dst int) *frame {
			defer m.randArgPanic()
			set(fr, dst, f(m.randState(), args))
			return fr
		}
	}
	signed := func(v int64) value { return intVal(v) }
	unsigned := func(v uint64) value { return value{n: v} }

	// math/rand
	v1 := func(name string, f func(r *randv1.Rand, args []value) value) {
		tab["math/rand."+name] = num("math/rand", func(rs *randState, args []value) value { return f(rs.v1, args) })
	}
	v1("Int63", func(r *randv1.Rand, _ []value) value { return signed(r.Int63()) })
	v1("Uint32", func(r *randv1.Rand, _ []value) value { return unsigned(uint64(r.Uint32())) })
	v1("Uint64", func(r *randv1.Rand, _ []value) value { return unsigned(r.Uint64()) })
	v1("Int31", func(r *randv1.Rand, _ []value) value { return signed(int64(r.Int31())) })
	v1("Int", func(r *randv1.Rand, _ []value) value { return signed(int64(r.Int())) })
	v1("Int63n", func(r *randv1.Rand, a []value) value {
		randCheck(a[0].int() > 0, "Int63n")
		return signed(r.Int63n(a[0].int()))
	})
	v1("Int31n", func(r *randv1.Rand, a []value) value {
		randCheck(int32(a[0].int()) > 0, "Int31n")
		return signed(int64(r.Int31n(int32(a[0].int()))))
	})
	v1("Intn", func(r *randv1.Rand, a []value) value {
		randCheck(a[0].int() > 0, "Intn")
		return signed(int64(r.Intn(int(a[0].int()))))
	})
	v1("Float64", func(r *randv1.Rand, _ []value) value { return f64Val(r.Float64()) })
	v1("Float32", func(r *randv1.Rand, _ []value) value { return f64Val(float64(r.Float32())) })
	v1("NormFloat64", func(r *randv1.Rand, _ []value) value { return f64Val(r.NormFloat64()) })
	v1("ExpFloat64", func(r *randv1.Rand, _ []value) value { return f64Val(r.ExpFloat64()) })
	v1("Perm", func(r *randv1.Rand, a []value) value { return intsVal(r.Perm(permLen(a[0]))) })
	tab["math/rand.Shuffle"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		defer m.randArgPanic()
		n := int(args[0].int())
		randCheck(n >= 0, "Shuffle")
		m.randState().v1.Shuffle(n, m.swapper(args[1]))
		return fr
	}
	// crypto/rand (see above).
	tab["crypto/rand.Read"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		p := args[0].slice()
		b := make([]byte, len(p))
		m.cryptoBytes(b)
		putBytes(p, b)
		set(fr, dst, m.tuple2(intVal(int64(len(b))), value{}))
		return fr
	}
	tab["crypto/rand.Text"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		const base32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567" // crypto/rand.Text's alphabet, 26 letters of 5 bits
		b := make([]byte, 26)
		m.cryptoBytes(b)
		for i := range b {
			b[i] = base32[b[i]%32]
		}
		set(fr, dst, strVal(string(b)))
		return fr
	}
	tab["math/rand.Read"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		p := args[0].slice()
		b := make([]byte, len(p))
		n, _ := m.randState().v1.Read(b)
		putBytes(p, b)
		set(fr, dst, m.tuple2(intVal(int64(n)), value{}))
		return fr
	}
	// Seed is a no-op unless GODEBUG=randseednop=0 (Go 1.24); then the
	// global functions draw from a source seeded with it.
	tab["math/rand.Seed"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		if m.prog.godebug("randseednop") == "0" {
			m.randState().v1 = randv1.New(randv1.NewSource(args[0].int()))
		}
		return fr
	}

	// math/rand/v2
	v2 := func(name string, f func(r *rand.Rand, args []value) value) {
		tab["math/rand/v2."+name] = num("math/rand/v2", func(rs *randState, args []value) value { return f(rs.v2, args) })
	}
	v2("Int64", func(r *rand.Rand, _ []value) value { return signed(r.Int64()) })
	v2("Uint32", func(r *rand.Rand, _ []value) value { return unsigned(uint64(r.Uint32())) })
	v2("Uint64", func(r *rand.Rand, _ []value) value { return unsigned(r.Uint64()) })
	v2("Int32", func(r *rand.Rand, _ []value) value { return signed(int64(r.Int32())) })
	v2("Int", func(r *rand.Rand, _ []value) value { return signed(int64(r.Int())) })
	v2("Uint", func(r *rand.Rand, _ []value) value { return unsigned(uint64(r.Uint())) })
	v2("Uint64N", func(r *rand.Rand, a []value) value {
		randCheck(a[0].n > 0, "Uint64N")
		return unsigned(r.Uint64N(a[0].n))
	})
	v2("Uint32N", func(r *rand.Rand, a []value) value {
		randCheck(uint32(a[0].n) > 0, "Uint32N")
		return unsigned(uint64(r.Uint32N(uint32(a[0].n))))
	})
	v2("UintN", func(r *rand.Rand, a []value) value {
		randCheck(a[0].n > 0, "UintN")
		return unsigned(uint64(r.UintN(uint(a[0].n))))
	})
	v2("Int64N", func(r *rand.Rand, a []value) value {
		randCheck(a[0].int() > 0, "Int64N")
		return signed(r.Int64N(a[0].int()))
	})
	v2("Int32N", func(r *rand.Rand, a []value) value {
		randCheck(int32(a[0].int()) > 0, "Int32N")
		return signed(int64(r.Int32N(int32(a[0].int()))))
	})
	v2("IntN", func(r *rand.Rand, a []value) value {
		randCheck(a[0].int() > 0, "IntN")
		return signed(int64(r.IntN(int(a[0].int()))))
	})
	v2("Float64", func(r *rand.Rand, _ []value) value { return f64Val(r.Float64()) })
	v2("Float32", func(r *rand.Rand, _ []value) value { return f64Val(float64(r.Float32())) })
	v2("NormFloat64", func(r *rand.Rand, _ []value) value { return f64Val(r.NormFloat64()) })
	v2("ExpFloat64", func(r *rand.Rand, _ []value) value { return f64Val(r.ExpFloat64()) })
	v2("Perm", func(r *rand.Rand, a []value) value { return intsVal(r.Perm(permLen(a[0]))) })
	tab["math/rand/v2.Shuffle"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		defer m.randArgPanic()
		n := int(args[0].int())
		randCheck(n >= 0, "Shuffle")
		m.randState().v2.Shuffle(n, m.swapper(args[1]))
		return fr
	}
	return tab
}

// randN is the model of math/rand/v2.N[Int intType](n Int) Int, for every
// integer type and time.Duration.
func randN(p *Program, fn *ssa.Function) modelFunc {
	k := p.rtypeOf(fn.Signature.Params().At(0).Type()).kind
	return func(m *Machine, fr *frame, args []value, dst int) *frame {
		defer m.randArgPanic()
		n := args[0]
		if k.isSigned() {
			randCheck(n.int() > 0, "N")
		} else {
			randCheck(n.n > 0, "N")
		}
		set(fr, dst, value{n: m.randState().v2.Uint64N(n.n)})
		return fr
	}
}

// randCheck panics with the native message of fn unless ok: the
// argument checks of the models panic as the native call would (in the
// host).
func randCheck(ok bool, fn string) {
	if !ok {
		panic(randArgError("invalid argument to " + fn))
	}
}

// randArgError is a rand model's argument check failing.
type randArgError string

// randArgPanic, deferred by a rand model, turns its failed argument check
// into the interpreted panic the native function raises (a string).
func (m *Machine) randArgPanic() {
	if r := recover(); r != nil {
		if e, ok := r.(randArgError); ok {
			throwPanic(m.stringPanic(string(e)))
		}
		panic(r)
	}
}

// swapper calls the interpreted swap function cl (func(i, j int)) from a
// native Shuffle; it runs nested and may not block.
func (m *Machine) swapper(cl value) func(i, j int) {
	c, _ := cl.r.(*closure)
	if c == nil {
		throwPanic(nilDeref())
	}
	return func(i, j int) { m.callNested(m.cur, c, []value{intVal(int64(i)), intVal(int64(j))}) }
}

// permLen is Perm's n, which make checks natively.
func permLen(n value) int {
	if n.int() < 0 {
		throwRuntime("makeslice: len out of range")
	}
	return int(n.int())
}

func intsVal(xs []int) value {
	out := make([]value, len(xs))
	for i, x := range xs {
		out[i] = intVal(int64(x))
	}
	return value{r: out}
}

// cryptoBytes fills b from the execution's crypto/rand stream.
func (m *Machine) cryptoBytes(b []byte) {
	rs := m.randState()
	if rs.cr == nil {
		var seed [32]byte
		binary.LittleEndian.PutUint64(seed[:], m.cfg.Seed)
		binary.LittleEndian.PutUint64(seed[8:], progRandStream)
		rs.cr = rand.NewChaCha8(seed)
	}
	rs.cr.Read(b)
}

// cryptoReader is the machine's crypto/rand.Reader (see cryptoReaderFD).
type cryptoReader struct{ m *Machine }

func (r cryptoReader) Read(b []byte) (int, error) {
	r.m.cryptoBytes(b)
	return len(b), nil
}

// putBytes stores b in the interpreted []byte p (as long as b).
func putBytes(p []value, b []byte) {
	for i, c := range b {
		p[i] = value{n: uint64(c)}
	}
}
