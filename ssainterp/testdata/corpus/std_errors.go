// Tests errors: New, Is, As with value and pointer receiver types, Unwrap, Join, custom Is methods, wrapping chains.
package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
)

var ErrBase = errors.New("base error")

type ValErr struct{ Code int }

func (v ValErr) Error() string { return fmt.Sprintf("val err %d", v.Code) }

type PtrErr struct {
	Path string
	Err  error
}

func (p *PtrErr) Error() string { return "ptr err " + p.Path + ": " + p.Err.Error() }
func (p *PtrErr) Unwrap() error { return p.Err }

// Matches any TempErr regardless of detail.
type TempErr struct{ detail string }

func (t TempErr) Error() string { return "temporary: " + t.detail }
func (t TempErr) Is(target error) bool {
	_, ok := target.(TempErr)
	return ok
}

type MultiErr struct{ errs []error }

func (m MultiErr) Error() string   { return fmt.Sprintf("%d errors", len(m.errs)) }
func (m MultiErr) Unwrap() []error { return m.errs }

func main() {
	e1 := fmt.Errorf("level1: %w", ErrBase)
	e2 := fmt.Errorf("level2: %w", e1)
	e3 := &PtrErr{"/tmp/x", e2}
	fmt.Println(e3)
	fmt.Println(errors.Is(e3, ErrBase), errors.Is(e3, io.EOF), errors.Is(nil, ErrBase), errors.Is(nil, nil))
	for e := error(e3); e != nil; e = errors.Unwrap(e) {
		fmt.Printf("  chain: %T %v\n", e, e)
	}
	var pe *PtrErr
	fmt.Println("As *PtrErr:", errors.As(fmt.Errorf("outer: %w", e3), &pe), pe.Path)
	var ve ValErr
	wrappedVal := fmt.Errorf("ctx: %w", ValErr{404})
	fmt.Println("As ValErr:", errors.As(wrappedVal, &ve), ve.Code)
	var vp *ValErr
	fmt.Println("As *ValErr on value type:", errors.As(wrappedVal, &vp))
	fmt.Println("Is ValErr{404}:", errors.Is(wrappedVal, ValErr{404}), errors.Is(wrappedVal, ValErr{500}))
	t := fmt.Errorf("op: %w", TempErr{"disk"})
	fmt.Println("custom Is:", errors.Is(t, TempErr{}), errors.Is(t, TempErr{"other"}))
	j := errors.Join(ErrBase, nil, ValErr{1}, io.EOF)
	fmt.Printf("join:\n%v\n", j)
	fmt.Println(errors.Is(j, io.EOF), errors.Is(j, io.ErrUnexpectedEOF), errors.As(j, &ve), ve.Code)
	fmt.Println("join all nil:", errors.Join(nil, nil) == nil)
	m := MultiErr{[]error{ValErr{7}, &PtrErr{"p", io.EOF}}}
	fmt.Println(m, errors.Is(m, io.EOF), errors.As(m, &pe), pe.Path)
	fmt.Println("Unwrap of non-wrapper:", errors.Unwrap(ErrBase))
	fmt.Println("Unwrap of multi returns nil:", errors.Unwrap(j))
	fmt.Println(errors.Is(fs.ErrNotExist, fs.ErrNotExist), fs.ErrNotExist)
	// errors.New values are distinct even with equal text
	a, b := errors.New("same"), errors.New("same")
	fmt.Println("distinct:", a == b, errors.Is(a, b), a.Error() == b.Error())
	var target interface{ Is(error) bool }
	fmt.Println("As interface target:", errors.As(t, &target))
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		var nilTarget any
		errors.As(e3, nilTarget)
	}()
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		var notPtr any = PtrErr{}
		errors.As(e3, notPtr)
	}()
	if !errors.Is(e3, ErrBase) {
		panic("FAIL: errors.Is")
	}
	fmt.Println(errors.ErrUnsupported)
}
