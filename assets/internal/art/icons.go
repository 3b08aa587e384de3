package art

import (
	"fmt"
	"image"
	"math"
)

// States are the tray states, in the order the menu documents them.
var States = []string{"ok", "checking", "waiting", "attention", "error", "paused", "setup"}

// badgeColour is each state's badge; chosen so that no two neighbours on a
// traffic-light reading (waiting/attention/error) share a hue family.
var badgeColour = map[string]rgba{
	"ok":        hex(0x16a34a), // green: all good
	"checking":  hex(0x0891b2), // teal: busy, nothing wrong
	"waiting":   hex(0x7c3aed), // violet: standing down in front of a wall
	"attention": hex(0xea580c), // orange: needs the user
	"error":     hex(0xdc2626), // red: broken
	"paused":    hex(0x64748b), // slate: off on purpose
	"setup":     hex(0x64748b), // slate too: nothing watched yet, nothing wrong
}

var (
	white     = rgba{1, 1, 1, 1}
	black     = rgba{0, 0, 0, 1}
	houseBlue = hex(0x2563eb)
)

// trayGeometry is the shared layout of every state icon: a house with a
// round badge in its lower right corner.
type trayGeometry struct {
	px     float64 // one pixel in icon units
	house  shape
	door   shape
	badgeC vec
	badgeR float64
	gap    float64 // clear ring between badge and house
	halo   float64 // contrasting outline width
}

func newTrayGeometry(size int) trayGeometry {
	px := 1 / float64(size)
	halo := math.Max(px, 0.045)
	round := 0.03
	// Polygon corners sit inside the outline so that rounding (grow) and
	// the halo still fit in the canvas.
	in := halo + round
	house := grow(polygon(
		vec{0.5, in}, vec{1 - in, 0.47}, vec{0.86 - round, 0.47},
		vec{0.86 - round, 1 - in}, vec{0.14 + round, 1 - in},
		vec{0.14 + round, 0.47}, vec{in, 0.47},
	), round)
	door := box(vec{0.33, 0.80}, vec{math.Max(0.075, 1.1*px), 0.14}, 0.02)
	return trayGeometry{
		px: px, house: house, door: door,
		badgeC: vec{0.72, 0.72}, badgeR: 0.28 - halo/2,
		gap: math.Max(px, 0.05), halo: halo,
	}
}

// symbol is the white mark on a state's badge, in icon units.
func (g trayGeometry) symbol(state string) (shape, error) {
	c, r := g.badgeC, g.badgeR
	w := math.Max(0.2*r, 1.4*g.px)
	at := func(dx, dy float64) vec { return vec{c.x + dx*r, c.y + dy*r} }
	switch state {
	case "ok":
		return union(segment(at(-0.45, 0.02), at(-0.12, 0.36), w), segment(at(-0.12, 0.36), at(0.46, -0.32), w)), nil
	case "checking":
		// Three quarters of a ring, open at the top right: the usual
		// "busy" spinner, frozen. (An arrowhead filled the gap at 22 px.)
		return arc(c, 0.5*r, w, 0, 1.5*math.Pi), nil
	case "waiting":
		return union(segment(c, at(0, -0.58), w), segment(c, at(0.42, 0), w)), nil
	case "attention":
		return union(segment(at(0, -0.55), at(0, 0.12), w*1.1), circle(at(0, 0.52), w*0.62)), nil
	case "error":
		return union(segment(at(-0.38, -0.38), at(0.38, 0.38), w), segment(at(-0.38, 0.38), at(0.38, -0.38), w)), nil
	case "paused":
		bw := math.Max(0.13*r, 0.7*g.px)
		return union(box(at(-0.26, 0), vec{bw, 0.45 * r}, bw/3), box(at(0.26, 0), vec{bw, 0.45 * r}, bw/3)), nil
	case "setup":
		// A plus: add a search. Not a check mark: nothing is watched yet.
		return union(segment(at(0, -0.5), at(0, 0.5), w), segment(at(-0.5, 0), at(0.5, 0), w)), nil
	}
	return nil, fmt.Errorf("unknown tray state %q (want one of %v)", state, States)
}

// TrayImage draws a state's colour icon: a blue house with the state's
// badge, inside a white outline so it reads on dark and light bars alike.
func TrayImage(state string, size int) (*image.NRGBA, error) {
	g := newTrayGeometry(size)
	sym, err := g.symbol(state)
	if err != nil {
		return nil, err
	}
	badge := circle(g.badgeC, g.badgeR)
	return render(size, []layer{
		{shape: grow(union(g.house, badge), g.halo), fill: solid(white)},
		{shape: g.house, fill: solid(houseBlue)},
		{shape: g.door, fill: solid(white)},
		{shape: circle(g.badgeC, g.badgeR+g.gap), fill: solid(white)},
		{shape: badge, fill: solid(badgeColour[state])},
		{shape: sym, fill: solid(white)},
	}), nil
}

// TemplateImage draws a state's macOS template icon: black and alpha only,
// with the door, the badge's gap and its symbol cut out, so the menu bar
// tints it for light and dark mode.
func TemplateImage(state string, size int) (*image.NRGBA, error) {
	g := newTrayGeometry(size)
	sym, err := g.symbol(state)
	if err != nil {
		return nil, err
	}
	return render(size, []layer{
		{shape: g.house, fill: solid(black)},
		{shape: g.door, erase: true},
		{shape: circle(g.badgeC, g.badgeR+g.gap), erase: true},
		{shape: circle(g.badgeC, g.badgeR), fill: solid(black)},
		{shape: sym, erase: true},
	}), nil
}

// AppImage draws the application icon: a white house on a blue tile, a
// keyhole in its door and radar waves over its roof (rentwatch watches
// homes for the user).
func AppImage(size int) *image.NRGBA {
	px := 1 / float64(size)
	m := 0.06 // macOS-style margin around the tile
	if size <= 32 {
		m = 0.02 // small icons need every pixel
	}
	tile := box(vec{0.5, 0.5}, vec{0.5 - m, 0.5 - m}, 0.2*(1-2*m))
	peak := vec{0.5, 0.40}
	house := grow(polygon(
		peak, vec{0.80, 0.62}, vec{0.72, 0.62}, vec{0.72, 0.84},
		vec{0.28, 0.84}, vec{0.28, 0.62}, vec{0.20, 0.62},
	), 0.025)
	kw := math.Max(0.035, 0.9*px)
	keyhole := union(circle(vec{0.5, 0.67}, math.Max(0.05, 1.2*px)),
		polygon(vec{0.5 - kw, 0.69}, vec{0.5 + kw, 0.69}, vec{0.5 + 1.4*kw, 0.79}, vec{0.5 - 1.4*kw, 0.79}))
	w := math.Max(0.045, 1.2*px)
	from, to := -math.Pi*0.82, -math.Pi*0.18
	waves := union(arc(peak, 0.13, w, from, to), arc(peak, 0.23, w, from, to))
	top, bottom := hex(0x4f8ff7), hex(0x1d4ed8)
	return render(size, []layer{
		{shape: tile, fill: verticalGradient(top, bottom, m, 1-m)},
		{shape: house, fill: solid(white)},
		{shape: keyhole, fill: verticalGradient(top, bottom, m, 1-m)},
		{shape: waves, fill: solid(rgba{1, 1, 1, 0.85})},
	})
}
