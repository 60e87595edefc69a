package ssainterp

import "testing"

// TestWholeValueAccessTouchesItsWords: a load or store of a whole struct
// is, for the scheduler's partial-order reduction, an access to each word
// in it, so it depends on an access to any one field, and not on other
// memory; an empty struct has no words.
func TestWholeValueAccessTouchesItsWords(t *testing.T) {
	m := &Machine{raceState: raceState{shadows: map[any]*shadow{}, cellShadows: map[*value]*shadow{}, firstOwner: 1}}
	// struct{ a int; in struct{ x, y int }; e struct{} }
	s := &value{r: agg{{n: 1}, {r: agg{{}, {}}}, {r: agg{}}}}
	words := m.sharedWords(s, 2, nil) // goroutine 1 allocated it: shared for 2
	if len(words) != 3 {
		t.Fatalf("%d words, want 3", len(words))
	}
	for _, w := range words {
		if sh := m.cellShadows[w]; sh == nil || sh.owner != -1 {
			t.Fatalf("word not marked shared: %+v", sh)
		}
	}
	whole := Access{Objects: memObjects(words)}
	y := &s.r.(agg)[1].r.(agg)[1]
	field := Access{Objects: memObjects(y), Read: true}
	if !whole.Dependent(field) || !field.Dependent(whole) {
		t.Fatal("a store of the whole struct is independent of a read of s.in.y")
	}
	if (Access{Objects: memObjects(&value{})}).Dependent(whole) {
		t.Fatal("unrelated memory depends on the struct")
	}
	if (Access{Objects: memObjects(words), Read: true}).Dependent(field) {
		t.Fatal("two reads depend on each other")
	}
	if n := len(m.sharedWords(&s.r.(agg)[2], 2, nil)); n != 0 {
		t.Fatalf("an empty struct has %d words", n)
	}
}

// TestAssignInPlace: storing a struct keeps the cells of its fields.
func TestAssignInPlace(t *testing.T) {
	c := &value{r: agg{{n: 1}, {r: agg{{n: 2}, {n: 3}}}}}
	inner := &c.r.(agg)[1].r.(agg)[0]
	v := value{r: agg{{n: 10}, {r: agg{{n: 20}, {n: 30}}}}}
	assign(c, v)
	if inner.n != 20 || &c.r.(agg)[1].r.(agg)[0] != inner {
		t.Fatalf("the field's cell was replaced: %v", c)
	}
	v.r.(agg)[1].r.(agg)[0].n = 99
	if inner.n != 20 {
		t.Fatal("the stored value aliases the source")
	}
}
