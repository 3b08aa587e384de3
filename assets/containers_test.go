package assets

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/png"
)

// The readers below are written from the format descriptions, not shared
// with the writers in internal/art, so a bug in one does not hide in both.

type icoEntry struct {
	width, height int
	isPNG         bool
	img           image.Image
}

// readICO parses an ICONDIR and decodes every image in it (PNG or 32-bit DIB).
func readICO(b []byte) ([]icoEntry, error) {
	le := binary.LittleEndian
	if len(b) < 6 || le.Uint16(b[0:]) != 0 || le.Uint16(b[2:]) != 1 {
		return nil, fmt.Errorf("not an icon file")
	}
	n := int(le.Uint16(b[4:]))
	if len(b) < 6+16*n {
		return nil, fmt.Errorf("icon directory truncated")
	}
	var out []icoEntry
	for i := range n {
		e := b[6+16*i:]
		w, h := int(e[0]), int(e[1])
		if w == 0 {
			w = 256
		}
		if h == 0 {
			h = 256
		}
		size, off := int(le.Uint32(e[8:])), int(le.Uint32(e[12:]))
		if off+size > len(b) {
			return nil, fmt.Errorf("entry %d runs past the end", i)
		}
		data := b[off : off+size]
		entry := icoEntry{width: w, height: h, isPNG: bytes.HasPrefix(data, []byte("\x89PNG"))}
		var err error
		if entry.isPNG {
			entry.img, err = png.Decode(bytes.NewReader(data))
		} else {
			entry.img, err = readDIB(data, w, h)
		}
		if err != nil {
			return nil, fmt.Errorf("entry %d (%dx%d): %w", i, w, h, err)
		}
		out = append(out, entry)
	}
	return out, nil
}

func readDIB(b []byte, w, h int) (image.Image, error) {
	le := binary.LittleEndian
	if len(b) < 40 || le.Uint32(b[0:]) != 40 {
		return nil, fmt.Errorf("no BITMAPINFOHEADER")
	}
	if int(le.Uint32(b[4:])) != w || int(le.Uint32(b[8:])) != 2*h || le.Uint16(b[14:]) != 32 {
		return nil, fmt.Errorf("header says %dx%d/2 at %d bpp", le.Uint32(b[4:]), le.Uint32(b[8:]), le.Uint16(b[14:]))
	}
	maskRow := (w + 31) / 32 * 4
	if len(b) != 40+w*h*4+maskRow*h {
		return nil, fmt.Errorf("DIB is %d bytes, want %d", len(b), 40+w*h*4+maskRow*h)
	}
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	p := b[40:]
	for y := h - 1; y >= 0; y-- {
		for x := range w {
			img.SetNRGBA(x, y, color.NRGBA{R: p[2], G: p[1], B: p[0], A: p[3]})
			p = p[4:]
		}
	}
	return img, nil
}

type icnsEntry struct {
	kind string
	img  image.Image
}

// readICNS parses an icns container whose elements are all PNGs.
func readICNS(b []byte) ([]icnsEntry, error) {
	be := binary.BigEndian
	if len(b) < 8 || string(b[:4]) != "icns" || int(be.Uint32(b[4:])) != len(b) {
		return nil, fmt.Errorf("not an icns file, or its length field is wrong")
	}
	var out []icnsEntry
	for p := b[8:]; len(p) > 0; {
		if len(p) < 8 {
			return nil, fmt.Errorf("trailing %d bytes", len(p))
		}
		n := int(be.Uint32(p[4:]))
		if n < 8 || n > len(p) {
			return nil, fmt.Errorf("element %q has length %d", p[:4], n)
		}
		img, err := png.Decode(bytes.NewReader(p[8:n]))
		if err != nil {
			return nil, fmt.Errorf("element %q: %w", p[:4], err)
		}
		out = append(out, icnsEntry{kind: string(p[:4]), img: img})
		p = p[n:]
	}
	return out, nil
}

// decodeAny decodes a PNG, ICO or ICNS into its images, in file order.
func decodeAny(name string, b []byte) ([]image.Image, error) {
	var imgs []image.Image
	switch {
	case bytes.HasPrefix(b, []byte("\x89PNG")):
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			return nil, err
		}
		imgs = append(imgs, img)
	case bytes.HasPrefix(b, []byte("icns")):
		es, err := readICNS(b)
		if err != nil {
			return nil, err
		}
		for _, e := range es {
			imgs = append(imgs, e.img)
		}
	default:
		es, err := readICO(b)
		if err != nil {
			return nil, err
		}
		for _, e := range es {
			imgs = append(imgs, e.img)
		}
	}
	return imgs, nil
}

// maxChannelDiff is the largest difference of any channel of any pixel,
// comparing colour only where a pixel is visible.
func maxChannelDiff(a, b image.Image) (int, error) {
	if a.Bounds() != b.Bounds() {
		return 0, fmt.Errorf("sizes differ: %v vs %v", a.Bounds(), b.Bounds())
	}
	worst := 0
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			ca := color.NRGBAModel.Convert(a.At(x, y)).(color.NRGBA)
			cb := color.NRGBAModel.Convert(b.At(x, y)).(color.NRGBA)
			d := []int{absDiff(ca.A, cb.A)}
			if ca.A > 8 || cb.A > 8 {
				d = append(d, absDiff(ca.R, cb.R), absDiff(ca.G, cb.G), absDiff(ca.B, cb.B))
			}
			for _, v := range d {
				worst = max(worst, v)
			}
		}
	}
	return worst, nil
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}
