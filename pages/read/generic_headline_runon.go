package read

import "strings"

// The run-on rule (issue 23, class 6: a street against the whole
// address). A card that writes its address as one phrase over two lines
// ("179 Tioga Ave," then "San Francisco, CA 94134" in a nested line) ends
// its first line with a comma: the phrase is not finished, so the next
// line is the rest of it, not a fact or an area line of its own (a city,
// state and zip are short and hold a number, as facts do). Read apart,
// the card was titled by its street or by its city line where it shows
// one address. A text that ends with a comma runs on, in every language
// and layout: joinRunOns joins it with the text after it.
func joinRunOns(chunks []string) []string {
	out := chunks[:0]
	for _, c := range chunks {
		if n := len(out); n > 0 && strings.HasSuffix(out[n-1], ",") {
			out[n-1] += " " + c
			continue
		}
		out = append(out, c)
	}
	return out
}
