// Package art draws rentwatch's icons from code: every PNG, ICO and ICNS file
// in assets/ comes out of this package, so the drawing here is the one source
// of the app's look and the files are only its rendering.
//
// Shapes are signed distance functions in icon units (0..1 across the icon);
// a pixel's coverage is how far its centre lies inside the edge, which gives
// anti-aliased edges at every size without a rasteriser dependency.
package art

import (
	"image"
	"image/color"
	"math"
)

// vec is a point or a direction in icon units.
type vec struct{ x, y float64 }

func (a vec) sub(b vec) vec     { return vec{a.x - b.x, a.y - b.y} }
func (a vec) add(b vec) vec     { return vec{a.x + b.x, a.y + b.y} }
func (a vec) mul(k float64) vec { return vec{a.x * k, a.y * k} }
func (a vec) dot(b vec) float64 { return a.x*b.x + a.y*b.y }
func (a vec) length() float64   { return math.Hypot(a.x, a.y) }

// shape is a signed distance: negative inside, positive outside, in icon units.
type shape func(p vec) float64

func circle(c vec, r float64) shape {
	return func(p vec) float64 { return p.sub(c).length() - r }
}

// box is a rectangle centred on c with half-extents h and corner radius r.
func box(c, h vec, r float64) shape {
	return func(p vec) float64 {
		d := p.sub(c)
		qx := math.Abs(d.x) - h.x + r
		qy := math.Abs(d.y) - h.y + r
		out := vec{math.Max(qx, 0), math.Max(qy, 0)}.length()
		return out + math.Min(math.Max(qx, qy), 0) - r
	}
}

// segment is a stroke from a to b, w wide, with round caps.
func segment(a, b vec, w float64) shape {
	return func(p vec) float64 {
		pa, ba := p.sub(a), b.sub(a)
		t := clamp(pa.dot(ba)/ba.dot(ba), 0, 1)
		return pa.sub(ba.mul(t)).length() - w/2
	}
}

// arc is a stroke w wide along the circle (c, r) from angle a0 to a1
// (radians, clockwise on screen since y grows downwards), with round caps.
func arc(c vec, r, w, a0, a1 float64) shape {
	return func(p vec) float64 {
		d := p.sub(c)
		ang := math.Atan2(d.y, d.x)
		for ang < a0 {
			ang += 2 * math.Pi
		}
		if ang <= a1 {
			return math.Abs(d.length()-r) - w/2
		}
		e0 := c.add(vec{math.Cos(a0), math.Sin(a0)}.mul(r))
		e1 := c.add(vec{math.Cos(a1), math.Sin(a1)}.mul(r))
		return math.Min(p.sub(e0).length(), p.sub(e1).length()) - w/2
	}
}

// polygon is the filled closed polygon through pts (exact distance,
// even-odd inside test).
func polygon(pts ...vec) shape {
	return func(p vec) float64 {
		d := math.Inf(1)
		inside := false
		for i, j := 0, len(pts)-1; i < len(pts); j, i = i, i+1 {
			a, b := pts[j], pts[i]
			e, w := b.sub(a), p.sub(a)
			t := clamp(w.dot(e)/e.dot(e), 0, 1)
			d = math.Min(d, w.sub(e.mul(t)).length())
			if (a.y > p.y) != (b.y > p.y) && p.x < (b.x-a.x)*(p.y-a.y)/(b.y-a.y)+a.x {
				inside = !inside
			}
		}
		if inside {
			return -d
		}
		return d
	}
}

func union(shapes ...shape) shape {
	return func(p vec) float64 {
		d := math.Inf(1)
		for _, s := range shapes {
			d = math.Min(d, s(p))
		}
		return d
	}
}

// grow widens a shape by r (negative r shrinks it); growing a polygon
// rounds its corners.
func grow(s shape, r float64) shape {
	return func(p vec) float64 { return s(p) - r }
}

// rgba is a straight (not premultiplied) colour with channels in 0..1.
type rgba struct{ r, g, b, a float64 }

func hex(v uint32) rgba {
	return rgba{float64(v>>16&0xff) / 255, float64(v>>8&0xff) / 255, float64(v&0xff) / 255, 1}
}

// layer paints shape with fill over what is below it; an erase layer
// instead cuts the shape out of everything below (template cut-outs, gaps).
type layer struct {
	shape shape
	fill  func(p vec) rgba
	erase bool
}

func solid(c rgba) func(vec) rgba { return func(vec) rgba { return c } }

// verticalGradient runs from top at y=y0 to bottom at y=y1.
func verticalGradient(top, bottom rgba, y0, y1 float64) func(vec) rgba {
	return func(p vec) rgba {
		t := clamp((p.y-y0)/(y1-y0), 0, 1)
		return rgba{lerp(top.r, bottom.r, t), lerp(top.g, bottom.g, t), lerp(top.b, bottom.b, t), lerp(top.a, bottom.a, t)}
	}
}

// render rasterises layers at size x size pixels. Each pixel is sampled at
// 2x2 points, each with analytic edge coverage, so corners and thin strokes
// keep their weight at 16 px.
func render(size int, layers []layer) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	px := 1 / float64(size)
	offs := [...]float64{0.25, 0.75}
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			var acc [4]float64 // premultiplied
			for _, oy := range offs {
				for _, ox := range offs {
					p := vec{(float64(x) + ox) * px, (float64(y) + oy) * px}
					s := sample(p, px/2, layers)
					for i := range acc {
						acc[i] += s[i] / 4
					}
				}
			}
			img.SetNRGBA(x, y, toNRGBA(acc))
		}
	}
	return img
}

// sample composites all layers at p; spot is the sample's footprint in
// icon units, over which an edge ramps from covered to not covered.
func sample(p vec, spot float64, layers []layer) [4]float64 {
	var acc [4]float64
	for _, l := range layers {
		cov := clamp(0.5-l.shape(p)/spot, 0, 1)
		if cov == 0 {
			continue
		}
		if l.erase {
			for i := range acc {
				acc[i] *= 1 - cov
			}
			continue
		}
		c := l.fill(p)
		a := c.a * cov
		acc = [4]float64{c.r*a + acc[0]*(1-a), c.g*a + acc[1]*(1-a), c.b*a + acc[2]*(1-a), a + acc[3]*(1-a)}
	}
	return acc
}

func toNRGBA(acc [4]float64) color.NRGBA {
	a := acc[3]
	if a <= 0 {
		return color.NRGBA{}
	}
	return color.NRGBA{
		R: to8(acc[0] / a), G: to8(acc[1] / a), B: to8(acc[2] / a), A: to8(a),
	}
}

func to8(v float64) uint8 { return uint8(math.Round(clamp(v, 0, 1) * 255)) }

func clamp(v, lo, hi float64) float64 { return math.Min(math.Max(v, lo), hi) }

func lerp(a, b, t float64) float64 { return a + (b-a)*t }
