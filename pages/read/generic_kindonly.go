package read

import "rentwatch/listing"

// The kind-only rule (issue 23, class 6): some cards head themselves with
// nothing but the kind of home ("Multi-Family Home", "Appartement",
// "Einfamilienhaus", "Casa") and name the home by its address in a line
// of its own. A kind tells one card from its neighbours no better than a
// badge does; the address does. Where the repeated-label rule cannot see
// it (a kind that heads only a few cards of a mixed list), the kind is
// known by its words, in the languages of the portals seen.

// kindWords name kinds of homes, and the words that qualify them, in
// lower case.
var kindWords = map[string]bool{
	// English
	"home": true, "homes": true, "house": true, "apartment": true, "flat": true, "condo": true, "condominium": true,
	"townhouse": true, "townhome": true, "studio": true, "villa": true, "bungalow": true, "cottage": true,
	"duplex": true, "triplex": true, "penthouse": true, "loft": true, "land": true, "lot": true, "room": true,
	"multi": true, "single": true, "family": true, "semi": true, "detached": true, "terraced": true,
	"mobile": true, "manufactured": true, "co": true, "op": true, "coop": true, "maisonette": true,
	"residential": true, "unit": true, "farm": true, "ranch": true,
	// French, German, Dutch
	"maison": true, "appartement": true, "terrain": true, "immeuble": true, "wohnung": true, "haus": true,
	"einfamilienhaus": true, "mehrfamilienhaus": true, "doppelhaushälfte": true, "reihenhaus": true,
	"reihenendhaus": true, "grundstück": true, "etagenwohnung": true, "dachgeschosswohnung": true,
	"erdgeschosswohnung": true, "woning": true, "appartementen": true, "tussenwoning": true,
	"hoekwoning": true, "vrijstaande": true, "bovenwoning": true, "benedenwoning": true,
	// Spanish, Portuguese, Italian
	"piso": true, "casa": true, "chalet": true, "ático": true, "apartamento": true, "departamento": true,
	"dúplex": true, "estudio": true, "terreno": true, "sobrado": true, "cobertura": true, "kitnet": true,
	"appartamento": true, "attico": true, "monolocale": true, "bilocale": true, "trilocale": true,
	// Nordic, Central and Eastern Europe
	"lägenhet": true, "radhus": true, "parhus": true, "fritidshus": true, "bostadsrätt": true,
	"lejlighed": true, "rækkehus": true, "leilighet": true, "enebolig": true, "kerrostalo": true,
	"rivitalo": true, "omakotitalo": true, "byt": true, "dům": true, "mieszkanie": true, "dom": true,
	"квартира": true, "дом": true, "комната": true, "daire": true, "villası": true,
}

// kindOnly reports a text that names only a kind of home: every word is
// one of kindWords ("Multi-Family Home", "Single Family Home").
func kindOnly(t string) bool {
	n := wordsAllIn(t, kindWords)
	return n > 0 && n <= 4
}

// placeOverKinds titles by its address each card whose title only names
// the kind of home and that gives its street address apart. A place
// without a house number ("Roquette, Paris 11ème") is the neighbourhood
// many cards share, no better a title than the kind.
func placeOverKinds(out []listing.Listing) []listing.Listing {
	for i, l := range out {
		if kindOnly(l.Title) && l.Place != "" && l.Place != l.Title && houseNumberRe.MatchString(l.Place) && titleText(l.Place, true) && !kindOnly(l.Place) {
			out[i].Title = l.Place
		}
	}
	return out
}
