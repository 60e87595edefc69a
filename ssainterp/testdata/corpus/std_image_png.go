// Tests image, image/color and image/png: draw into an RGBA, color conversions, PNG encode/decode round trip.
package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
)

func main() {
	img := image.NewRGBA(image.Rect(0, 0, 16, 8))
	draw.Draw(img, img.Bounds(), &image.Uniform{color.RGBA{10, 20, 30, 255}}, image.Point{}, draw.Src)
	for x := range 16 {
		img.Set(x, x%8, color.RGBA{uint8(x * 16), 255, 0, 255})
	}
	fmt.Println("bounds:", img.Bounds(), "stride:", img.Stride)
	fmt.Println("at(3,3):", img.At(3, 3), "at(0,1):", img.At(0, 1))
	var buf bytes.Buffer
	err := png.Encode(&buf, img)
	fmt.Println("encode err:", err)
	fmt.Printf("png sha256: %x\n", sha256.Sum256(buf.Bytes()))
	dec, format, err := image.Decode(bytes.NewReader(buf.Bytes()))
	fmt.Println("decode:", format, err, dec.Bounds())
	same := true
	for y := range 8 {
		for x := range 16 {
			r1, g1, b1, a1 := img.At(x, y).RGBA()
			r2, g2, b2, a2 := dec.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				same = false
			}
		}
	}
	fmt.Println("round trip identical:", same)
	c := color.RGBA{200, 100, 50, 128}
	fmt.Println(color.GrayModel.Convert(c), color.NRGBAModel.Convert(c))
	y, cb, cr := color.RGBToYCbCr(200, 100, 50)
	fmt.Println("ycbcr:", y, cb, cr)
	r, g, b := color.YCbCrToRGB(y, cb, cr)
	fmt.Println("back:", r, g, b)
	sub := img.SubImage(image.Rect(2, 2, 5, 5))
	fmt.Println("sub bounds:", sub.Bounds(), image.Rect(0, 0, 4, 4).Intersect(image.Rect(2, 2, 8, 8)))
	pal := image.NewPaletted(image.Rect(0, 0, 2, 2), color.Palette{color.Black, color.White})
	pal.Set(1, 1, color.RGBA{250, 250, 250, 255})
	fmt.Println("paletted:", pal.ColorIndexAt(1, 1), pal.ColorIndexAt(0, 0))
	_, _, err = image.Decode(bytes.NewReader([]byte("not an image")))
	fmt.Println("bad decode:", err)
	if !same {
		panic("FAIL: png roundtrip")
	}
}
