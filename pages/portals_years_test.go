package pages

import (
	"os"
	"testing"
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
	for _, c := range loadFixtures(t, "../testdata/portals_years", "../testdata/portals_years") {
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
