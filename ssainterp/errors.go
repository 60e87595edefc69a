package ssainterp

import (
	"fmt"
	"reflect"
	goruntime "runtime"
	"strconv"
	"strings"
	"time"
)

// runtimeError is the dynamic type of the run-time panics the interpreter
// raises (index out of range, nil map writes, failed type assertions...).
// It implements runtime.Error, as the runtime's own error types do.
type runtimeError struct {
	msg    string
	nilPtr bool
	assert bool
}

func (e *runtimeError) Error() string { return e.msg }

// RuntimeError marks runtimeError as a runtime.Error.
func (e *runtimeError) RuntimeError() {}

func runtimeErr(msg string) *runtimeError { return &runtimeError{msg: "runtime error: " + msg} }
func plainErr(msg string) *runtimeError   { return &runtimeError{msg: msg} }
func assertErr(msg string) *runtimeError  { return &runtimeError{msg: msg, assert: true} }

func nilDeref() *runtimeError {
	return &runtimeError{msg: "runtime error: invalid memory address or nil pointer dereference", nilPtr: true}
}

// throwRuntime raises a Go run-time error panic ("runtime error: msg").
func throwRuntime(msg string) { panic(&goPanic{err: runtimeErr(msg)}) }

// throwPanic raises an interpreted panic. v is an interface value (of
// type any) or a *runtimeError.
func throwPanic(v any) {
	switch x := v.(type) {
	case value:
		panic(&goPanic{val: x})
	case *runtimeError:
		panic(&goPanic{err: x})
	}
	panic(fmt.Sprintf("internal error: throwPanic(%T)", v))
}

// errValue boxes a run-time error as an interface value.
func (m *Machine) errValue(e *runtimeError) value {
	return value{r: &iface{t: m.prog.nativeRtype(reflect.TypeOf(e)), v: value{r: reflect.ValueOf(e)}}}
}

// panicNilValue is the value of panic(nil) since Go 1.21: a real
// *runtime.PanicNilError, so type assertions and %T see Go's type.
func (m *Machine) panicNilValue() value {
	e := new(goruntime.PanicNilError)
	return value{r: &iface{t: m.prog.nativeRtype(reflect.TypeOf(e)), v: value{r: reflect.ValueOf(e)}}}
}

func isNilDeref(v value) bool {
	i, _ := v.r.(*iface)
	if i == nil {
		return false
	}
	rv, ok := i.v.r.(reflect.Value)
	if !ok || !rv.IsValid() {
		return false
	}
	e, ok := rv.Interface().(*runtimeError)
	return ok && e.nilPtr
}

// panicString formats a panic value as the runtime prints it when the
// panic is fatal (printpanicval): errors by Error(), Stringers by String(),
// basic kinds by print's formatting, named basic types as T(v).
func (m *Machine) panicString(v value) string {
	i, _ := v.r.(*iface)
	if i == nil {
		return "nil"
	}
	if s, ok := m.callStringMethod(i, "Error"); ok {
		return indentNewlines(s)
	}
	if s, ok := m.callStringMethod(i, "String"); ok {
		return indentNewlines(s)
	}
	t := i.t
	var sb strings.Builder
	named := t.t != nil && t.name != basicName(t.kind)
	switch {
	case t.kind == kString:
		if named {
			return t.name + "(" + strconv.Quote(i.v.str()) + ")"
		}
		return indentNewlines(i.v.str())
	case t.kind <= kComplex128 && t.kind != kInvalid:
		printValue(&sb, t, i.v)
		if named {
			return t.name + "(" + sb.String() + ")"
		}
		return sb.String()
	}
	return "(" + t.name + ") 0xc000012120"
}

func indentNewlines(s string) string { return strings.ReplaceAll(s, "\n", "\n\t") }

func basicName(k rkind) string {
	names := map[rkind]string{kBool: "bool", kInt: "int", kInt8: "int8", kInt16: "int16", kInt32: "int32",
		kInt64: "int64", kUint: "uint", kUint8: "uint8", kUint16: "uint16", kUint32: "uint32",
		kUint64: "uint64", kUintptr: "uintptr", kFloat32: "float32", kFloat64: "float64",
		kComplex64: "complex64", kComplex128: "complex128", kString: "string"}
	return names[k]
}

// stepLimit ends the execution because the step bound was exceeded: an
// mcheck limit (IsLimit), not a failure of the program.
func (m *Machine) stepLimit(fr *frame) {
	m.limit = fmt.Sprintf("step limit of %d exceeded in %s at %s (an infinite loop?)", m.cfg.MaxSteps, fr.fn.name, loopPosition(fr))
	m.fault = &internalFault{msg: m.limit, limit: true}
	m.exited = true
	m.exitCode = 3
}

// deadlineLoopSteps is how many loop iterations pass between two looks
// at the host's clock for Config.Deadline (a few milliseconds of
// interpretation: a time.Now call per iteration would slow every loop).
const deadlineLoopSteps = 1 << 16

// pastDeadline reports whether the host's clock passed Config.Deadline.
func (m *Machine) pastDeadline() bool {
	return !m.cfg.Deadline.IsZero() && time.Now().After(m.cfg.Deadline)
}

// interrupt ends the execution, unfinished, because its deadline passed
// while fr ran: neither a failure of the program nor an mcheck fault.
func (m *Machine) interrupt(fr *frame) {
	m.interrupted = "(no interpreted frame)"
	if fr != nil {
		m.interrupted = fr.position() + " (" + fr.fn.name + ")"
	}
	m.exited = true
	m.exitCode = 3
}
