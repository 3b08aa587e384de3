package read

import (
	"strings"

	"golang.org/x/net/html"
)

// The price-in-heading rule (issue 23, class 6): some cards draw their
// price and its age inside the heading, each in an element of its own
// ("<h3><span>Piso en Calle Mayor, 5</span><span>1.800 €</span><span>Hace
// 3 días</span></h3>"). The headline is the heading's text before the
// price: what follows it is the facts line, not the listing's name.

// headingBeforePrice is a heading's text before a price chunk of its own,
// and whether the heading holds one after a title.
func headingBeforePrice(n *html.Node) (string, bool) {
	if !isHeading(n) {
		return "", false
	}
	chunks := titleChunks(n)
	for i := 1; i < len(chunks); i++ {
		p := findPrice(chunks[i])
		if p == "" || !strings.HasPrefix(tidyPrice(chunks[i]), p) {
			continue
		}
		before := cleanText(strings.Join(chunks[:i], " "))
		if titleText(before, true) {
			return before, true
		}
		return "", false
	}
	return "", false
}
