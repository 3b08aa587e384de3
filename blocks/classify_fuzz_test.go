package blocks

import (
	"net/http"
	"os"
	"strings"
	"testing"
	"time"
)

// FuzzClassify: any bytes, status and header values give one of the four
// kinds, never a panic and never a negative Retry-After.
func FuzzClassify(f *testing.F) {
	for _, dir := range []string{"../testdata/real", "../testdata/walls", unseenDir, ordinaryDir} {
		for _, fx := range readManifest(f, dir) {
			if b, err := os.ReadFile(fx.path); err == nil && len(b) < 64<<10 {
				f.Add(b, 0, "", "")
			}
		}
	}
	f.Add([]byte(cfChallengeBody), 503, "cloudflare", "120")
	f.Add([]byte("<h1>Error 10"), 403, "", "-1")
	f.Add([]byte("error code: 99999"), 429, "", "Sat, 01 Mar 2025 11:00:00 GMT")
	f.Add([]byte("<title>429</title><iframe src=\"/_Incapsula_Resource?"), 0, "", "")
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, html []byte, status int, server, retryAfter string) {
		h := http.Header{"Server": {server}, "Retry-After": {retryAfter}}
		v := Classify(Page{Status: status, Header: h, HTML: html, Title: string(html[:min(len(html), 40)])}, now)
		switch v.Kind {
		case OK, Challenge, RateLimited, Denied:
		default:
			t.Fatalf("kind %q", v.Kind)
		}
		if v.RetryAfter < 0 || v.RetryAfter > MaxWait {
			t.Fatalf("RetryAfter %v", v.RetryAfter)
		}
		if v.Kind != OK && strings.TrimSpace(v.Reason) == "" {
			t.Fatalf("wall %s without a reason", v.Kind)
		}
	})
}
