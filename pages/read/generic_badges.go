package read

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The badge rule (issue 23, class 6): a card's status, label or button
// is never its title, whatever it says. The word lists (badgeWords,
// notTitlePhrases) know the badges of the portals seen; a portal nobody
// here has seen writes its own ("Sale Agreed", "Первичная продажа",
// "Написать", "VIEWING ADVISED"), but marks them up the same way
// everywhere: a <button>, role=button, or a class or test hook naming a
// badge, label, status, tag, sticker, ribbon, flag, chip, pill or stamp
// around a short text. Such elements are left out of a card's title text.

// badgeTokens are the words of class names and test hooks that mark a
// badge-like element, matched against whole words of the attribute
// (split at punctuation and camelCase: "InfoStamp__Styled" is info,
// stamp, styled). A short "category" beside a building's name
// ("<span class=category>マンション</span>") is its kind, a tag too.
var badgeTokens = map[string]bool{
	"badge": true, "badges": true, "label": true, "labels": true, "status": true, "tag": true, "tags": true,
	"sticker": true, "stickers": true, "ribbon": true, "flag": true, "flags": true, "chip": true, "chips": true,
	"pill": true, "pills": true, "stamp": true, "sash": true, "btn": true, "button": true, "category": true,
}

// maxBadgeRunes bounds a badge's text: a long text in an element named
// "label" is a caption or a description, not a badge.
const maxBadgeRunes = 32

// badgeElement reports an element that is a badge, a label or a button
// by its markup, with a short text. An element also named like a title
// ("title-tag") is a title.
func badgeElement(n *html.Node) bool {
	if n.Type != html.ElementNode {
		return false
	}
	marked := n.DataAtom == atom.Button || strings.EqualFold(attrOf(n, "role"), "button")
	if !marked {
		for _, a := range n.Attr {
			if (a.Key == "class" || titleAttrs[a.Key] || a.Key == "data-name" || a.Key == "data-mark") && len(a.Val) < 200 && badgeWordIn(a.Val) {
				marked = true
				break
			}
		}
	}
	if !marked || namedTitle(n) || isHeading(n) {
		return false
	}
	t := nodeText(n)
	return len([]rune(t)) <= maxBadgeRunes && len(strings.Fields(t)) <= 4
}

// badgeWordIn reports whether an attribute value holds one of
// badgeTokens as a whole word.
func badgeWordIn(v string) bool { return wordIn(v, badgeTokens) }

// inBadge reports an element inside a badge, label or button below root
// (a button's own "title" span: cian's chat button).
func inBadge(n, root *html.Node) bool {
	for p := n.Parent; p != nil && p != root; p = p.Parent {
		if badgeElement(p) {
			return true
		}
	}
	return false
}
