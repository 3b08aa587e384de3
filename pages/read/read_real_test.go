package read

import (
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rentwatch/listing"
)

// truthFile is the format of testdata/real/truth/*.json and
// testdata/portals/*.json: the listings a person found on a saved page.
type truthFile struct {
	File     string         `json:"file"`
	PageURL  string         `json:"page_url"`
	Listings []truthListing `json:"listings"`
	Excluded []struct {
		URL string `json:"url"`
	} `json:"excluded"`
	// Unread: the page holds listings the readers cannot read, and the
	// Reading must say so. Dropped: links the reader must report.
	Unread  bool     `json:"unread"`
	Dropped []string `json:"dropped"`
}

// truthListing is one listing a person found; the fields after Price are
// recorded only in the fixture sets that say so (nil or "": not shown).
type truthListing struct {
	URL        string   `json:"url"`
	Title      string   `json:"title"`
	Price      string   `json:"price"`
	PriceValue *float64 `json:"price_value"`
	Size       string   `json:"size"`
	SizeM2     *float64 `json:"size_m2"`
	Rooms      *float64 `json:"rooms"`
	Image      string   `json:"image"`
}

type fixtureCase struct {
	name  string
	html  string // path of the page
	truth truthFile
}

// loadFixtures reads every truth file in dir; pages sit under pageDir.
func loadFixtures(t testing.TB, dir, pageDir string) []fixtureCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no truth files in %s (%v)", dir, err)
	}
	var out []fixtureCase
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var tf truthFile
		if err := json.Unmarshal(raw, &tf); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out = append(out, fixtureCase{name: strings.TrimSuffix(filepath.Base(f), ".json"), html: filepath.Join(pageDir, tf.File), truth: tf})
	}
	return out
}

// score compares the listing URLs read with the truth, both canonical.
type score struct {
	precision, recall float64
	found, want       int
	titleOK, priceOK  int
	missing, extra    []string
}

func scoreReading(tf truthFile, got []listing.Listing) score {
	want, byKey := map[string]int{}, map[string]string{}
	for i, l := range tf.Listings {
		c := canonicalURL(nil, l.URL)
		want[c] = i
		if k := listingKey(c); k != "" {
			byKey[k] = c
		}
	}
	s := score{found: len(got), want: len(want)}
	hit := map[string]bool{}
	for _, l := range got {
		c := canonicalURL(nil, l.URL)
		if _, ok := want[c]; !ok && byKey[listingKey(c)] != "" {
			// another link of the same listing (its id in the URL)
			c = byKey[listingKey(c)]
		}
		i, ok := want[c]
		if !ok || hit[c] {
			s.extra = append(s.extra, c)
			continue
		}
		hit[c] = true
		if sameText(l.Title, tf.Listings[i].Title) {
			s.titleOK++
		}
		if samePrice(l.Price, tf.Listings[i].Price) {
			s.priceOK++
		}
	}
	for u := range want {
		if !hit[u] {
			s.missing = append(s.missing, u)
		}
	}
	if len(got) > 0 {
		s.precision = float64(len(hit)) / float64(len(got))
	}
	if len(want) > 0 {
		s.recall = float64(len(hit)) / float64(len(want))
	} else if len(got) == 0 {
		s.precision, s.recall = 1, 1
	}
	return s
}

// listingKey names the listing a URL leads to by its site and id, as
// the reader's de-duplication does; "" for a URL without an id.
func listingKey(raw string) string {
	u, ok := resolveLink(nil, raw)
	if !ok {
		return ""
	}
	if s := shapeOf(u); s.id != "" && s.query == nil {
		return SiteOf(u.Host) + "#" + s.id
	}
	return ""
}

func sameText(a, b string) bool { return cleanText(a) == cleanText(b) }

// samePrice compares the digits of two prices ("€ 1.550 /mnd" = "€1.550 /mnd").
func samePrice(a, b string) bool {
	d := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, s)
	}
	if d(b) == "" {
		return strings.EqualFold(cleanText(a), cleanText(b))
	}
	return d(a) == d(b)
}

func TestRealPagesGenericAlone(t *testing.T) {
	runFixtures(t, loadFixtures(t, "../../testdata/real/truth", "../../testdata/real"), nil)
}

func runFixtures(t *testing.T, cases []fixtureCase, defs []portalDef) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			raw, err := os.ReadFile(c.html)
			if err != nil {
				t.Fatal(err)
			}
			r := readWith(c.truth.PageURL, raw, defs)
			s := scoreReading(c.truth, r.Listings)
			t.Logf("site=%s P=%.3f R=%.3f found=%d want=%d titles=%d/%d prices=%d/%d",
				r.Site, s.precision, s.recall, s.found, s.want, s.titleOK, s.want, s.priceOK, s.want)
			if s.precision < 0.9 || s.recall < 0.9 {
				t.Errorf("precision %.3f recall %.3f below 0.9\nmissing %v\nextra %v", s.precision, s.recall, s.missing, s.extra)
			}
			if testing.Verbose() && os.Getenv("DUMP") != "" {
				for _, l := range r.Listings {
					t.Logf("  %q | %q | %q", l.URL, l.Title, l.Price)
				}
			}
			if defs != nil && portalFor(defs, mustURL(t, c.truth.PageURL)) != nil && r.Site == "generic" {
				t.Errorf("portal definition found nothing; the generic reader read the page")
			}
		})
	}
}

func TestRealPagesWithDefinitions(t *testing.T) {
	runFixtures(t, loadFixtures(t, "../../testdata/real/truth", "../../testdata/real"), portalDefs)
}

func mustURL(t testing.TB, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// The pages in testdata/portals are written in the style of portals the
// readers have no saved page of; the generic reader must read them alone.
func TestPortalFixturesGenericAlone(t *testing.T) {
	runFixtures(t, loadFixtures(t, "../../testdata/portals", "../../testdata/portals"), nil)
}

func TestPortalFixturesWithDefinitions(t *testing.T) {
	runFixtures(t, loadFixtures(t, "../../testdata/portals", "../../testdata/portals"), portalDefs)
}
