package ssainterp

import (
	"encoding/binary"
	"hash/maphash"
	"reflect"

	"golang.org/x/tools/go/ssa"
)

// The model of hash/maphash's hashing of comparable values.
//
// Package hash/maphash is bridged, but its generic functions Comparable
// and WriteComparable run from SSA, and both hash v through the
// unexported writeComparable[T](h *Hash, v T). Natively that reads the
// runtime's hasher of T; under the purego tag the loader sets it walks v
// with reflect, and panics on a nil interface inside v, which Go does
// not. Its model writes into h the machine's hash of v (valueHash), so
// that values equal by Go's == on T hash alike, and an interface holding
// an unhashable type panics as Go's hasher does.

// maphashWriteComparable is the model of hash/maphash.writeComparable[T].
func maphashWriteComparable(p *Program, fn *ssa.Function) modelFunc {
	t := p.rtypeOf(fn.TypeArgs()[0])
	return func(m *Machine, fr *frame, args []value, dst int) *frame {
		if isNilRef(args[0].r) {
			throwPanic(nilDeref())
		}
		h, ok := nativePtr(args[0].r).Interface().(*maphash.Hash)
		if !ok {
			unsupported("hash/maphash.writeComparable into a %T", args[0].r)
		}
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], m.valueHash(t, args[1], 0))
		h.Write(b[:])
		return fr
	}
}

// nativeKey is the host key of a value of a bridged struct type: the
// native value itself, whose == is Go's (nil and a run-time error for a
// type that is not comparable).
func nativeKey(rv reflect.Value) any {
	if !rv.Comparable() {
		throwRuntime("hash of unhashable type " + rv.Type().String())
	}
	return rv.Interface()
}
