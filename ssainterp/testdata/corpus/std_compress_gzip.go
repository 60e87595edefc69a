// Tests compress/gzip and compress/flate round trips with deterministic header (no mtime) and sizes.
package main

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"fmt"
	"hash/crc32"
	"io"
	"strings"
)

func main() {
	data := strings.Repeat("the rain in spain falls mainly on the plain. ", 40)
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Name = "rain.txt"
	w.Comment = "test"
	n, err := w.Write([]byte(data))
	fmt.Println("wrote", n, err)
	fmt.Println("close:", w.Close())
	fmt.Println("original:", len(data), "compressed < original:", gz.Len() < len(data))
	fmt.Printf("header bytes: % x\n", gz.Bytes()[:10])
	r, err := gzip.NewReader(bytes.NewReader(gz.Bytes()))
	fmt.Println("reader err:", err, "name:", r.Name, "comment:", r.Comment, "modtime zero:", r.ModTime.IsZero())
	out, err := io.ReadAll(r)
	fmt.Println("roundtrip equal:", string(out) == data, err, crc32.ChecksumIEEE(out))
	_, err = gzip.NewReader(strings.NewReader("not gzip data"))
	fmt.Println("bad header:", err)
	for _, level := range []int{flate.NoCompression, flate.BestSpeed, flate.BestCompression, flate.HuffmanOnly} {
		var fb bytes.Buffer
		fw, _ := flate.NewWriter(&fb, level)
		fw.Write([]byte(data))
		fw.Close()
		back, _ := io.ReadAll(flate.NewReader(&fb))
		fmt.Println("flate level", level, "ok:", string(back) == data)
	}
	var zb bytes.Buffer
	zw := zlib.NewWriter(&zb)
	zw.Write([]byte("zlib payload"))
	zw.Close()
	fmt.Printf("zlib: % x\n", zb.Bytes())
	zr, _ := zlib.NewReader(&zb)
	zout, _ := io.ReadAll(zr)
	fmt.Println(string(zout))
	_, err = io.ReadAll(flate.NewReader(strings.NewReader("\xff\xff\xff")))
	fmt.Println("corrupt flate:", err)
	if string(out) != data {
		panic("FAIL: gzip roundtrip")
	}
}
