// Package stdlib is the table of standard-library symbols that the SSA
// interpreter calls natively, through reflection, instead of interpreting
// them.
//
// Go cannot look up a function, variable or type by name at run time, so the
// table is generated (in the manner of yaegi's extract tool) into zsymbols.go:
//
//   - [Funcs] maps "importpath.Name" to a [reflect.Value] of every exported,
//     non-generic package-level function, e.g. "encoding/json.Marshal".
//   - [Vars] maps "importpath.Name" to a [reflect.Value] holding a pointer to
//     every exported package-level variable, e.g. "os.Stdout".
//   - [Types] maps "importpath.Name" to the [reflect.Type] of every exported,
//     non-generic named type or alias, e.g. "time.Duration".
//   - [Packages] lists the import paths covered, sorted.
//
// Constants are absent because SSA folds them, and generic functions and types
// are absent because they cannot be referenced without instantiation. Only
// symbols present on all the platforms listed in the generator are included,
// so the table builds everywhere. The interpreter decides which of these
// symbols it models itself (parts of runtime, sync, sync/atomic and time).
//
// To change the package list, edit gen/main.go and regenerate with
//
//	go generate ./ssainterp/internal/stdlib
//
// from the module root (or "go generate" in this directory). Regenerate too
// after upgrading Go, since the standard library's API grows.
package stdlib

//go:generate go run ./gen
