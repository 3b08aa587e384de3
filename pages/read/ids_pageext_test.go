package read

import (
	"fmt"
	"strings"
	"testing"
)

// TestPageAndFolderLinksAreTwoKinds: a card's listing ("/zufang/HZ….html")
// and its building's page ("/zufang/c…/") share a depth and a first
// segment, but they are two kinds of link: the cards are read whole, with
// their prices, and the buildings are no listings.
func TestPageAndFolderLinksAreTwoKinds(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<html><body><div class="content__list">`)
	for i := range 10 {
		fmt.Fprintf(&b, `<div class="content__list--item"><a class="aside" href="/zufang/HZ23114716980%05d.html"><img src="/p/%d.jpg" alt=""></a>`+
			`<div class="main"><p class="title"><a href="/zufang/HZ23114716980%05d.html">合租·家园%d 4居室 南卧</a></p>`+
			`<p class="des"><a href="/zufang/xihu/">西湖</a>-<a title="家园%d" href="/zufang/c18110640%05d/">家园%d</a> / 10㎡ / 4室2厅2卫</p>`+
			`<span class="price"><em>%d</em> 元/月</span></div></div>`, i, i, i, i, i, i, i, 1100+i)
	}
	b.WriteString(`</div></body></html>`)
	r := Read("https://hz.zu.example.com/zufang/", []byte(b.String()))
	if len(r.Listings) != 10 {
		t.Fatalf("read %d listings, want the 10 rooms: %+v", len(r.Listings), r.Listings)
	}
	for _, l := range r.Listings {
		if !strings.HasSuffix(l.URL, ".html") || l.Price == "" {
			t.Errorf("read %s %q price %q, want a room with its price", l.URL, l.Title, l.Price)
		}
	}
}

// TestPickKeysKeepTheirShape: the page extension in a shape does not
// change a saved pick's key.
func TestPickKeysKeepTheirShape(t *testing.T) {
	for _, c := range [][2]string{
		{"ke.com|2|1.html|zufang", "ke.com|2|1|zufang"},
		{"ke.com|2|1|zufang", "ke.com|2|1|zufang"},
		{"immowelt.de|3|2.php|+", "immowelt.de|3|2|+"},
	} {
		if got := keptShape(c[0]); got != c[1] {
			t.Errorf("keptShape(%q) = %q, want %q", c[0], got, c[1])
		}
	}
}
