package ssainterp

import (
	_ "embed"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"

	"golang.org/x/tools/go/ssa"
)

// The network model. Package net is interpreted from Go's own source
// except for the files that reach the operating system, which
// overlay/net/memnet.go.txt replaces with an in-memory loopback network
// written in plain Go over sync.Mutex and sync.Cond (see that file). The
// few functions it declares with a placeholder body are modelled here: they hand
// it Go's native error values (so that errors.Is(err, net.ErrClosed)
// and errors.Is(err, syscall.ECONNREFUSED) hold as they do natively) and
// end the execution with an mcheck error where the program reaches
// outside the process.

//go:embed overlay/net/memnet.go.txt
var memnetOverlay []byte

// memnetFile is the name memnet.go.txt takes in package net. Its
// functions are quiet (quietFunc): their memory accesses are checked for
// races but are not scheduling points, since the model's mutex and
// condition operations are.
const memnetFile = "zz_mcheck_memnet.go"

//go:embed overlay/signal_unix.go.txt
var signalOverlay []byte

//go:embed overlay/weak.go.txt
var weakOverlay []byte

//go:embed overlay/pprof.go.txt
var pprofOverlay []byte

// runtimeOverlay makes weak and runtime/pprof plain Go: weak pointers
// that hold their target (an execution collects nothing) and pprof's
// labels without profiles. Every file of runtime/pprof but label.go is
// replaced.
func runtimeOverlay(overlay map[string][]byte) error {
	src := filepath.Join(runtime.GOROOT(), "src")
	overlay[filepath.Join(src, "weak", "pointer.go")] = weakOverlay
	dir := filepath.Join(src, "runtime", "pprof")
	ents, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("runtime/pprof: %v", err)
	}
	for _, e := range ents {
		name := e.Name()
		if strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") && name != "label.go" {
			overlay[filepath.Join(dir, name)] = []byte("package pprof\n")
		}
	}
	overlay[filepath.Join(dir, "zz_mcheck_pprof.go")] = pprofOverlay
	return nil
}

// netKeep lists the files of package net that run as Go wrote them: the
// portable API over the netFD that memnet.go.txt provides. Every other
// file of the package is replaced with an empty one.
var netKeep = map[string]bool{
	"addrselect.go": true, "cgo_stub.go": true, "conf.go": true, "dial.go": true,
	"dnsclient.go": true, "dnsclient_unix.go": true, "dnsconfig.go": true, "dnsconfig_unix.go": true,
	"file.go": true, "hook.go": true, "hosts.go": true, "interface.go": true, "ip.go": true,
	"iprawsock.go": true, "ipsock.go": true, "lookup.go": true, "mac.go": true, "net.go": true,
	"netcgo_off.go": true, "netgo_on.go": true, "nss.go": true, "parse.go": true, "pipe.go": true,
	"port.go": true, "port_unix.go": true, "tcpsock.go": true, "udpsock.go": true, "unixsock.go": true,
}

// netOverlay adds the network model's files to overlay: package net's
// system files emptied, net.go's one use of internal/poll replaced, and
// memnet.go.txt added.
func netOverlay(overlay map[string][]byte) error {
	dir := filepath.Join(runtime.GOROOT(), "src", "net")
	ents, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("the network model: %v", err)
	}
	for _, e := range ents {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") || netKeep[name] {
			continue
		}
		overlay[filepath.Join(dir, name)] = []byte("package net\n")
	}
	src, err := os.ReadFile(filepath.Join(dir, "net.go"))
	if err != nil {
		return fmt.Errorf("the network model: %v", err)
	}
	s := string(src)
	const imp, use = "\t\"internal/poll\"\n", "var errClosed = poll.ErrNetClosing"
	if strings.Count(s, imp) != 1 || strings.Count(s, use) != 1 {
		return fmt.Errorf("the network model does not know this Go version's net/net.go (%s)", runtime.Version())
	}
	s = strings.Replace(s, imp, "", 1)
	s = strings.Replace(s, use, "var errClosed = errNetClosing", 1)
	overlay[filepath.Join(dir, "net.go")] = []byte(s)
	overlay[filepath.Join(dir, memnetFile)] = memnetOverlay
	overlay[filepath.Join(runtime.GOROOT(), "src", "os", "signal", "signal_unix.go")] = signalOverlay
	return nil
}

