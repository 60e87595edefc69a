// Package splitmix derives seeds: the output function of SplitMix64
// (Steele, Lea and Flood, OOPSLA 2014), which the explorer and the restart
// loop use to give each execution and each attempt a seed of its own.
package splitmix

// Next returns the SplitMix64 output for the state after state: the
// generator adds the golden gamma and mixes.
func Next(state uint64) uint64 {
	z := state + 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
