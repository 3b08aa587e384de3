package blocks

import "time"

// Classify says whether page is an ordinary page or a wall, and which.
// now resolves a Retry-After given as an HTTP-date.
//
// PLACEHOLDER: replaced by the classifier work of issue 2.
func Classify(page Page, now time.Time) Verdict {
	return Verdict{Kind: OK}
}
