package read

import (
	"net/url"
	"testing"
)

// TestLazyPhotoByAttributeName: a lazy loader that keeps the photo in a
// data attribute of its own naming on a placeholder element (data-imgsrc,
// data-img-url, data-photo) shows that photo; an attribute that names an
// image but holds words (data-imgalt) is none (issue 23, fields).
func TestLazyPhotoByAttributeName(t *testing.T) {
	tests := []struct{ name, card, want string }{
		{"data-imgSrc on a lazyload span",
			`<a href="/p/1"><span class="lazyload" data-imgalt="Studio" data-imgSrc="https://img7.example/ad-thumb/c95.jpg"></span><h2>Studio</h2></a>`,
			"https://img7.example/ad-thumb/c95.jpg"},
		{"data-photo-url on a div",
			`<a href="/p/1"><div class="thumb" data-photo-url="/media/12/front.webp"></div><h2>Flat</h2></a>`,
			"https://agency.example/media/12/front.webp"},
		{"only words in an image-named attribute: no photo",
			`<a href="/p/1"><span data-imgalt="Studio Paris"></span><h2>Studio</h2></a>`, ""},
	}
	base, _ := url.Parse("https://agency.example/list")
	pc := pageContext{base: base, page: base, site: "agency.example"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			card, _ := parseCard(t, tt.card, "")
			if got := cardImage(card, pc); got != tt.want {
				t.Errorf("photo %q, want %q", got, tt.want)
			}
		})
	}
}
