package read

import "testing"

// TestPhotoLinkCaptionRule: a card whose photo and name are two links to
// the listing, with a caption laid over the photo inside the photo's link
// (an artist's impression mark, a video mark, in the portal's language)
// and no heading (issue 23, class 6): the name link's text is the title,
// not the caption over the picture.
func TestPhotoLinkCaptionRule(t *testing.T) {
	tests := []struct{ name, card, want string }{
		{"a caption over the photo, the name in a plain link below",
			`<div class="project"><a class="photo" href="/x/1"><img src="/img/1.jpg" alt=""><div class="mark">Ilustrasi</div></a><div class="info"><a class="nm" href="/x/1">Maple Terrace</a><span>North bank</span><div class="price">Rp 1,2 M</div></div></div>`,
			"Maple Terrace"},
		{"a photo link with a caption is still the title where it is the only link",
			`<div class="project"><a class="photo" href="/x/1"><img src="/img/1.jpg" alt=""><div class="mark">Rumah dua lantai di Sleman</div></a><div class="price">Rp 1,2 M</div></div>`,
			"Rumah dua lantai di Sleman"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			card, mains := parseCard(t, tt.card, "/x/1")
			if got := cardTitle(card, mains); got != tt.want {
				t.Errorf("title %q, want %q", got, tt.want)
			}
		})
	}
}
