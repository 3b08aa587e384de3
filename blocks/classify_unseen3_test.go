package blocks

import (
	"testing"
	"time"
)

// unseen3Dir holds the walls of issue 23 (rate-limit pages with no 429
// and no vendor, self-hosted proof-of-work gates, DataDome's hard block)
// and ordinary pages that say the same words.
const unseen3Dir = "../testdata/walls_unseen3"

func TestClassifyUnseen3(t *testing.T) {
	now := time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)
	for _, sp := range loadServed(t, unseen3Dir) {
		t.Run(sp.file, func(t *testing.T) {
			v := Classify(Page{URL: sp.page.URL, HTML: sp.page.HTML}, now)
			checkVerdict(t, sp.file, v, sp.htmlOnly, unseenVendor)
		})
	}
}
