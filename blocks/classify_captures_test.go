package blocks

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// capturesDir holds real wall pages and ordinary pages captured by other
// people (test fixtures of scraping tools, archives of crawls), collected
// to measure the classifier on pages it was not written against. Each row
// of its MANIFEST.tsv names the repository, path and commit it came from.
const capturesDir = "../testdata/captures"

// captureScore counts, per expected kind, the pages classified as that
// kind (hits), as another kind (misses) and, for ordinary pages, the ones
// called a wall (false alarms, counted under the kind they were given).
type captureScore struct {
	hits, misses map[Kind]int
	falseAlarms  map[Kind]int
	wrong        []string
}

func newCaptureScore() *captureScore {
	return &captureScore{hits: map[Kind]int{}, misses: map[Kind]int{}, falseAlarms: map[Kind]int{}}
}

// captureVendor is the vendor each capture's file name promises.
var captureVendor = map[string]string{
	"cf_": "cloudflare", "akamai_": "akamai", "sucuri_": "sucuri", "distil_": "imperva",
	"dosarrest_": "dosarrest", "google_": "", "perimeterx_": "perimeterx",
}

func (s *captureScore) add(file string, want Kind, v Verdict) {
	switch {
	case v.Kind == want && want != OK && !vendorAsNamed(file, v.Vendor):
		s.misses[want]++
		s.wrong = append(s.wrong, fmt.Sprintf("%s: vendor %q (%s)", file, v.Vendor, v.Reason))
		return
	case v.Kind == want:
		s.hits[want]++
		return
	case want == OK:
		s.falseAlarms[v.Kind]++
	default:
		s.misses[want]++
	}
	s.wrong = append(s.wrong, fmt.Sprintf("%s: got %s (%s: %s), want %s", file, v.Kind, v.Vendor, v.Reason, want))
}

func (s *captureScore) String() string {
	var b strings.Builder
	for _, k := range []Kind{Challenge, RateLimited, Denied} {
		fmt.Fprintf(&b, "%-13s hits %2d  misses %2d\n", k, s.hits[k], s.misses[k])
	}
	alarms := 0
	for _, n := range s.falseAlarms {
		alarms += n
	}
	fmt.Fprintf(&b, "%-13s ok %2d  false alarms %2d %v\n", OK, s.hits[OK], alarms, s.falseAlarms)
	sort.Strings(s.wrong)
	for _, w := range s.wrong {
		b.WriteString("  " + w + "\n")
	}
	return b.String()
}

// TestClassifyCaptures classifies every capture as served (status and
// headers from its sidecar, where there is one) and as a saved file, and
// logs the score per kind; any page classified wrong fails the test.
func TestClassifyCaptures(t *testing.T) {
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	served, saved := newCaptureScore(), newCaptureScore()
	for _, sp := range loadServed(t, capturesDir) {
		served.add(sp.file, sp.want, Classify(sp.page, now))
		saved.add(sp.file, sp.htmlOnly, Classify(Page{URL: sp.page.URL, HTML: sp.page.HTML}, now))
	}
	t.Logf("as served:\n%s", served)
	t.Logf("as saved files:\n%s", saved)
	if len(served.wrong)+len(saved.wrong) > 0 {
		t.Errorf("%d pages classified wrong as served, %d as saved files", len(served.wrong), len(saved.wrong))
	}
}

// vendorAsNamed is true when vendor is the one file's name promises, or
// the name promises none.
func vendorAsNamed(file, vendor string) bool {
	base := filepath.Base(file)
	for p, want := range captureVendor {
		if strings.HasPrefix(base, p) {
			return vendor == want
		}
	}
	return true
}