// programPosition returns the position of the innermost call on fr's
// stack made by the program rather than the standard library: where it
// started a network operation. When the goroutine runs library code
// only (http.Transport's dialer), the goroutine that started it is asked,
// and so on up: it is usually still in the program's call that waits.
func programPosition(fr *frame) string {
	for g := fr.g; g != nil; g = g.parent {
		for at := g.top; at != nil; at = at.caller {
			if at.fn.ssa != nil && !isGoroot(at.fn.prog.fset.Position(at.fn.ssa.Pos()).Filename) {
				return at.position()
			}
		}
	}
	return fr.position()
}

// netCaller returns the frame that called into package net when g is
// inside the network model (memnet.go.txt), or nil.
func netCaller(g *goroutine) *frame {
	in := false
	for fr := g.top; fr != nil; fr = fr.caller {
		sf := fr.fn.ssa
		if sf == nil || sf.Pkg == nil {
			continue
		}
		switch {
		case sf.Pkg.Pkg.Path() == "net" && quietFunc(sf):
			in = true
		case in && sf.Pkg.Pkg.Path() != "net":
			return fr
		}
	}
	return nil
}

// bytealgOverlay makes internal/bytealg, which the service layer's
// packages call, plain Go: its portable files (the generic ones, without
// their build constraints) are kept, the assembly-backed ones and the
// assembly emptied.
// MakeNoZero, bodiless, is modelled.
func bytealgOverlay(overlay map[string][]byte) error {
	dir := filepath.Join(runtime.GOROOT(), "src", "internal", "bytealg")
	ents, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("internal/bytealg: %v", err)
	}
	for _, e := range ents {
		name := e.Name()
		if strings.HasSuffix(name, ".s") { // its symbols would clash with the generic Go
			overlay[filepath.Join(dir, name)] = nil
			continue
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if name != "bytealg.go" && !strings.HasSuffix(name, "_generic.go") {
			overlay[filepath.Join(dir, name)] = []byte("package bytealg\n")
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return fmt.Errorf("internal/bytealg: %v", err)
		}
		var out []string
		for _, l := range strings.Split(string(src), "\n") {
			if !strings.HasPrefix(l, "//go:build") {
				out = append(out, l)
			}
		}
		overlay[filepath.Join(dir, name)] = []byte(strings.Join(out, "\n"))
	}
	return nil
}

// netModels returns the models of memnet.go.txt's placeholder functions, of
// syscall.Errno's methods (package net returns syscall errnos as Go
// wrote it) and of os/exec, which is refused.
func netModels() modelTable {
	tab := modelTable{}
	tab["internal/bytealg.MakeNoZero"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, value{r: make([]value, args[0].n)})
		return fr
	}
	tab["net.memErrno"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, m.nativeErr(os.NewSyscallError(args[0].str(), syscall.Errno(args[1].n))))
		return fr
	}
	tab["net.memErrClosed"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, m.nativeErr(net.ErrClosed))
		return fr
	}
	tab["net.memOutside"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		panic(&internalFault{pos: programPosition(fr), msg: "unsupported: " + args[0].str() +
			": network access outside the process is not modelled (only loopback addresses and localhost are)"})
	}
	tab["runtime/pprof.mcheckUnsupported"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		panic(&internalFault{pos: programPosition(fr), msg: "unsupported: " + args[0].str() + ": profiles are not modelled (they would profile the interpreter)"})
	}
	tab["net.memUnsupported"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		panic(&internalFault{pos: programPosition(fr), msg: "unsupported: " + args[0].str() + " is not modelled by mcheck's in-memory network"})
	}
	errno := func(f func(syscall.Errno) value) modelFunc {
		return func(m *Machine, fr *frame, args []value, dst int) *frame {
			set(fr, dst, f(syscall.Errno(args[0].n)))
			return fr
		}
	}
	tab["(syscall.Errno).Error"] = errno(func(e syscall.Errno) value { return strVal(e.Error()) })
	tab["(syscall.Errno).Timeout"] = errno(func(e syscall.Errno) value { return boolVal(e.Timeout()) })
	tab["(syscall.Errno).Temporary"] = errno(func(e syscall.Errno) value { return boolVal(e.Temporary()) })
	signal := func(f func(syscall.Signal) value) modelFunc {
		return func(m *Machine, fr *frame, args []value, dst int) *frame {
			set(fr, dst, f(syscall.Signal(args[0].n)))
			return fr
		}
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
