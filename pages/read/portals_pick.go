package read

import (
	"net/url"

	"rentwatch/listing"
)

// A portal definition is written against the layouts its author saw. On a
// layout it was not written for, its selectors can still match something:
// a rail of three look-alike cards, only the premium strip, a promo tile.
// Such a partial result would hide the whole list, so Read also runs the
// generic reader and weighs the two by evidence: the definition is
// trusted unless the generic reader found a clearly bigger list of the
// same kind of links (the portal's detail URLs).

// pickReading chooses between the definition's listings (def) and the
// generic reader's (gen), both de-duplicated, and says which reader's
// result it is: the definition's name when its listings are (mostly)
// part of the result, else "generic".
func (d *portalDef) pickReading(def, gen []listing.Listing) (string, []listing.Listing) {
	def = d.dropOffPattern(def)
	switch {
	case len(def) == 0:
		return "generic", gen
	case len(gen) == 0:
		return d.Name, def
	}
	inGen := map[string]bool{}
	for _, l := range gen {
		inGen[l.ID] = true
	}
	common := 0
	for _, l := range def {
		if inGen[l.ID] {
			common++
		}
	}
	if len(gen) <= len(def) || d.detailShare(gen) < 0.8 {
		return d.Name, def
	}
	clearlyBigger := len(gen) >= 2*len(def) && len(gen) >= len(def)+3
	switch {
	case clearlyBigger && 2*common < len(def):
		// the definition read something else than the result list (a
		// rail of look-alike cards)
		return "generic", gen
	case clearlyBigger && len(def) < fullList:
		// the definition read a part of the list (the premium strip)
		return d.Name, mergeListings(gen, def)
	case clearlyBigger:
		// a full list already: the generic reader joined more (a map
		// list, a block of other searches' cards)
		return d.Name, def
	case common == len(def) && !trailing(gen, inDef(def)):
		// the same list plus cards the selectors missed (a featured
		// strip above it, a card variant in between)
		return d.Name, mergeListings(gen, def)
	}
	return d.Name, def
}

// fullList is the number of cards from which a definition's result looks
// like a whole result page rather than a strip of it.
const fullList = 10

func inDef(def []listing.Listing) map[string]bool {
	m := make(map[string]bool, len(def))
	for _, l := range def {
		m[l.ID] = true
	}
	return m
}

// trailing reports whether every listing of gen not in def comes after the
// last one that is: a block below the result list ("similar", "nearby"),
// which a definition rightly leaves out.
func trailing(gen []listing.Listing, def map[string]bool) bool {
	last := -1
	for i, l := range gen {
		if def[l.ID] {
			last = i
		}
	}
	for _, l := range gen[:last+1] {
		if !def[l.ID] {
			return false
		}
	}
	return true
}

// mergeListings is base in its order, each listing replaced by the one of
// pref with the same ID (the definition's fields come from selectors
// written for the card), its empty fields filled from base.
func mergeListings(base, pref []listing.Listing) []listing.Listing {
	byID := make(map[string]listing.Listing, len(pref))
	for _, l := range pref {
		byID[l.ID] = l
	}
	out := make([]listing.Listing, 0, len(base))
	for _, b := range base {
		p, ok := byID[b.ID]
		if !ok {
			out = append(out, b)
			continue
		}
		p.Title, p.Price = orElse(p.Title, b.Title), orElse(p.Price, b.Price)
		p.Place, p.Image = orElse(p.Place, b.Place), orElse(p.Image, b.Image)
		if p.Size == "" {
			p.Size, p.SizeM2 = b.Size, b.SizeM2
		}
		if p.Rooms == 0 {
			p.Rooms = b.Rooms
		}
		if p.PriceValue == 0 {
			p.PriceValue = b.PriceValue
		}
		out = append(out, p)
	}
	return out
}

func orElse(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// detailShare is the share of listings whose URL is one of the portal's
// detail URLs (matches its id pattern); 1 when the definition has none,
// since nothing then tells a detail URL from another.
func (d *portalDef) detailShare(ls []listing.Listing) float64 {
	if d.idRe == nil || len(ls) == 0 {
		return 1
	}
	n := 0
	for _, l := range ls {
		if d.isDetailURL(l.URL) {
			n++
		}
	}
	return float64(n) / float64(len(ls))
}

func (d *portalDef) isDetailURL(raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && d.idOf(u) != ""
}

// dropOffPattern leaves out the cards of a definition's result whose link
// is no detail URL (a promo tile, an upsell, an agent) when at least three
// quarters of them are: the selectors matched one card too many.
func (d *portalDef) dropOffPattern(ls []listing.Listing) []listing.Listing {
	if d.idRe == nil || len(ls) < 2 {
		return ls
	}
	keep := make([]listing.Listing, 0, len(ls))
	for _, l := range ls {
		if d.isDetailURL(l.URL) {
			keep = append(keep, l)
		}
	}
	if len(keep) == len(ls) || len(keep) == 0 {
		return ls
	}
	if len(keep) >= 2 && 4*len(keep) >= 3*len(ls) {
		return keep
	}
	// fewer results: the off-pattern cards go only when none shows a
	// price (a "post a wanted ad" tile, a link to the agent)
	for _, l := range ls {
		if !d.isDetailURL(l.URL) && l.Price != "" {
			return ls
		}
	}
	return keep
}

// portalIDs gives the generic reader's listings the ids the definition
// gives its own ("funda.nl:43123456" rather than the URL), so a listing
// keeps its ID whichever reader read the page: a layout change must not
// make every listing look new.
func (d *portalDef) portalIDs(ls []listing.Listing) []listing.Listing {
	if d.idRe == nil {
		return ls
	}
	for i, l := range ls {
		if u, err := url.Parse(l.URL); err == nil {
			if id := d.idOf(u); id != "" {
				ls[i].ID = d.Name + ":" + id
			}
		}
	}
	return ls
}
