// Tests encoding/hex and encoding/base64 (Std, URL, Raw variants), decode errors, Dump.
package main

import (
	"encoding/base64"
	"encoding/hex"
	"fmt"
)

func main() {
	data := []byte("Hello, 世界\x00\xff")
	h := hex.EncodeToString(data)
	fmt.Println(h)
	back, err := hex.DecodeString(h)
	fmt.Printf("%q %v\n", back, err)
	_, err = hex.DecodeString("abc")
	fmt.Println(err)
	_, err = hex.DecodeString("zz")
	fmt.Println(err)
	fmt.Print(hex.Dump([]byte("0123456789abcdefXYZ")))
	dst := make([]byte, hex.EncodedLen(3))
	hex.Encode(dst, []byte{1, 2, 254})
	fmt.Println(string(dst), hex.DecodedLen(6))
	fmt.Println(hex.AppendEncode([]byte("0x"), []byte{0xde, 0xad}))
	for _, in := range []string{"", "f", "fo", "foo", "foob", "fooba", "foobar", "\xfb\xff"} {
		fmt.Printf("%q std=%s url=%s rawstd=%s rawurl=%s\n", in,
			base64.StdEncoding.EncodeToString([]byte(in)),
			base64.URLEncoding.EncodeToString([]byte(in)),
			base64.RawStdEncoding.EncodeToString([]byte(in)),
			base64.RawURLEncoding.EncodeToString([]byte(in)))
	}
	dec, err := base64.StdEncoding.DecodeString("SGVsbG8gV29ybGQ=")
	fmt.Printf("%q %v\n", dec, err)
	_, err = base64.StdEncoding.DecodeString("SGVsbG8@")
	fmt.Println(err)
	_, err = base64.StdEncoding.DecodeString("SGVsbG8")
	fmt.Println(err)
	dec, err = base64.RawStdEncoding.DecodeString("SGVsbG8")
	fmt.Printf("%q %v\n", dec, err)
	fmt.Println(base64.StdEncoding.EncodedLen(10), base64.RawURLEncoding.EncodedLen(10), base64.StdEncoding.DecodedLen(16))
	if string(back) != string(data) {
		panic("FAIL: hex roundtrip")
	}
}
