package read

import (
	"fmt"
	"net/url"
	"strings"

	"golang.org/x/net/html"

	"rentwatch/listing"
)

// embedded is what the page's script data holds: the listings read from
// it, and how many listing-like records could not be given an address.
type embedded struct {
	listings []listing.Listing
	unread   int
	// aside: the listings are a side array's (a map's markers, a rail of
	// similar homes), not the page's list of results
	aside bool
}

// maxPatternRecords and maxPatternLinks bound the search for a detail URL
// pattern (records times links substring checks).
const (
	maxPatternRecords = 200
	maxPatternLinks   = 4000
)

// readEmbedded reads the listings in the page's script data. A record
// without a link of its own gets one from a pattern: learnt from the
// page's links (a rendered card, a "recently viewed" link) whose URL holds
// one record's id or slug, else the portal definition's DetailURL.
func readEmbedded(root *html.Node, pc pageContext, def *portalDef) embedded {
	recs, aside := embeddedList(scriptData(root))
	if len(recs) == 0 {
		return embedded{}
	}
	pattern := ""
	if linked(recs) < len(recs) {
		pattern = detailPattern(root, pc, recs)
		if pattern == "" && def != nil {
			pattern = def.DetailURL
		}
	}
	out := embedded{aside: aside}
	for _, r := range recs {
		u := recordURL(r, pc, pattern)
		if u == "" {
			out.unread++
			continue
		}
		l := listing.Listing{ID: u, URL: u, Title: r.title, Price: cleanText(r.price), PriceValue: r.priceValue,
			Size: r.size, SizeM2: r.sizeM2, Rooms: r.rooms, Image: canonicalImage(pc, r.image)}
		if l.PriceValue == 0 {
			l.PriceValue = priceValue(l.Price)
		}
		out.listings = append(out.listings, l)
	}
	out.listings = dedupe(out.listings)
	return out
}

// detailPattern learns the detail URL pattern from the page's own links:
// the path (and query) of a link that holds a record's slug or id, with
// the token replaced by {slug} or {id}. The pattern most links agree on
// wins; "" when no link holds any.
func detailPattern(root *html.Node, pc pageContext, recs []record) string {
	var paths []string
	forEachElement(root, func(n *html.Node) {
		if len(paths) >= maxPatternLinks {
			return
		}
		if href := linkTarget(n); href != "" {
			if u, ok := resolveLink(pc.base, href); ok && SiteOf(u.Host) == pc.site {
				p := u.EscapedPath()
				if u.RawQuery != "" {
					p += "?" + u.RawQuery
				}
				paths = append(paths, p)
			}
		}
	})
	votes := map[string]int{}
	var order []string
	for i, r := range recs {
		if i >= maxPatternRecords {
			break
		}
		toks := []struct{ val, name string }{{r.slug, "{slug}"}, {r.id, "{id}"}}
		for i, tok := range toks {
			if len(tok.val) < 3 {
				continue
			}
			esc := url.PathEscape(tok.val)
			other := toks[1-i]
			for _, p := range paths {
				if t := templateOf(p, esc, tok.name); t != "" {
					// a URL with both ("/huur/{slug}-{id}") takes both
					if len(other.val) >= 3 {
						if t2 := templateOf(t, url.PathEscape(other.val), other.name); t2 != "" {
							t = t2
						}
					}
					if votes[t] == 0 {
						order = append(order, t)
					}
					votes[t]++
				}
			}
		}
	}
	best := ""
	for _, t := range order {
		if votes[t] > votes[best] {
			best = t
		}
	}
	return best
}

// templateOf replaces token in path by name where it stands between
// separators ("/", "-", "_", "=", ".", end), or returns "".
func templateOf(path, token, name string) string {
	i := strings.Index(path, token)
	if i < 0 {
		return ""
	}
	end := i + len(token)
	sep := func(j int) bool {
		return j < 0 || j >= len(path) || strings.IndexByte("/-_=.?&", path[j]) >= 0
	}
	if !sep(i-1) || !sep(end) {
		return ""
	}
	return path[:i] + name + path[end:]
}

