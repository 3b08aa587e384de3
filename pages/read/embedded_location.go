package read

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
