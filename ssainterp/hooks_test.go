package ssainterp

import (
	"bytes"
	"fmt"
	"go/constant"
	"go/types"
	"path/filepath"
	"slices"
	"testing"
)

// hostSrc is a host's API package (m/tool) and a program using it: the
// host hooks Pick, Options and Drive; tool's bodies never run.
var hostSrc = map[string]string{
	"go.mod": "module m\n\ngo 1.26\n",
	"tool/tool.go": `package tool

type Option func()

func Seed(seed uint64) Option      { return func() { _ = seed } }
func Name(name string) Option      { return func() { _ = name } }
func Pick(n int) int               { panic("not hooked") }
func Options(opts ...Option)       { panic("not hooked") }
func Drive(t any, New any)         { panic("not hooked") }
`,
	"main.go": `package main

import (
	"fmt"

	"m/tool"
)

type Counter struct{ n int }

func NewCounter(start int) *Counter { return &Counter{n: start} }
func (c *Counter) Add(d int) int    { c.n += d; return c.n }
func (c *Counter) Print()           { fmt.Println("count", c.n) }

func main() {
	fmt.Println("pick", tool.Pick(3))
	tool.Options(tool.Seed(7), tool.Name("x"))
	tool.Drive(nil, NewCounter)
}
`,
}

// testHost records what its hooks saw.
type testHost struct {
	options  []string
	ids      []int
	returned [][]string
}

func TestHostHooks(t *testing.T) {
	dir := t.TempDir()
	for name, src := range hostSrc {
		writeFile(t, filepath.Join(dir, name), src)
	}
	host := &Host{Hooks: map[string]Hook{
		"m/tool.Pick": func(c *HookCall) { c.ReturnInt(int64(c.Choose(int(c.Arg(0).Interface().(int64))))) },
		"m/tool.Options": func(c *HookCall) {
			h := c.Hosted().(*testHost)
			opts := c.Arg(0)
			for i := range opts.Len() {
				fn, free := opts.Index(i).Func()
				for name, v := range free {
					h.options = append(h.options, fn.Parent().Name()+" "+name+"="+fmt.Sprint(v.Interface()))
				}
			}
		},
		"m/tool.Drive": func(c *HookCall) {
			h := c.Hosted().(*testHost)
			ctor := c.Arg(1).Elem()
			fn, _ := ctor.Func()
			res := fn.Signature.Results().At(0).Type()
			ten, one := Arg{Kind: ArgConst, Const: constant.MakeInt64(10)}, Arg{Kind: ArgConst, Const: constant.MakeInt64(1)}
			add := func(arg Arg) HarnessCall {
				m := lookupMethod(res, "Add")
				return HarnessCall{Method: "Add", Sig: m, Args: []Arg{arg}}
			}
			calls := make([]int, 2)
			h.returned = make([][]string, 2)
			c.Drive(&Harness{
				Caller: "tool.Drive", Name: "NewCounter", New: ctor, Type: res,
				NewArgs:    HarnessCall{Sig: fn.Signature, Args: []Arg{ten}},
				Finish:     &HarnessCall{Method: "Print", Sig: lookupMethod(res, "Print")},
				Goroutines: 2,
				Next: func(g int, choose func(int) int) (HarnessCall, bool) {
					if calls[g] == 2 {
						return HarnessCall{}, false
					}
					calls[g]++
					return add(one), true
				},
				Started:  func(g, id int) { h.ids = append(h.ids, id) },
				Returned: func(g int, res string) { h.returned[g] = append(h.returned[g], res) },
			})
		},
	}}
	prog, err := Load(LoadConfig{Dir: dir, Host: host, Uncached: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	h := &testHost{}
	res := prog.Run("m", Config{Stdout: &out, Hosted: h, Trace: true, Choose: func(n int) int { return n - 1 }})
	if res.Fault != nil || res.ExitCode != 0 {
		t.Fatalf("fault %v, exit %d", res.Fault, res.ExitCode)
	}
	if got, want := out.String(), "pick 2\ncount 14\n"; got != want {
		t.Errorf("output %q, want %q", got, want)
	}
	slices.Sort(h.options)
	if want := []string{"Name name=x", "Seed seed=7"}; !slices.Equal(h.options, want) {
		t.Errorf("options %q, want %q", h.options, want)
	}
	if len(h.ids) != 2 || h.ids[0] == h.ids[1] {
		t.Errorf("goroutine ids %v", h.ids)
	}
	all := append(slices.Clone(h.returned[0]), h.returned[1]...)
	slices.Sort(all)
	if want := []string{"11", "12", "13", "14"}; !slices.Equal(all, want) {
		t.Errorf("results %q, want %q", all, want)
	}
}

// lookupMethod is the signature of method name of type t.
func lookupMethod(t types.Type, name string) *types.Signature {
	return types.NewMethodSet(t).Lookup(nil, name).Obj().Type().(*types.Signature)
}
