package read

import (
	"bytes"
	"regexp"
	"unicode/utf8"

	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
)

// The late-charset rule (issue 23, class 8): a browser looks for <meta
// charset> in the first 1024 bytes only, and so does the HTML sniffer; a
// page that puts a large style block (an app's injected CSS, inline
// fonts) before its meta declares its charset too late for it, and its
// text came out as Windows-1252 mojibake ("na Ätyřce"). Chrome, loading
// the page, has the HTTP header; a saved page has not. When the sniffer
// found no certain answer, lateCharset looks further: a meta charset in
// the page's head, else UTF-8 where the bytes are valid UTF-8 with
// characters beyond ASCII (Windows-1252 text almost never is).

// lateSniffBytes bounds the look for a late meta charset: a head, not a
// whole page (a listing's text may quote markup).
const lateSniffBytes = 64 << 10

var metaCharsetRe = regexp.MustCompile(`(?i)<meta[^>]+charset\s*=\s*["']?\s*([a-z0-9_:.-]+)`)

// lateCharset is the encoding of a page whose charset the sniffer could
// not tell for sure; ok is false when there is nothing better to say.
func lateCharset(raw []byte) (enc encoding.Encoding, name string, ok bool) {
	head := raw[:min(len(raw), lateSniffBytes)]
	if end := bytes.Index(bytes.ToLower(head), []byte("</head")); end > 0 {
		head = head[:end]
	}
	if m := metaCharsetRe.FindSubmatch(head); m != nil {
		if e, n := charset.Lookup(string(m[1])); e != nil {
			return e, n, true
		}
	}
	if utf8.Valid(raw) && hasMultiByte(raw) {
		return nil, "utf-8", true
	}
	return nil, "", false
}

// hasMultiByte reports a byte beyond ASCII.
func hasMultiByte(raw []byte) bool {
	for _, c := range raw {
		if c >= utf8.RuneSelf {
			return true
		}
	}
	return false
}
