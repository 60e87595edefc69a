package ssainterp

import (
	"slices"
	"testing"
)

// TestPlainForms checks that the ops of a loop's body have their plain
// forms (dispatch.go): losing them would keep every result right (the
// ops run instead) and make loops slower, which no other test sees.
func TestPlainForms(t *testing.T) {
	prog, err := loadSrc(t, `package main

type pt struct{ x, y int }

func loop(xs []int, p *pt, n int, u uint) int {
	sum := 0
	for i := 0; i < n; i++ {
		xs[i] = i * 3
		sum += xs[i]&7 + i%5
		p.x = p.y + sum
		if u >= uint(i) {
			sum -= p.x
		}
	}
	return sum
}

func main() { println(loop(make([]int, 4), &pt{}, 4, 2)) }
`)
	if err != nil {
		t.Fatal(err)
	}
	fn := prog.funcOf(prog.ssa.ImportedPackage("m").Func("loop"))
	fn.compile()
	if fn.err != nil {
		t.Fatal(fn.err)
	}
	if len(fn.insts) != len(fn.code) {
		t.Fatalf("%d plain forms for %d ops", len(fn.insts), len(fn.code))
	}
	var kinds []instKind
	for _, in := range fn.insts {
		kinds = append(kinds, in.k)
	}
	for _, k := range []instKind{iAddImm, iMulImm, iAndImm, iRemImm, iAdd, iSub, iIfLt, iIfGeU, iJump, iStoreIndex, iLoadIndex, iStoreField, iLoadField} {
		if !slices.Contains(kinds, k) {
			t.Errorf("no plain form of kind %d among %v", k, kinds)
		}
	}
	// The loop's back edge moves its two integer φs (i, sum) by n only.
	scalar := 0
	for _, in := range fn.insts {
		for _, j := range []*jump{in.t, in.f} {
			if j != nil && j.counted && j.n == 2 && j.scalar {
				scalar++
			}
		}
	}
	if scalar == 0 {
		t.Error("no counted jump moves two scalar φs")
	}
}
