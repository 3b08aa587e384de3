package blocks

import (
	"testing"
	"time"
)

// unseen2Dirs hold the second round of unseen walls (issue 15: Bot Fight
// Mode, the 2020 jschl page, Incapsula's blank script page, site-branded
// Akamai pages) and ordinary pages that carry their markers, written
// before the rule changes; holdout/ was written after them.
var unseen2Dirs = []string{"../testdata/unseen_walls2", "../testdata/unseen_walls2/holdout"}

func TestClassifyUnseen2(t *testing.T) {
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, dir := range unseen2Dirs {
		for _, sp := range loadServed(t, dir) {
			t.Run(sp.file, func(t *testing.T) {
				v := Classify(Page{URL: sp.page.URL, HTML: sp.page.HTML}, now)
				checkVerdict(t, sp.file, v, sp.htmlOnly, unseenVendor)
			})
		}
	}
}
