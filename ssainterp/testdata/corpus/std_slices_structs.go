// Tests slices package generic helpers on struct slices: grouping, dedup, partition, stable multi-key sort.
package main

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
)

type Emp struct {
	Name   string
	Dept   string
	Salary int
	Age    int
}

func GroupBy[T any, K comparable](xs []T, key func(T) K) map[K][]T {
	out := map[K][]T{}
	for _, x := range xs {
		k := key(x)
		out[k] = append(out[k], x)
	}
	return out
}

func Partition[T any](xs []T, pred func(T) bool) (yes, no []T) {
	for _, x := range xs {
		if pred(x) {
			yes = append(yes, x)
		} else {
			no = append(no, x)
		}
	}
	return
}

func main() {
	emps := []Emp{
		{"ann", "eng", 120, 30}, {"bob", "ops", 90, 45}, {"cat", "eng", 150, 28}, {"dan", "sales", 80, 35},
		{"eve", "eng", 120, 41}, {"fay", "ops", 95, 29}, {"gus", "sales", 80, 50}, {"hal", "eng", 100, 33},
	}
	byDept := GroupBy(emps, func(e Emp) string { return e.Dept })
	for _, d := range slices.Sorted(maps.Keys(byDept)) {
		total := 0
		names := []string{}
		for _, e := range byDept[d] {
			total += e.Salary
			names = append(names, e.Name)
		}
		fmt.Printf("%-6s n=%d total=%d avg=%.1f %v\n", d, len(byDept[d]), total, float64(total)/float64(len(byDept[d])), names)
	}
	sorted := slices.Clone(emps)
	slices.SortStableFunc(sorted, func(a, b Emp) int {
		return cmp.Or(strings.Compare(a.Dept, b.Dept), -cmp.Compare(a.Salary, b.Salary))
	})
	for _, e := range sorted {
		fmt.Println(" ", e.Dept, e.Salary, e.Name)
	}
	senior, junior := Partition(emps, func(e Emp) bool { return e.Age >= 35 })
	fmt.Println("senior:", len(senior), "junior:", len(junior))
	salaries := slices.Sorted(slices.Values(slices.Collect(func(yield func(int) bool) {
		for _, e := range emps {
			if !yield(e.Salary) {
				return
			}
		}
	})))
	fmt.Println("salaries:", salaries, "unique:", slices.Compact(slices.Clone(salaries)))
	oldest := slices.MaxFunc(emps, func(a, b Emp) int { return cmp.Compare(a.Age, b.Age) })
	youngest := slices.MinFunc(emps, func(a, b Emp) int { return cmp.Compare(a.Age, b.Age) })
	fmt.Println("oldest:", oldest.Name, "youngest:", youngest.Name)
	i := slices.IndexFunc(emps, func(e Emp) bool { return e.Dept == "sales" })
	fmt.Println("first sales at", i, emps[i].Name)
	emps = slices.DeleteFunc(emps, func(e Emp) bool { return e.Salary < 90 })
	fmt.Println("after delete:", len(emps))
	if len(emps) != 6 {
		panic("FAIL: DeleteFunc")
	}
}
