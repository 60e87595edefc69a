// Tests dynamic programming over slices and maps: LCS, edit distance, knapsack, coin change, LIS, memoized paths.
package main

import "fmt"

func lcs(a, b string) string {
	dp := make([][]int, len(a)+1)
	for i := range dp {
		dp[i] = make([]int, len(b)+1)
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			if a[i-1] == b[j-1] {
				dp[i][j] = dp[i-1][j-1] + 1
			} else {
				dp[i][j] = max(dp[i-1][j], dp[i][j-1])
			}
		}
	}
	out := []byte{}
	for i, j := len(a), len(b); i > 0 && j > 0; {
		switch {
		case a[i-1] == b[j-1]:
			out = append([]byte{a[i-1]}, out...)
			i--
			j--
		case dp[i-1][j] >= dp[i][j-1]:
			i--
		default:
			j--
		}
	}
	return string(out)
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

func knapsack(weights, values []int, cap int) int {
	dp := make([]int, cap+1)
	for i := range weights {
		for w := cap; w >= weights[i]; w-- {
			dp[w] = max(dp[w], dp[w-weights[i]]+values[i])
		}
	}
	return dp[cap]
}

func coinWays(coins []int, amount int) int {
	ways := make([]int, amount+1)
	ways[0] = 1
	for _, c := range coins {
		for a := c; a <= amount; a++ {
			ways[a] += ways[a-c]
		}
	}
	return ways[amount]
}

func lis(a []int) int {
	tails := []int{}
	for _, x := range a {
		lo, hi := 0, len(tails)
		for lo < hi {
			m := (lo + hi) / 2
			if tails[m] < x {
				lo = m + 1
			} else {
				hi = m
			}
		}
		if lo == len(tails) {
			tails = append(tails, x)
		} else {
			tails[lo] = x
		}
	}
	return len(tails)
}

type cell struct{ r, c int }

func gridPaths(r, c int, memo map[cell]int) int {
	if r == 0 || c == 0 {
		return 1
	}
	if v, ok := memo[cell{r, c}]; ok {
		return v
	}
	v := gridPaths(r-1, c, memo) + gridPaths(r, c-1, memo)
	memo[cell{r, c}] = v
	return v
}

func main() {
	pairs := [][2]string{{"ABCBDAB", "BDCABA"}, {"kitten", "sitting"}, {"", "abc"}, {"intention", "execution"}, {"same", "same"}}
	for _, p := range pairs {
		fmt.Printf("%q %q lcs=%q edit=%d\n", p[0], p[1], lcs(p[0], p[1]), editDistance(p[0], p[1]))
	}
	fmt.Println("knapsack:", knapsack([]int{1, 3, 4, 5}, []int{1, 4, 5, 7}, 7), knapsack([]int{10, 20, 30}, []int{60, 100, 120}, 50))
	fmt.Println("coin ways 100:", coinWays([]int{1, 5, 10, 25, 50}, 100), "coin ways 12:", coinWays([]int{2, 3, 5}, 12))
	fmt.Println("lis:", lis([]int{10, 9, 2, 5, 3, 7, 101, 18}), lis([]int{0, 1, 0, 3, 2, 3}))
	memo := map[cell]int{}
	fmt.Println("grid paths 16x16:", gridPaths(16, 16, memo), "memo size:", len(memo))
	if editDistance("kitten", "sitting") != 3 || coinWays([]int{1, 5, 10, 25, 50}, 100) != 292 {
		panic("FAIL: dp")
	}
}
