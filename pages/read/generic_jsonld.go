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
}

// readJSONLD returns the listings the page's JSON-LD item lists name, in
// order, same-site and canonical; nil when there are none.
func readJSONLD(root *html.Node, pc pageContext) []ldListing {
	var out []ldListing
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
		walkJSONLD(v, 0, func(item map[string]any) {
			l, ok := ldItem(item, pc)
			if ok && !seen[l.url] {
				seen[l.url] = true
				out = append(out, l)
			}
		})
	})
	return out
}

// walkJSONLD calls fn for every element of every ItemList under v.
func walkJSONLD(v any, depth int, fn func(map[string]any)) {
	if depth > maxJSONLDDepth {
		return
	}
	switch t := v.(type) {
	case []any:
		for _, e := range t {
			walkJSONLD(e, depth+1, fn)
		}
	case map[string]any:
		if hasType(t, "itemlist") {
			if els, ok := t["itemListElement"].([]any); ok {
				for _, e := range els {
					if m, ok := e.(map[string]any); ok {
						fn(m)
					}
				}
			}
			return
		}
		if hasType(t, "breadcrumblist") {
			return
		}
		for _, e := range t {
			walkJSONLD(e, depth+1, fn)
		}
	}
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
	return ldListing{url: u.String(), name: cleanText(name), price: price}, true
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
// whose cards have no link the reader can follow.
func jsonLDListings(ld []ldListing) []listing.Listing {
	out := make([]listing.Listing, 0, len(ld))
	for _, l := range ld {
		out = append(out, listing.Listing{ID: l.url, URL: l.url, Title: l.name, Price: l.price})
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
