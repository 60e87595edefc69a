package ssainterp

import (
	"fmt"
	"reflect"
)

// Wrappers that let interpreted implementations of io.Writer, io.Reader,
// io.WriterAt and io.ReaderAt cross to native code (fmt.Fprintf into an interpreted writer,
// io.ReadAll from an interpreted reader). Each embeds wrapVal, so fmt and
// encoding/json treat them as the plain wrapper does.

type wrapWriter struct{ *wrapVal }
type wrapReader struct{ *wrapVal }
type wrapReadWriter struct{ *wrapVal }
type wrapWriterAt struct{ *wrapVal }
type wrapReaderAt struct{ *wrapVal }

func (w wrapWriter) Write(p []byte) (int, error)     { return w.call("Write", p, false) }
func (w wrapReader) Read(p []byte) (int, error)      { return w.call("Read", p, true) }
func (w wrapReadWriter) Write(p []byte) (int, error) { return w.call("Write", p, false) }
func (w wrapReadWriter) Read(p []byte) (int, error)  { return w.call("Read", p, true) }
func (w wrapWriterAt) WriteAt(p []byte, off int64) (int, error) {
	return w.call("WriteAt", p, false, intVal(off))
}
func (w wrapReaderAt) ReadAt(p []byte, off int64) (int, error) {
	return w.call("ReadAt", p, true, intVal(off))
}

// call calls the interpreted method name(p []byte, extra...) (int,
// error). For Read and ReadAt the interpreted buffer is copied back
// into p.
func (w *wrapVal) call(name string, p []byte, copyBack bool, extra ...value) (int, error) {
	m, i := w.m, w.i
	fn := i.t.method(name)
	buf := make([]value, len(p))
	for k, b := range p {
		buf[k].n = uint64(b)
	}
	res := m.callNested(m.cur, &closure{fn: fn}, append([]value{i.v, {r: buf}}, extra...)).agg()
	if copyBack {
		for k := range p {
			p[k] = byte(buf[k].n)
		}
	}
	var err error
	if e, _ := res[1].r.(*iface); e != nil {
		err, _ = m.dynToNative(e).Interface().(error)
	}
	return int(res[0].int()), err
}

// wrapFor returns a wrapper for i that implements the native interface
// nt, or reports that interpreted code cannot satisfy it natively.
func (m *Machine) wrapFor(i *iface, nt reflect.Type) reflect.Value {
	base := &wrapVal{m: m, i: i}
	for _, w := range []any{wrapWriter{base}, wrapReader{base}, wrapReadWriter{base}, wrapWriterAt{base}, wrapReaderAt{base}} {
		rv := reflect.ValueOf(w)
		if rv.Type().Implements(nt) && m.hasMethods(i.t, rv.Type()) {
			return rv
		}
	}
	panic(&internalFault{msg: fmt.Sprintf("unsupported: %s cannot be passed to native code as %s", i.t.name, nt)})
}

// hasMethods reports whether the interpreted type t has every method the
// wrapper type wt adds (Read, Write, ReadAt, WriteAt).
func (m *Machine) hasMethods(t *rtype, wt reflect.Type) bool {
	for _, name := range []string{"Read", "Write", "ReadAt", "WriteAt"} {
		if _, ok := wt.MethodByName(name); ok && t.method(name) == nil {
			return false
		}
	}
	return true
}

// wrapKey stands in for a map key of a wrapped type. fmt sorts map keys
// field by field, so the first field holds the key's plain native value:
// keys print through the type's methods but sort by value, as in Go.
type wrapKey struct {
	k any
	w *wrapVal
}

func (k wrapKey) unwrap() *iface                { return k.w.i }
func (k wrapKey) Format(f fmt.State, verb rune) { k.w.Format(f, verb) }
func (k wrapKey) MarshalText() ([]byte, error)  { return k.w.marshalKey(k.k) }
func (m *Machine) keyOfWrapped(i *iface) reflect.Value {
	return reflect.ValueOf(wrapKey{m.plainToNative(i.t, i.v).Interface(), &wrapVal{m: m, i: i}})
}

// toNativeKey converts a map key (see wrapKey).
func (m *Machine) toNativeKey(rt *rtype, v value, nt reflect.Type) reflect.Value {
	if rt.wrapped() {
		return m.keyOfWrapped(&iface{t: rt, v: v})
	}
	return m.toNativeElem(rt, v, nt)
}

// marshalKey encodes a map key for encoding/json as Go would: the type's
// MarshalText method, else the string or the decimal integer.
func (w *wrapVal) marshalKey(plain any) ([]byte, error) {
	if b, err, ok := w.bytesMethod("MarshalText"); ok {
		return b, err
	}
	return []byte(fmt.Sprint(plain)), nil
}
