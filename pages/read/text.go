package read

import (
	"bytes"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
)

// maxPageBytes caps how much of a page is read. Search pages are well under
// a few MB; anything past this is not worth the parse time.
const maxPageBytes = 24 << 20

// maxTextRunes caps titles, prices and places: a card's text is shown in a
// menu and an email, and a broken page must not put megabytes into either.
const maxTextRunes = 300

// decodePage turns the raw bytes of a page into UTF-8 text. It honours a
// BOM or <meta charset>, falls back to Windows-1252 when a page claims UTF-8
// but is not (old portals do that), and repairs double-encoded UTF-8.
func decodePage(raw []byte) string {
	if len(raw) > maxPageBytes {
		raw = raw[:maxPageBytes]
	}
	enc, name, certain := charset.DetermineEncoding(raw, "text/html")
	if !certain {
		if e, n, ok := lateCharset(raw); ok {
			enc, name = e, n
		}
	}
	var s string
	switch {
	case name == "utf-8" && utf8.Valid(raw):
		s = string(raw)
	case name == "utf-8" && !mostlyUTF8(raw):
		s = decodeWith(charmap.Windows1252, raw)
	case name == "utf-8":
		s = strings.ToValidUTF8(string(raw), "\uFFFD")
	default:
		s = decodeWith(enc, raw)
	}
	return repairMojibake(s)
}

// decodeWith decodes raw with enc, keeping what decodes if the decoder
// trips halfway.
func decodeWith(enc encoding.Encoding, raw []byte) string {
	out, err := io.ReadAll(enc.NewDecoder().Reader(bytes.NewReader(raw)))
	if err != nil && len(out) == 0 {
		return strings.ToValidUTF8(string(raw), "\uFFFD")
	}
	return strings.ToValidUTF8(string(out), "\uFFFD")
}

// mostlyUTF8 reports whether raw has at least as many valid multi-byte
// UTF-8 sequences as invalid bytes: a UTF-8 page with one stray byte stays
// UTF-8, a Windows-1252 page with no multi-byte sequences does not.
func mostlyUTF8(raw []byte) bool {
	good, bad := 0, 0
	for i := 0; i < len(raw); {
		if raw[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(raw[i:])
		if r == utf8.RuneError && n == 1 {
			bad++
		} else {
			good++
		}
		i += n
	}
	return good >= bad
}

// repairMojibake undoes one round of "UTF-8 decoded as Latin-1/Windows-1252
// and encoded to UTF-8 again" ('NiederschÃ¶nhausen'). It only does so when
// the whole text maps back to bytes and those bytes are valid UTF-8 with at
// least one multi-byte sequence, so genuine Latin text is never touched.
func repairMojibake(s string) string {
	if !strings.ContainsAny(s, "ÃÂâÅÄÐÑ") {
		return s
	}
	var b []byte
	multi := false
	for _, r := range s {
		c, ok := mojibakeByte(r)
		if !ok {
			return s
		}
		if c >= 0x80 {
			multi = true
		}
		b = append(b, c)
	}
	if !multi || !utf8.Valid(b) {
		return s
	}
	return string(b)
}

// repairText is repairMojibake for one string of a card (a title, a
// price): when the whole string does not map back, the runs that do are
// repaired (repairRuns). A whole page is repaired only all or nothing.
func repairText(s string) string {
	if r := repairMojibake(s); r != s {
		return r
	}
	if !strings.ContainsAny(s, "ÃÂâÅÄÐÑ") {
		return s
	}
	return repairRuns(s)
}

// repairRuns undoes mojibake where it sits in a string that is partly
// right: "Schöne Wohnung, 65 mÂ²" has a correct "ö" (which maps back to
// no valid UTF-8) and a double-encoded "²". Each run of characters that
// map back to one whole UTF-8 sequence (a lead byte 0xC2-0xF4 and its
// continuation bytes) is replaced by what it encodes; every other
// character stays. A lead character followed by anything else ("Â" in
// genuine text) is left alone.
func repairRuns(s string) string {
	rs := []rune(s)
	var out strings.Builder
	changed := false
	for i := 0; i < len(rs); i++ {
		lead, ok := mojibakeByte(rs[i])
		n := utf8SeqLen(lead)
		if !ok || n < 2 || i+n > len(rs) {
			out.WriteRune(rs[i])
			continue
		}
		seq := []byte{lead}
		for _, r := range rs[i+1 : i+n] {
			c, ok := mojibakeByte(r)
			if !ok || c < 0x80 || c > 0xBF {
				break
			}
			seq = append(seq, c)
		}
		if r, size := utf8.DecodeRune(seq); len(seq) == n && size == n && r != utf8.RuneError {
			out.WriteRune(r)
			i += n - 1
			changed = true
			continue
		}
		out.WriteRune(rs[i])
	}
	if !changed {
		return s
	}
	return out.String()
}

// utf8SeqLen is the length of the UTF-8 sequence a lead byte starts, 0
// for a byte that starts none.
func utf8SeqLen(c byte) int {
	switch {
	case c >= 0xC2 && c <= 0xDF:
		return 2
	case c >= 0xE0 && c <= 0xEF:
		return 3
	case c >= 0xF0 && c <= 0xF4:
		return 4
	}
	return 0
}

// mojibakeByte maps a rune back to the single byte it came from when a
// UTF-8 byte was misread as Latin-1 or Windows-1252.
func mojibakeByte(r rune) (byte, bool) {
	if r < 0x100 {
		return byte(r), true
	}
	c, ok := charmap.Windows1252.EncodeRune(r)
	return c, ok
}

// cleanText collapses whitespace, drops control and zero-width characters,
// repairs per-string mojibake and caps the length. A no-break space
// between digits stays (as U+00A0): it groups thousands ("1 250 €"),
// which findPrice must tell from a plain space between two numbers.
func cleanText(s string) string {
	s = repairText(s)
	var b strings.Builder
	b.Grow(min(len(s), 4*maxTextRunes))
	space, n := false, 0
	var prev rune
	for i, r := range s {
		switch {
		case (r == '\u00a0' || r == '\u202f') && isDigit(prev) && i+len(string(r)) < len(s) && isDigit(rune(s[i+len(string(r))])):
			r = '\u00a0'
		case unicode.IsSpace(r):
			space = true
			continue
		case unicode.IsControl(r) || r == '\u200b' || r == '\ufeff' || r == utf8.RuneError:
			continue
		}
		if n >= maxTextRunes {
			break
		}
		if space && n > 0 {
			b.WriteByte(' ')
			n++
		}
		space = false
		b.WriteRune(r)
		prev = r
		n++
	}
	return b.String()
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }
