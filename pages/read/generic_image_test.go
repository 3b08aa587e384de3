package read

import (
	"net/url"
	"testing"
)

// TestCardImage: the photo is where a browser shows it from, past the
// logos, icons and placeholders before it. Cards rebuilt from the class.
func TestCardImage(t *testing.T) {
	tests := []struct{ name, card, want string }{
		{"a background-image on the card's media block",
			`<a href="/p/1"><div class="media" style='background-image: url("img/prop/T12A9K5/cover/front_resized.jpg")'><span class="status">Available</span></div></a>`,
			"https://agency.example/img/prop/T12A9K5/cover/front_resized.jpg"},
		{"a lazy photo on an anchor's data-src",
			`<a class="property_photo_holder" data-src="https://assets.example/w/480/chpk3806881-51.jpg" href="/p/1"></a>`,
			"https://assets.example/w/480/chpk3806881-51.jpg"},
		{"the agency logo and a heart icon before the photo",
			`<img src="https://cdn.example/agencylogo/JLZJLO/12/2016.gif" alt="McGrath - Blacktown" class="agency-logo"><img src="/icons/heart-empty.svg"><img src="https://i2.example/640x480/4960a40e.jpg" alt="82 Orana Avenue">`,
			"https://i2.example/640x480/4960a40e.jpg"},
		{"a loading placeholder in src, the photo in data-original",
			`<img src="https://s.example/img/common/loading_white.gif" data-original="https://wing.example/?furl=http%3A%2F%2Fcontents.example%2Fbld.jpg">`,
			"https://wing.example/?furl=http%3A%2F%2Fcontents.example%2Fbld.jpg"},
		{"a noscript fallback of a lazy loader",
			`<img class="lazy" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><noscript><img src="/photos/4411/1.jpg"></noscript>`,
			"https://agency.example/photos/4411/1.jpg"},
		{"a picture's first source",
			`<picture><source srcset="/property_images/700/VN-LV.webp" type="image/webp"><img src="/property_images/700/VN-LV.jpg"></picture>`,
			"https://agency.example/property_images/700/VN-LV.webp"},
		{"only an icon: no photo",
			`<img src="/images/common/icons/svg/bed-gray.svg"><span>3</span>`, ""},
		// a lazy loader that keeps the photo in a data attribute of its own
		// naming on a placeholder (data-imgsrc, data-photo-url) shows that
		// photo; an attribute that names an image but holds words is none
		{"data-imgSrc on a lazyload span",
			`<a href="/p/1"><span class="lazyload" data-imgalt="Studio" data-imgSrc="https://img7.example/ad-thumb/c95.jpg"></span><h2>Studio</h2></a>`,
			"https://img7.example/ad-thumb/c95.jpg"},
		{"data-photo-url on a div",
			`<a href="/p/1"><div class="thumb" data-photo-url="/media/12/front.webp"></div><h2>Flat</h2></a>`,
			"https://agency.example/media/12/front.webp"},
		{"only words in an image-named attribute: no photo",
			`<a href="/p/1"><span data-imgalt="Studio Paris"></span><h2>Studio</h2></a>`, ""},
	}
	base, _ := url.Parse("https://agency.example/properties.php")
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
