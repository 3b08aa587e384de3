package read

import (
	"fmt"
	"strings"
	"testing"
)

// lazyPixelPage is a result page whose cards' photos are one-pixel
// <img>s a lazy loader fills in from data-src (with, when picture is
// set, webp <source>s in data-srcset), or, when tracker is set, a
// one-pixel tracking image and no photo.
func lazyPixelPage(picture, tracker bool) string {
	var b strings.Builder
	b.WriteString(`<html><body><div class="offers">`)
	for i := range 6 {
		img := fmt.Sprintf(`<img width="1" height="1" class="img-fluid lazyload" data-src="https://img.example.rs/foto/%d/nek/a%d" alt="Kuća %d">`, i, i, i)
		if picture {
			img = fmt.Sprintf(`<picture><source type="image/webp" data-srcset="https://img.example.rs/foto/webp/%d/nek/a%d">%s</picture>`, i, i, img)
		}
		if tracker {
			img = fmt.Sprintf(`<img width="1" height="1" src="https://stats.example.rs/hit/%d.gif" alt="">`, i)
		}
		fmt.Fprintf(&b, `<div class="row offer"><a href="/kuce/kuca-%d/Nk%dAfZB/">%s</a>`+
			`<h2 class="offer-title"><a href="/kuce/kuca-%d/Nk%dAfZB/">Kuća u mestu broj %d</a></h2><p class="offer-price">%d 000 EUR</p></div>`,
			i, i, img, i, i, i, 40+i)
	}
	b.WriteString(`</div></body></html>`)
	return b.String()
}

// TestLazyPixelIsNoIcon: a one-pixel <img> a lazy loader fills in is the
// card's photo, not an icon; a one-pixel image with no photo to come is
// still none.
func TestLazyPixelIsNoIcon(t *testing.T) {
	for _, picture := range []bool{false, true} {
		r := Read("https://www.example.rs/kuce/prodaja/", []byte(lazyPixelPage(picture, false)))
		if len(r.Listings) != 6 {
			t.Fatalf("picture %v: read %d listings, want 6", picture, len(r.Listings))
		}
		for i, l := range r.Listings {
			if !strings.Contains(l.Image, "img.example.rs/foto/") {
				t.Errorf("picture %v: card %d photo %q, want the lazy loader's", picture, i, l.Image)
			}
		}
	}
	r := Read("https://www.example.rs/kuce/prodaja/", []byte(lazyPixelPage(false, true)))
	for i, l := range r.Listings {
		if l.Image != "" {
			t.Errorf("card %d photo %q, want none: a tracking pixel", i, l.Image)
		}
	}
}
