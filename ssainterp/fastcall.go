package ssainterp

import (
	"bytes"
	"reflect"
	"strings"
)

// Direct calls of common native signatures, without reflect.Value.Call
// (which costs several hundred nanoseconds and allocations per call).
// A shape is chosen once per function, by its native func type; functions
// of other shapes go through reflectCall.

// fastFunc calls a native function with already-interpreted arguments and
// returns its interpreted result.
type fastFunc func(m *Machine, nf *nativeFunc, args []value) value

// fastShapes maps a native func type to an adapter maker (filled by init:
// the adapters reach fromNative, which reaches fastFor).
var fastShapes map[reflect.Type]func(f any) fastFunc

func init() {
	fastShapes = map[reflect.Type]func(f any) fastFunc{
		reflect.TypeFor[func(string) string](): func(f any) fastFunc {
			g := f.(func(string) string)
			return func(m *Machine, nf *nativeFunc, a []value) value { return strVal(g(a[0].str())) }
		},
		reflect.TypeFor[func(string) int](): func(f any) fastFunc {
			g := f.(func(string) int)
			return func(m *Machine, nf *nativeFunc, a []value) value { return intVal(int64(g(a[0].str()))) }
		},
		reflect.TypeFor[func(string) bool](): func(f any) fastFunc {
			g := f.(func(string) bool)
			return func(m *Machine, nf *nativeFunc, a []value) value { return boolVal(g(a[0].str())) }
		},
		reflect.TypeFor[func(string, string) bool](): func(f any) fastFunc {
			g := f.(func(string, string) bool)
			return func(m *Machine, nf *nativeFunc, a []value) value { return boolVal(g(a[0].str(), a[1].str())) }
		},
		reflect.TypeFor[func(string, string) int](): func(f any) fastFunc {
			g := f.(func(string, string) int)
			return func(m *Machine, nf *nativeFunc, a []value) value { return intVal(int64(g(a[0].str(), a[1].str()))) }
		},
		reflect.TypeFor[func(string, string) string](): func(f any) fastFunc {
			g := f.(func(string, string) string)
			return func(m *Machine, nf *nativeFunc, a []value) value { return strVal(g(a[0].str(), a[1].str())) }
		},
		reflect.TypeFor[func(string, int) string](): func(f any) fastFunc {
			g := f.(func(string, int) string)
			return func(m *Machine, nf *nativeFunc, a []value) value { return strVal(g(a[0].str(), int(a[1].int()))) }
		},
		reflect.TypeFor[func(int) string](): func(f any) fastFunc {
			g := f.(func(int) string)
			return func(m *Machine, nf *nativeFunc, a []value) value { return strVal(g(int(a[0].int()))) }
		},
		reflect.TypeFor[func(float64) float64](): func(f any) fastFunc {
			g := f.(func(float64) float64)
			return func(m *Machine, nf *nativeFunc, a []value) value { return f64Val(g(a[0].float())) }
		},
		reflect.TypeFor[func(float64, float64) float64](): func(f any) fastFunc {
			g := f.(func(float64, float64) float64)
			return func(m *Machine, nf *nativeFunc, a []value) value { return f64Val(g(a[0].float(), a[1].float())) }
		},
		reflect.TypeFor[func(rune) bool](): func(f any) fastFunc {
			g := f.(func(rune) bool)
			return func(m *Machine, nf *nativeFunc, a []value) value { return boolVal(g(rune(a[0].n))) }
		},
		reflect.TypeFor[func(rune) rune](): func(f any) fastFunc {
			g := f.(func(rune) rune)
			return func(m *Machine, nf *nativeFunc, a []value) value { return intVal(int64(g(rune(a[0].n)))) }
		},
		reflect.TypeFor[func(string) (int, error)](): func(f any) fastFunc {
			g := f.(func(string) (int, error))
			return func(m *Machine, nf *nativeFunc, a []value) value {
				n, err := g(a[0].str())
				return m.pair(intVal(int64(n)), m.errorValue(nf.rtypes[1], err))
			}
		},
		// Methods of strings.Builder and bytes.Buffer, the usual way
		// interpreted code builds text.
		reflect.TypeFor[func(*strings.Builder, string) (int, error)](): func(f any) fastFunc {
			g := f.(func(*strings.Builder, string) (int, error))
			return func(m *Machine, nf *nativeFunc, a []value) value {
				n, err := g(nativeRecv[strings.Builder](m, nf, a[0]), a[1].str())
				return m.pair(intVal(int64(n)), m.errorValue(nf.rtypes[1], err))
			}
		},
		reflect.TypeFor[func(*strings.Builder, byte) error](): func(f any) fastFunc {
			g := f.(func(*strings.Builder, byte) error)
			return func(m *Machine, nf *nativeFunc, a []value) value {
				return m.errorValue(nf.rtypes[0], g(nativeRecv[strings.Builder](m, nf, a[0]), byte(a[1].n)))
			}
		},
		reflect.TypeFor[func(*strings.Builder, rune) (int, error)](): func(f any) fastFunc {
			g := f.(func(*strings.Builder, rune) (int, error))
			return func(m *Machine, nf *nativeFunc, a []value) value {
				n, err := g(nativeRecv[strings.Builder](m, nf, a[0]), rune(a[1].n))
				return m.pair(intVal(int64(n)), m.errorValue(nf.rtypes[1], err))
			}
		},
		reflect.TypeFor[func(*strings.Builder) string](): func(f any) fastFunc {
			g := f.(func(*strings.Builder) string)
			return func(m *Machine, nf *nativeFunc, a []value) value {
				return strVal(g(nativeRecv[strings.Builder](m, nf, a[0])))
			}
		},
		reflect.TypeFor[func(*strings.Builder) int](): func(f any) fastFunc {
			g := f.(func(*strings.Builder) int)
			return func(m *Machine, nf *nativeFunc, a []value) value {
				return intVal(int64(g(nativeRecv[strings.Builder](m, nf, a[0]))))
			}
		},
		reflect.TypeFor[func(*bytes.Buffer, string) (int, error)](): func(f any) fastFunc {
			g := f.(func(*bytes.Buffer, string) (int, error))
			return func(m *Machine, nf *nativeFunc, a []value) value {
				n, err := g(nativeRecv[bytes.Buffer](m, nf, a[0]), a[1].str())
				return m.pair(intVal(int64(n)), m.errorValue(nf.rtypes[1], err))
			}
		},
		reflect.TypeFor[func(*bytes.Buffer, byte) error](): func(f any) fastFunc {
			g := f.(func(*bytes.Buffer, byte) error)
			return func(m *Machine, nf *nativeFunc, a []value) value {
				return m.errorValue(nf.rtypes[0], g(nativeRecv[bytes.Buffer](m, nf, a[0]), byte(a[1].n)))
			}
		},
		reflect.TypeFor[func(*bytes.Buffer) string](): func(f any) fastFunc {
			g := f.(func(*bytes.Buffer) string)
			return func(m *Machine, nf *nativeFunc, a []value) value {
				return strVal(g(nativeRecv[bytes.Buffer](m, nf, a[0])))
			}
		},
	}
	fillShapes = map[reflect.Type]func(f any) fastFunc{
		reflect.TypeFor[func(*strings.Reader, []byte) (int, error)](): func(f any) fastFunc {
			g := f.(func(*strings.Reader, []byte) (int, error))
			return func(m *Machine, nf *nativeFunc, a []value) value {
				r := nativeRecv[strings.Reader](m, nf, a[0])
				return m.readInto(nf, a[1], r.Len(), func(b []byte) (int, error) { return g(r, b) })
			}
		},
		reflect.TypeFor[func(*bytes.Reader, []byte) (int, error)](): func(f any) fastFunc {
			g := f.(func(*bytes.Reader, []byte) (int, error))
			return func(m *Machine, nf *nativeFunc, a []value) value {
				r := nativeRecv[bytes.Reader](m, nf, a[0])
				return m.readInto(nf, a[1], r.Len(), func(b []byte) (int, error) { return g(r, b) })
			}
		},
	}
}

