package envgen

import (
	"fmt"
	"go/types"
	"maps"
	"slices"
	"strings"
)

// Component is the interface of a component: its constructor and the
// operations an environment calls.
type Component struct {
	Ctor    string           // the constructor as the user named it, for messages: "NewCache"
	CtorSig *types.Signature // func(params) T or func(params) (T, error)
	Type    types.Type       // T: a pointer or an interface
	HasErr  bool             // the constructor also returns an error
	Params  []Domain         // the constructor's parameters
	// Skip marks, per parameter of the constructor, the values that
	// environments do not draw, as Method.Skip does for a method's:
	// values with which the constructor (and Init) fails alone (the
	// check layer's probe finds them).
	Skip    [][]bool
	Methods []Method       // the operations, by name
	Init    *Method        // called once before the environment starts
	Finish  *Method        // called once after every goroutine of the environment returned
	Notes   []string       // methods left out, and why
	Pkg     *types.Package // the package of the component type, for spelling types
	User    []UserValue    // the user's values
	// Protocol, if set, is the calling protocol environments follow
	// (Options.Protocol); Methods are then the methods it names.
	Protocol Protocol
	// DefaultFinish is set when Finish is the default protocol's
	// (a Close-like method, see CloseLike): it is then among Methods too,
	// and half of the random environments call it among the others
	// instead of once, last (Plan.Free).
	DefaultFinish bool
	// Serial are groups of methods (indexes of Methods) whose calls
	// never run in parallel with each other, as the doc comments say
	// (Options.Docs, contract.go): a random environment makes all the
	// calls of a group on one goroutine, drawn per environment; a
	// universal one on its first goroutine.
	Serial [][]int
	// FinishLast says the default Finish is never among the other
	// calls (no Plan.Free environment): the doc comments say that no
	// call may follow it.
	FinishLast bool
	// Reduced are the reductions of parallelism of the protocol (or of
	// the default protocol) that apply, in the order Parizek and Plasil
	// 2008 recommend
	// (Component.Reduce; none until it is called).
	Reduced []Reduced
	// Pairs are the acquire/release pairs of the operations that the
	// default protocol's goroutines use as a correct client does
	// (pairs.go); none with a protocol the user gave.
	Pairs []Pair
}

// Method is one operation of a component.
type Method struct {
	Name   string
	Sig    *types.Signature // without the receiver
	Params []Domain
	// Skip marks, per parameter, the values (by their index in
	// Params[i].Values) that environments do not draw: values the call
	// cannot take (the check layer's probe finds them: the call fails
	// with them alone and after every call that returns alone). Nil, or
	// a nil entry: every value is drawn. Inv: never every value of a
	// parameter; indexes stay those of Params, so tokens do not change.
	Skip [][]bool
	// Release lists the results (by index) whose type, or whose slice's
	// element type, has a method Release() (a pool's resources): the
	// environment releases what the calls returned before the Finish
	// call, as a caller gives back what it took before a Close that
	// waits for it.
	Release []int
}

// Options select the operations.
type Options struct {
	Include []string // only these methods (default: every exported method)
	Exclude []string // not these
	Init    string   // a method called once before the environment
	Finish  string   // a method called once after it (a Close, say)
	User    []UserValue
	// Protocol is a calling protocol over the method names (see
	// ParseProtocol): environments are its random traces. Without one,
	// and without Finish, the default protocol calls the methods in
	// parallel and then, once, the first of CloseLike the component
	// has that finishes (closeLike: Close, Stop and Shutdown whatever
	// their parameters, the others without parameters but a context,
	// and a Release only without an Acquire to pair it with, pairs.go);
	// in half of the random environments (Plan.Free) it is an operation
	// like the others instead, so that a bug that needs it concurrently
	// (two Shutdowns, a Wait racing a Set) stays in reach, and the
	// sequential baseline judges what it finds there.
	Protocol string
	// Docs are the doc comments of the component's type and methods:
	// without Protocol, the default protocol follows the concurrency
	// contract they state (contract.go).
	Docs *Docs
}

