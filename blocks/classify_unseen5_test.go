package blocks

import (
	"testing"
	"time"
)

// unseen5Dir holds round 5 of issue 23's walls: pages in other alphabets
// measured in letters, connection checks, JSON refusals, captchas to copy
// from a picture, and ordinary pages that say the same words.
const unseen5Dir = "testdata/walls_unseen5"

func TestClassifyUnseen5(t *testing.T) {
	now := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	for _, sp := range loadServed(t, unseen5Dir) {
		t.Run(sp.file, func(t *testing.T) {
			v := Classify(Page{URL: sp.page.URL, HTML: sp.page.HTML}, now)
			checkVerdict(t, sp.file, v, sp.htmlOnly, unseenVendor)
		})
	}
}
