package ssainterp

import (
	"go/types"
	"io"
	"reflect"
)

// A model of io.Pipe. The *io.PipeReader and *io.PipeWriter an
// interpreted program gets are real, zero values used as identities (as
// testing.T's are); their state lives here, per machine, and their
// methods are modelled as visible operations, so a Write blocks until
// Reads have taken all of its bytes, a Read until there is a Write or the
// writing half is closed, and the scheduler sees both, as with
// io/pipe.go's channels:
//
//   - Write waits for the pipe to be free of other writes, offers its
//     bytes, and returns when they are all read or the reader closed.
//   - Read takes bytes from the offered write, or returns the writer's
//     close error (io.EOF by default) once it closed.
//   - Close and CloseWithError record the error (io.ErrClosedPipe and
//     io.EOF by default) and wake the other side.

type pipeState struct {
	offered  bool    // a Write's bytes are on offer
	data     []value // what is left of them
	taken    int     // how many the current Write has had read
	writer   *goroutine
	rclosed  bool
	wclosed  bool
	rerr     value // the reader's close error, given to writers
	werr     value // the writer's close error, given to readers
	writeOps map[*goroutine]*pipeWrite
}

// pipeWrite is a Write in progress: waiting to offer, or offered.
type pipeWrite struct{ offered bool }

// pipeOf finds the state of a pipe half.
func (m *Machine) pipeOf(v value) *pipeState {
	rv, ok := v.r.(reflect.Value)
	if !ok || rv.IsNil() {
		throwPanic(nilDeref())
	}
	p := m.pipes[rv.Pointer()]
	if p == nil {
		unsupported("an io.PipeReader or io.PipeWriter that io.Pipe did not make")
	}
	return p
}

// nativeErr is the interpreted value of a native error (io.EOF).
func (m *Machine) nativeErr(err error) value {
	return m.errorValue(m.prog.rtypeOf(types.Universe.Lookup("error").Type()), err)
}

func init() {
	models["io.Pipe"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		r, w := reflect.New(reflect.TypeFor[io.PipeReader]()), reflect.New(reflect.TypeFor[io.PipeWriter]())
		p := &pipeState{writeOps: map[*goroutine]*pipeWrite{}}
		if m.pipes == nil {
			m.pipes = map[uintptr]*pipeState{}
		}
		m.pipes[r.Pointer()], m.pipes[w.Pointer()] = p, p
		set(fr, dst, value{r: agg{{r: r}, {r: w}}})
		return fr
	}
	models["(*io.PipeWriter).Write"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		p, g := m.pipeOf(args[0]), fr.g
		op := p.writeOps[g]
		if op == nil {
			// Wait for the pipe to be free of other writes.
			if !m.visible(fr, opDesc{kind: opModel, obj: p, what: "io.Pipe write", ready: func(*goroutine) bool {
				return !p.offered || p.rclosed || p.wclosed
			}}) {
				return stop(fr)
			}
			if p.rclosed || p.wclosed {
				set(fr, dst, value{r: agg{{}, p.writeErr(m)}})
				return fr
			}
			b, _ := args[1].r.([]value)
			p.offered, p.data, p.taken, p.writer = true, b, 0, g
			p.writeOps[g] = &pipeWrite{offered: true}
			fr.pc--
			return fr // come back to wait for the readers
		}
		// Offered: wait until read in full, or closed.
		if !m.visible(fr, opDesc{kind: opModel, obj: p, what: "io.Pipe write", ready: func(*goroutine) bool {
			return !p.offered || p.writer != g || p.rclosed || p.wclosed
		}}) {
			return stop(fr)
		}
		delete(p.writeOps, g)
		n := p.taken
		res := value{}
		if p.offered && p.writer == g { // closed before the bytes were read
			p.offered, p.data, p.writer = false, nil, nil
			res = p.writeErr(m)
		}
		set(fr, dst, value{r: agg{intVal(int64(n)), res}})
		return fr
	}
	models["(*io.PipeReader).Read"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		p := m.pipeOf(args[0])
		if !m.visible(fr, opDesc{kind: opModel, obj: p, what: "io.Pipe read", ready: func(*goroutine) bool {
			return p.offered || p.wclosed || p.rclosed
		}}) {
			return stop(fr)
		}
		switch {
		case p.rclosed:
			set(fr, dst, value{r: agg{{}, m.nativeErr(io.ErrClosedPipe)}})
		case p.offered:
			b, _ := args[1].r.([]value)
			n := copy(b, p.data)
			p.data = p.data[n:]
			p.taken += n
			if len(p.data) == 0 {
				p.offered = false // the writer may return
			}
			set(fr, dst, value{r: agg{intVal(int64(n)), {}}})
		default:
			err := p.werr
			if err.r == nil {
				err = m.nativeErr(io.EOF)
			}
			set(fr, dst, value{r: agg{{}, err}})
		}
		return fr
	}
	closeHalf := func(reader, withErr bool) modelFunc {
		return func(m *Machine, fr *frame, args []value, dst int) *frame {
			p := m.pipeOf(args[0])
			var err value
			if withErr {
				err = args[1]
			}
			if reader {
				if !p.rclosed {
					p.rclosed, p.rerr = true, err
				}
			} else if !p.wclosed {
				p.wclosed, p.werr = true, err
			}
			m.syncWith(fr.g, p)
			set(fr, dst, value{})
			return fr
		}
	}
	models["(*io.PipeReader).Close"] = closeHalf(true, false)
	models["(*io.PipeReader).CloseWithError"] = closeHalf(true, true)
	models["(*io.PipeWriter).Close"] = closeHalf(false, false)
	models["(*io.PipeWriter).CloseWithError"] = closeHalf(false, true)
}

