package art

import (
	"image"
	"image/color"
	"image/draw"
)

// Preview lays every state out on a light and a dark bar, at the tray sizes
// and magnified 4x at 22 px, plus the templates and the app icon, for a
// person to look at (`go run ./assets/gen -preview sheet.png`).
func Preview() (*image.NRGBA, error) {
	const rowH, pad = 100, 8
	width := pad + len(States)*(16+22+32+3*4+22*4+pad) // each state's three sizes and its magnified one
	sheet := image.NewNRGBA(image.Rect(0, 0, width, rowH*5+300))
	bars := []color.NRGBA{{0xf2, 0xf2, 0xf2, 255}, {0x20, 0x20, 0x24, 255}, {0x3b, 0x6e, 0xa8, 255}}
	for i, bg := range bars {
		bar := image.Rect(0, i*rowH, sheet.Rect.Dx(), (i+1)*rowH)
		draw.Draw(sheet, bar, &image.Uniform{bg}, image.Point{}, draw.Src)
		x := pad
		for _, st := range States {
			for _, n := range []int{16, 22, 32} {
				img, err := TrayImage(st, n)
				if err != nil {
					return nil, err
				}
				paste(sheet, img, x, bar.Min.Y+pad, 1)
				x += n + 4
			}
			img, _ := TrayImage(st, 22)
			paste(sheet, img, x, bar.Min.Y+pad, 4)
			x += 22*4 + pad
		}
	}
	for i, bg := range bars[:2] {
		y := (3 + i) * rowH
		draw.Draw(sheet, image.Rect(0, y, sheet.Rect.Dx(), y+rowH), &image.Uniform{bg}, image.Point{}, draw.Src)
		x := pad
		for _, st := range States {
			img, err := TemplateImage(st, 22)
			if err != nil {
				return nil, err
			}
			tint(img, bg)
			paste(sheet, img, x, y+pad, 1)
			paste(sheet, img, x+30, y+pad, 3)
			x += 30 + 66 + pad
		}
	}
	x := pad
	for _, n := range []int{16, 32, 64, 256} {
		paste(sheet, AppImage(n), x, 5*rowH+pad, 1)
		x += n + pad
	}
	return sheet, nil
}

// tint recolours a template the way the macOS menu bar does: black on a
// light bar, white on a dark one.
func tint(img *image.NRGBA, bg color.NRGBA) {
	if int(bg.R)+int(bg.G)+int(bg.B) > 3*128 {
		return
	}
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2] = 255, 255, 255
	}
}

// paste draws img over dst at (x, y), scaled by an integer factor with
// nearest-neighbour so single pixels stay visible.
func paste(dst *image.NRGBA, img *image.NRGBA, x, y, scale int) {
	b := img.Rect
	big := image.NewNRGBA(image.Rect(x, y, x+b.Dx()*scale, y+b.Dy()*scale))
	for py := 0; py < b.Dy()*scale; py++ {
		for px := 0; px < b.Dx()*scale; px++ {
			big.SetNRGBA(x+px, y+py, img.NRGBAAt(px/scale, py/scale))
		}
	}
	draw.Draw(dst, big.Rect, big, big.Rect.Min, draw.Over)
}
