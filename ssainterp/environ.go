package ssainterp

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/user"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// The environment of an interpreted program is its own, per execution:
// os.Getenv, LookupEnv, Setenv, Unsetenv, Clearenv, Environ and
// ExpandEnv (and their syscall counterparts) are modelled over a copy of
// the host's environment as it was when the process first asked, so
// that executions running side by side on several workers never see each
// other's Setenv (t.Setenv included), the host's environment is never
// changed, and every execution starts from the same environment. The
// rules are syscall's on Unix: the first of duplicate entries wins,
// Setenv of a key that exists replaces it in place and a new key goes
// last, a key that is empty or holds '=' or NUL (or a value that holds
// NUL) is "setenv: invalid argument". Native code that reads the
// environment itself (os.TempDir's TMPDIR, say) still sees the host's.

// environ is an execution's environment: entries "k=v" in order (an
// empty string is a removed entry) and the index of each key.
type environ struct {
	kvs   []string
	index map[string]int
}

var (
	hostEnvOnce sync.Once
	hostEnv     *environ // never changed: executions copy it on first write
)

func newEnviron(kvs []string) *environ {
	e := &environ{kvs: make([]string, 0, len(kvs)), index: map[string]int{}}
	for _, kv := range kvs {
		k, _, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		if _, dup := e.index[k]; dup {
			continue
		}
		e.index[k] = len(e.kvs)
		e.kvs = append(e.kvs, kv)
	}
	return e
}

// env returns the execution's environment for reading.
func (m *Machine) env() *environ {
	if m.front.env != nil {
		return m.front.env
	}
	hostEnvOnce.Do(func() { hostEnv = newEnviron(os.Environ()) })
	return hostEnv
}

// envForWrite returns the execution's own environment, copied from the
// host's snapshot on the first write.
func (m *Machine) envForWrite() *environ {
	if m.front.env == nil {
		m.front.env = newEnviron(m.env().kvs)
	}
	return m.front.env
}

func (e *environ) lookup(k string) (string, bool) {
	i, ok := e.index[k]
	if !ok {
		return "", false
	}
	_, v, _ := strings.Cut(e.kvs[i], "=")
	return v, true
}

func (m *Machine) lookupEnv(k string) (string, bool) { return m.env().lookup(k) }

// setenv is syscall.Setenv.
func (m *Machine) setenv(k, v string) error {
	if k == "" || strings.ContainsAny(k, "=\x00") || strings.ContainsRune(v, 0) {
		return syscall.EINVAL
	}
	e := m.envForWrite()
	kv := k + "=" + v
	if i, ok := e.index[k]; ok {
		e.kvs[i] = kv
	} else {
		e.index[k] = len(e.kvs)
		e.kvs = append(e.kvs, kv)
	}
	return nil
}

// unsetenv is syscall.Unsetenv.
func (m *Machine) unsetenv(k string) {
	e := m.envForWrite()
	if i, ok := e.index[k]; ok {
		e.kvs[i] = ""
		delete(e.index, k)
	}
}

func (m *Machine) environ() []string {
	var out []string
	for _, kv := range m.env().kvs {
		if kv != "" {
			out = append(out, kv)
		}
	}
	return out
}

// errOrNil turns a native error (nil: none) into an interpreted error.
func (m *Machine) errOrNil(err error) value {
	if err == nil {
		return value{}
	}
	return m.nativeErr(err)
}

