package read

import (
	"net/url"
	"testing"
)

func TestCanonicalURL(t *testing.T) {
	base, _ := url.Parse("https://www.Funda.nl/huur/amsterdam/")
	tests := []struct{ href, want string }{
		{"/huur/amsterdam/appartement-1-x/", "https://www.funda.nl/huur/amsterdam/appartement-1-x/"},
		{"appartement-2/", "https://www.funda.nl/huur/amsterdam/appartement-2/"},
		{"HTTPS://WWW.FUNDA.NL:443/a?utm_source=x&b=2&a=1#top", "https://www.funda.nl/a?a=1&b=2"},
		{"/a?gclid=1&fbclid=2&ref=home&source=list&search_identifier=abc&keep=1", "https://www.funda.nl/a?keep=1"},
		{"/a?utm_medium=x", "https://www.funda.nl/a"},
		{"http://example.com:80", "http://example.com/"},
		{"javascript:void(0)", ""},
		{"mailto:a@b.c", ""},
		{"#photos", ""},
		{"   ", ""},
		{"//cdn.example.com/x.jpg", "https://cdn.example.com/x.jpg"},
	}
	for _, tt := range tests {
		if got := canonicalURL(base, tt.href); got != tt.want {
			t.Errorf("canonicalURL(%q) = %q, want %q", tt.href, got, tt.want)
		}
	}
}

func TestSiteOf(t *testing.T) {
	tests := []struct{ host, want string }{
		{"www.funda.nl", "funda.nl"},
		{"www.zoopla.co.uk", "zoopla.co.uk"},
		{"sfbay.craigslist.org", "craigslist.org"},
		{"funda.nl", "funda.nl"},
		{"127.0.0.1", "127.0.0.1"},
		{"localhost:8080", "localhost"},
		{"WWW.Idealista.COM.", "idealista.com"},
	}
	for _, tt := range tests {
		if got := SiteOf(tt.host); got != tt.want {
			t.Errorf("SiteOf(%q) = %q, want %q", tt.host, got, tt.want)
		}
	}
}

func TestIDToken(t *testing.T) {
	tests := []struct{ seg, want string }{
		{"appartement-88373769-westerlengte-131", "88373769"},
		{"61d026c2", "61d026c2"},
		{"246rt5r", "246rt5r"},
		{"property-86282804.html", "86282804"},
		{"wg-zimmer-in-Berlin-Charlottenburg.10401873.html", "10401873"},
		{"123", "123"},
		{"1500-2000", ""},
		{"amsterdam", ""},
		{"p2", ""},
		{"kamer-2345678", "2345678"},
	}
	for _, tt := range tests {
		if got := idToken(tt.seg); got != tt.want {
			t.Errorf("idToken(%q) = %q, want %q", tt.seg, got, tt.want)
		}
	}
}

// Listing URLs of one list share a shape; a section word keeps agent
// pages out of it, a per-listing slug does not split it.
func TestShapeKeys(t *testing.T) {
	raw := []string{
		"https://www.zoopla.co.uk/for-sale/details/54874367",
		"https://www.zoopla.co.uk/for-sale/details/54874110",
		"https://www.zoopla.co.uk/find-agents/branch/12345",
		"https://www.zoopla.co.uk/find-agents/branch/12399",
		"https://x.craigslist.org/my-own-slug-one/7712345678.html",
		"https://x.craigslist.org/another-slug/7712345679.html",
	}
	shapes := make([]*urlShape, len(raw))
	for i, r := range raw {
		u, _ := url.Parse(r)
		s := shapeOf(u)
		shapes[i] = &s
	}
	shapeKeys(shapes, raw)
	if shapes[0].key != shapes[1].key || shapes[0].key == shapes[2].key || shapes[2].key != shapes[3].key {
		t.Errorf("zoopla keys: %q %q %q %q", shapes[0].key, shapes[1].key, shapes[2].key, shapes[3].key)
	}
	if shapes[4].key != shapes[5].key {
		t.Errorf("slug-first keys differ: %q %q", shapes[4].key, shapes[5].key)
	}
}
