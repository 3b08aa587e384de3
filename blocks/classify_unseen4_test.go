package blocks

import (
	"testing"
	"time"
)

// unseen4Dir holds round 4 of issue 23's walls: deny and block pages of
// the self-hosted gates, delay and script checks of no known vendor, a
// refusal that offers a captcha, a verification page under a site's top
// bar, and ordinary pages that say the same words.
const unseen4Dir = "testdata/walls_unseen4"

func TestClassifyUnseen4(t *testing.T) {
	now := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	for _, sp := range loadServed(t, unseen4Dir) {
		t.Run(sp.file, func(t *testing.T) {
			v := Classify(Page{URL: sp.page.URL, HTML: sp.page.HTML}, now)
			checkVerdict(t, sp.file, v, sp.htmlOnly, unseenVendor)
		})
	}
}
