package blocks

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The scan's text: lowercased in any alphabet, whitespace collapsed, and
// measured in letters rather than bytes.

// appendLower appends t to w lowercased, up to limit bytes in w.
func appendLower(w *strings.Builder, t []byte, limit int) {
	for i := 0; i < len(t) && w.Len() < limit; {
		c := t[i]
		if c >= utf8.RuneSelf {
			i += appendLowerRune(w, t[i:])
			continue
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		w.WriteByte(c)
		i++
	}
}

// appendLowerRune appends the character t starts with, lowercased, and
// returns its length in bytes. A capital of any alphabet is lowercased
// ("Доступ", "ΠΡΌΣΒΑΣΗ", "Übersicht"); bytes that are no UTF-8 (a page in
// windows-1251) pass through one at a time, so any charset is safe. Only
// non-ASCII bytes come here: ASCII text pays nothing for it.
func appendLowerRune(w *strings.Builder, t []byte) int {
	r, n := utf8.DecodeRune(t)
	if r == utf8.RuneError && n <= 1 {
		w.WriteByte(t[0])
		return 1
	}
	if l := unicode.ToLower(r); l != r {
		w.WriteRune(l)
		return n
	}
	w.Write(t[:n])
	return n
}

// appendText appends t lowercased with its whitespace collapsed, keeping a
// single space between pieces, up to limit bytes in w.
func appendText(w *strings.Builder, t []byte, limit int) {
	space := w.Len() > 0
	for i := 0; i < len(t) && w.Len() < limit; {
		c := t[i]
		if isSpace(c) {
			space = w.Len() > 0
			i++
			continue
		}
		if space {
			w.WriteByte(' ')
			space = false
		}
		if c >= utf8.RuneSelf {
			i += appendLowerRune(w, t[i:])
			continue
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		w.WriteByte(c)
		i++
	}
	if space && w.Len() < limit {
		w.WriteByte(' ')
	}
}

// collapse lowercases s and collapses its whitespace, trimming both ends.
func collapse(s string) string {
	var w strings.Builder
	appendText(&w, []byte(s), 4096)
	return strings.TrimSpace(w.String())
}

// textLength is how long t's text is, in letters, not bytes: the size
// limits were set on English pages, and a Russian or Greek page, two bytes
// a letter in UTF-8, looked twice its length to them. A letter of any
// alphabet counts one; a Chinese, Japanese or Korean character, which
// stands for a syllable or a word, counts two (three bytes in UTF-8);
// spaces count nothing. It reads lead bytes only, decoding nothing; bytes
// that are no UTF-8 count about one a byte, as before.
func textLength[T ~string | ~[]byte](t T) int {
	n := 0
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case c < utf8.RuneSelf:
			if !isSpace(c) {
				n++
			}
		case c < 0xc0: // a continuation byte: its letter is counted
		case c >= 0xe3 && c <= 0xed || c >= 0xf0:
			// U+3000 to U+D7FF (kana, CJK ideographs, Hangul) and the
			// supplementary planes (rare ideographs, emoji).
			n += 2
		default:
			n++
		}
	}
	return n
}

// textWidth is the length of collapsed text s with its spaces, in
// letters as textLength counts them: how far into a text a phrase
// stands, how long a title is.
func textWidth(s string) int {
	return textLength(s) + strings.Count(s, " ")
}

// isSpace reports HTML's ASCII whitespace; other bytes, whatever the
// charset, count as text.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}

// containsFold is true when v contains the lowercase ASCII word sub in any
// case. It allocates nothing: it runs on every input's name and id, and a
// search page has hundreds.
func containsFold(v []byte, sub string) bool {
	for i := 0; i+len(sub) <= len(v); i++ {
		j := 0
		for j < len(sub) && v[i+j]|0x20 == sub[j] {
			j++
		}
		if j == len(sub) {
			return true
		}
	}
	return false
}
