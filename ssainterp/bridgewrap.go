package ssainterp

import (
	"encoding/json"
	"fmt"
	"go/types"
	"io"
	"log/slog"
	"reflect"
	"strings"
)

// Interpreted values with methods in native code (bridge.go): a value of
// a named type crosses as a wrapVal (wrapErr for errors, wrapLog for
// slog.LogValuer) whose Format, Error, Unwrap, LogValue and MarshalJSON
// methods call the type's interpreted methods back, as fmt, errors, slog
// and encoding/json would call the real ones.

// wrapper is implemented by the native stand-ins of interpreted values.
type wrapper interface{ unwrap() *iface }

// wrapVal stands in for an interpreted value of a named type when it
// crosses to native code: fmt formats it through Format (calling the
// type's String/Error/GoString methods where fmt would), encoding/json
// through MarshalJSON.
type wrapVal struct {
	m *Machine
	i *iface
}

// wrapErr is wrapVal for types that implement error.
type wrapErr struct{ wrapVal }

// wrapLog is wrapVal for types that implement slog.LogValuer.
type wrapLog struct{ wrapVal }

// LogValue implements slog.LogValuer with the type's LogValue method.
func (w *wrapLog) LogValue() slog.Value {
	m, i := w.m, w.i
	fn := i.t.method("LogValue")
	res := m.callNested(m.cur, &closure{fn: fn}, []value{i.v})
	nt := reflect.TypeFor[slog.Value]()
	v, _ := m.toNative(m.prog.rtypeOf(fn.ssa.Signature.Results().At(0).Type()), res, nt).Interface().(slog.Value)
	return v
}

func (w *wrapVal) unwrap() *iface { return w.i }

func (m *Machine) wrap(i *iface) reflect.Value {
	w := wrapVal{m: m, i: i}
	if fn := i.t.method("LogValue"); fn != nil && fn.ssa.Signature.Params().Len() == 0 && fn.ssa.Signature.Results().Len() == 1 &&
		fn.ssa.Signature.Results().At(0).Type().String() == "log/slog.Value" {
		return reflect.ValueOf(&wrapLog{w})
	}
	if i.t.method("Error") != nil {
		return reflect.ValueOf(&wrapErr{w})
	}
	return reflect.ValueOf(&w)
}

// callStringMethod calls method name (func() string) of i if it has one.
func (m *Machine) callStringMethod(i *iface, name string) (string, bool) {
	if i.t.t == nil {
		rv, _ := i.v.r.(reflect.Value)
		if !rv.IsValid() {
			return "", false
		}
		if mv := rv.MethodByName(name); mv.IsValid() && mv.Type().NumIn() == 0 && mv.Type().NumOut() == 1 && mv.Type().Out(0).Kind() == reflect.String {
			return mv.Call(nil)[0].String(), true
		}
		return "", false
	}
	fn := i.t.method(name)
	if fn == nil {
		return "", false
	}
	sig := fn.ssa.Signature
	if sig.Params().Len() != 0 || sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), types.Typ[types.String]) {
		return "", false
	}
	res := m.callNested(m.cur, &closure{fn: fn}, []value{i.v})
	return res.str(), true
}

func (w *wrapErr) Error() string {
	s, _ := w.m.callStringMethod(w.i, "Error")
	return s
}

// Unwrap exposes an interpreted Unwrap() error method to native code.
func (w *wrapErr) Unwrap() error {
	fn := w.i.t.method("Unwrap")
	if fn == nil || fn.ssa.Signature.Results().Len() != 1 {
		return nil
	}
	if _, ok := fn.ssa.Signature.Results().At(0).Type().Underlying().(*types.Interface); !ok {
		return nil
	}
	res := w.m.callNested(w.m.cur, &closure{fn: fn}, []value{w.i.v})
	i, _ := res.r.(*iface)
	if i == nil {
		return nil
	}
	e, _ := w.m.dynToNative(i).Interface().(error)
	return e
}

// Format implements fmt.Formatter with fmt's own rules for which method
// of the interpreted type a verb uses.
func (w *wrapVal) Format(f fmt.State, verb rune) {
	m, i := w.m, w.i
	if fn := i.t.method("Format"); fn != nil && fn.ssa.Signature.Params().Len() == 2 {
		st := &iface{t: m.prog.nativeRtype(reflect.TypeOf(f)), v: value{r: reflect.ValueOf(f)}}
		m.callNested(m.cur, &closure{fn: fn}, []value{i.v, {r: st}, intVal(int64(verb))})
		return
	}
	if verb == 'v' && f.Flag('#') {
		if w.fmtMethod(f, verb, "GoString", false) {
			return
		}
	} else {
		switch verb {
		case 'v', 's', 'x', 'X', 'q':
			if w.fmtMethod(f, verb, "Error", true) || w.fmtMethod(f, verb, "String", true) {
				return
			}
		}
	}
	plain := m.plainToNative(i.t, i.v)
	s := fmt.Sprintf(fmt.FormatString(f, verb), plain.Interface())
	// A verb wrong for the type names the type: %!d(main.Temp=2).
	if bad := "%!" + string(verb) + "(" + plain.Type().String() + "="; strings.HasPrefix(s, bad) {
		s = "%!" + string(verb) + "(" + i.t.name + "=" + s[len(bad):]
	}
	io.WriteString(f, s)
}

// fmtMethod prints the result of the interpreted String, Error or
// GoString method name as fmt's handleMethods would, including fmt's
// report of a panic in the method. It reports whether the type has it.
func (w *wrapVal) fmtMethod(f fmt.State, verb rune, name string, format bool) (has bool) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		np, ok := r.(*nestedPanic)
		if !ok {
			panic(r)
		}
		if isNilRef(w.i.v.r) && w.i.t.kind == kPointer {
			io.WriteString(f, "<nil>")
		} else {
			fmt.Fprintf(f, "%%!%c(PANIC=%s method: %s)", verb, name, np.text)
		}
		has = true
	}()
	s, ok := w.m.callStringMethod(w.i, name)
	if !ok {
		return false
	}
	if format {
		fmt.Fprintf(f, fmt.FormatString(f, verb), s)
	} else {
		io.WriteString(f, s)
	}
	return true
}

// MarshalJSON implements json.Marshaler: the type's own MarshalJSON or
// MarshalText method, or the plain value.
func (w *wrapVal) MarshalJSON() ([]byte, error) {
	if b, err, ok := w.bytesMethod("MarshalJSON"); ok {
		return b, err
	}
	if b, err, ok := w.bytesMethod("MarshalText"); ok {
		if err != nil {
			return nil, err
		}
		return json.Marshal(string(b))
	}
	return json.Marshal(w.m.plainToNative(w.i.t, w.i.v).Interface())
}

// bytesMethod calls an interpreted method name() ([]byte, error), if the
// type has one.
func (w *wrapVal) bytesMethod(name string) ([]byte, error, bool) {
	m, i := w.m, w.i
	fn := i.t.method(name)
	if fn == nil || fn.ssa.Signature.Params().Len() != 0 || fn.ssa.Signature.Results().Len() != 2 {
		return nil, nil, false
	}
	t := m.callNested(m.cur, &closure{fn: fn}, []value{i.v}).agg()
	b := t[0].slice()
	out := make([]byte, len(b))
	for k := range b {
		out[k] = byte(b[k].n)
	}
	if e, _ := t[1].r.(*iface); e != nil {
		err, _ := m.dynToNative(e).Interface().(error)
		return nil, err, true
	}
	return out, nil, true
}
