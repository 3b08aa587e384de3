package art

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/png"
)

// Sizes of every rendered file. The tray and template sizes follow the
// hosts: Linux StatusNotifierItem panels ask for 16-24 px (x2 on HiDPI),
// the Windows notification area uses 16/20/24/32 px at 100-200 % scaling,
// and the macOS menu bar draws status items 22 pt high (44 px on Retina).
var (
	AppSizes      = []int{16, 22, 24, 32, 48, 64, 128, 256, 512}
	AppICOSizes   = []int{16, 24, 32, 48, 256}
	TraySizes     = []int{16, 22, 24, 32, 48, 64}
	TrayICOSizes  = []int{16, 20, 24, 32, 48}
	TemplateSizes = map[string]int{"Template.png": 22, "Template@2x.png": 44}
)

// ICNSEntries maps each .icns element type to the pixel size of its PNG
// (ic11-ic14 are the @2x variants of 16, 32, 128 and 256 pt).
var ICNSEntries = []struct {
	Type string
	Size int
}{
	{"ic11", 32}, {"ic12", 64}, {"ic07", 128}, {"ic13", 256},
	{"ic08", 256}, {"ic14", 512}, {"ic09", 512}, {"ic10", 1024},
}

// Files renders every asset, keyed by its path under assets/.
func Files() (map[string][]byte, error) {
	out := map[string][]byte{}
	app := map[int]*image.NRGBA{}
	appAt := func(n int) *image.NRGBA {
		if app[n] == nil {
			app[n] = AppImage(n)
		}
		return app[n]
	}
	var err error
	for _, n := range AppSizes {
		if out[fmt.Sprintf("app/rentwatch-%d.png", n)], err = EncodePNG(appAt(n)); err != nil {
			return nil, err
		}
	}
	if out["app/rentwatch.ico"], err = encodeICO(appAt, AppICOSizes); err != nil {
		return nil, err
	}
	if out["app/rentwatch.icns"], err = encodeICNS(appAt); err != nil {
		return nil, err
	}
	for _, st := range States {
		if err := stateFiles(out, st); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func stateFiles(out map[string][]byte, state string) error {
	tray := map[int]*image.NRGBA{}
	var firstErr error
	trayAt := func(n int) *image.NRGBA {
		if tray[n] == nil {
			img, err := TrayImage(state, n)
			if err != nil && firstErr == nil {
				firstErr = err
			}
			tray[n] = img
		}
		return tray[n]
	}
	var err error
	for _, n := range TraySizes {
		if out[fmt.Sprintf("tray/%s-%d.png", state, n)], err = EncodePNG(trayAt(n)); err != nil {
			return err
		}
	}
	if out["tray/"+state+".ico"], err = encodeICO(trayAt, TrayICOSizes); err != nil {
		return err
	}
	if firstErr != nil {
		return firstErr
	}
	for suffix, n := range TemplateSizes {
		img, err := TemplateImage(state, n)
		if err != nil {
			return err
		}
		if out["macos/"+state+suffix], err = EncodePNG(img); err != nil {
			return err
		}
	}
	return nil
}

// EncodePNG is png.Encode at best compression (the files are committed and
// embedded in the binary, so smaller is worth the few milliseconds).
func EncodePNG(img image.Image) ([]byte, error) {
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&b, img); err != nil {
		return nil, fmt.Errorf("encode png: %w", err)
	}
	return b.Bytes(), nil
}

// encodeICO writes a Windows icon container: an ICONDIR, one 16-byte entry
// per size, then the images. Sizes under 256 are 32-bit DIBs, which every
// Windows icon loader reads; 256 is a PNG, as Windows Vista and later expect.
func encodeICO(at func(int) *image.NRGBA, sizes []int) ([]byte, error) {
	images := make([][]byte, len(sizes))
	for i, n := range sizes {
		if n >= 256 {
			b, err := EncodePNG(at(n))
			if err != nil {
				return nil, err
			}
			images[i] = b
			continue
		}
		images[i] = encodeDIB(at(n))
	}
	var b bytes.Buffer
	le := binary.LittleEndian
	head := make([]byte, 6)
	le.PutUint16(head[2:], 1) // type 1: icon
	le.PutUint16(head[4:], uint16(len(sizes)))
	b.Write(head)
	offset := 6 + 16*len(sizes)
	for i, n := range sizes {
		e := make([]byte, 16)
		e[0], e[1] = byte(n%256), byte(n%256) // 0 means 256
		le.PutUint16(e[4:], 1)                // colour planes
		le.PutUint16(e[6:], 32)               // bits per pixel
		le.PutUint32(e[8:], uint32(len(images[i])))
		le.PutUint32(e[12:], uint32(offset))
		offset += len(images[i])
		b.Write(e)
	}
	for _, img := range images {
		b.Write(img)
	}
	return b.Bytes(), nil
}

// encodeDIB is an icon image as a BITMAPINFOHEADER, bottom-up BGRA rows and
// an all-zero AND mask (the alpha channel already says what is see-through).
func encodeDIB(img *image.NRGBA) []byte {
	n := img.Rect.Dx()
	maskRow := (n + 31) / 32 * 4
	le := binary.LittleEndian
	b := make([]byte, 40, 40+n*n*4+maskRow*n)
	le.PutUint32(b[0:], 40)
	le.PutUint32(b[4:], uint32(n))
	le.PutUint32(b[8:], uint32(2*n)) // colour rows + mask rows
	le.PutUint16(b[12:], 1)
	le.PutUint16(b[14:], 32)
	le.PutUint32(b[20:], uint32(n*n*4+maskRow*n))
	for y := n - 1; y >= 0; y-- {
		for x := 0; x < n; x++ {
			c := img.NRGBAAt(x, y)
			b = append(b, c.B, c.G, c.R, c.A)
		}
	}
	return append(b, make([]byte, maskRow*n)...)
}

// encodeICNS writes a macOS icon container: "icns", the total length, then
// (type, length, PNG) elements, all lengths big-endian and including their
// 8-byte headers.
func encodeICNS(at func(int) *image.NRGBA) ([]byte, error) {
	var body bytes.Buffer
	be := binary.BigEndian
	for _, e := range ICNSEntries {
		p, err := EncodePNG(at(e.Size))
		if err != nil {
			return nil, err
		}
		h := make([]byte, 8)
		copy(h, e.Type)
		be.PutUint32(h[4:], uint32(8+len(p)))
		body.Write(h)
		body.Write(p)
	}
	h := make([]byte, 8)
	copy(h, "icns")
	be.PutUint32(h[4:], uint32(8+body.Len()))
	return append(h, body.Bytes()...), nil
}
