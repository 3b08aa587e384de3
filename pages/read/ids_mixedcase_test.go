package read

import (
	"net/url"
	"testing"
)

// TestMixedCaseIDs: a base64-style token as a URL's last segment is the
// listing's id even with no digit in it, so one list's links share a
// shape; slugs, names and words are no id.
func TestMixedCaseIDs(t *testing.T) {
	for _, seg := range []string{"NkOTrDVJpMK", "NkgnFNztPVW", "Nk-SETz6YNe", "NkU4--YnkRg", "Nk-YIF5AfZB"} {
		if idToken(seg) == "" {
			t.Errorf("idToken(%q) is empty, want an id", seg)
		}
	}
	for _, seg := range []string{"kuca-u-draci-106-m2", "New-York-City", "McDonald", "Apartments", "ABCDEFGHIJ"} {
		if got := idToken(seg); got != "" {
			t.Errorf("idToken(%q) = %q, want no id", seg, got)
		}
	}
	a, _ := url.Parse("https://www.example.rs/kuce/kuca-u-draci/NkOTrDVJpMK/")
	b, _ := url.Parse("https://www.example.rs/kuce/vikendica-na-brdu/NkgnFNztPVW/")
	sa, sb := shapeOf(a), shapeOf(b)
	if !sa.hasID || sa.base != sb.base {
		t.Errorf("shapes %+v and %+v, want one shape with an id", sa, sb)
	}
}

// TestMixedCaseIDOverSlug: a mixed-case token that is a whole segment is
// the id, not a number with a unit in the slug before it ("45000eur"),
// which two listings of one price share.
func TestMixedCaseIDOverSlug(t *testing.T) {
	a, _ := url.Parse("https://www.example.rs/kuce/obrenovac-baric-sremska-25-70m2-45000eur/Nk-YIF5AfZB/")
	b, _ := url.Parse("https://www.example.rs/kuce/barajevo-vranic-35-105m2-45000eur/NkOTrDVJpMK/")
	sa, sb := shapeOf(a), shapeOf(b)
	if sa.id == sb.id || sa.id != "nk-yif5afzb" {
		t.Errorf("ids %q and %q, want the segments' tokens", sa.id, sb.id)
	}
}
