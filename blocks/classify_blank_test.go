package blocks

import (
	"strings"
	"testing"
	"time"
)

// TestBlankAndBrandedWalls: the wall shapes that carry no words of their
// own (a blank page of a vendor's script, a challenge hiding kilobytes of
// arithmetic in hidden divs, a site's own error page with an Akamai
// reference number) against the ordinary pages that share their markers.
func TestBlankAndBrandedWalls(t *testing.T) {
	hidden := `<div style="display:none">` + strings.Repeat("+((!+[]+(!![])+!![]+[])+(!+[]+(!![])))", 200) + `</div>`
	tests := []struct {
		name, html string
		want       Kind
		vendor     string
	}{
		{"bot fight mode", `<html><head><script async src='/cdn-cgi/bm/cv/669835187/api.js'></script></head><body><script>(function(){window['__CF$cv$params']={r:'1',m:'2'}})();</script></body></html>`, Challenge, "cloudflare"},
		{"bot script after content", `<html><body><h1>Rooms</h1><a href="/r/1">Room 1</a><script>(function(){window['__CF$cv$params']={r:'1'}})();</script></body></html>`, OK, ""},
		{"bot script on an app shell", `<html><head><script src="/static/js/main.js"></script></head><body><div id="root"></div><script>window['__CF$cv$params']={r:'1'}</script></body></html>`, OK, ""},
		{"bot script on a redirect page", `<html><head><meta http-equiv="refresh" content="0;url=/nl/"></head><body><script>window['__CF$cv$params']={r:'1'}</script></body></html>`, OK, ""},
		{"incapsula blank", `<html><head><META NAME="robots" CONTENT="noindex,nofollow"><script src="/_Incapsula_Resource?SWJIYLWA=5074a744"></script><body></body></html>`, Challenge, "imperva"},
		{"incapsula script on a page", `<html><head><script src="/_Incapsula_Resource?SWJIYLWA=5074a744"></script></head><body><h1>Contact</h1><p>Call us.</p></body></html>`, OK, ""},
		{"jschl with hidden arithmetic", `<html><head><title>Just a moment...</title></head><body><form id="challenge-form" action="/?__cf_chl_jschl_tk__=1"><input type="hidden" id="jschl-answer" name="jschl_answer"></form>` + hidden + `</body></html>`, Challenge, "cloudflare"},
		{"hidden text on an ordinary page", `<html><head><title>Wohnung</title></head><body>` + hidden + `<h1>Wohnung in Leipzig</h1><p>620 €</p></body></html>`, OK, ""},
		{"branded akamai page", `<html><head><title>RentNest</title></head><body><h1>Access denied</h1><p>Sorry.</p><p>Reference&#32;&#35;18&#46;3c2a1302&#46;1712412734&#46;5d1b2e9f</p></body></html>`, Denied, "akamai"},
		{"akamai reference in another language", `<html><head><title>LocAppart</title></head><body><h1>Accès refusé</h1><p>Référence : 18.7b3c2a17.1719000123.9e8d7c6b</p></body></html>`, Denied, "akamai"},
		{"a help page quoting one", `<html><head><title>Help</title></head><body><p>The page then shows a line such as "Reference #18.9a6b2c17.1716220012.3e4f5a6b".</p></body></html>`, OK, ""},
		{"a booking reference", `<html><head><title>Booked</title></head><body><h1>Your viewing is booked</h1><p>Your booking reference: VB-20240611-4471.</p></body></html>`, OK, ""},
	}
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Classify(Page{URL: "https://example.com/", HTML: []byte(tt.html)}, now)
			if v.Kind != tt.want || v.Vendor != tt.vendor {
				t.Errorf("got %s %q (%s), want %s %q", v.Kind, v.Vendor, v.Reason, tt.want, tt.vendor)
			}
		})
	}
}
