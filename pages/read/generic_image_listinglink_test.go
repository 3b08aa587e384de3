package read

import (
	"net/url"
	"testing"
)

// TestListingLinkPhoto: a thumbnail inside the link to the listing is the
// listing's photo even when its class calls it an avatar; a lazy loader's
// own src-lazy beats its grey placeholder src. An agent's face that links
// to the agent stays no photo. Cards rebuilt from the class.
func TestListingLinkPhoto(t *testing.T) {
	const href = "/rent/flat-in-district-4-pr1001"
	tests := []struct{ name, card, want string }{
		{"a thumbnail classed as the product's avatar, inside the listing link",
			`<a class="thumb-link" href="` + href + `"><img class="item-avatar-img" alt="Flat in district 4" src="/assets/image/20201113-a6e3.jpg"></a>` +
				`<h3><a href="` + href + `">Flat in district 4</a></h3><span class="price">13 mil/month</span>`,
			"https://portal.example/assets/image/20201113-a6e3.jpg"},
		{"a grey preview placeholder in src, the photo in src-lazy",
			`<a href="` + href + `"><img class="item-avatar-img" src="/assets/image/lazy-preview-image-DFE3E8.png" src-lazy="https://files.example/crop/350x232/2020/09/14/968a.jpg"></a>` +
				`<h3><a href="` + href + `">Flat in district 4</a></h3>`,
			"https://files.example/crop/350x232/2020/09/14/968a.jpg"},
		{"the agent's avatar links to the agent: no photo",
			`<a href="/agents/minh"><img class="agent-avatar" src="/img/agents/minh.jpg" alt="Minh"></a>` +
				`<h3><a href="` + href + `">Flat in district 4</a></h3>`,
			""},
		{"an icon-sized picture in the listing link: no photo",
			`<a href="` + href + `"><img class="icon" width="16" height="16" src="/img/camera.png"> 12</a><h3><a href="` + href + `">Flat</a></h3>`,
			""},
	}
	base, _ := url.Parse("https://portal.example/rent")
	pc := pageContext{base: base, page: base, site: "portal.example"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			card, mains := parseCard(t, tt.card, href)
			l := readCard(card, "https://portal.example"+href, mains, pc)
			if l.Image != tt.want {
				t.Errorf("photo %q, want %q", l.Image, tt.want)
			}
		})
	}
}
