package blocks

import (
	"testing"
	"time"
)

// unseen7Dir holds round 7 of issue 23's walls: rate-limit answers in
// more languages, messages under a key in the app's own language, "error
// 429" in any language, a lone limiter heading, Chinese firewalls' "cut
// off", Cloudflare's 2025 challenge as readers keep it, and ordinary pages
// that say the same words.
const unseen7Dir = "testdata/walls_unseen7"

func TestClassifyUnseen7(t *testing.T) {
	now := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	for _, sp := range loadServed(t, unseen7Dir) {
		t.Run(sp.file, func(t *testing.T) {
			v := Classify(Page{URL: sp.page.URL, HTML: sp.page.HTML}, now)
			checkVerdict(t, sp.file, v, sp.htmlOnly, unseen7Vendor)
		})
	}
}

// unseen7Vendor is the vendor each round-7 fixture's name promises.
var unseen7Vendor = map[string]string{"cf_": "cloudflare"}
