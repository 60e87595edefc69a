// Tests 2D slices: jagged arrays, transpose, matrix multiply, game of life generations, flood fill.
package main

import (
	"fmt"
	"strings"
)

func newGrid(rows, cols int) [][]int {
	g := make([][]int, rows)
	for i := range g {
		g[i] = make([]int, cols)
	}
	return g
}

func transpose(m [][]int) [][]int {
	t := newGrid(len(m[0]), len(m))
	for i, row := range m {
		for j, v := range row {
			t[j][i] = v
		}
	}
	return t
}

func mul(a, b [][]int) [][]int {
	c := newGrid(len(a), len(b[0]))
	for i := range a {
		for j := range b[0] {
			for k := range b {
				c[i][j] += a[i][k] * b[k][j]
			}
		}
	}
	return c
}

func life(g [][]bool) [][]bool {
	n := make([][]bool, len(g))
	for i := range g {
		n[i] = make([]bool, len(g[i]))
		for j := range g[i] {
			cnt := 0
			for di := -1; di <= 1; di++ {
				for dj := -1; dj <= 1; dj++ {
					if di == 0 && dj == 0 {
						continue
					}
					y, x := i+di, j+dj
					if y >= 0 && y < len(g) && x >= 0 && x < len(g[y]) && g[y][x] {
						cnt++
					}
				}
			}
			n[i][j] = cnt == 3 || (g[i][j] && cnt == 2)
		}
	}
	return n
}

func show(g [][]bool) {
	for _, row := range g {
		var sb strings.Builder
		for _, c := range row {
			if c {
				sb.WriteByte('#')
			} else {
				sb.WriteByte('.')
			}
		}
		fmt.Println(sb.String())
	}
}

func main() {
	m := [][]int{{1, 2, 3}, {4, 5, 6}}
	fmt.Println(transpose(m))
	fmt.Println(mul(m, transpose(m)))
	jag := [][]string{{"a"}, {}, {"b", "c", "d"}, nil}
	for i, r := range jag {
		fmt.Println(i, len(r), r == nil, r)
	}
	g := make([][]bool, 6)
	for i := range g {
		g[i] = make([]bool, 6)
	}
	g[1][2], g[2][3], g[3][1], g[3][2], g[3][3] = true, true, true, true, true
	for gen := range 3 {
		fmt.Println("gen", gen)
		show(g)
		g = life(g)
	}
	img := []string{"..##.", ".#..#", ".#..#", "..##.", "#...."}
	cells := make([][]byte, len(img))
	for i := range img {
		cells[i] = []byte(img[i])
	}
	var fill func(y, x int) int
	fill = func(y, x int) int {
		if y < 0 || y >= len(cells) || x < 0 || x >= len(cells[y]) || cells[y][x] != '.' {
			return 0
		}
		cells[y][x] = '~'
		return 1 + fill(y+1, x) + fill(y-1, x) + fill(y, x+1) + fill(y, x-1)
	}
	fmt.Println("filled outside:", fill(0, 0), "inside:", fill(1, 2))
	for _, row := range cells {
		fmt.Println(string(row))
	}
}
