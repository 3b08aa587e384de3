package blocks

import (
	"testing"
	"time"
)

// TestAkamaiInterstitials: Bot Manager's proof-of-work page and its 2024+
// "Challenge Validation" page, in the shapes scrapers of Amazon, Goibibo
// and realestate.co.jp quote them, and the ordinary pages they must not
// be confused with.
func TestAkamaiInterstitials(t *testing.T) {
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		body string
		want Kind
	}{
		{"bm-verify with meta refresh", `<!DOCTYPE html><html><head><meta charset="utf-8">` +
			`<meta http-equiv="refresh" content="5; URL='/s?k=apple+watch&bm-verify=AAQAAAAO'" />` +
			`<title>&nbsp;</title><script> var i = 1789922000; var j = i + Number("6656" + "72470"); </script></head>` +
			`<body><script>xhr.open("POST", "/_sec/verify?provider=interstitial", false);</script></body></html>`, Challenge},
		{"bm-verify token in script only", `<html><head><title></title></head><body><script>var i = 12; var j = i + Number("1" + "2");` +
			`var p = JSON.stringify({"bm-verify": "AAQAAAAJ_x", "pow": j});</script><div>Powered by Akamai</div></body></html>`, Challenge},
		{"challenge validation", `<!DOCTYPE html><html lang="en"><head><title>Challenge Validation</title>` +
			`<script src="/kCy-ELamfAKQKgd_LcOJMiq4/Qp/BUNFX1U/NU/ECZQ5EeXMs" async></script></head>` +
			`<body><div id="sec-container"><div id="sec-if-container"></div></div></body></html>`, Challenge},
		{"challenge validation of a quiz", `<html><head><title>Challenge Validation</title></head><body>` +
			`<h1>Check your answers</h1><p>Your answers to this week's challenge are being checked.</p></body></html>`, OK},
		{"page naming bm-verify in text", `<html><head><title>Notes</title></head><body><p>We saw a bm-verify page.</p></body></html>`, OK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Classify(Page{URL: "https://example.com/", HTML: []byte(tt.body)}, now)
			if v.Kind != tt.want {
				t.Fatalf("kind = %s (%s: %s), want %s", v.Kind, v.Vendor, v.Reason, tt.want)
			}
			if v.Kind != OK && v.Vendor != "akamai" {
				t.Errorf("vendor = %q, want akamai (%s)", v.Vendor, v.Reason)
			}
		})
	}
}

// TestAkamaiOriginErrorIsNoWall: the edge's "An error occurred while
// processing your request" page names a reference like a refusal does,
// but it is a failed origin (served 503/504): calling it denied would stop
// watching a site that is merely down for a minute.
func TestAkamaiOriginErrorIsNoWall(t *testing.T) {
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	errorPage := "<HTML><HEAD><TITLE>Error</TITLE></HEAD><BODY>\nAn error occurred while processing your request.<p>\n" +
		"Reference&#32;&#35;132&#46;e6eece17&#46;1694877766&#46;1654822b\n</BODY></HTML>\n"
	deniedOn503 := "<HTML><HEAD><TITLE>Access Denied</TITLE></HEAD><BODY><H1>Access Denied</H1>" +
		"You don't have permission to access \"http&#58;&#47;&#47;example&#46;com&#47;\" on this server.<P>" +
		"Reference&#32;&#35;18&#46;4f2a1b3c&#46;1718000000&#46;0deadbef</BODY></HTML>"
	tests := []struct {
		name   string
		status int
		body   string
		want   Kind
	}{
		{"error page saved", 0, errorPage, OK},
		{"error page served 503", 503, errorPage, OK},
		{"error page served 504", 504, errorPage, OK},
		{"access denied served 503", 503, deniedOn503, OK},
		{"access denied served 403", 403, deniedOn503, Denied},
		{"access denied saved", 0, deniedOn503, Denied},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Classify(Page{Status: tt.status, Header: hdr("Server", "AkamaiGHost"), URL: "https://example.com/", HTML: []byte(tt.body)}, now)
			if v.Kind != tt.want {
				t.Fatalf("kind = %s (%s: %s), want %s", v.Kind, v.Vendor, v.Reason, tt.want)
			}
		})
	}
}
