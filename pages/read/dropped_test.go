package read

import (
	"reflect"
	"testing"
)

// TestDroppedLinks: a card whose only link is a javascript: call is
// reported with why; a script link whose call or handler names the
// address is followed; a javascript: toggle outside any card is not a
// listing and not reported.
func TestDroppedLinks(t *testing.T) {
	page := `<html><body><nav><a href="javascript:void(0)">Menu</a></nav><table>` +
		`<tr><td><a href="/objekt.php?id=1">Wohnung A</a></td><td>890 €</td></tr>` +
		`<tr><td><a href="/objekt.php?id=2">Wohnung B</a></td><td>990 €</td></tr>` +
		`<tr><td><a href="javascript:window.open('/objekt.php?id=3')">Wohnung C</a></td><td>1.090 €</td></tr>` +
		`<tr><td><a href="javascript:void(0)" onclick="location.href='/objekt.php?id=4'">Wohnung D</a></td><td>750 €</td></tr>` +
		`<tr><td><a href="javascript:zeigeObjekt(5)">Wohnung E</a></td><td>640 €</td></tr>` +
		`</table><p><a href="javascript:print()">Drucken</a></p></body></html>`
	r := readWith("https://www.makler.de/angebote.php", []byte(page), nil)
	if len(r.Listings) != 4 {
		t.Errorf("read %d listings %+v, want the four with an address", len(r.Listings), r.Listings)
	}
	want := []Drop{{URL: "javascript:zeigeObjekt(5)", Why: "a javascript: link, with no address to open"}}
	if !reflect.DeepEqual(r.Dropped, want) {
		t.Errorf("dropped %+v, want %+v", r.Dropped, want)
	}
}

// TestDefinitionSkipsMenuTiles: a definition's card selector matching a
// promo tile in the header's menu reads no listing from it, however few
// results the page has.
func TestDefinitionSkipsMenuTiles(t *testing.T) {
	defs := compilePortals([]portalDef{{Name: "immobilienscout24.de", Sites: []string{"immobilienscout24.de"}, IDPattern: `/expose/(\d+)`,
		Layouts: []portalLayout{{Card: `div.listing-card, article[data-obid]`, Link: `a`, Title: `h2`}}}})
	page := `<html><body><header><div class="megamenu"><div class="listing-card"><a href="/gesuch-aufgeben/"><h2>Gesuch aufgeben</h2></a></div></div></header>` +
		`<main><article data-obid="150010200"><a href="/expose/150010200"><h2>Sonnige Wohnung</h2></a><dd>1.090 €</dd></article></main></body></html>`
	r := readWith("https://www.immobilienscout24.de/Suche/de/berlin/wohnung-mieten", []byte(page), defs)
	if len(r.Listings) != 1 || r.Listings[0].URL != "https://www.immobilienscout24.de/expose/150010200" {
		t.Errorf("listings %+v, want the one result only", r.Listings)
	}
	// without the menu the off-pattern tile still goes: it shows no price
	page = `<html><body><div class="listing-card"><a href="/gesuch-aufgeben/"><h2>Gesuch aufgeben</h2></a></div>` +
		`<article data-obid="150010200"><a href="/expose/150010200"><h2>Sonnige Wohnung</h2></a><dd>1.090 €</dd></article></body></html>`
	r = readWith("https://www.immobilienscout24.de/Suche/de/berlin/wohnung-mieten", []byte(page), defs)
	if len(r.Listings) != 1 {
		t.Errorf("listings %+v, want the one result only", r.Listings)
	}
}
