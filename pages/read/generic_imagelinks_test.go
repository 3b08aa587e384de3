package read

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// TestImageFileLinkRule: cards whose photo links to the image file itself
// (a lightbox), under a path full of digits that reads as an id, and
// whose listing links carry only a slug (issue 23, class 5): a link to an
// image file is the card's photo, never a listing. With prices the slugs
// are read; without, nothing is (a list of slugs alone is no result list)
// rather than the photos.
func TestImageFileLinkRule(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 6; i++ {
		fmt.Fprintf(&b, `<div class="item"><a href="/files/%d/%d/%d/house_%d_front.jpg" data-lightbox="g"><img src="/files/%d/thumb.jpg" alt=""></a>
<h4><a href="/properties/%s-street-%d">%d %s Street</a></h4><p>Offers over £%d50,000</p></div>`, 1200+i, 4600+i, 6600+i, i, i, strings.Repeat(string(rune('a'+i)), 5), i, 10+i, strings.Repeat(string(rune('a'+i)), 5), 2+i)
	}
	for _, priced := range []bool{true, false} {
		page := `<html><body><main><div class="grid">` + b.String() + `</div></main></body></html>`
		if !priced {
			page = regexpPrice.ReplaceAllString(page, "<p>Office to let</p>")
		}
		r := Read("https://agency.example.co.uk/properties/", []byte(page))
		if priced && len(r.Listings) != 6 {
			t.Fatalf("read %d listings, want 6", len(r.Listings))
		}
		for _, l := range r.Listings {
			if !strings.Contains(l.URL, "/properties/") || strings.HasSuffix(l.URL, ".jpg") {
				t.Errorf("priced %v: listing %q (%q), want a property page", priced, l.URL, l.Title)
			}
		}
	}
}

var regexpPrice = regexp.MustCompile(`<p>Offers over £\d+,000</p>`)
