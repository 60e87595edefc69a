// Tests encoding/binary: byte orders, Put/Append/Uvarint/Varint, Read/Write of structs into bytes.Buffer.
package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
)

type Header struct {
	Magic   uint32
	Version uint16
	Flags   uint8
	_       uint8
	Length  int64
	Ratio   float32
}

func main() {
	b := make([]byte, 8)
	binary.BigEndian.PutUint32(b, 0xDEADBEEF)
	binary.LittleEndian.PutUint32(b[4:], 0xDEADBEEF)
	fmt.Printf("% x\n", b)
	fmt.Printf("%#x %#x\n", binary.BigEndian.Uint32(b), binary.LittleEndian.Uint32(b))
	fmt.Printf("%#x %#x\n", binary.BigEndian.Uint64(b), binary.LittleEndian.Uint16(b[2:]))
	a := binary.BigEndian.AppendUint16(nil, 0x0102)
	a = binary.LittleEndian.AppendUint64(a, 1)
	fmt.Printf("% x\n", a)
	for _, v := range []uint64{0, 1, 127, 128, 300, 1 << 40, ^uint64(0)} {
		buf := binary.AppendUvarint(nil, v)
		got, n := binary.Uvarint(buf)
		fmt.Printf("uvarint %d -> % x (n=%d back=%d)\n", v, buf, n, got)
	}
	for _, v := range []int64{0, -1, 1, -64, 64, -1 << 63} {
		buf := make([]byte, binary.MaxVarintLen64)
		n := binary.PutVarint(buf, v)
		got, _ := binary.Varint(buf[:n])
		fmt.Printf("varint %d -> % x back=%d\n", v, buf[:n], got)
	}
	h := Header{Magic: 0xCAFEBABE, Version: 2, Flags: 0x81, Length: -2, Ratio: 1.5}
	var buf bytes.Buffer
	err := binary.Write(&buf, binary.LittleEndian, h)
	fmt.Println("write err:", err, "size:", binary.Size(h), "len:", buf.Len())
	fmt.Printf("% x\n", buf.Bytes())
	var h2 Header
	err = binary.Read(bytes.NewReader(buf.Bytes()), binary.LittleEndian, &h2)
	fmt.Printf("%v %+v\n", err, h2)
	var arr [3]uint16
	err = binary.Read(bytes.NewReader([]byte{0, 1, 0, 2}), binary.BigEndian, &arr)
	fmt.Println(arr, err)
	enc, err := binary.Append(nil, binary.BigEndian, []int16{-1, 2})
	fmt.Printf("% x %v\n", enc, err)
	fmt.Println(binary.BigEndian, binary.LittleEndian)
	if h2 != h {
		panic("FAIL: binary roundtrip")
	}
}