// CloseLike are the names of methods that end a component's life: the
// default protocol calls the first one the component has once, last.
var CloseLike = []string{"Close", "Stop", "Shutdown", "Release", "Dispose", "Wait"}

// UserValue is a value the user supplied for parameters of its type
// (mcheck.Values): the Go counterpart of the data container of Parizek
// and Kalibera 2010.
type UserValue struct {
	Type types.Type
	Src  string // how it prints, "Key(1)"
}

// Extract finds the component that a constructor with signature sig
// (called name) returns, and its operations under o.
func Extract(name string, sig *types.Signature, o Options) (*Component, error) {
	c := &Component{Ctor: name, CtorSig: sig, User: o.User}
	if err := c.setType(sig); err != nil {
		return nil, err
	}
	if err := c.setParams(sig, o.User); err != nil {
		return nil, err
	}
	ms := types.NewMethodSet(c.Type)
	if o.Protocol != "" {
		p, err := ParseProtocol(o.Protocol)
		if err != nil {
			return nil, fmt.Errorf("%s: mcheck.Protocol(%q): %v", name, o.Protocol, err)
		}
		c.Protocol = p
		o.Include = ProtocolMethods(p)
	}
	var ct contract
	if o.Protocol == "" {
		ct = readContract(o.Docs, chosenMethods(ms, o))
		if o.Finish == "" && len(o.Include) == 0 {
			o.Finish = c.defaultFinish(ms, ct, o)
		}
	}
	if err := c.checkNames(ms, o); err != nil {
		return nil, err
	}
	c.addMethods(ms, o)
	if c.DefaultFinish && c.Finish == nil { // left out: no values for a parameter
		c.DefaultFinish, c.FinishLast = false, false
	}
	c.serialize(ct)
	c.noteReleases()
	if o.Protocol == "" {
		c.pairMethods()
	}
	if len(c.Methods) == 0 {
		msg := fmt.Sprintf("%s: %s has no exported methods to call", name, typeName(c.Type))
		if len(c.Notes) > 0 {
			msg += " (" + strings.Join(c.Notes, "; ") + ")"
		}
		return nil, fmt.Errorf("%s", msg)
	}
	return c, nil
}

// setType sets c.Type, c.HasErr and c.Pkg from the results of the
// constructor's signature sig, or says why they do not make a component.
func (c *Component) setType(sig *types.Signature) error {
	res := sig.Results()
	switch {
	case res.Len() == 1 && !isError(res.At(0).Type()):
		c.Type = res.At(0).Type()
	case res.Len() == 2 && !isError(res.At(0).Type()) && isError(res.At(1).Type()):
		c.Type, c.HasErr = res.At(0).Type(), true
	default:
		return fmt.Errorf("%s: a constructor returns the component (a pointer or an interface), optionally with an error; it has type %s",
			c.Ctor, typeName(sig))
	}
	switch c.Type.Underlying().(type) {
	case *types.Pointer, *types.Interface:
	default:
		return fmt.Errorf("%s returns %s, which is neither a pointer nor an interface: the methods would run on copies of the component",
			c.Ctor, typeName(c.Type))
	}
	if n, ok := types.Unalias(derefType(c.Type)).(*types.Named); ok && n.Obj().Pkg() != nil {
		c.Pkg = n.Obj().Pkg()
	}
	return nil
}

// setParams sets c.Params to the domains of the constructor's
// parameters, or says which parameter has no values.
func (c *Component) setParams(sig *types.Signature, user []UserValue) error {
	for i := range sig.Params().Len() {
		p := sig.Params().At(i)
		d := domainFor(p.Type(), user)
		if len(d.Values) == 0 {
			return fmt.Errorf("%s: no values for its parameter %s of type %s; give some with mcheck.Values",
				c.Ctor, paramName(p, i), typeName(p.Type()))
		}
		c.Params = append(c.Params, d)
	}
	return nil
}

// chosenMethods are the names of the exported methods of ms that o's
// Include and Exclude choose, in the method set's order.
func chosenMethods(ms *types.MethodSet, o Options) []string {
	var names []string
	for i := range ms.Len() {
		if f := ms.At(i).Obj(); f.Exported() && !slices.Contains(o.Exclude, f.Name()) && (len(o.Include) == 0 || slices.Contains(o.Include, f.Name())) {
			names = append(names, f.Name())
		}
	}
	return names
}

