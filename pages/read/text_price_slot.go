package read

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The price slot over the headline's number (issue 23, prices). A card
// whose price slot holds no amount of its own, only words ("Giá thỏa
// thuận": price by agreement) or a price per area ("26 triệu/m²"), often
// has a number in its headline ("studio 1.02 tỷ, 1PN 1.27 tỷ", "đóng 1 tỷ
// nhận nhà": pay one billion and move in). Reading the card's whole text
// then took the headline's number for the price. The slot is the portal's
// own statement of the price: when the card's amount is found only in a
// heading or a link, and a short slot named like a price says otherwise,
// the slot's text is the price as the card shows it.
func slotOverHeadline(card *html.Node, priced []*html.Node, found string) string {
	slot := ""
	for _, n := range priced {
		t := nodeText(n)
		if t == "" || len([]rune(t)) > 30 || strings.Contains(t, found) {
			return ""
		}
		if findPrice(t) == "" && !priceLabelRe.MatchString(t+":") && letters(t) >= 4 {
			slot = t
			break
		}
	}
	if slot == "" || !inHeadlineOnly(card, found) {
		return ""
	}
	return slot
}

// inHeadlineOnly reports an amount the card shows inside a heading or a
// link's text and nowhere else.
func inHeadlineOnly(card *html.Node, amount string) bool {
	in := false
	forEachElement(card, func(n *html.Node) {
		if !in && (isHeading(n) || n.DataAtom == atom.A) && strings.Contains(nodeText(n), amount) {
			in = true
		}
	})
	if !in {
		return false
	}
	rest := priceTextSkip(card, func(n *html.Node) bool { return isHeading(n) || n.DataAtom == atom.A })
	return !strings.Contains(rest, amount)
}
