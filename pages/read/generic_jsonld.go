package read

import (
	"encoding/json"
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"rentwatch/listing"
)

// Many portals describe their results in schema.org JSON-LD for search
// engines: an ItemList whose items (or ListItem.item) carry each
// listing's url, name and Offer. The generic reader uses it twice: to
// prefer the link group whose URLs the list names (a rail of other homes
// carries none of them), and as the source when the cards navigate by
// script and the page has no usable link at all.

// maxJSONLD bounds how much JSON-LD is parsed per page and how deep it is
// walked: a search page's structured data is a few hundred KB at most.
const (
	maxJSONLD      = 4 << 20
	maxJSONLDDepth = 16
)

// listingTypes are the schema.org types of a listing or its offer.
var listingTypes = map[string]bool{
	"offer": true, "residence": true, "apartment": true, "house": true, "singlefamilyresidence": true,
	"accommodation": true, "apartmentcomplex": true, "room": true, "realestatelisting": true,
	"product": true, "place": true, "lodgingbusiness": true, "offerforlease": true,
}

// ldListing is one listing named in the page's JSON-LD.
type ldListing struct {
	url, name, price string
	rooms            float64 // numberOfRooms, 0 when not given
	// card is the element around a home's own script that shows its
	// price (the card it describes), nil when none is found
	card *html.Node
}

// readJSONLD returns the listings the page's JSON-LD item lists name, in
// order, same-site and canonical; nil when there are none.
func readJSONLD(root *html.Node, pc pageContext) []ldListing {
	listed, _ := readJSONLDAll(root, pc)
	return listed
}

// readJSONLDAll returns the listings the page's JSON-LD item lists name,
// and the homes it describes one by one outside any list (a script of its
// own beside each card: "Apartment", "SingleFamilyResidence" with its url),
// each in page order, same-site and canonical.
func readJSONLDAll(root *html.Node, pc pageContext) (listed, alone []ldListing) {
	budget := maxJSONLD
	seen := map[string]bool{}
	forEachElement(root, func(n *html.Node) {
		if n.DataAtom != atom.Script || !strings.EqualFold(strings.TrimSpace(attrOf(n, "type")), "application/ld+json") || n.FirstChild == nil {
			return
		}
		text := n.FirstChild.Data
		if len(text) > budget {
			return
		}
		budget -= len(text)
		var v any
		if json.Unmarshal([]byte(text), &v) != nil {
			return
		}
		add := func(to *[]ldListing, script *html.Node) func(map[string]any) {
			return func(item map[string]any) {
				l, ok := ldItem(item, pc)
				if ok && !seen[l.url] {
					seen[l.url] = true
					if script != nil {
						l.card = scriptCard(script)
					}
					*to = append(*to, l)
				}
			}
		}
		walkJSONLD(v, 0, add(&listed, nil), add(&alone, n))
	})
	return listed, alone
}

// walkJSONLD calls inList for every element of every ItemList under v,
// and alone for every home described outside a list.
func walkJSONLD(v any, depth int, inList, alone func(map[string]any)) {
	if depth > maxJSONLDDepth {
		return
	}
	switch t := v.(type) {
	case []any:
		for _, e := range t {
			walkJSONLD(e, depth+1, inList, alone)
		}
	case map[string]any:
		if hasType(t, "itemlist") {
			if els, ok := t["itemListElement"].([]any); ok {
				for _, e := range els {
					if m, ok := e.(map[string]any); ok {
						inList(m)
					}
				}
			}
			return
		}
		if hasType(t, "breadcrumblist") {
			return
		}
		if homeType(t) && ldString(t["url"]) != "" {
			alone(t)
			return
		}
		for _, e := range t {
			walkJSONLD(e, depth+1, inList, alone)
		}
	}
}

// maxCardDepth bounds how far above a home's script its card is looked for.
const maxCardDepth = 6

// scriptCard is the card a home's own script sits in: its nearest
// ancestor that shows a price and holds no other JSON-LD script.
func scriptCard(script *html.Node) *html.Node {
	n := script.Parent
	for depth := 0; n != nil && n.DataAtom != atom.Body && depth < maxCardDepth; depth++ {
		scripts := 0
		forEachElement(n, func(e *html.Node) {
			if e.DataAtom == atom.Script && strings.EqualFold(strings.TrimSpace(attrOf(e, "type")), "application/ld+json") {
				scripts++
			}
		})
		if scripts > 1 {
			return nil
		}
		if cardPrice(n) != "" {
			return n
		}
		n = n.Parent
	}
	return nil
}

