package read

import "unicode"

// The mixed-case id rule (issue 23, class 5): some portals name a listing
// by a short random token in base64 style, as the whole last segment of
// its URL (nekretnine.rs' /kuce/kuca-u-draci-106-m2/NknWNDkL2Zi/,
// "NkOTrDVJpMK", "Nk-SETz6YNe"), often with fewer than two digits or none,
// so the digit-counting id rule missed most of them and one page's result
// links fell into a handful of shapes, none long enough to be the result
// list. What marks such a token is its case: upper- and lowercase letters
// mixed inside one run, which no slug (lowercase words), name ("Paris",
// "New-York") or word has.

// caseID reports a whole path segment that is a mixed-case id token: 8 to
// 24 letters, digits, '-' or '_', at least three capitals and two small
// letters ("Nk-YIF5AfZB"), and a capital straight after a small letter or a digit (a
// capital only after a dash or at the start is a name's: "New-York-City").
func caseID(seg string) bool {
	n := len(seg)
	if n < 8 || n > 24 {
		return false
	}
	upper, lower, turns := 0, 0, 0
	var prev rune
	for _, r := range seg {
		switch {
		case r >= 'A' && r <= 'Z':
			upper++
			if prev >= 'a' && prev <= 'z' || unicode.IsDigit(prev) {
				turns++
			}
		case r >= 'a' && r <= 'z':
			lower++
		case r >= '0' && r <= '9', r == '-', r == '_':
		default:
			return false
		}
		prev = r
	}
	return upper >= 3 && lower >= 2 && turns >= 1
}