// defaultFinish is the default protocol's Finish (or ""), chosen from
// ms and the contract ct under o: the first of CloseLike that finishes,
// unless the doc comments say no call may follow another method and
// not it. It sets c.DefaultFinish and c.FinishLast, and notes the choice.
func (c *Component) defaultFinish(ms *types.MethodSet, ct contract, o Options) string {
	closing, documented := "", ""
	chosen := chosenMethods(ms, o)
	for _, n := range CloseLike {
		f, ok := exportedMethod(ms, n)
		// A Release() with an Acquire gives back what it took
		// (pairs.go): it does not end the component's life.
		paired := ok && f.Signature().Params().Len() == 0 && slices.ContainsFunc(chosen, func(a string) bool { return isAcquireName(n, a) })
		if ok && n != o.Init && !slices.Contains(o.Exclude, n) && closeLike(n, f.Signature()) && !paired {
			closing = n
			break
		}
	}
	for _, n := range slices.Sorted(maps.Keys(ct.finish)) {
		if n != o.Init {
			documented = n
			break
		}
	}
	finish := closing
	switch {
	case closing != "" && ct.finish[closing] != "":
		finish, c.FinishLast = closing, true
	case documented != "":
		finish, c.FinishLast = documented, true
	}
	c.DefaultFinish = finish != ""
	if c.FinishLast {
		c.Notes = append(c.Notes, fmt.Sprintf("%s is called once, after the other calls, in every environment, as a doc comment says: %q (the default protocol; say otherwise with mcheck.Finish or mcheck.Protocol)", finish, ct.finish[finish]))
	} else if finish != "" {
		c.Notes = append(c.Notes, fmt.Sprintf("%s is called once, after the other calls, in half of the environments (the default protocol; say otherwise with mcheck.Finish or mcheck.Protocol)", finish))
	}
	return finish
}

// checkNames says which method that o names (Include, Exclude, Init,
// Finish) c's type does not have, if any.
func (c *Component) checkNames(ms *types.MethodSet, o Options) error {
	known := map[string]bool{}
	for i := range ms.Len() {
		known[ms.At(i).Obj().Name()] = true
	}
	for _, list := range [][]string{o.Include, o.Exclude, {o.Init, o.Finish}} {
		for _, n := range list {
			if n != "" && !known[n] {
				return fmt.Errorf("%s: %s has no method %s", c.Ctor, typeName(c.Type), n)
			}
		}
	}
	return nil
}

// addMethods sets c.Init, c.Finish and c.Methods from the exported
// methods of ms that o chooses, and notes those it leaves out and why.
func (c *Component) addMethods(ms *types.MethodSet, o Options) {
	for i := range ms.Len() {
		f := ms.At(i).Obj().(*types.Func)
		if !f.Exported() {
			continue
		}
		// Init and Finish are named: Methods and Exclude choose among
		// the others.
		named := f.Name() == o.Init || f.Name() == o.Finish
		if !named && (len(o.Include) > 0 && !slices.Contains(o.Include, f.Name()) || slices.Contains(o.Exclude, f.Name())) {
			continue
		}
		// Lock and Unlock of an embedded sync.Mutex are not operations.
		if p := f.Pkg(); !named && len(o.Include) == 0 && len(ms.At(i).Index()) > 1 && p != nil && p != c.Pkg && isStdPath(p.Path()) {
			c.Notes = append(c.Notes, fmt.Sprintf("%s is promoted from %s: left out (name it with mcheck.Methods to call it)", f.Name(), p.Path()))
			continue
		}
		m, ok := c.method(f, o.User)
		if !ok {
			continue
		}
		switch f.Name() {
		case o.Init:
			c.Init = &m
		case o.Finish:
			c.Finish = &m
			if c.DefaultFinish {
				c.Methods = append(c.Methods, m)
			}
		default:
			c.Methods = append(c.Methods, m)
		}
	}
}

