package read

import (
	"slices"
	"strings"
)

// The located-record rule (issue 23, class 1): a record with no title
// key may be named by an address kept inside its location object
// ({"location": {"address": "Carrer Major, 5, Centre", "zone": "Gavà"}}),
// as a card with no headline is named by its street. Only a location
// object's street part names it, never a town or zone alone.

// placeKeys are the keys of a record's location object.
var placeKeys = []string{"location", "place", "geo", "address", "addressinfo", "propertyaddress"}

// streetKeys are the keys of a street address inside that object.
var streetKeys = []string{"address", "streetaddress", "street", "displayaddress", "fulladdress", "addressline", "addressline1"}

// locatedTitle is the street address inside a record's location object,
// "" when it keeps none.
func locatedTitle(m map[string]any, norm map[string]string) string {
	for _, k := range placeKeys {
		orig, ok := norm[k]
		if !ok {
			continue
		}
		loc, ok := m[orig].(map[string]any)
		if !ok {
			continue
		}
		lnorm := make(map[string]string, len(loc))
		for lk := range loc {
			lnorm[normKey(lk)] = lk
		}
		if v, ok := lookup(loc, lnorm, streetKeys); ok {
			if s, ok := v.(string); ok {
				if t := cleanText(s); letters(t) >= 3 {
					return t
				}
			}
		}
	}
	return ""
}

// The nested-facts rule (issue 23, fields): a record may keep its facts
// in an object of their own ({"features": {"rooms": 2, "surface": 99}})
// and its photos under a plural of a photo key ("multimedias"). What the
// record's own keys leave out is read there.

// factHolders are the keys of a record's facts object.
var factHolders = []string{"features", "attributes", "details", "characteristics", "specs", "facts", "properties", "info"}

// fillNestedFacts fills the size, rooms and photo a record's own keys do
// not give from its facts object and a plural photo key.
func fillNestedFacts(r *record, m map[string]any, norm map[string]string) {
	if r.image == "" {
		for k, orig := range norm {
			if strings.HasSuffix(k, "s") && slices.Contains(imageKeys, strings.TrimSuffix(k, "s")) {
				if img := imageOf(m[orig], 0); img != "" {
					r.image = img
					break
				}
			}
		}
	}
	if r.size != "" && r.rooms != 0 {
		return
	}
	for _, k := range factHolders {
		orig, ok := norm[k]
		if !ok {
			continue
		}
		facts, ok := m[orig].(map[string]any)
		if !ok || len(facts) == 0 {
			continue
		}
		f, _ := recordOf(facts)
		if r.size == "" {
			r.size, r.sizeM2 = f.size, f.sizeM2
		}
		if r.rooms == 0 {
			r.rooms = f.rooms
		}
		return
	}
}
