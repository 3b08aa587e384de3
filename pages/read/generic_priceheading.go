package read

import "golang.org/x/net/html"

// The price heading rule (issue 23, class 6): cards that set their price
// block as a heading ("<h2 class=price>") put a label before the amount
// (a project's "units from", "desde", "ab") or a caption in place of it
// (price on request, in the portal's language). The heading rule would
// take the label or the caption for the title, as it is the first of the
// heading's texts that reads as one. Such a heading belongs to the price
// by its markup, whatever words it holds: it is never the title, and the
// next heading (the address, the project's name) is. An element marked
// as the title as well ("rent-title") stays a title.

// priceHeading reports a heading (or its stand-in h) marked as the card's
// price and not as its title.
func priceHeading(n, h *html.Node) bool {
	for _, e := range []*html.Node{n, h} {
		if isPriceElement(e) && !titleElement(e) {
			return true
		}
	}
	return false
}
