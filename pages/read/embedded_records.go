package read

import (
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// A listing in a page's data is an object with an id or a detail URL, a
// title and a price, in an array of its like. embeddedRecords finds the
// array with the most such objects and reads each: the detail URL from
// the object, else built from its id or slug by a pattern (see
// detailPattern).

// record is one listing-like object read from a page's data.
type record struct {
	id, slug, href string
	title, price   string
	priceValue     float64
	size           string
	sizeM2, rooms  float64
	image          string
	hasPrice       bool
}

// recordOf reads a listing-like object; ok is false when it is not one.
func recordOf(m map[string]any) (record, bool) {
	m = flattenPairs(m)
	norm := make(map[string]string, len(m))
	for k := range m {
		norm[normKey(k)] = k
	}
	var r record
	order := &keyOrder{norm: norm}
	if v, ok := lookup(m, norm, idKeys); ok {
		r.id = scalarText(v)
	}
	if v, ok := lookup(m, norm, slugKeys); ok {
		r.slug = scalarText(v)
	}
	if v, ok := lookup(m, norm, urlKeys); ok {
		r.href = linkText(v, 0)
	} else if v, ok := lookupURLStem(m, norm, order.sorted()); ok {
		r.href = linkText(v, 0)
	}
	if v, ok := field(m, order, titleKeys, titleStems); ok {
		r.title = cleanText(scalarText(v))
	}
	if r.title == "" {
		// a listing named by its address (a street and number)
		if v, ok := lookup(m, norm, []string{"address", "streetaddress", "street", "displayaddress", "fulladdress"}); ok {
			r.title = cleanText(addressText(v))
		}
	}
	if r.title == "" {
		r.title = locatedTitle(m, norm)
	}
	if v, ok := field(m, order, priceKeys, priceStems); ok {
		r.price, r.priceValue = priceOf(v, 0)
		r.price = withCurrency(r.price, m, norm)
		r.hasPrice = r.price != ""
	}
	if v, ok := field(m, order, sizeKeys, sizeStems); ok {
		r.size, r.sizeM2 = sizeOf(v, norm["sqft"] != "" || norm["squarefeet"] != "" || sizeInFeet(m, norm))
	}
	if v, ok := field(m, order, roomKeys, roomStems); ok {
		if f, ok := numberOf(v); ok && f > 0 && f < 30 {
			r.rooms = f
		}
	}
	if v, ok := field(m, order, imageKeys, imageStems); ok {
		r.image = imageOf(v, 0)
	}
	ok := (r.id != "" || r.href != "" || r.slug != "") && r.title != "" && r.hasPrice
	if ok {
		fillNestedFacts(&r, m, norm)
	}
	return r, ok
}

// withCurrency gives a bare amount ("130000") the words its record shows
// it in: a display text beside it ({"price": 130000, "priceD": "1.3
// Lac"}, "priceFormatted", "displayPrice"), else the currency it names
// ({"price": 9000, "priceCurrency": "INR"}). The user reads money, not a
// number.
// shownPriceKeys name a record's price as shown (normalised keys).
var shownPriceKeys = []string{"priced", "pricedisplay", "displayprice", "priceformatted", "formattedprice", "pricetext", "pricelabel", "pricestring"}

func withCurrency(price string, m map[string]any, norm map[string]string) string {
	if price == "" || strings.ContainsFunc(price, func(r rune) bool { return !isDigit(r) && r != '.' }) {
		return price
	}
	for _, k := range shownPriceKeys {
		if key, ok := norm[k]; ok {
			if t, ok := m[key].(string); ok && strings.ContainsFunc(t, isDigit) && len(t) <= 40 {
				return cleanText(t)
			}
		}
	}
	for _, k := range []string{"currency", "pricecurrency", "currencycode", "currencysymbol"} {
		if key, ok := norm[k]; ok {
			if c, ok := m[key].(string); ok && c != "" && len([]rune(c)) <= 4 {
				return price + " " + c
			}
		}
	}
	return price
}

// addressText is an address held as text or as its parts.
func addressText(v any) string {
	switch t := v.(type) {
	case string:
		return t
	case map[string]any:
		street := ""
		for _, k := range []string{"streetaddress", "street", "streetname", "line1", "addressline1"} {
			if s, ok := valueByNorm(t, k).(string); ok && s != "" {
				street = s
				break
			}
		}
		if street == "" {
			return ""
		}
		for _, k := range []string{"housenumber", "number", "streetnumber"} {
			if n := scalarText(valueByNorm(t, k)); n != "" {
				street += " " + n
				break
			}
		}
		return street
	}
	return ""
}

// scalarText is a string or a number as text.
func scalarText(v any) string {
	switch t := v.(type) {
	case string:
		return strings.TrimSpace(t)
	case float64:
		return strconv.FormatFloat(t, 'f', -1, 64)
	}
	return ""
}

func numberOf(v any) (float64, bool) {
	switch t := v.(type) {
	case float64:
		return t, true
	case string:
		f, ok := parseAmount(t)
		return f, ok && strings.ContainsAny(t, "0123456789")
	case []any:
		if len(t) > 0 {
			return numberOf(t[0])
		}
	case map[string]any:
		for _, k := range []string{"value", "amount", "raw", "count", "number"} {
			if e, ok := t[k]; ok {
				return numberOf(e)
			}
		}
	}
	return 0, false
}

// linkText is a link held as a string or in a map ({href}, {self:
// {href}}, {url}).
func linkText(v any, depth int) string {
	switch t := v.(type) {
	case string:
		return strings.TrimSpace(t)
	case map[string]any:
		if depth > 2 {
			return ""
		}
		// "show" and "view": a resource's links ({"show": "/homes/1", "favourite": ...})
		for _, k := range []string{"href", "url", "path", "detail", "self", "web", "canonical", "relative", "show", "view"} {
			if e, ok := t[k]; ok {
				if s := linkText(e, depth+1); s != "" {
					return s
				}
			}
		}
	}
	return ""
}

// priceOf reads a price held as a number, a string, [number], or a map
// of value and currency or a formatted text.
func priceOf(v any, depth int) (string, float64) {
	switch t := v.(type) {
	case float64:
		if t > 0 {
			return strconv.FormatFloat(t, 'f', -1, 64), t
		}
	case string:
		if p := findPrice(t); p != "" {
			return p, priceValue(p)
		}
		if f, ok := numberOf(t); ok && f > 0 {
			return cleanText(t), f
		}
	case []any:
		if len(t) > 0 {
			return priceOf(t[0], depth+1)
		}
	case map[string]any:
		if depth > 3 {
			return "", 0
		}
		for _, k := range []string{"formatted", "display", "displayvalue", "text", "label", "formattedvalue", "localized"} {
			if s, ok := valueByNorm(t, k).(string); ok && findPrice(s) != "" {
				p := findPrice(s)
				return p, priceValue(p)
			}
		}
		var num float64
		for _, k := range []string{"value", "amount", "price", "raw", "rent", "base", "total", "min", "from"} {
			if e := valueByNorm(t, k); e != nil {
				if _, f := priceOf(e, depth+1); f > 0 {
					num = f
					break
				}
			}
		}
		if num <= 0 {
			return "", 0
		}
		cur := ""
		for _, k := range []string{"currency", "currencycode", "pricecurrency", "currencysymbol", "currencysuffix", "unit"} {
			if s, ok := valueByNorm(t, k).(string); ok {
				cur = s
				break
			}
		}
		return strings.TrimSpace(strconv.FormatFloat(num, 'f', -1, 64) + " " + cur), num
	}
	return "", 0
}

func valueByNorm(m map[string]any, norm string) any {
	for k, v := range m {
		if normKey(k) == norm {
			return v
		}
	}
	return nil
}

// sizeInFeet is the size-unit rule: a record may give its area as a bare
// number and say the unit in a key beside it ("coveredArea": "1800",
// "covAreaUnitDesc": "Sq-ft"; "areaUnit": "sqft"), as portals in India,
// the US and the Gulf do. A key naming a unit of an area that says square
// feet makes the number square feet; without one, a bare number is m².
func sizeInFeet(m map[string]any, norm map[string]string) bool {
	for n, k := range norm {
		if !strings.Contains(n, "unit") || !(n == "unit" || strings.Contains(n, "area") || strings.Contains(n, "size") ||
			strings.Contains(n, "surface") || strings.Contains(n, "space")) {
			continue
		}
		if u, ok := m[k].(string); ok && feetUnit.MatchString(u) {
			return true
		}
	}
	return false
}

// feetUnit is how records spell square feet.
var feetUnit = regexp.MustCompile(`(?i)^\s*(sq\.?[\s-]*f(ee)?t\.?|sqft|square[\s-]*f(ee|oo)t|ft²|ft2)\s*$`)

// sizeOf reads a size in m² (or square feet when the key says so).
func sizeOf(v any, sqft bool) (string, float64) {
	if s, ok := v.(string); ok {
		if shown, m2 := findSize(s); shown != "" {
			return shown, m2
		}
	}
	f, ok := numberOf(v)
	if !ok || f <= 0 || f > 100000 {
		return "", 0
	}
	num := strconv.FormatFloat(f, 'f', -1, 64)
	if sqft {
		return num + " sq ft", float64(int(f*sqftInM2*10+0.5)) / 10
	}
	return num + " m²", f
}

// imageOf finds the first image URL in a value: a string, a map with a
// url or src, or a list of them (the first photo).
func imageOf(v any, depth int) string {
	if depth > 3 {
		return ""
	}
	switch t := v.(type) {
	case string:
		if s := strings.TrimSpace(t); !strings.HasPrefix(s, "data:") && (strings.Contains(s, "/") || strings.Contains(s, ".")) {
			return s
		}
	case []any:
		for _, e := range t {
			if s := imageOf(e, depth+1); s != "" {
				return s
			}
		}
	case map[string]any:
		for _, k := range []string{"url", "src", "href", "uri", "large", "medium", "original", "full", "path", "thumburl", "thumb",
			"thumbnail", "small", "images", "items", "list"} {
			if e := valueByNorm(t, k); e != nil {
				if s := imageOf(e, depth+1); s != "" {
					return s
				}
			}
		}
	}
	return ""
}

// wrappedRecord reads a search hit that wraps its listing in one member
// ({"score": 1, "listing": {...}}, {"node": {...}}).
func wrappedRecord(m map[string]any) (record, bool) {
	var inner map[string]any
	for _, v := range m {
		if im, ok := v.(map[string]any); ok {
			if inner != nil {
				return record{}, false // more than one object: not a wrapper
			}
			inner = im
		}
	}
	if inner == nil {
		return record{}, false
	}
	return recordOf(inner)
}

// maxRecordDepth bounds the walk through a page's data.
const maxRecordDepth = 24

// sideWords name the arrays of a page's data that hold listings other
// than its results, in key names: the map's markers (often every result
// of the search, not this page's), rails of similar, recommended or
// recently viewed homes, paid placements.
var sideWords = []string{"map", "marker", "pin", "cluster", "geo", "similar", "recommend", "recent", "viewed", "related",
	"nearby", "suggest", "promoted", "sponsor", "featured", "advert", "banner", "history", "favourite", "favorite",
	// a widened search's listings from outside the area searched
	"extended", "expanded", "outside", "widen"}

// sideKey reports a key one of whose words (camelCase, snake_case or
// kebab-case) starts with a side word: "mapResults", "similar_homes",
// "recentlyViewed"; not "shoppingList".
func sideKey(k string) bool {
	for _, word := range keyWords(k) {
		for _, w := range sideWords {
			if strings.HasPrefix(word, w) {
				return true
			}
		}
	}
	return false
}

// keyWords splits a key into its lowercase words.
func keyWords(k string) []string {
	var words []string
	var cur strings.Builder
	prevLower := false
	for _, r := range k {
		upper := r >= 'A' && r <= 'Z'
		letter := upper || r >= 'a' && r <= 'z' || r >= '0' && r <= '9'
		if !letter || (upper && prevLower) {
			if cur.Len() > 0 {
				words = append(words, cur.String())
				cur.Reset()
			}
		}
		if letter {
			if upper {
				r += 'a' - 'A'
			}
			cur.WriteRune(r)
		}
		prevLower = letter && !upper
	}
	if cur.Len() > 0 {
		words = append(words, cur.String())
	}
	return words
}

// embeddedList is the best array of listing-like objects in the data: the
// biggest outside the side arrays (sideWords in its key or its parent's),
// else the biggest side array, and whether it is a side array.
func embeddedList(data []any) ([]record, bool) {
	var best, side []record
	sideKeys := map[string]bool{} // a page's data repeats its keys
	isSide := func(k string) bool {
		s, ok := sideKeys[k]
		if !ok {
			s = sideKey(k)
			sideKeys[k] = s
		}
		return s
	}
	var walk func(v any, depth int, aside bool)
	walk = func(v any, depth int, aside bool) {
		if depth > maxRecordDepth {
			return
		}
		switch t := v.(type) {
		case map[string]any:
			// only containers can hold a list; in key order, so the same
			// page always reads the same
			var keys []string
			for k, e := range t {
				switch e.(type) {
				case map[string]any, []any:
					keys = append(keys, k)
				}
			}
			sort.Strings(keys)
			for _, k := range keys {
				walk(t[k], depth+1, aside || isSide(k))
			}
		case []any:
			if recs := recordsIn(t); len(recs) > 0 {
				if aside && betterList(recs, side) {
					side = recs
				} else if !aside && betterList(recs, best) {
					best = recs
				}
			}
			for _, e := range t {
				walk(e, depth+1, aside)
			}
		}
	}
	for _, v := range data {
		walk(v, 0, false)
	}
	if len(best) == 0 {
		return side, len(side) > 0
	}
	return best, false
}

// recordsIn reads an array's listing-like objects; nil unless at least
// three in five of its objects are.
func recordsIn(t []any) []record {
	var recs []record
	objs := 0
	for _, e := range t {
		m, ok := e.(map[string]any)
		if !ok {
			continue
		}
		objs++
		// a listing has an address, a title and a price: three keys at
		// least (a smaller object is at most a wrapper)
		if len(m) >= 3 {
			if r, ok := recordOf(m); ok {
				recs = append(recs, r)
				continue
			}
		}
		if r, ok := wrappedRecord(m); ok {
			recs = append(recs, r)
		}
	}
	if len(recs) == 0 || 5*len(recs) < 3*objs {
		return nil
	}
	return recs
}

// betterList prefers more listings, then more of them with a link.
func betterList(a, b []record) bool {
	if len(a) != len(b) {
		return len(a) > len(b)
	}
	return linked(a) > linked(b)
}

func linked(rs []record) int {
	n := 0
	for _, r := range rs {
		if r.href != "" {
			n++
		}
	}
	return n
}

// recordURL is a record's detail URL: its own link when it is one of the
// site's pages, else its id or slug put into the pattern.
func recordURL(r record, pc pageContext, pattern string) string {
	if r.href != "" {
		u, ok := sectionURL(pc.page, r.href)
		if !ok {
			u, ok = resolveLink(pc.base, r.href)
		}
		if ok && SiteOf(u.Host) == pc.site && !sameSearch(u, pc.page) && !isImagePath(u.Path) {
			return u.String()
		}
	}
	if pattern == "" {
		return ""
	}
	if (strings.Contains(pattern, "{slug}") && r.slug == "") || (strings.Contains(pattern, "{id}") && r.id == "") {
		return ""
	}
	p := strings.NewReplacer("{id}", url.PathEscape(r.id), "{slug}", url.PathEscape(r.slug)).Replace(pattern)
	if u, ok := resolveLink(pc.base, p); ok {
		return u.String()
	}
	return ""
}

func isImagePath(p string) bool {
	p = strings.ToLower(p)
	for _, ext := range []string{".jpg", ".jpeg", ".png", ".webp", ".gif", ".svg", ".avif"} {
		if strings.HasSuffix(p, ext) {
			return true
		}
	}
	return false
}
