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
)

// The network model. Package net is interpreted from Go's own source
// except for the files that reach the operating system, which
// overlay/net/memnet.go.txt replaces with an in-memory loopback network
// written in plain Go over sync.Mutex and sync.Cond (see that file). The
// few functions it declares with a placeholder body are modelled here:
// they hand it Go's native error values (so that errors.Is(err,
// net.ErrClosed) and errors.Is(err, syscall.ECONNREFUSED) hold as they
// do natively) and end the execution with an mcheck error where the
// program reaches outside the process.

//go:embed overlay/net/memnet.go.txt
var memnetOverlay []byte

// memnetFile is the name memnet.go.txt takes in package net. Its
// functions are quiet (quietFunc): their memory accesses are checked for
// races but are not scheduling points, since the model's mutex and
// condition operations are.
const memnetFile = "zz_mcheck_memnet.go"

// memSocketFD is memnet.go.txt's descriptor of its sockets (see there).
const memSocketFD = 1 << 30

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

// netModels returns the models of memnet.go.txt's placeholder functions
// and of syscall.Errno's methods (package net returns syscall errnos as
// Go wrote it).
func netModels() modelTable {
	tab := modelTable{}
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
	tab["net.memUnsupported"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		panic(&internalFault{pos: programPosition(fr), msg: "unsupported: " + args[0].str() + " is not modelled by mcheck's in-memory network"})
	}
	// Socket options of the in-memory network's sockets (Control hands
	// out memSocketFD for them; gRPC's channelz reads SO_LINGER,
	// SO_RCVTIMEO and TCP_INFO of every connection).
	sockopt := func(get, withValue bool) modelFunc {
		return func(m *Machine, fr *frame, args []value, dst int) *frame {
			if int64(args[0].n) != memSocketFD {
				panic(&internalFault{pos: programPosition(fr), msg: fmt.Sprintf("unsupported: socket options of descriptor %d: only the in-memory network's sockets (through SyscallConn's Control) are modelled", int64(args[0].n))})
			}
			err := value{}
			if get {
				err = m.nativeErr(syscall.ENOPROTOOPT)
			}
			if withValue {
				err = value{r: agg{{}, err}}
			}
			set(fr, dst, err)
			return fr
		}
	}
	for _, pkg := range []string{"syscall", "golang.org/x/sys/unix"} {
		tab[pkg+".getsockopt"] = sockopt(true, false)
		tab[pkg+".setsockopt"] = sockopt(false, false)
	}
	// Package syscall comes from export data, without bodies: its
	// exported setters, and GetsockoptInt, are modelled themselves.
	for _, name := range []string{"Byte", "ICMPv6Filter", "IPMreq", "IPMreqn", "IPv6Mreq", "Inet4Addr", "Int", "Linger", "String", "Timeval"} {
		tab["syscall.Setsockopt"+name] = sockopt(false, false)
	}
	tab["syscall.GetsockoptInt"] = sockopt(true, true)
	tab["net.memRawStage"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		if m.rawReads == nil {
			m.rawReads = map[*goroutine]*rawRead{}
		}
		m.rawReads[fr.g] = &rawRead{buf: args[0].slice(), eof: args[1].bool(), errno: syscall.Errno(args[2].n)}
		return fr
	}
	tab["net.memRawTaken"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		r := m.rawReads[fr.g]
		delete(m.rawReads, fr.g)
		set(fr, dst, intVal(int64(r.taken)))
		return fr
	}
	for _, name := range []string{"syscall.Read", xsysUnix + ".read"} {
		tab[name] = func(m *Machine, fr *frame, args []value, dst int) *frame {
			n, err := m.sysRead(fr, int(int64(args[0].n)), args[1].slice())
			set(fr, dst, value{r: agg{intVal(int64(n)), err}})
			return fr
		}
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
	return tab
}

// A rawRead is what the reads of memSocketFD by one goroutine inside
// RawConn.Read's function see (memnet.go.txt's memRawStage).
type rawRead struct {
	buf   []value // the socket's bytes
	eof   bool
	errno syscall.Errno
	taken int // bytes read so far
}

// sysRead is syscall.Read (or unix.Read) of descriptor fd into p: on
// memSocketFD inside RawConn.Read's function, a read of the in-memory
// socket that does not block; on any other descriptor, the host's read.
func (m *Machine) sysRead(fr *frame, fd int, p []value) (int, value) {
	if fd != memSocketFD {
		b := make([]byte, len(p))
		n, err := syscall.Read(fd, b)
		for i := 0; i < n; i++ {
			p[i] = value{n: uint64(b[i])}
		}
		m.sliceWritten(p[:max(n, 0)])
		if err != nil {
			return n, m.nativeErr(err)
		}
		return n, value{}
	}
	r := m.rawReads[fr.g]
	switch {
	case r == nil:
		panic(&internalFault{pos: programPosition(fr), msg: "unsupported: a read of an in-memory socket's descriptor outside SyscallConn's Read is not modelled"})
	case r.errno != 0:
		return -1, m.nativeErr(r.errno)
	case r.taken < len(r.buf):
		n := copy(p, r.buf[r.taken:])
		r.taken += n
		m.sliceWritten(p[:n])
		return n, value{}
	case r.eof:
		return 0, value{}
	}
	return -1, m.nativeErr(syscall.EAGAIN)
}

// sliceWritten records the elements of p as written by the current
// goroutine, for the race detector.
func (m *Machine) sliceWritten(p []value) {
	if m.watch {
		for k := range p {
			m.nativeAccess(&p[k], true)
		}
	}
}
