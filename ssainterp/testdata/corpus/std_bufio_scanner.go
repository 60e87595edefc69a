// Tests bufio.Scanner over strings.NewReader with ScanLines, ScanWords, ScanRunes and a custom split function.
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
)

func main() {
	text := "first line\nsecond  line with words\r\n\nlast line without newline"
	sc := bufio.NewScanner(strings.NewReader(text))
	n := 0
	for sc.Scan() {
		n++
		fmt.Printf("line %d: %q\n", n, sc.Text())
	}
	fmt.Println("err:", sc.Err())
	ws := bufio.NewScanner(strings.NewReader(text))
	ws.Split(bufio.ScanWords)
	var words []string
	for ws.Scan() {
		words = append(words, ws.Text())
	}
	fmt.Println(len(words), words)
	rs := bufio.NewScanner(strings.NewReader("héllo"))
	rs.Split(bufio.ScanRunes)
	for rs.Scan() {
		fmt.Printf("%q ", rs.Text())
	}
	fmt.Println()
	// custom split: comma separated values
	commaSplit := func(data []byte, atEOF bool) (advance int, token []byte, err error) {
		if i := bytes.IndexByte(data, ','); i >= 0 {
			return i + 1, bytes.TrimSpace(data[:i]), nil
		}
		if atEOF && len(data) > 0 {
			return len(data), bytes.TrimSpace(data), nil
		}
		return 0, nil, nil
	}
	cs := bufio.NewScanner(strings.NewReader("a, bb ,ccc,, d"))
	cs.Split(commaSplit)
	for cs.Scan() {
		fmt.Printf("[%s]", cs.Text())
	}
	fmt.Println()
	// custom split returning an error
	errSplit := func(data []byte, atEOF bool) (int, []byte, error) {
		adv, tok, err := bufio.ScanWords(data, atEOF)
		if err == nil && tok != nil && string(tok) == "STOP" {
			return 0, nil, fmt.Errorf("stop word found")
		}
		return adv, tok, err
	}
	es := bufio.NewScanner(strings.NewReader("go go STOP never"))
	es.Split(errSplit)
	for es.Scan() {
		fmt.Print(es.Text(), " ")
	}
	fmt.Println("| err:", es.Err())
	// small buffer: token too long
	ls := bufio.NewScanner(strings.NewReader(strings.Repeat("x", 100)))
	ls.Buffer(make([]byte, 10), 20)
	for ls.Scan() {
	}
	fmt.Println("long token err:", ls.Err())
	// bytes as tokens
	bs := bufio.NewScanner(strings.NewReader("1\n2\n3\n"))
	sum := 0
	for bs.Scan() {
		sum += int(bs.Bytes()[0] - '0')
	}
	fmt.Println("sum:", sum)
	if n != 4 || sum != 6 {
		panic("FAIL: scanner")
	}
}
