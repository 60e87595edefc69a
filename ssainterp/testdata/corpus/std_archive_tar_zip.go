// Tests archive/tar and archive/zip writing and reading in memory with fixed modification times.
package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"time"
)

func main() {
	mod := time.Date(2020, 5, 17, 10, 30, 0, 0, time.UTC)
	files := []struct{ name, body string }{{"a.txt", "alpha"}, {"dir/b.txt", "bravo bravo"}, {"empty", ""}}
	var tb bytes.Buffer
	tw := tar.NewWriter(&tb)
	for _, f := range files {
		hdr := &tar.Header{Name: f.name, Mode: 0o644, Size: int64(len(f.body)), ModTime: mod, Format: tar.FormatPAX}
		if err := tw.WriteHeader(hdr); err != nil {
			panic(err)
		}
		tw.Write([]byte(f.body))
	}
	tw.Close()
	fmt.Println("tar size:", tb.Len())
	fmt.Printf("tar sha256: %x\n", sha256.Sum256(tb.Bytes()))
	tr := tar.NewReader(&tb)
	for {
		h, err := tr.Next()
		if err != nil {
			fmt.Println("tar end:", err)
			break
		}
		body, _ := io.ReadAll(tr)
		fmt.Printf("tar entry %s size=%d mode=%o mod=%s body=%q\n", h.Name, h.Size, h.Mode, h.ModTime.UTC().Format(time.RFC3339), body)
	}
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	for _, f := range files {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: mod})
		if err != nil {
			panic(err)
		}
		io.WriteString(w, f.body)
	}
	zw.SetComment("corpus zip")
	zw.Close()
	fmt.Printf("zip sha256: %x\n", sha256.Sum256(zb.Bytes()))
	zr, err := zip.NewReader(bytes.NewReader(zb.Bytes()), int64(zb.Len()))
	fmt.Println("zip open:", err, "comment:", zr.Comment, "files:", len(zr.File))
	for _, f := range zr.File {
		rc, _ := f.Open()
		body, _ := io.ReadAll(rc)
		rc.Close()
		fmt.Printf("zip entry %s method=%d size=%d crc=%08x body=%q mod=%s\n", f.Name, f.Method, f.UncompressedSize64, f.CRC32, body, f.Modified.UTC().Format(time.DateTime))
	}
	_, err = zip.NewReader(bytes.NewReader([]byte("not a zip")), 9)
	fmt.Println("bad zip:", err)
}
