// The environment and standard input as a program sees them: Setenv,
// Unsetenv, LookupEnv, Environ and ExpandEnv over a variable of its own,
// invalid keys, and a standard input that ends at once.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"slices"
	"syscall"
)

const key = "CORPUS_ENV_KEY"

func main() {
	_, ok := os.LookupEnv(key)
	fmt.Println("set before:", ok)
	fmt.Println(os.Setenv(key, "one"), os.Getenv(key))
	fmt.Println(slices.Contains(os.Environ(), key+"=one"), os.ExpandEnv("[$"+key+"] [${"+key+"}] [$NO_SUCH_CORPUS_VAR]"))
	os.Setenv(key, "two")
	n := 0
	for _, kv := range os.Environ() {
		if len(kv) > len(key) && kv[:len(key)+1] == key+"=" {
			n++
		}
	}
	fmt.Println("entries:", n, os.Getenv(key))
	v, found := syscall.Getenv(key)
	fmt.Println(v, found)
	fmt.Println(os.Unsetenv(key))
	v, ok = os.LookupEnv(key)
	fmt.Printf("%q %v\n", v, ok)
	fmt.Println(os.Setenv("", "x"))
	fmt.Println(os.Setenv("A=B", "x"))
	fmt.Println(os.Setenv(key, "nul\x00"))
	fmt.Println(os.Setenv(key, ""), os.Getenv(key) == "")
	_, ok = os.LookupEnv(key)
	fmt.Println("empty value set:", ok)

	b, err := io.ReadAll(os.Stdin)
	fmt.Printf("stdin: %q %v\n", b, err)
	sc := bufio.NewScanner(os.Stdin)
	fmt.Println(sc.Scan(), sc.Err())
	buf := make([]byte, 4)
	k, err := os.Stdin.Read(buf)
	fmt.Println(k, err)
}
