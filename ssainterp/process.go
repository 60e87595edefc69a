package ssainterp

import (
	"fmt"
	"os"
	"strings"
	"syscall"

	"golang.org/x/tools/go/ssa"
)

// processModels returns the models of what reaches the process around
// the program: signals it sends itself (syscall.Kill, delivered through
// os/signal's overlay), its pid, other processes (os/exec and
// os.Process are refused), profiles (refused), and the assembly helper
// of internal/bytealg's plain-Go overlay.
func processModels() modelTable {
	tab := modelTable{}
	signal := func(f func(syscall.Signal) value) modelFunc {
		return func(m *Machine, fr *frame, args []value, dst int) *frame {
			set(fr, dst, f(syscall.Signal(args[0].n)))
			return fr
		}
	}
	tab["internal/bytealg.MakeNoZero"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, value{r: make([]value, args[0].n)})
		return fr
	}
	tab["runtime/pprof.mcheckUnsupported"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		panic(&internalFault{pos: programPosition(fr), msg: "unsupported: " + args[0].str() + ": profiles are not modelled (they would profile the interpreter)"})
	}
	tab["syscall.Getpid"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, intVal(int64(os.Getpid())))
		return fr
	}
	// Stop waits for the runtime's signal loop, which does not exist here.
	tab["os/signal.signalWaitUntilIdle"] = noopModel
	tab["(syscall.Signal).String"] = signal(func(s syscall.Signal) value { return strVal(s.String()) })
	tab["(syscall.Signal).Signal"] = signal(func(syscall.Signal) value { return value{} })
	refuse := func(name int) modelFunc { // args[name] is the command, args[name+1] its arguments
		return func(m *Machine, fr *frame, args []value, dst int) *frame {
			cmd := []string{args[name].str()}
			for _, a := range args[name+1].slice() {
				cmd = append(cmd, a.str())
			}
			unsupported("os/exec: the program runs %q; mcheck does not run other processes", strings.Join(cmd, " "))
			return fr
		}
	}
	tab["os/exec.Command"], tab["os/exec.CommandContext"] = refuse(0), refuse(1)
	tab["syscall.Kill"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		pid, sig := int(args[0].n), syscall.Signal(args[1].n)
		if pid != os.Getpid() || sig == 0 {
			if sig == 0 && pid == os.Getpid() {
				set(fr, dst, value{}) // the process exists
				return fr
			}
			panic(&internalFault{pos: programPosition(fr), msg: fmt.Sprintf("unsupported: syscall.Kill(%d, %v): mcheck models signals a program sends to itself only", pid, sig)})
		}
		var deliver *ssa.Function
		if sp := m.prog.ssa.ImportedPackage("os/signal"); sp != nil && m.prog.interpreted(sp.Pkg) {
			deliver = sp.Func("mcheckDeliver")
		}
		if deliver == nil {
			panic(&internalFault{pos: programPosition(fr), msg: fmt.Sprintf("unsupported: the program sends itself %v and does not import os/signal: the signal would end the process", sig)})
		}
		fn := m.prog.funcOf(deliver)
		pos := programPosition(fr)
		code := []op{ // regs[0]: the signal, then whether it was handled
			func(fr *frame) *frame {
				callee := m.enter(fr, fn, 0)
				callee.regs[0] = value{n: uint64(sig)}
				return callee
			},
			func(fr *frame) *frame {
				if fr.regs[0].n == 0 {
					panic(&internalFault{pos: pos, msg: fmt.Sprintf("unsupported: the program sends itself %v, which it neither handles nor ignores: the signal would end the process", sig)})
				}
				return m.ret(fr, value{})
			},
		}
		return m.enter(fr, m.synthetic("syscall.Kill", 1, fr.fn.posAt(fr.pc-1), code), dst)
	}
	tab["(*os.Process).Signal"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		panic(&internalFault{pos: programPosition(fr), msg: "unsupported: os.Process.Signal: mcheck models only signals sent with syscall.Kill(os.Getpid(), sig)"})
	}
	tab["(*os.Process).Kill"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		panic(&internalFault{pos: programPosition(fr), msg: "unsupported: os.Process.Kill: mcheck does not signal processes"})
	}
	return tab
}
