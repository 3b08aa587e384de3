package read

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Search pages show real listings that are not results of the search:
// "Recently viewed", "You might also like", "Similar homes" rails and
// carousels, often built from the very same card markup as the results.
// They are told apart by structure, as a person does: the block sits in an
// aside or a carousel, is named after recommendations or history, or
// follows a heading that says so.

// railWords mark a recommendation or history block, or a carousel, in
// class names, ids, test hooks and labels.
var railWords = map[string]bool{
	"carousel": true, "slider": true, "swiper": true, "slick": true, "glide": true, "splide": true,
	"recommended": true, "recommendation": true, "recommendations": true, "recommend": true, "recs": true,
	"similar": true, "recently": true, "viewed": true, "history": true, "related": true, "alsolike": true,
	"lastseen": true, "zuletzt": true, "aehnliche": true, "vergelijkbaar": true, "similaires": true, "simili": true,
}

// railPhrases mark a rail in a heading's text (lowercase), in the
// languages of the portals watched.
var railPhrases = []string{
	"recently viewed", "last viewed", "you might also", "you may also", "also like", "similar", "recommended",
	"recommendations", "people also", "others also", "others viewed", "zuletzt angesehen", "ähnliche", "empfehlung",
	"das könnte", "recent bekeken", "vergelijkbare", "aanbevolen", "récemment consulté", "similaires", "vous aimerez",
	"recommandé", "visti di recente", "simili", "consigliat", "vistos recientemente", "similares", "recomendad",
	"ostatnio oglądane", "podobne", "polecane", "senast visade", "liknande", "rekommender", "viimeksi katsotut",
	"недавно просмотренные", "похожие", "рекомендуем", "подобни", "разгледани",
}

// nearbyWords and moreWords together mark a block of "more listings
// nearby" after a narrow search's own few results ("Weitere Angebote in
// der Umgebung"). A nearby word alone is not enough: a search's own title
// may say "Rooms near Camden" or "Wohnungen in der Umgebung von Leipzig".
var (
	nearbyWords = []string{"umgebung", "in der nähe", "in de buurt", "omgeving", "nearby", "near this", "surrounding",
		"à proximité", "alentours", "vicinanze", "cerca", "alrededores", "pobliżu", "närheten"}
	moreWords = []string{"weitere", "mehr ", "andere", "more ", "other", "meer ", "andere ", "autres", "plus d",
		"altri", "altre", "otros", "otras", "más ", "więcej", "inne", "fler", "andra"}
)

// railChecker remembers which elements sit in a rail block (an aside or
// an element named like a rail), so each ancestor is looked at once.
type railChecker map[*html.Node]bool

// isRail reports whether the list container n is a rail: it sits in a
// rail block, or the nearest heading above it (within a few levels) names
// one. The walk stops at <main> and <body>.
func (rc railChecker) isRail(n *html.Node) bool {
	if rc.inRailBlock(n, 0) {
		return true
	}
	for a, d := n, 0; a != nil && a.Type == html.ElementNode && d < 4 && !pageRoot(a); a, d = a.Parent, d+1 {
		if h := prevElement(a); h != nil && isHeadingLike(h) {
			return railHeading(nodeText(h))
		}
	}
	return false
}

func (rc railChecker) inRailBlock(n *html.Node, depth int) bool {
	if n == nil || n.Type != html.ElementNode || pageRoot(n) || depth > maxClimb {
		return false
	}
	if v, ok := rc[n]; ok {
		return v
	}
	v := n.DataAtom == atom.Aside || strings.EqualFold(attrOf(n, "role"), "complementary") || namedRail(n) ||
		rc.inRailBlock(n.Parent, depth+1)
	rc[n] = v
	return v
}

// pageRoot reports the elements above every block: <body>, <main>.
func pageRoot(n *html.Node) bool {
	return n.DataAtom == atom.Body || n.DataAtom == atom.Html || n.DataAtom == atom.Main || strings.EqualFold(attrOf(n, "role"), "main")
}

// namedRail reports an element whose class, id, test hook or label names
// a rail or a carousel.
func namedRail(n *html.Node) bool {
	if strings.EqualFold(attrOf(n, "aria-roledescription"), "carousel") {
		return true
	}
	for _, a := range n.Attr {
		switch a.Key {
		case "class", "id", "data-testid", "data-test", "data-cy", "data-qa", "aria-label":
		default:
			continue
		}
		if len(a.Val) > 300 {
			continue
		}
		if hasWord(a.Val, railWords) {
			return true
		}
		if a.Key == "aria-label" && railHeading(a.Val) {
			return true
		}
	}
	return false
}

func railHeading(t string) bool {
	t = strings.ToLower(t)
	if len(t) > 120 {
		return false
	}
	for _, p := range railPhrases {
		if strings.Contains(t, p) {
			return true
		}
	}
	return containsAny(t, nearbyWords) && containsAny(t, moreWords)
}

func containsAny(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// prevElement is n's previous element sibling.
func prevElement(n *html.Node) *html.Node {
	for s := n.PrevSibling; s != nil; s = s.PrevSibling {
		if s.Type == html.ElementNode {
			return s
		}
	}
	return nil
}

// isHeadingLike reports a heading, or an element standing in for one
// (role=heading, or a short block that wraps only a heading).
func isHeadingLike(n *html.Node) bool {
	if isHeading(n) || strings.EqualFold(attrOf(n, "role"), "heading") {
		return true
	}
	c := onlyElementChild(n)
	return c != nil && isHeading(c)
}

// onlyElementChild is n's one element child, or nil when it has none or
// several.
func onlyElementChild(n *html.Node) *html.Node {
	var only *html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		if only != nil {
			return nil
		}
		only = c
	}
	return only
}
