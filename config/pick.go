package config

import (
	"fmt"
	"strings"
)

// The pick: when a search page holds several lists (the results, a strip
// of similar listings, a long list of links to other searches) and the
// readers watch the wrong one, the user picks the right one in the
// window's preview. The pick is stored with the search as the list's key,
// which the reader makes from the list's place in the page's structure,
// never from its texts, so it stays the same from one load to the next.

// PickLength is how many characters a pick's key has: hex digits.
const PickLength = 8

// pickComment explains a pick line the window writes, for a user reading
// the file.
const pickComment = "the list picked in the window's preview; remove this line to let rentwatch choose"

// ValidPick reports whether key is a list's key as the preview gives it:
// PickLength hex digits, lowercase. "" (no pick) is not a key.
func ValidPick(key string) bool {
	if len(key) != PickLength {
		return false
	}
	for _, r := range key {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'f') {
			return false
		}
	}
	return true
}

// checkPick says why key cannot be a search's pick, or "" ("" is no pick:
// fine).
func checkPick(key string) string {
	if key == "" || ValidPick(key) {
		return ""
	}
	shown := key
	if len(shown) > 20 {
		shown = cutRunes(shown, 20) + "…"
	}
	return fmt.Sprintf("%q is not the key of a list: a key is %d characters 0-9 and a-f, like \"8b618849\", as the window's "+
		"preview gives it. Pick the list again in the preview, or remove this line to let rentwatch choose", shown, PickLength)
}

func validatePicks(list []Search, ps *problems) {
	for i, sr := range list {
		at := fmt.Sprintf("search[%d].pick", i+1)
		if msg := checkPick(sr.Pick); msg != "" && !ps.has(at) {
			ps.add(at, "%s", msg)
		}
	}
}

// pickProblem is checkPick as an *Error naming the field, for an edit.
func pickProblem(key string) error {
	if msg := checkPick(key); msg != "" {
		return &Error{Problems: []Problem{{Field: "pick", Message: msg}}}
	}
	return nil
}

// pickEdit sets t's pick line to key ("" removes it). A new line says what
// it is in a comment; an old one keeps the user's own.
func pickEdit(d *doc, t *table, key string) (splice, bool) {
	if key == "" {
		return d.deleteKey(t, "pick")
	}
	if _, ok := t.key("pick"); ok {
		return d.setKey(t, "pick", quote(key)), true
	}
	return d.insertLine(t, pickLine(key)), true
}

// pickLine is a search's pick as the window writes it.
func pickLine(key string) string {
	return fmt.Sprintf("%-30s # %s", "pick = "+quote(key), pickComment)
}

// trimPick is a pick as typed or sent: spaces and case do not matter.
func trimPick(key string) string { return strings.ToLower(strings.TrimSpace(key)) }