// writeErr is what a Write returns on a closed pipe.
func (p *pipeState) writeErr(m *Machine) value {
	if p.rclosed && p.rerr.r != nil {
		return p.rerr
	}
	return m.nativeErr(io.ErrClosedPipe)
}

// isNativeErr reports whether interpreted error value v is the native
// error target (io.EOF, say).
func isNativeErr(v value, target error) bool {
	i, _ := v.r.(*iface)
	if i == nil {
		return false
	}
	rv, ok := i.v.r.(reflect.Value)
	return ok && rv.IsValid() && rv.CanInterface() && rv.Interface() == target
}

func init() {
	// io.ReadAll of a reader whose Read is interpreted or modelled (an
	// io.PipeReader) loops over Read as an ordinary call, so Read may
	// block; other readers are read natively.
	models["io.ReadAll"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		i, _ := args[0].r.(*iface)
		read := goMethod(i, "Read")
		if read == nil {
			return m.callNativeNamed(fr, "io", "ReadAll", args, dst)
		}
		buf := make([]value, 0, 512)
		code := []op{
			// 0: read into the free capacity, growing it first.
			func(fr *frame) *frame {
				if len(buf) == cap(buf) {
					buf = append(buf, value{})[:len(buf)]
				}
				return m.callFunc(fr, read, []value{i.v, {r: buf[len(buf):cap(buf)]}}, 0)
			},
			// 1: take what it read; loop, or return.
			func(fr *frame) *frame {
				res := fr.regs[0].r.(agg)
				buf = buf[:len(buf)+int(res[0].int())]
				switch err := res[1]; {
				case err.r == nil:
					fr.pc = 0
					return fr
				case isNativeErr(err, io.EOF):
					return m.ret(fr, value{r: agg{{r: buf}, {}}})
				default:
					return m.ret(fr, value{r: agg{{r: buf}, err}})
				}
			},
		}
		return m.enter(fr, m.synthetic("io.ReadAll", 1, fr.fn.posAt(fr.pc-1), code), dst)
	}
}

// goMethod returns method name of the dynamic type of i if it is
// interpreted or modelled, so that calling it may block; nil if it is
// native.
func goMethod(i *iface, name string) *function {
	if i == nil || i.t.t == nil {
		return nil
	}
	if fn := i.t.method(name); fn != nil && (!fn.external || fn.model != nil) {
		return fn
	}
	return nil
}

// callIOMethod calls method name of i with args, result to register
// dst: as an ordinary call if it is interpreted or modelled, else
// natively.
func (m *Machine) callIOMethod(fr *frame, i *iface, name string, args []value, dst int) *frame {
	if fn := goMethod(i, name); fn != nil {
		return m.callFunc(fr, fn, append([]value{i.v}, args...), dst)
	}
	return m.callNativeMethod(fr, i, name, args, dst)
}

func init() {
	// io.Copy between a reader or writer whose methods are interpreted or
	// modelled (an io.Pipe end) loops over Read and Write as ordinary
	// calls, so that they may block; between native ones it is native.
	models["io.Copy"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		w, _ := args[0].r.(*iface)
		r, _ := args[1].r.(*iface)
		if w == nil || r == nil || goMethod(r, "Read") == nil && goMethod(w, "Write") == nil {
			return m.callNativeNamed(fr, "io", "Copy", args, dst)
		}
		buf := make([]value, 8<<10)
		var written int64
		var readErr value
		n := 0
		done := func(fr *frame, err value) *frame { return m.ret(fr, value{r: agg{intVal(written), err}}) }
		code := []op{
			// 0: read.
			func(fr *frame) *frame { return m.callIOMethod(fr, r, "Read", []value{{r: buf}}, 0) },
			// 1: write what was read.
			func(fr *frame) *frame {
				res := fr.regs[0].r.(agg)
				n, readErr = int(res[0].int()), res[1]
				if n == 0 {
					fr.pc = 3
					return fr
				}
				return m.callIOMethod(fr, w, "Write", []value{{r: buf[:n]}}, 0)
			},
			// 2: count it.
			func(fr *frame) *frame {
				res := fr.regs[0].r.(agg)
				nw := int(res[0].int())
				written += int64(nw)
				if res[1].r != nil {
					return done(fr, res[1])
				}
				if nw != n {
					return done(fr, m.nativeErr(io.ErrShortWrite))
				}
				return fr
			},
			// 3: go on, or stop at the end or an error.
			func(fr *frame) *frame {
				switch {
				case readErr.r == nil:
					fr.pc = 0
					return fr
				case isNativeErr(readErr, io.EOF):
					return done(fr, value{})
				}
				return done(fr, readErr)
			},
		}
		return m.enter(fr, m.synthetic("io.Copy", 1, fr.fn.posAt(fr.pc-1), code), dst)
	}
}

// callNativeNamed calls the native function pkg.name, as a model does
// that handles only some of its arguments itself.
func (m *Machine) callNativeNamed(fr *frame, pkg, name string, args []value, dst int) *frame {
	fn := m.prog.ssa.ImportedPackage(pkg).Func(name)
	set(fr, dst, m.callNative(fr, m.prog.funcOf(fn), args))
	return fr
}
