package ssainterp

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Constant fills: a composite literal of an array type is built in a
// local array by one IndexAddr and one Store per element
// (t1 = &t0[3]; *t1 = 825:uint16), thousands of them for a table
// (x/net/idna's init stores 16,000 constants, most of a net/http
// program's initialisation). A run of such pairs into one local array
// (it does not escape: no other goroutine sees the stores, which are no
// scheduling points) runs as one op that writes the constants in turn,
// and its address instructions get no registers.

// minFill is the shortest run of element stores that is fused.
const minFill = 8

// fill is a run of constant stores into the local array x points to:
// element idx[k] (its field field[k], if not negative) is set to
// vals[k].
type fill struct {
	x     ssa.Value
	idx   []int
	field []int // -1: the whole element; -2: every field, from all
	vals  []value
	all   [][]value // with field -2: the element's fields
}

// fillAt returns the run of constant element stores that starts at
// instrs[k], and the number of instructions it spans (nil if it is
// shorter than minFill stores). An element is stored whole
// (t1 = &t0[3]; *t1 = 825:uint16), or a struct, field by field
// (t1 = &t0[3]; t2 = &t1.lo; *t2 = 45:byte; t3 = &t1.hi; …, each of
// t1's uses one of those fields), or a struct built in a local of its
// own (t1 = &t0[3]; t2 = local valueRange; t3 = &t2.lo; *t3 = 45:byte;
// …; t9 = *t2; *t1 = t9).
func (c *compiler) fillAt(instrs []ssa.Instruction, k int) (*fill, int) {
	var f *fill
	n := 0
	for k+n+1 < len(instrs) {
		ia, ok := instrs[k+n].(*ssa.IndexAddr)
		if !ok || f != nil && ia.X != f.x || f == nil && !c.fillable(ia.X) {
			break
		}
		i := constIndex(ia)
		if i < 0 || i >= arrayLen(ia.X) {
			break
		}
		if f == nil {
			f = &fill{x: ia.X}
		}
		if v := c.fillStore(instrs[k+n+1], ia); v != nil && len(*ia.Referrers()) == 1 {
			f.add(i, -1, c.p.constValue(v))
			n += 2
			continue
		}
		if fields, m := c.fillStruct(instrs[k+n+1:], ia); fields != nil {
			f.add(i, -2, value{})
			f.all = append(f.all, fields)
			n += 1 + m
			continue
		}
		m := 0 // the fields stored
		for j := k + n + 1; j+1 < len(instrs); j += 2 {
			fa, ok := instrs[j].(*ssa.FieldAddr)
			if !ok || fa.X != ia || len(*fa.Referrers()) != 1 {
				break
			}
			v := c.fillStore(instrs[j+1], fa)
			if v == nil {
				break
			}
			f.add(i, fa.Field, c.p.constValue(v))
			m++
		}
		if m == 0 || m != len(*ia.Referrers()) {
			f.drop(m)
			break
		}
		n += 1 + 2*m
	}
	if f == nil || len(f.idx) < minFill {
		return nil, 0
	}
	return f, n
}

// fillStore returns the constant ins stores through addr, if it is such
// a store of a value that is not an aggregate (nil if not).
func (c *compiler) fillStore(ins ssa.Instruction, addr ssa.Value) *ssa.Const {
	st, ok := ins.(*ssa.Store)
	if !ok || st.Addr != addr {
		return nil
	}
	v := asConst(st.Val)
	if v == nil || isAggregate(c.rt(v.Type())) {
		return nil
	}
	return v
}

// fillStruct returns the fields of the struct the instructions build in
// a local and store through ia (see fillAt), and the number of
// instructions (nil if they do not).
func (c *compiler) fillStruct(instrs []ssa.Instruction, ia *ssa.IndexAddr) ([]value, int) {
	if len(instrs) < 3 {
		return nil, 0
	}
	al, ok := instrs[0].(*ssa.Alloc)
	if !ok || al.Heap || c.virtual[al] || len(*ia.Referrers()) != 1 {
		return nil, 0
	}
	st := c.rt(deref(al.Type()))
	if st.kind != kStruct {
		return nil, 0
	}
	fields := make([]value, len(st.fields))
	for i, ft := range st.fields {
		if isAggregate(ft) || ft.kind == kNative {
			return nil, 0
		}
		fields[i] = ft.zero()
	}
	j := 1
	for ; j+1 < len(instrs); j += 2 {
		fa, ok := instrs[j].(*ssa.FieldAddr)
		if !ok || fa.X != al || len(*fa.Referrers()) != 1 {
			break
		}
		v := c.fillStore(instrs[j+1], fa)
		if v == nil {
			return nil, 0
		}
		fields[fa.Field] = c.p.constValue(v)
	}
	if j+1 >= len(instrs) || len(*al.Referrers()) != (j-1)/2+1 {
		return nil, 0
	}
	ld, ok := instrs[j].(*ssa.UnOp)
	if !ok || ld.Op != token.MUL || ld.X != al || len(*ld.Referrers()) != 1 {
		return nil, 0
	}
	if s, ok := instrs[j+1].(*ssa.Store); !ok || s.Addr != ia || s.Val != ld {
		return nil, 0
	}
	return fields, j + 2
}

func (f *fill) add(i, field int, v value) {
	f.idx, f.field, f.vals = append(f.idx, i), append(f.field, field), append(f.vals, v)
}

// drop removes the last n stores.
func (f *fill) drop(n int) {
	k := len(f.idx) - n
	f.idx, f.field, f.vals = f.idx[:k], f.field[:k], f.vals[:k] // field-by-field stores only: all is untouched
}

// fillable reports whether x is a pointer to a local array that the
// interpreter holds as elements (not a view of other memory).
func (c *compiler) fillable(x ssa.Value) bool {
	if !localAddr(x) || c.virtual[x] || c.views[x] != nil || c.bviews[x] != nil {
		return false
	}
	p, ok := x.Type().Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	_, ok = p.Elem().Underlying().(*types.Array)
	return ok
}

// arrayLen is the length of the array x points to.
func arrayLen(x ssa.Value) int {
	return int(x.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Array).Len())
}

// constIndex is ia's index if it is a constant (else -1).
func constIndex(ia *ssa.IndexAddr) int {
	k, ok := ia.Index.(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.Int {
		return -1
	}
	i, exact := constant.Int64Val(k.Value)
	if !exact || i < 0 || i > 1<<31 {
		return -1
	}
	return int(i)
}

// asConst is v if it is a constant.
func asConst(v ssa.Value) *ssa.Const {
	k, _ := v.(*ssa.Const)
	return k
}

// fillOp compiles the run f.
func (c *compiler) fillOp(f *fill) op {
	x, idx, field, vals, all := c.slot(f.x), f.idx, f.field, f.vals, f.all
	return func(fr *frame) *frame {
		a := arrayOf(fr.g.m, fr.regs[x])
		s := 0 // the next of all
		for k, i := range idx {
			if field[k] == -1 {
				a[i] = vals[k]
				continue
			}
			e, ok := a[i].r.(agg)
			if !ok {
				fr.g.m.noParts(&a[i], nil)
			}
			if field[k] == -2 {
				copy(e, all[s])
				s++
				continue
			}
			e[field[k]] = vals[k]
		}
		return fr
	}
}
