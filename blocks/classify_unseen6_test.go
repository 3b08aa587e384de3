package blocks

import (
	"testing"
	"time"
)

// unseen6Dir holds round 6 of issue 23's walls: rate-limit answers and
// refusals in more languages, JSON bodies that state a 429, CIDRAM's
// pages, a lone captcha that names itself, and ordinary pages that say
// the same words.
const unseen6Dir = "testdata/walls_unseen6"

func TestClassifyUnseen6(t *testing.T) {
	now := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	for _, sp := range loadServed(t, unseen6Dir) {
		t.Run(sp.file, func(t *testing.T) {
			v := Classify(Page{URL: sp.page.URL, HTML: sp.page.HTML}, now)
			checkVerdict(t, sp.file, v, sp.htmlOnly, unseen6Vendor)
		})
	}
}

// unseen6Vendor is the vendor each round-6 fixture's name promises.
var unseen6Vendor = map[string]string{"cidram_": "cidram", "alibaba_": "alibaba", "baidu_": "baidu",
	"vercel_": "vercel", "perimeterx_": "perimeterx", "datadome_": "datadome"}