// fillShapes are the shapes of the Read methods of strings.Reader and
// bytes.Reader, whose adapters fill the slice they are given themselves
// (nativeFunc.fills): a reader fills at most the bytes it has left of
// the buffer (bufio's and http.ReadRequest's are 4 KiB, and
// httptest.NewRequest reads its request through a strings.Reader), and
// reads none of them. Converting the whole buffer to native bytes and
// back, and recording a read of each element, was most of an
// execution's time in a handler test. (Not bytes.Buffer: at its end it
// answers an empty buffer differently from a full one.)
var fillShapes map[reflect.Type]func(f any) fastFunc

// readInto calls read, a reader's Read with left bytes unread, with a
// native buffer of the bytes it will fill, and copies them into dst, an
// interpreted []byte, as writes of the calling goroutine.
func (m *Machine) readInto(nf *nativeFunc, dst value, left int, read func([]byte) (int, error)) value {
	p := dst.slice()
	buf := make([]byte, max(min(len(p), left), 0))
	n, err := read(buf)
	for i, b := range buf[:n] {
		if m.watch {
			m.nativeAccess(&p[i], true)
		}
		p[i] = value{n: uint64(b)}
	}
	return m.pair(intVal(int64(n)), m.errorValue(nf.rtypes[1], err))
}

// fastFor returns a direct adapter for nf's function, or nil. Only
// functions whose parameter and result types are the unnamed types of
// the shape qualify (a named type would need conversion).
func fastFor(nf *nativeFunc) fastFunc {
	if nf.variadic || !nf.fn.IsValid() {
		return nil
	}
	mk, ok := fastShapes[nf.fn.Type()]
	if !ok {
		if mk, ok = fillShapes[nf.fn.Type()]; !ok {
			return nil
		}
		nf.fills = true
	}
	ft := nf.fn.Type()
	for i, pt := range nf.ptypes {
		if nt, err := pt.nativeType(); err != nil || nt != ft.In(i) {
			return nil
		}
	}
	return mk(nf.fn.Interface())
}

// nativeRecv converts a receiver argument to the native pointer.
func nativeRecv[T any](m *Machine, nf *nativeFunc, v value) *T {
	if rv, ok := v.r.(reflect.Value); ok {
		return rv.Interface().(*T)
	}
	if c, ok := v.r.(*value); ok && c != nil {
		if rv, ok := c.r.(reflect.Value); ok && rv.CanAddr() {
			return rv.Addr().Interface().(*T)
		}
	}
	if isNilRef(v.r) {
		return nil
	}
	return m.toNative(nf.ptypes[0], v, reflect.TypeFor[*T]()).Interface().(*T)
}

// errorValue converts a native error result.
func (m *Machine) errorValue(rt *rtype, err error) value {
	if err == nil {
		return value{}
	}
	e := err // only this copy escapes: err does not go to the heap on every call
	return m.fromNative(rt, reflect.ValueOf(&e).Elem())
}
