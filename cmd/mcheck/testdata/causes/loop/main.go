// Command loop never ends: the loop bound of mcheck explore.
package main

func main() {
	n := 0
	for {
		n++
	}
}
