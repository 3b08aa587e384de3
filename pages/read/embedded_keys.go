package read

import (
	"sort"
	"strings"
)

// The key names a page's data gives a listing's fields, in the languages
// of the portals watched: exact names first, then the stems a key may
// start or end with.

// Key names, normalised (lowercase, no '_', '-', '.'), in order of trust.
var (
	idKeys    = []string{"id", "listingid", "adid", "objectid", "listid", "propertyid", "exposeid", "realestateid", "roomid", "advertid", "itemid", "guid", "uuid", "@id", "globalid", "code"}
	slugKeys  = []string{"slug", "seoslug", "urlslug", "permalinkslug"}
	urlKeys   = []string{"url", "href", "link", "detailurl", "detailpageurl", "detailslink", "permalink", "canonicalurl", "shareurl", "path", "relativeurl", "uri", "weburl", "objectdetailpagerelativeurl", "links", "seourl", "seopath", "urlpath", "detailpath", "canonicalpath"}
	titleKeys = []string{"title", "headline", "name", "heading", "subject", "displayname", "caption"}
	priceKeys = []string{"pricefordisplay", "displayprice", "formattedprice", "priceformatted", "price", "rent", "monthlyrent", "totalrent", "baserent", "coldrent", "warmrent", "pricevalue", "priceinfo", "prices", "miete", "kaltmiete", "warmmiete", "prijs", "huurprijs", "loyer", "prix", "precio", "prezzo", "hyra", "offers"}
	sizeKeys  = []string{"livingspace", "livingarea", "floorarea", "floorsize", "surface", "surfacearea", "area", "size", "squaremeters", "squaremetres", "sqm", "m2", "wohnflaeche", "woonoppervlakte", "oppervlakte", "sqft", "squarefeet"}
	roomKeys  = []string{"rooms", "numberofrooms", "roomcount", "roomsnumber", "nbrooms", "numrooms", "zimmer", "anzahlzimmer", "kamers", "pieces", "nbpieces"}
	imageKeys = []string{"image", "imageurl", "mainimage", "thumbnail", "thumb", "thumburl", "thumbnailurl", "photo", "picture", "coverphoto", "coverimage", "mainphoto", "images", "pictures", "photos", "media", "multimedia", "gallery", "titlepicture"}
)

func normKey(k string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '_', '-', '.', ' ':
			return -1
		}
		if r >= 'A' && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, k)
}

// lookup returns the value of the first of keys m has (normalised).
func lookup(m map[string]any, norm map[string]string, keys []string) (any, bool) {
	for _, k := range keys {
		if orig, ok := norm[k]; ok {
			if v := m[orig]; v != nil {
				return v, true
			}
		}
	}
	return nil, false
}

// Word stems a key may start or end with when none of the exact names is
// there ("rentPcm", "prezzoMensile", "superficieM2", "fotoUrl"), in the
// languages of the portals watched. A key naming bedrooms, a price per
// area or a count is none of these.
var (
	priceStems = []string{"price", "rent", "prezzo", "prix", "preis", "miete", "prijs", "huur", "loyer", "precio", "hyra", "cena"}
	sizeStems  = []string{"area", "surface", "superficie", "space", "flaeche", "fläche", "oppervlak", "sqm", "sqft", "m2"}
	imageStems = []string{"image", "img", "photo", "picture", "foto", "bild", "thumb", "media"}
	titleStems = []string{"title", "titel", "titolo", "titre", "titulo", "headline"}
	roomStems  = []string{"rooms", "zimmer", "locali", "kamers", "pieces", "pièces", "rum"}
	notStems   = []string{"bed", "perm", "persq", "count", "type", "unit", "currency", "label", "id"}
)

// keyOrder is a record's normalised keys in order, so the stem lookups
// read the same key first on every load; sorted once, when first needed.
type keyOrder struct {
	norm map[string]string
	keys []string
}

func (o *keyOrder) sorted() []string {
	if o.keys == nil {
		o.keys = make([]string, 0, len(o.norm))
		for k := range o.norm {
			o.keys = append(o.keys, k)
		}
		sort.Strings(o.keys)
	}
	return o.keys
}

// lookupStem returns the value of a key that starts or ends with one of
// stems (normalised), in sorted key order (keys: keyOrder.sorted).
func lookupStem(m map[string]any, norm map[string]string, keys, stems []string) (any, bool) {
	for _, stem := range stems {
	key:
		for _, k := range keys {
			if !strings.HasPrefix(k, stem) && !strings.HasSuffix(k, stem) {
				continue
			}
			for _, n := range notStems {
				if strings.Contains(strings.TrimPrefix(strings.TrimSuffix(k, stem), stem), n) {
					continue key
				}
			}
			if v := m[norm[k]]; v != nil {
				return v, true
			}
		}
	}
	return nil, false
}

// urlStems end the keys of a record's own link when no exact name is
// there ("propertyUrl", "exposeLink", "adHref"); notURLWords name the
// links a record holds to something else (its photo, the agent, a map).
var (
	urlStems    = []string{"url", "link", "href", "uri", "uris"}
	notURLWords = []string{"image", "img", "photo", "picture", "pic", "thumb", "logo", "video", "tour", "map", "agent",
		"broker", "brochure", "floorplan", "avatar", "icon", "media", "contact", "office", "company", "branch", "api",
		"next", "prev", "search", "virtual", "epc", "apply", "booking", "share", "whatsapp", "mail", "phone", "external"}
)

// lookupURLStem returns the value of a key ending in a URL stem that
// names nothing but the record, in sorted key order.
func lookupURLStem(m map[string]any, norm map[string]string, keys []string) (any, bool) {
key:
	for _, k := range keys {
		stem := ""
		for _, s := range urlStems {
			if strings.HasSuffix(k, s) {
				stem = s
			}
		}
		if stem == "" {
			continue
		}
		for _, w := range notURLWords {
			if strings.Contains(k, w) {
				continue key
			}
		}
		if v := m[norm[k]]; linkText(v, 0) != "" {
			return v, true
		}
	}
	return nil, false
}

// field is lookup, then lookupStem.
func field(m map[string]any, order *keyOrder, keys, stems []string) (any, bool) {
	if v, ok := lookup(m, order.norm, keys); ok {
		return v, true
	}
	return lookupStem(m, order.norm, order.sorted(), stems)
}