// environModels returns the models of the environment functions of packages
// os and syscall, over the machine's own environment.
func environModels() modelTable {
	tab := modelTable{}
	getenv := func(m *Machine, fr *frame, args []value, dst int) *frame {
		v, _ := m.lookupEnv(args[0].str())
		set(fr, dst, strVal(v))
		return fr
	}
	lookup := func(m *Machine, fr *frame, args []value, dst int) *frame {
		v, ok := m.lookupEnv(args[0].str())
		set(fr, dst, m.tuple2(strVal(v), boolVal(ok)))
		return fr
	}
	environ := func(m *Machine, fr *frame, args []value, dst int) *frame {
		kvs := m.environ()
		s := make([]value, len(kvs))
		for i, kv := range kvs {
			s[i] = strVal(kv)
		}
		set(fr, dst, value{r: s})
		return fr
	}
	clearenv := func(m *Machine, fr *frame, args []value, dst int) *frame {
		m.front.env = newEnviron(nil)
		return fr
	}
	// os/user is neither interpreted nor bridged: Current answers with
	// the host's user, as the native program would see it.
	tab["os/user.Current"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		u, err := user.Current()
		if err != nil {
			set(fr, dst, m.tuple2(value{}, m.nativeErr(err)))
			return fr
		}
		// type User struct{ Uid, Gid, Username, Name, HomeDir string }
		cell := value{r: agg{strVal(u.Uid), strVal(u.Gid), strVal(u.Username), strVal(u.Name), strVal(u.HomeDir)}}
		set(fr, dst, m.tuple2(value{r: &cell}, value{}))
		return fr
	}
	tab["os.Getenv"], tab["syscall.Getenv"] = getenv, lookup
	tab["os.LookupEnv"] = lookup
	tab["os.Environ"], tab["syscall.Environ"] = environ, environ
	tab["os.Clearenv"], tab["syscall.Clearenv"] = clearenv, clearenv
	tab["os.Setenv"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		var err error
		if e := m.setenv(args[0].str(), args[1].str()); e != nil {
			err = os.NewSyscallError("setenv", e)
		}
		set(fr, dst, m.errOrNil(err))
		return fr
	}
	tab["syscall.Setenv"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, m.errOrNil(m.setenv(args[0].str(), args[1].str())))
		return fr
	}
	unset := func(m *Machine, fr *frame, args []value, dst int) *frame {
		m.unsetenv(args[0].str())
		set(fr, dst, value{})
		return fr
	}
	tab["os.Unsetenv"], tab["syscall.Unsetenv"] = unset, unset
	tab["os.ExpandEnv"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, strVal(os.Expand(args[0].str(), func(k string) string {
			v, _ := m.lookupEnv(k)
			return v
		})))
		return fr
	}
	// internal/godebug settings (html/template has two): a *Setting is a
	// cell holding the name; its value comes from $GODEBUG, or the
	// module's go version, as the runtime's would (Program.godebug).
	tab["internal/godebug.New"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, value{r: &value{r: args[0].str()}})
		return fr
	}
	tab["(*internal/godebug.Setting).Value"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, strVal(m.prog.godebug(strings.TrimPrefix(cellOf(args[0]).str(), "#"))))
		return fr
	}
	tab["(*internal/godebug.Setting).Name"] = func(m *Machine, fr *frame, args []value, dst int) *frame {
		set(fr, dst, strVal(strings.TrimPrefix(cellOf(args[0]).str(), "#")))
		return fr
	}
	tab["(*internal/godebug.Setting).IncNonDefault"] = func(m *Machine, fr *frame, args []value, dst int) *frame { return fr }
	return tab
}

// godebug returns the value of setting name: in $GODEBUG, else the
// default the go command gives a program of the module under test
// (godebugDefaults), else "".
func (p *Program) godebug(name string) string {
	for _, kv := range slices.Backward(strings.Split(os.Getenv("GODEBUG"), ",")) {
		if k, val, ok := strings.Cut(kv, "="); ok && k == name {
			return val
		}
	}
	p.godebugOnce.Do(func() {
		for _, r := range p.pkgs {
			if r.Module != nil {
				p.godebugs = godebugDefaults(r.Module.GoVersion)
				break
			}
		}
	})
	return p.godebugs[name]
}

// godebugDefaults returns the GODEBUG defaults of a main module that
// declares go goVersion, as the go command sets them when it links a
// program (cmd/go's godebugForGoVersion): each setting whose default
// changed in a later Go version keeps its old value (randseednop=0 for a
// module of go 1.12: there math/rand's Seed seeds the global source). The
// settings are those of internal/godebugs's table in GOROOT's source,
// the source of the standard packages mcheck runs.
func godebugDefaults(goVersion string) map[string]string {
	v, _, _ := strings.Cut(strings.TrimPrefix(goVersion, "1."), ".")
	minor, err := strconv.Atoi(v)
	if err != nil || !strings.HasPrefix(goVersion, "1.") {
		return nil
	}
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(runtime.GOROOT(), "src", "internal", "godebugs", "table.go"), nil, 0)
	if err != nil {
		return nil
	}
	def := map[string]string{}
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		var name, old string
		changed := 0
		for _, e := range lit.Elts {
			kv, ok := e.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			k, _ := kv.Key.(*ast.Ident)
			b, _ := kv.Value.(*ast.BasicLit)
			if k == nil || b == nil {
				continue
			}
			switch k.Name {
			case "Name":
				name, _ = strconv.Unquote(b.Value)
			case "Old":
				old, _ = strconv.Unquote(b.Value)
			case "Changed":
				changed, _ = strconv.Atoi(b.Value)
			}
		}
		if name != "" && minor < changed {
			def[name] = old
		}
		return true
	})
	return def
}
