package read

import (
	"strings"

	"golang.org/x/net/html"
)

// The heading's place line (issue 23, class 6): some cards build their
// heading of two lines, the home's street or neighbourhood and below it
// the rest of its place ("Zorka" / "Gradske lokacije, Subotica",
// "Maršala Tita" / "Ravno Selo, Okolne lokacije, Vrbas": 4zida.rs). The
// heading is the title, so the place line ran into it. As on the cards
// whose place is apart, the street (or the neighbourhood where there is
// no street) is the title and the neighbourhood-and-town line is not.
// It goes by the heading's shape, two elements and no text of its own,
// and the second's being a place line (a town, or parts of a place with
// commas), in any language.

// headingFirstLine is the first line of a heading made of two elements
// whose second is a place line, and whether it is one.
func headingFirstLine(n *html.Node) (string, bool) {
	var lines []string
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch c.Type {
		case html.TextNode:
			if strings.TrimSpace(c.Data) != "" {
				return "", false
			}
		case html.ElementNode:
			if t := cleanText(nodeText(c)); t != "" {
				lines = append(lines, t)
			}
		}
	}
	if len(lines) != 2 || !areaLine(lines[1]) {
		return "", false
	}
	first := lines[0]
	if !titleText(first, true) || letters(first) < 3 || showsMoney(first) || badgeText(first) {
		return "", false
	}
	return first, true
}
