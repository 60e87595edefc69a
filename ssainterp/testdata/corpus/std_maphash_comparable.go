// Tests hash/maphash.Comparable and WriteComparable over struct, array, pointer, interface (nil too) and time.Time values, and reflect over struct map keys (MapKeys, MakeMap, SetMapIndex, New(t).Elem().Set): equal values hash alike, and an unhashable dynamic type panics as Go's hasher does.
package main

import (
	"fmt"
	"hash/maphash"
	"reflect"
	"time"
)

type K struct {
	A string
	B int
	C [2]uint8
	D *int
	E any
	F float64
}

type Inner struct{ X, Y int }

type Outer struct {
	In  Inner
	Arr [2]Inner
	P   *Inner
}

func main() {
	seed := maphash.MakeSeed()
	h := func(v K) uint64 { return maphash.Comparable(seed, v) }
	x := 1
	k1 := K{"a", 1, [2]uint8{1, 2}, &x, "e", 0}
	k2 := k1
	k2.F = -0.0 * k1.F // -0 == +0
	fmt.Println("equal structs:", h(k1) == h(k2))
	var zk K
	fmt.Println("zero structs (nil interface field):", h(zk) == h(K{}))
	y := 1
	k3 := k1
	k3.D = &y
	k4 := k1
	k4.E = K{A: "nested"}
	fmt.Println("equal arrays:", maphash.Comparable(seed, [2]K{k1, k4}) == maphash.Comparable(seed, [2]K{k2, k4}))
	fmt.Println("interfaces:", maphash.Comparable(seed, any(k1)) == maphash.Comparable(seed, any(k2)))
	t1 := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	fmt.Println("time.Time:", maphash.Comparable(seed, t1) == maphash.Comparable(seed, time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)))
	var hh maphash.Hash
	hh.SetSeed(seed)
	maphash.WriteComparable(&hh, k1)
	fmt.Println("WriteComparable == Comparable:", hh.Sum64() == h(k1))
	_ = h(k3)

	m := map[K]int{k1: 1, {A: "b"}: 2, k3: 3}
	keys := reflect.ValueOf(m).MapKeys()
	fmt.Println("MapKeys:", len(keys))
	total := 0
	for _, k := range keys {
		kk := k.Interface().(K)
		if h(kk) != h(kk) {
			fmt.Println("unstable hash")
		}
		total += int(reflect.ValueOf(m).MapIndex(k).Int())
	}
	fmt.Println("MapIndex total:", total)
	mm := reflect.MakeMap(reflect.TypeOf(m))
	mm.SetMapIndex(reflect.ValueOf(k1), reflect.ValueOf(5))
	mm.SetMapIndex(reflect.New(reflect.TypeOf(K{})).Elem(), reflect.ValueOf(6))
	mm.SetMapIndex(reflect.ValueOf(k2), reflect.ValueOf(7))
	fmt.Println("MakeMap:", mm.Len(), mm.MapIndex(reflect.ValueOf(K{})), mm.MapIndex(reflect.ValueOf(k1)))

	ot := reflect.TypeOf(Outer{})
	ov := reflect.New(ot).Elem()
	ov.Set(reflect.ValueOf(Outer{In: Inner{1, 2}}))
	ov.Field(1).Index(1).Set(reflect.ValueOf(Inner{3, 4}))
	ov.Field(0).Field(1).SetInt(9)
	fmt.Printf("New(t).Elem().Set: %+v\n", ov.Interface())
	st := reflect.StructOf([]reflect.StructField{{Name: "Q", Type: reflect.TypeOf(Inner{})}})
	sv := reflect.New(st).Elem()
	sv.Field(0).Set(reflect.ValueOf(Inner{7, 8}))
	fmt.Printf("StructOf: %+v %v\n", sv.Interface(), maphash.Comparable(seed, sv.Interface()) == maphash.Comparable(seed, sv.Interface()))
	mt := reflect.MapOf(reflect.TypeOf(K{}), reflect.TypeOf(Inner{}))
	mv := reflect.MakeMapWithSize(mt, 2)
	mv.SetMapIndex(reflect.ValueOf(K{}), reflect.ValueOf(Inner{1, 2}))
	for it := mv.MapRange(); it.Next(); {
		fmt.Println("MapRange:", it.Key().Field(2).Index(1).Uint(), it.Value().Field(1).Int())
	}

	defer func() { fmt.Println("recovered:", recover()) }()
	maphash.Comparable(seed, any([]int{1}))
}
