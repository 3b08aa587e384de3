package read

import (
	"fmt"
	"strings"
	"testing"
)

// TestHashIDRule: a listing id written as a long hexadecimal hash (a
// SHA-1 or longer: Yahoo! Fudosan's /rent/detail/<44 hex>/) is an id;
// a slug run together past 40 letters is none.
func TestHashIDRule(t *testing.T) {
	for _, tt := range []struct{ seg, want string }{
		{"00000103535703e80fc7d1a5efa469728314ab34e79d", "00000103535703e80fc7d1a5efa469728314ab34e79d"},
		{"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"},
		{"wohnungmitbalkonundgartenindernaehedesparks2zimmer", ""},
	} {
		if got := idToken(tt.seg); got != tt.want {
			t.Errorf("idToken(%q) = %q, want %q", tt.seg, got, tt.want)
		}
	}
}

// TestUnitRowsRule: a page of buildings, each a block holding a list of
// its units, one row per unit with its own detail link whose id is a
// long hash: every unit is a listing.
func TestUnitRowsRule(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<html><body><div id="list">`)
	n := 0
	for bld := 0; bld < 5; bld++ {
		fmt.Fprintf(&b, `<div class="boxCassette"><h2 class="buildTtl"><span class="name">ビル%d</span> <span class="category">マンション</span></h2><div class="buildData"><dl><dt>所在地</dt><dd>品川区東大井%d丁目</dd></dl></div><ul class="roomList">`, bld, bld+1)
		for r := 0; r < 3; r++ {
			n++
			fmt.Fprintf(&b, `<li class="roomListItem"><p class="floor">%d階</p><dl class="price"><dd>8.%d万円</dd></dl><p class="floorplan">1K<br>18.9m²</p><ul class="listBtn"><li><a href="javascript:void(0)">★</a></li><li><a class="detailLink" href="/rent/detail/0000010353%034x/">詳細をみる</a></li></ul></li>`, r+2, r, n)
		}
		b.WriteString(`</ul></div>`)
	}
	b.WriteString(`</div><ul class="links"><li><a href="/rent/search/03/13/13109/">品川区</a></li><li><a href="/rent/search/03/13/13110/">目黒区</a></li></ul></body></html>`)
	r := Read("https://realestate.example.jp/rent/search/", []byte(b.String()))
	if len(r.Listings) != n {
		t.Fatalf("read %d listings, want %d units: %+v", len(r.Listings), n, r.Listings)
	}
	for i, l := range r.Listings {
		if !strings.Contains(l.URL, "/rent/detail/") || l.Price == "" {
			t.Errorf("listing %+v: want a unit's detail link and its rent", l)
		}
		// the call to action in kana ("詳細をみる") is no title, nor the
		// kind of building tagged beside its name: the name is
		if want := fmt.Sprintf("ビル%d", i/3); l.Title != want {
			t.Errorf("listing %d title %q, want %q", i, l.Title, want)
		}
	}
}
