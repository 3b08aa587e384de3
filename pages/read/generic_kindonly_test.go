package read

import (
	"fmt"
	"strings"
	"testing"
)

// TestKindOnlyRule: a card headed only by the kind of home, in a list
// whose other cards are headed by their address, is titled by its own
// address line.
func TestKindOnlyRule(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<html><body><main><ul class="results">`)
	streets := []string{"12 Oak St", "40 Pine Ave", "7 Elm Rd", "98 Lake Dr", "3039-3041 California St", "4184 25th St"}
	for i, s := range streets {
		head := s
		if i >= 4 {
			head = "Multi-Family Home"
		}
		fmt.Fprintf(&b, `<li class="card"><a href="/realestateandhomes-detail/%d_M%d"><h3>%s</h3></a>`+
			`<div class="card-address">%s, San Francisco, CA 9411%d</div><span class="price">$%d99,000</span></li>`, i, 1000+i, head, s, i, i+1)
	}
	b.WriteString(`</ul></main></body></html>`)
	r := Read("https://www.example.com/realestateandhomes-search/San-Francisco_CA", []byte(b.String()))
	if len(r.Listings) != 6 {
		t.Fatalf("read %d listings, want 6: %+v", len(r.Listings), r.Listings)
	}
	for _, l := range r.Listings[4:] {
		if !strings.HasSuffix(l.Title, "San Francisco, CA 94114") && !strings.HasSuffix(l.Title, "San Francisco, CA 94115") {
			t.Errorf("title %q, want the card's address", l.Title)
		}
	}
	if r.Listings[0].Title != "12 Oak St" {
		t.Errorf("a card headed by its street is retitled: %q", r.Listings[0].Title)
	}
}

// TestKindOnlyRuleNeedsAnAddress: a kind over a neighbourhood line (no
// house number) stays: the neighbourhood is no better a title.
func TestKindOnlyRuleNeedsAnAddress(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<html><body><main><div class="results">`)
	for i, k := range []string{"Appartement", "Studio", "Appartement", "Duplex", "Maison"} {
		fmt.Fprintf(&b, `<div class="card"><a href="/annonces/locations/appartement/paris-11eme-75/roquette/17570954%d.htm"><div class="title">%s</div></a>`+
			`<div class="address">Roquette, Paris 11ème</div><div class="price">1 4%d0 €</div></div>`, i, k, i)
	}
	b.WriteString(`</div></main></body></html>`)
	r := Read("https://www.example.fr/list.htm?projects=1&types=1", []byte(b.String()))
	if len(r.Listings) != 5 {
		t.Fatalf("read %d listings, want 5: %+v", len(r.Listings), r.Listings)
	}
	if r.Listings[1].Title != "Studio" {
		t.Errorf("title %q, want the kind kept over a neighbourhood line", r.Listings[1].Title)
	}
}

func TestKindOnly(t *testing.T) {
	for _, tt := range []struct {
		t    string
		want bool
	}{
		{"Multi-Family Home", true},
		{"Single Family Home", true},
		{"Appartement", true},
		{"Casa", true},
		{"Einfamilienhaus", true},
		{"Home on the Hill", false},
		{"Sunny studio in Leeds", false},
		{"12 Oak St", false},
		{"", false},
	} {
		if got := kindOnly(tt.t); got != tt.want {
			t.Errorf("kindOnly(%q) = %v, want %v", tt.t, got, tt.want)
		}
	}
}
