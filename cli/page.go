package cli

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strings"

	"golang.org/x/text/encoding/unicode"

	"rentwatch/blocks"
	"rentwatch/listing"
	"rentwatch/pages/read"
)

// A page as `check` and `inspect` see it: a saved page read from its file
// (a browser's "save as" in any encoding it writes), and the one JSON shape
// both commands print of a page (DESIGN.md, "Command line").

// maxInspectBytes bounds what inspect reads: far above any real page.
const maxInspectBytes = 64 << 20

// readSavedPage reads a saved page, refusing what is not one: a folder, an
// empty or huge file, or binary data (NUL bytes in the first KB, or content
// a browser would not sniff as text).
func readSavedPage(name string) ([]byte, error) {
	fi, err := os.Stat(name)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil, fmt.Errorf("%s: no such file", name)
	case err != nil:
		return nil, err
	case fi.IsDir():
		return nil, fmt.Errorf("%s is a directory, not a saved page", name)
	case fi.Size() > maxInspectBytes:
		return nil, fmt.Errorf("%s is larger than %d MiB", name, maxInspectBytes>>20)
	}
	html, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	if len(html) == 0 {
		return nil, fmt.Errorf("%s is empty", name)
	}
	if u, ok, err := fromUTF16(html); ok {
		if err != nil {
			return nil, fmt.Errorf("%s starts with a UTF-16 byte order mark but does not decode: %v", name, err)
		}
		html = u
	}
	if bytes.IndexByte(html[:min(len(html), 1024)], 0) >= 0 {
		return nil, fmt.Errorf("%s is binary (NUL bytes), not a saved page", name)
	}
	if ct := http.DetectContentType(html); !strings.HasPrefix(ct, "text/") {
		return nil, fmt.Errorf("%s is not text (looks like %s), not a saved page", name, ct)
	}
	return html, nil
}

// fromUTF16 decodes a page saved as UTF-16 with a byte order mark (a
// browser's "save as" on Windows can write one) into UTF-8 with a UTF-8
// byte order mark, so the classifier reads its text and the reader, which
// honours the mark, does not take its <meta charset=utf-16> at its word.
// ok is false for a file without a UTF-16 mark. Its NUL bytes would
// otherwise make it look binary.
func fromUTF16(b []byte) (out []byte, ok bool, err error) {
	var order unicode.Endianness
	switch {
	case bytes.HasPrefix(b, []byte{0xFF, 0xFE}):
		order = unicode.LittleEndian
	case bytes.HasPrefix(b, []byte{0xFE, 0xFF}):
		order = unicode.BigEndian
	default:
		return nil, false, nil
	}
	dec := unicode.UTF16(order, unicode.ExpectBOM).NewDecoder()
	u, err := dec.Bytes(b)
	if err != nil {
		return nil, true, err
	}
	return append([]byte("\ufeff"), u...), true, nil
}

// pageJSON is what `inspect --json` and `check --json` print of a page,
// the contract in DESIGN.md ("Command line"). Its listings are
// listing.Listing, as everywhere: a field a card does not show is absent.
type pageJSON struct {
	Verdict      string            `json:"verdict"`
	Vendor       string            `json:"vendor"`
	Reason       string            `json:"reason"`
	RetryAfterMS *int64            `json:"retry_after_ms"` // null when the site gave none
	Site         string            `json:"site"`
	Listings     []listing.Listing `json:"listings"` // never null; absolute URLs
}

// pageReport is the verdict and the listings of a page loaded from base.
func pageReport(v blocks.Verdict, site string, listings []listing.Listing, base *url.URL) pageJSON {
	out := pageJSON{Verdict: string(v.Kind), Vendor: v.Vendor, Reason: v.Reason, Site: site,
		Listings: make([]listing.Listing, 0, len(listings))}
	if v.RetryAfter > 0 {
		ms := v.RetryAfter.Milliseconds()
		out.RetryAfterMS = &ms
	}
	if out.Site == "" {
		out.Site = "generic"
	}
	for _, l := range listings {
		l.URL = absoluteURL(base, l.URL)
		out.Listings = append(out.Listings, l)
	}
	return out
}

// absoluteURL resolves a listing link against the page's address; the
// readers already give absolute ones, this only guards the contract.
func absoluteURL(base *url.URL, link string) string {
	u, err := url.Parse(link)
	if err != nil {
		return link
	}
	return base.ResolveReference(u).String()
}

// candidateJSON is one list on the page in `check --json` and `inspect
// --json`: its key, how many items it has, its first three.
type candidateJSON struct {
	Key      string            `json:"key"`
	Count    int               `json:"count"`
	Listings []listing.Listing `json:"listings"`
}

// candidatesJSON is lists as the JSON has them: absent (nil) unless there
// is a list to choose, or a pick to make again.
func candidatesJSON(lists []read.Candidate, pick string, base *url.URL) []candidateJSON {
	if len(lists) < 2 && pick == "" {
		return nil
	}
	out := []candidateJSON{}
	for _, l := range lists {
		c := candidateJSON{Key: l.Key, Count: l.Count, Listings: []listing.Listing{}}
		for _, x := range l.Listings[:min(3, len(l.Listings))] {
			x.URL = absoluteURL(base, x.URL)
			c.Listings = append(c.Listings, x)
		}
		out = append(out, c)
	}
	return out
}
