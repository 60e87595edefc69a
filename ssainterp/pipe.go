package ssainterp

import (
	"go/types"
	"io"
)

// A model of io.Pipe. Package io runs from SSA, but io.Pipe and the
// methods of its two halves are modelled: the *io.PipeReader and
// *io.PipeWriter an interpreted program gets are fresh cells used as
// identities; their state lives here, per machine, and their methods are
// modelled as visible operations, so a Write blocks until Reads have
// taken all of its bytes, a Read until there is a Write or the writing
// half is closed, and the scheduler sees both, as with io/pipe.go's
// channels:
//
//   - Write waits for the pipe to be free of other writes, offers its
//     bytes, and returns when they are all read or the reader closed.
//   - Read takes bytes from the offered write, or returns the writer's
//     close error (io.EOF by default) once it closed.
//   - Close and CloseWithError record the error (io.ErrClosedPipe and
//     io.EOF by default) and wake the other side.
//
// A pipe end handed to native code (a bytes.Buffer's ReadFrom) is called
// back nested; if its Read or Write would block there, the execution
// ends with an unsupported error naming the call.

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
	c, _ := v.r.(*value)
	if c == nil {
		throwPanic(nilDeref())
	}
	p := m.pipes[c]
	if p == nil {
		unsupported("an io.PipeReader or io.PipeWriter that io.Pipe did not make")
	}
	return p
}

// nativeErr is the interpreted value of a native error (io.EOF).
func (m *Machine) nativeErr(err error) value {
	return m.errorValue(m.prog.rtypeOf(types.Universe.Lookup("error").Type()), err)
}

// pipeModels returns the models of io.Pipe and of its two halves' methods.
func pipeModels() modelTable {
	tab := modelTable{}
	tab["io.Pipe"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		res := m.prog.rtypeOf(m.prog.ssa.ImportedPackage("io").Func("Pipe").Signature.Results())
		rz, wz := res.fields[0].elem.zero(), res.fields[1].elem.zero()
		r, w := &rz, &wz
		p := &pipeState{writeOps: map[*goroutine]*pipeWrite{}}
		if m.pipes == nil {
			m.pipes = map[*value]*pipeState{}
		}
		m.pipes[r], m.pipes[w] = p, p
		set(fr, dst, value{r: agg{{r: r}, {r: w}}})
		return fr
	}
	tab["(*io.PipeWriter).Write"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		p, g := m.pipeOf(args[0]), fr.g
		op := p.writeOps[g]
		if op == nil {
			// Wait for the pipe to be free of other writes.
			if !m.visible(fr, &opDesc{kind: opModel, obj: p, wait: WaitPipeWrite, ready: readyFunc(func(*goroutine) bool {
				return !p.offered || p.rclosed || p.wclosed
			})}) {
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
		if !m.visible(fr, &opDesc{kind: opModel, obj: p, wait: WaitPipeWrite, ready: readyFunc(func(*goroutine) bool {
			return !p.offered || p.writer != g || p.rclosed || p.wclosed
		})}) {
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
	tab["(*io.PipeReader).Read"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		p := m.pipeOf(args[0])
		if !m.visible(fr, &opDesc{kind: opModel, obj: p, wait: WaitPipeRead, ready: readyFunc(func(*goroutine) bool {
			return p.offered || p.wclosed || p.rclosed
		})}) {
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
	tab["(*io.PipeReader).Close"] = closeHalf(true, false)
	tab["(*io.PipeReader).CloseWithError"] = closeHalf(true, true)
	tab["(*io.PipeWriter).Close"] = closeHalf(false, false)
	tab["(*io.PipeWriter).CloseWithError"] = closeHalf(false, true)
	return tab
}

// writeErr is what a Write returns on a closed pipe.
func (p *pipeState) writeErr(m *Machine) value {
	if p.rclosed && p.rerr.r != nil {
		return p.rerr
	}
	return m.nativeErr(io.ErrClosedPipe)
}
