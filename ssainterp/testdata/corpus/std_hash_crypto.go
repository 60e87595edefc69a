// Tests crypto/sha256, crypto/sha1, crypto/md5, hash/crc32, hash/fnv, hash/adler32 digests of fixed inputs.
package main

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"fmt"
	"hash/adler32"
	"hash/crc32"
	"hash/crc64"
	"hash/fnv"
	"io"
)

func main() {
	inputs := []string{"", "abc", "The quick brown fox jumps over the lazy dog"}
	for _, in := range inputs {
		fmt.Printf("%q\n", in)
		fmt.Printf("  sha256 %x\n", sha256.Sum256([]byte(in)))
		fmt.Printf("  sha224 %x\n", sha256.Sum224([]byte(in)))
		fmt.Printf("  sha1   %x\n", sha1.Sum([]byte(in)))
		fmt.Printf("  md5    %x\n", md5.Sum([]byte(in)))
		fmt.Printf("  sha512 %x\n", sha512.Sum512([]byte(in)))
		fmt.Printf("  crc32 %08x crc32c %08x adler %08x\n", crc32.ChecksumIEEE([]byte(in)),
			crc32.Checksum([]byte(in), crc32.MakeTable(crc32.Castagnoli)), adler32.Checksum([]byte(in)))
		f32 := fnv.New32a()
		f32.Write([]byte(in))
		f64 := fnv.New64()
		io.WriteString(f64, in)
		fmt.Printf("  fnv32a %08x fnv64 %016x crc64 %016x\n", f32.Sum32(), f64.Sum64(), crc64.Checksum([]byte(in), crc64.MakeTable(crc64.ECMA)))
	}
	h := sha256.New()
	for i := range 100 {
		fmt.Fprintf(h, "chunk %d;", i)
	}
	fmt.Printf("streamed sha256 %x size=%d block=%d\n", h.Sum(nil), h.Size(), h.BlockSize())
	h.Reset()
	fmt.Printf("after reset %x\n", h.Sum([]byte("prefix")))
	c := crc32.NewIEEE()
	c.Write([]byte("ab"))
	c.Write([]byte("c"))
	fmt.Printf("incremental crc32 %08x matches %v\n", c.Sum32(), c.Sum32() == crc32.ChecksumIEEE([]byte("abc")))
	upd := crc32.Update(0, crc32.IEEETable, []byte("abc"))
	if upd != crc32.ChecksumIEEE([]byte("abc")) {
		panic("FAIL: crc32 update")
	}
}
