package read

import "testing"

// TestIDClosesSlug: a slug that carries the poster's phone number before
// the listing's id gives the id, so two listings of one poster stay two.
// Slugs rebuilt from the class.
func TestIDClosesSlug(t *testing.T) {
	tests := []struct{ seg, want string }{
		{"cho-18m2-gio-tu-do-tai-38-tan-phu-lh-0912027870-pr15905975", "pr15905975"},
		{"phong-25m2-moi-xay-lh-0912027870-pr24228584", "pr24228584"},
		{"2-bed-flat-call-0612345678-ad12345678", "ad12345678"},
		{"flat-in-camden-48812345", "48812345"},
	}
	for _, tt := range tests {
		if got := idToken(tt.seg); got != tt.want {
			t.Errorf("idToken(%q) = %q, want %q", tt.seg, got, tt.want)
		}
	}
}