// useEmbedded combines the listings read from the page's HTML with those
// in its script data: the data's when the HTML shows none, or only one to
// three cards of the data's list (a script-rendered list with its first
// card on the server), with the HTML's texts where both have a listing;
// else the HTML's, their empty fields filled from the data. unread says why the page holds listings
// that none could read.
func useEmbedded(htmlListings []listing.Listing, emb embedded) (listings []listing.Listing, unread string) {
	switch {
	case len(emb.listings) == 0:
		if len(htmlListings) == 0 && emb.unread > 0 {
			unread = fmt.Sprintf("the page's data holds %d listing%s with no address to open them by: its layout has probably changed",
				emb.unread, plural(emb.unread))
		}
		return htmlListings, unread
	case len(htmlListings) == 0:
		return emb.listings, ""
	case emb.aside:
		// a map's markers (every result of the search, other pages' too)
		// or a rail: never more listings than the page's list shows
	case len(htmlListings) <= maxFewCards && len(emb.listings) >= 3 && overlap(htmlListings, emb.listings):
		// one to three cards rendered on the server (the first result, a
		// strip) of the list the data holds: the data's list, with the
		// rendered cards' texts
		return mergeListings(emb.listings, htmlListings), ""
	case drawsFew(len(htmlListings), len(emb.listings)) && mostlyIn(htmlListings, emb.listings):
		// a list drawn only as far as the first screen (the rest drawn
		// as the user scrolls) while the state object holds them all
		// (issue 23, class 1): the drawn cards, then the data's others
		return drawnThenData(fillFrom(htmlListings, emb.listings), emb.listings), ""
	}
	return fillFrom(htmlListings, emb.listings), ""
}

// drawsFew reports a drawn list much shorter than the list the page's
// data holds: at most half of it, and five or more listings fewer.
func drawsFew(drawn, data int) bool {
	return drawn > 0 && data >= 2*drawn && data-drawn >= 5
}

// mostlyIn reports whether at least half of the drawn listings are the
// data's (a building card may be drawn from a record the data keeps
// elsewhere).
func mostlyIn(drawn, data []listing.Listing) bool {
	in := make(map[string]bool, len(data))
	for _, d := range data {
		in[d.URL], in[d.ID] = true, true
	}
	n := 0
	for _, l := range drawn {
		if in[l.URL] || in[l.ID] {
			n++
		}
	}
	return 2*n >= len(drawn)
}

// drawnThenData is the drawn listings, then the data's listings not
// drawn, in the data's order.
func drawnThenData(drawn, data []listing.Listing) []listing.Listing {
	seen := make(map[string]bool, len(drawn))
	for _, l := range drawn {
		seen[l.URL], seen[l.ID] = true, true
	}
	out := append([]listing.Listing(nil), drawn...)
	for _, d := range data {
		if !seen[d.URL] && !seen[d.ID] {
			out = append(out, d)
		}
	}
	return out
}

// overlap reports whether every listing read from the HTML is one of the
// data's: the data holds the same list, not another (a map's markers).
func overlap(html, data []listing.Listing) bool {
	in := make(map[string]bool, len(data))
	for _, d := range data {
		in[d.URL], in[d.ID] = true, true
	}
	for _, l := range html {
		if !in[l.URL] && !in[l.ID] {
			return false
		}
	}
	return true
}

// fillFrom fills the empty fields of each listing from the data's record
// of the same listing.
func fillFrom(ls, data []listing.Listing) []listing.Listing {
	byURL := make(map[string]listing.Listing, len(data))
	for _, d := range data {
		byURL[d.URL] = d
	}
	var byKey map[string]listing.Listing // by listing id, built only when a URL differs
	for i, l := range ls {
		d, ok := byURL[l.URL]
		if !ok {
			if byKey == nil {
				byKey = make(map[string]listing.Listing, len(data))
				for _, d := range data {
					if k := urlListingKey(d.URL); k != "" {
						byKey[k] = d
					}
				}
			}
			d, ok = byKey[urlListingKey(l.URL)]
		}
		if !ok {
			continue
		}
		if l.Size == "" {
			ls[i].Size, ls[i].SizeM2 = d.Size, d.SizeM2
		}
		if l.Rooms == 0 {
			ls[i].Rooms = d.Rooms
		}
		if l.Image == "" {
			ls[i].Image = d.Image
		}
		if l.PriceValue == 0 && l.Price == "" {
			ls[i].Price, ls[i].PriceValue = d.Price, d.PriceValue
		}
	}
	return ls
}

// urlListingKey is a URL's site and listing id ("" without an id).
func urlListingKey(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	if s := shapeOf(u); s.id != "" && s.query == nil {
		return SiteOf(u.Host) + "#" + s.id
	}
	return ""
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