// homeTypes are the schema.org types of a home itself (not an offer, a
// product or a place, which a page also uses for itself or its agency).
var homeTypes = []string{"residence", "apartment", "house", "singlefamilyresidence", "accommodation", "room",
	"realestatelisting", "apartmentcomplex"}

func homeType(m map[string]any) bool {
	for _, t := range homeTypes {
		if hasType(m, t) {
			return true
		}
	}
	return false
}

// hasType reports whether a JSON-LD object has the @type name (lowercase).
func hasType(m map[string]any, name string) bool {
	switch t := m["@type"].(type) {
	case string:
		return strings.EqualFold(t, name)
	case []any:
		for _, e := range t {
			if s, ok := e.(string); ok && strings.EqualFold(s, name) {
				return true
			}
		}
	}
	return false
}

// ldItem reads one ItemList element: a ListItem with url or item, or the
// listing object itself. An element counts when it is a listing type,
// carries an offer, or its URL has a listing id: a list of other searches
// ("flats in Zeist") is none of these.
func ldItem(m map[string]any, pc pageContext) (ldListing, bool) {
	obj := m
	if it, ok := m["item"].(map[string]any); ok {
		obj = it
	}
	href := ldString(obj["url"])
	if href == "" {
		href = ldString(obj["@id"])
	}
	if href == "" {
		href = ldString(m["url"])
	}
	if href == "" {
		href = ldString(m["item"])
	}
	u, ok := resolveLink(pc.base, href)
	if !ok || SiteOf(u.Host) != pc.site || sameSearch(u, pc.page) {
		return ldListing{}, false
	}
	listingType := false
	for t := range listingTypes {
		if hasType(obj, t) {
			listingType = true
		}
	}
	price := ldPrice(obj["offers"])
	if !listingType && price == "" && !shapeOf(u).hasID {
		return ldListing{}, false
	}
	name := ldString(obj["name"])
	if name == "" {
		name = ldString(m["name"])
	}
	rooms, _ := strconv.ParseFloat(ldString(obj["numberOfRooms"]), 64)
	return ldListing{url: u.String(), name: cleanText(name), price: price, rooms: rooms}, true
}

// ldPrice formats an Offer (or the first of a list) as "1450 EUR".
func ldPrice(v any) string {
	switch t := v.(type) {
	case []any:
		if len(t) > 0 {
			return ldPrice(t[0])
		}
	case map[string]any:
		p := ldString(t["price"])
		if p == "" {
			if spec, ok := t["priceSpecification"].(map[string]any); ok {
				return ldPrice(spec)
			}
			p = ldString(t["lowPrice"])
		}
		if p == "" {
			return ""
		}
		return cleanText(strings.TrimSpace(p + " " + ldString(t["priceCurrency"])))
	}
	return ""
}

// ldString is a JSON-LD value as text: strings as they are, numbers
// without exponent.
func ldString(v any) string {
	switch t := v.(type) {
	case string:
		return strings.TrimSpace(t)
	case float64:
		return strconv.FormatFloat(t, 'f', -1, 64)
	}
	return ""
}

// jsonLDListings turns the JSON-LD listings into Listings, for a page
// whose cards have no link the reader can follow: read from the card a
// home's own script sits in where there is one (the title and the price as
// shown), else from the JSON-LD.
func jsonLDListings(ld []ldListing, pc pageContext) []listing.Listing {
	out := make([]listing.Listing, 0, len(ld))
	for _, l := range ld {
		got := listing.Listing{ID: l.url, URL: l.url}
		if l.card != nil {
			got = readCard(l.card, l.url, nil, pc)
		}
		if got.Title == "" {
			got.Title = l.name
		}
		if got.Price == "" {
			got.Price = l.price
		}
		// a home without its card still says its rooms: in its record,
		// or in its name ("3 BHK Flat for Rent in Patia")
		if got.Rooms == 0 {
			got.Rooms = l.rooms
		}
		if got.Rooms == 0 {
			got.Rooms = findRooms(got.Title)
		}
		out = append(out, got)
	}
	return out
}

// ldShare is the share of a group's listings that the JSON-LD names.
func ldShare(links []pageLink, g linkGroup, named map[string]bool) float64 {
	if len(named) == 0 {
		return 0
	}
	all, hit := map[string]bool{}, 0
	for _, i := range g.links {
		k := links[i].listing()
		if all[k] {
			continue
		}
		all[k] = true
		if named[k] || named[links[i].url] {
			hit++
		}
	}
	if len(all) == 0 {
		return 0
	}
	return float64(hit) / float64(len(all))
}
