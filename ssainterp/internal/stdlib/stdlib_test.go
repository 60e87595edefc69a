package stdlib

import (
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"
)

func TestFuncCall(t *testing.T) {
	f, ok := Funcs["fmt.Sprintf"]
	if !ok {
		t.Fatal(`Funcs["fmt.Sprintf"] missing`)
	}
	if f.Kind() != reflect.Func {
		t.Fatalf("fmt.Sprintf kind = %v, want func", f.Kind())
	}
	out := f.Call([]reflect.Value{
		reflect.ValueOf("%s=%d"),
		reflect.ValueOf("x"),
		reflect.ValueOf(42),
	})
	if len(out) != 1 || out[0].String() != "x=42" {
		t.Fatalf("fmt.Sprintf returned %v, want x=42", out)
	}
}

func TestVarPointer(t *testing.T) {
	v, ok := Vars["os.Stdout"]
	if !ok {
		t.Fatal(`Vars["os.Stdout"] missing`)
	}
	if v.Kind() != reflect.Pointer {
		t.Fatalf("os.Stdout kind = %v, want pointer", v.Kind())
	}
	if got, want := v.Elem().Type(), reflect.TypeFor[*os.File](); got != want {
		t.Fatalf("os.Stdout elem type = %v, want %v", got, want)
	}
	if v.Elem().Interface().(*os.File) != os.Stdout {
		t.Fatal("Vars[os.Stdout] does not point at os.Stdout")
	}
}

func TestTypes(t *testing.T) {
	b, ok := Types["strings.Builder"]
	if !ok {
		t.Fatal(`Types["strings.Builder"] missing`)
	}
	if _, ok := reflect.PointerTo(b).MethodByName("WriteString"); !ok {
		t.Error("*strings.Builder has no WriteString method")
	}
	if k := Types["time.Duration"].Kind(); k != reflect.Int64 {
		t.Errorf("time.Duration kind = %v, want int64", k)
	}
	if k := Types["io.Reader"].Kind(); k != reflect.Interface {
		t.Errorf("io.Reader kind = %v, want interface", k)
	}
}

func TestKeys(t *testing.T) {
	if !sort.StringsAreSorted(Packages) {
		t.Error("Packages is not sorted")
	}
	pkgs := make(map[string]bool)
	for _, p := range Packages {
		pkgs[p] = true
	}
	check := func(table, key string) {
		i := strings.LastIndex(key, ".")
		if i < 0 || !pkgs[key[:i]] {
			t.Errorf("%s key %q is not in a listed package", table, key)
		}
	}
	for k := range Funcs {
		check("Funcs", k)
	}
	for k := range Vars {
		check("Vars", k)
	}
	for k := range Types {
		check("Types", k)
	}
	for _, k := range []string{"slices.Sort", "reflect.TypeFor", "sync.OnceValue", "unique.Make"} {
		if _, ok := Funcs[k]; ok {
			t.Errorf("generic function %s is in Funcs", k)
		}
	}
	for _, k := range []string{"sync/atomic.Pointer", "unique.Handle"} {
		if _, ok := Types[k]; ok {
			t.Errorf("generic type %s is in Types", k)
		}
	}
	for _, k := range []string{"encoding/json.Marshal", "unicode/utf8.RuneLen", "math/rand/v2.IntN", "math/rand.Intn"} {
		if _, ok := Funcs[k]; !ok {
			t.Errorf("Funcs[%q] missing", k)
		}
	}
	for k, v := range Funcs {
		if v.Kind() != reflect.Func || v.IsNil() {
			t.Errorf("Funcs[%q] is %v, want non-nil func", k, v)
		}
	}
	for k, v := range Vars {
		if v.Kind() != reflect.Pointer || v.IsNil() {
			t.Errorf("Vars[%q] is %v, want non-nil pointer", k, v)
		}
	}
	for k, typ := range Types {
		if typ == nil {
			t.Errorf("Types[%q] is nil", k)
		}
	}
}
