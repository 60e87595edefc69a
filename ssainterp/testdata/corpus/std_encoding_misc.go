// Tests encoding/base32, encoding/ascii85, encoding/pem and mime/quotedprintable round trips.
package main

import (
	"bytes"
	"encoding/ascii85"
	"encoding/base32"
	"encoding/pem"
	"fmt"
	"io"
	"mime/quotedprintable"
	"os"
	"strings"
)

func main() {
	for _, s := range []string{"", "f", "fo", "foo", "foobar"} {
		fmt.Printf("%q b32=%s hex=%s nopad=%s\n", s, base32.StdEncoding.EncodeToString([]byte(s)),
			base32.HexEncoding.EncodeToString([]byte(s)), base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString([]byte(s)))
	}
	d, err := base32.StdEncoding.DecodeString("MZXW6YTBOI======")
	fmt.Printf("%q %v\n", d, err)
	_, err = base32.StdEncoding.DecodeString("1")
	fmt.Println(err)
	buf := make([]byte, ascii85.MaxEncodedLen(12))
	n := ascii85.Encode(buf, []byte("hello world!"))
	fmt.Println("ascii85:", string(buf[:n]))
	dec := make([]byte, 32)
	nd, _, err := ascii85.Decode(dec, buf[:n], true)
	fmt.Println("decoded:", string(dec[:nd]), err)
	blk := &pem.Block{Type: "TEST DATA", Headers: map[string]string{"Z": "last", "A": "first"}, Bytes: bytes.Repeat([]byte{0xAB, 0xCD}, 40)}
	pem.Encode(os.Stdout, blk)
	p, rest := pem.Decode(pem.EncodeToMemory(blk))
	fmt.Println(p.Type, p.Headers, len(p.Bytes), len(rest))
	p2, _ := pem.Decode([]byte("garbage"))
	fmt.Println("nil block:", p2 == nil)
	var qb strings.Builder
	qw := quotedprintable.NewWriter(&qb)
	qw.Write([]byte("Héllo = world, a long line that needs soft breaks because it is longer than seventy-six characters"))
	qw.Close()
	fmt.Println(qb.String())
	qr, _ := io.ReadAll(quotedprintable.NewReader(strings.NewReader(qb.String())))
	fmt.Println(string(qr))
	if string(d) != "foobar" {
		panic("FAIL: base32")
	}
}
