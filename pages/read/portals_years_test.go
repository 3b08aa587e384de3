package read

import (
	"os"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// The pages in testdata/portals_years reconstruct search pages of the
// portals that have a definition, in layouts and years the table was not
// written against (see its MANIFEST.tsv). Read must reach precision and
// recall of 0.9 on each: a definition that misfires on a new layout (a
// rail of look-alike cards, a partial strip) must not hide the generic
// reader's better result.
func TestPortalYearsWithDefinitions(t *testing.T) {
	runYears(t, portalDefs)
}

func TestPortalYearsGenericAlone(t *testing.T) {
	runYears(t, nil)
}

func runYears(t *testing.T, defs []portalDef) {
	for _, c := range loadFixtures(t, "../../testdata/portals_years", "../../testdata/portals_years") {
		t.Run(c.name, func(t *testing.T) {
			raw, err := os.ReadFile(c.html)
			if err != nil {
				t.Fatal(err)
			}
			r := readWith(c.truth.PageURL, raw, defs)
			s := scoreReading(c.truth, r.Listings)
			t.Logf("site=%s P=%.3f R=%.3f found=%d want=%d titles=%d prices=%d",
				r.Site, s.precision, s.recall, s.found, s.want, s.titleOK, s.priceOK)
			if s.precision < 0.9 || s.recall < 0.9 {
				t.Errorf("precision %.3f recall %.3f below 0.9\nmissing %v\nextra %v", s.precision, s.recall, s.missing, s.extra)
			}
			if defs != nil && (!r.Expected || r.Portal == "") {
				t.Errorf("portal %q expected %v: the page's portal definition should have matched", r.Portal, r.Expected)
			}
		})
	}
}

// The layouts added for past years read their pages on their own (without
// the generic reader's help), with the portal's ids.
func TestPortalYearsDefinitionLayouts(t *testing.T) {
	pages := map[string]string{
		"pararius_huurwoningen_amsterdam_2019": "pararius.nl:PR000",
		"rightmove_to_rent_london_2016":        "rightmove.co.uk:58",
		"wg_gesucht_wg_zimmer_berlin_2019":     "wg-gesucht.de:7",
		"zoopla_to_rent_london_2024":           "zoopla.co.uk:66",
	}
	for _, c := range loadFixtures(t, "../../testdata/portals_years", "../../testdata/portals_years") {
		idPrefix, ok := pages[c.name]
		if !ok {
			continue
		}
		delete(pages, c.name)
		t.Run(c.name, func(t *testing.T) {
			root, pc := parseFixture(t, c)
			ls := dedupe(portalFor(portalDefs, pc.page).read(root, pc))
			if s := scoreReading(c.truth, ls); s.precision < 1 || s.recall < 1 {
				t.Errorf("definition alone: P=%.3f R=%.3f missing %v extra %v", s.precision, s.recall, s.missing, s.extra)
			}
			for _, l := range ls {
				if !strings.HasPrefix(l.ID, idPrefix) {
					t.Errorf("%s: id %q, want the portal's id (%s...)", l.URL, l.ID, idPrefix)
				}
			}
		})
	}
	if len(pages) > 0 {
		t.Errorf("pages not found: %v", pages)
	}
}

func parseFixture(t *testing.T, c fixtureCase) (*html.Node, pageContext) {
	t.Helper()
	root, err := html.Parse(strings.NewReader(decodePage(mustRead(t, c.html))))
	if err != nil {
		t.Fatal(err)
	}
	pc, ok := newPageContext(c.truth.PageURL, root)
	if !ok {
		t.Fatalf("bad page URL %q", c.truth.PageURL)
	}
	return root, pc
}
