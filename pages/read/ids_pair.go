package read

import "strings"

// The pair-id rule (issue 23, class 5): some portals write a listing's
// id as two numbers, the office's and its own ("41756-17967", "41756-17752":
// two flats of one agency on hepsiemlak.com). The id was the longer of the
// two, or the first where they were as long: the agency's, so that two of
// its listings were one and the second was dropped. A path segment that is
// two digit groups and nothing else, one of them of five digits or more
// and not a range of round numbers, is one id, the whole of it. It goes by
// the URL's form alone.

// pairID is a segment that is two groups of digits joined by a hyphen,
// one of five digits or more, as one id. Where the two are only of four
// (a group with fewer digits is no id either), or both round hundreds, it
// is a range ("1500-2000", "100000-250000": a search's prices), not an id.
func pairID(seg string) (string, bool) {
	a, b, ok := strings.Cut(seg, "-")
	if !ok || a == "" || b == "" || !allDigits(a) || !allDigits(b) || max(len(a), len(b)) < 5 {
		return "", false
	}
	if strings.HasSuffix(a, "00") && strings.HasSuffix(b, "00") {
		return "", false
	}
	return seg, true
}