// method is the operation f with the domains of its parameters, or
// false, noted in c, if a parameter has no values.
func (c *Component) method(f *types.Func, user []UserValue) (Method, bool) {
	m := Method{Name: f.Name(), Sig: f.Signature(), Release: releasable(f.Signature())}
	for j := range m.Sig.Params().Len() {
		p := m.Sig.Params().At(j)
		d := domainFor(p.Type(), user)
		if len(d.Values) == 0 {
			c.Notes = append(c.Notes, fmt.Sprintf("%s is left out: no values for its parameter %s of type %s (give some with mcheck.Values)",
				f.Name(), paramName(p, j), typeName(p.Type())))
			return Method{}, false
		}
		m.Params = append(m.Params, d)
	}
	return m, true
}

// noteReleases notes, if c has a Finish, the methods whose results are
// released before it.
func (c *Component) noteReleases() {
	if c.Finish == nil {
		return
	}
	var rel []string
	for _, m := range c.Methods {
		if len(m.Release) > 0 && m.Name != c.Finish.Name {
			rel = append(rel, m.Name)
		}
	}
	if len(rel) > 0 {
		c.Notes = append(c.Notes, fmt.Sprintf("the results of %s with a Release method are released before %s is called last, as a caller gives back what it took",
			strings.Join(rel, ", "), c.Finish.Name))
	}
}

// serialize records in c the groups of ct over c's methods, and the
// notes of the rules it followed.
func (c *Component) serialize(ct contract) {
	index := map[string]int{}
	for i, m := range c.Methods {
		index[m.Name] = i
	}
	for _, g := range ct.groups {
		var ms []int
		for _, n := range g {
			if i, ok := index[n]; ok {
				ms = append(ms, i)
			}
		}
		if len(ms) > 0 {
			slices.Sort(ms)
			c.Serial = append(c.Serial, ms)
		}
	}
	c.Notes = append(c.Notes, ct.notes...)
}

// closeLike reports whether a method of a Close-like name (name) also
// has the shape of one. Close, Stop and Shutdown end a component's life
// whatever their parameters and results (Shutdown(wait bool),
// Close(timeout time.Duration), Stop() error): a finishing call drawn
// among the others races with them by design. Release, Dispose and Wait
// also name ordinary operations (a semaphore's Release(n), a counter's
// Wait(n)), so they finish only without parameters but a context
// (Shutdown(ctx) has the same shape).
func closeLike(name string, sig *types.Signature) bool {
	switch name {
	case "Close", "Stop", "Shutdown":
		return true
	}
	for i := range sig.Params().Len() {
		if n, ok := types.Unalias(sig.Params().At(i).Type()).(*types.Named); !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "context" || n.Obj().Name() != "Context" {
			return false
		}
	}
	return true
}

// exportedMethod returns the exported method name of method set ms.
func exportedMethod(ms *types.MethodSet, name string) (*types.Func, bool) {
	for i := range ms.Len() {
		if f := ms.At(i).Obj().(*types.Func); f.Name() == name && f.Exported() {
			return f, true
		}
	}
	return nil, false
}

// typeName spells t with package names, as Go's messages do.
func typeName(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

func isError(t types.Type) bool { return types.Identical(t, types.Universe.Lookup("error").Type()) }

func derefType(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// isStdPath reports whether an import path without a dot in its first
// element is the standard library's.
func isStdPath(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

func paramName(p *types.Var, i int) string {
	if p.Name() != "" && p.Name() != "_" {
		return p.Name()
	}
	return fmt.Sprintf("#%d", i+1)
}

// releasable returns the results of sig (by index) whose type, or
// whose slice's element type, has an exported method Release with no
// parameters and no results.
func releasable(sig *types.Signature) []int {
	var out []int
	for k := range sig.Results().Len() {
		t := sig.Results().At(k).Type()
		if s, ok := t.Underlying().(*types.Slice); ok {
			t = s.Elem()
		}
		if types.IsInterface(t) {
			continue
		}
		if f, ok := exportedMethod(types.NewMethodSet(t), "Release"); ok && f.Signature().Params().Len() == 0 && f.Signature().Results().Len() == 0 {
			out = append(out, k)
		}
	}
	return out
}
