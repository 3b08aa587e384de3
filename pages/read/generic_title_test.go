package read

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// TestCardTitle: the title is the card's headline, never the texts cards
// put where a reader looks for one.
func TestCardTitle(t *testing.T) {
	tests := []struct{ name, card, want string }{
		{"photo counter in the image link",
			`<a href="/x/1"><span>1/12</span><img src="a.jpg"></a><a href="/x/1"><div class="card__headline">Damrak 1</div></a>`, "Damrak 1"},
		{"price and badge as the heading",
			`<h2><a href="/x/1">£1,650 pcm</a> <span>Featured</span></h2><p itemprop="name"><a href="/x/1">2 bed flat to rent</a></p>`, "2 bed flat to rent"},
		{"postcode and city heading beside the title link",
			`<h4>1054 HT Amsterdam</h4><a data-testid="listing-title" href="/x/1">Appartement Overtoom 211</a>`, "Appartement Overtoom 211"},
		{"one link around the whole card, price first",
			`<a href="/x/1"><div><span>1.290 €</span><span>18,17 €/m²</span></div><div>Helle Altbauwohnung</div><div>71 m² · 3 Zimmer · Berlin</div></a>`, "Helle Altbauwohnung"},
		{"address with facts and a distance run on",
			`<a href="/x/1"><span>$2,450/mo</span><address>1421 E Pine St, Seattle</address><ul><li>2 bds</li><li>1 ba</li></ul><span>0.8 mi to Downtown</span></a>`, "1421 E Pine St, Seattle"},
		{"price in bold before the text",
			`<a href="/x/1"><b>€1,650</b> 3 bed apt · Phibsboro</a>`, "3 bed apt · Phibsboro"},
		{"a badge inside the title",
			`<a href="/x/1"><h5 class="brand-title"><div class="flag">NEU</div>Ruhige Wohnung</h5></a>`, "Ruhige Wohnung"},
		{"subtitle is no title",
			`<div class="listing__subtitle">10115 Berlin</div><h3><a href="/x/1">Wohnung am Park</a></h3>`, "Wohnung am Park"},
		{"a heading the page hides (the price per week beside the one per month)",
			`<a href="/x/1"><div class="pim"><h2>£1,447 <span>per month</span></h2></div><div class="piw" style="display: none;"><h2>£334 <span>per week</span></h2></div>` +
				`<div class="ldc"><span class="listing-title">Studio Flat, Zenith House, N15</span></div></a>`, "Studio Flat, Zenith House, N15"},
		{"a kind-and-deal line where the link's title names the home",
			`<a class="linkToFa" href="/x/1" title="Vente appartement 3 pièces Aubagne 45m²"><span>Appartement à vendre</span> <span>45m²</span> <span>3 pièces</span></a><div>AUBAGNE (13400)</div>`,
			"Vente appartement 3 pièces Aubagne 45m²"},
		{"the facts and the address in one title element",
			`<a href="/x/1"><div class="card_title">CHF 2,160.–</div><div class="card_secondaryTitle"><div><span><strong>3</strong> rooms</span><span><strong>67m²</strong> living space</span></div>` +
				`<div class="card_address"><address>Rue de Genève 62, 1004 Lausanne</address></div></div></a>`, "Rue de Genève 62, 1004 Lausanne"},
		{"a headline and the address in one heading stay the headline",
			`<a href="/x/1"><h3 class="card-title"><span>Schöne Wohnung</span> <address>Rue de Genève 62, 1004 Lausanne</address></h3></a>`, "Schöne Wohnung Rue de Genève 62, 1004 Lausanne"},
		{"only an address: still the title",
			`<a href="/x/1">1012 AB Amsterdam</a><span>€ 1.200</span>`, "1012 AB Amsterdam"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			card, mains := parseCard(t, tt.card, "/x/1")
			if got := cardTitle(card, mains); got != tt.want {
				t.Errorf("title %q, want %q", got, tt.want)
			}
		})
	}
}

// parseCard parses a card's HTML and returns it and its links to href.
func parseCard(t *testing.T, s, href string) (*html.Node, []*html.Node) {
	t.Helper()
	root, err := html.Parse(strings.NewReader(`<html><body><article>` + s + `</article></body></html>`))
	if err != nil {
		t.Fatal(err)
	}
	card := findFirst(root, func(n *html.Node) bool { return n.DataAtom == atom.Article })
	var mains []*html.Node
	forEachElement(card, func(n *html.Node) {
		if attrOf(n, "href") == href {
			mains = append(mains, n)
		}
	})
	return card, mains
}

func TestTitleText(t *testing.T) {
	tests := []struct {
		text          string
		strict, loose bool
	}{
		{"1/12", false, false},
		{"3 of 12", false, false},
		{"€ 1.250 /mnd", false, false},
		{"Featured", false, false},
		{"NEU", false, false},
		{"0.4 miles Hackney Central", false, true},
		{"1016 AB Amsterdam", false, true},
		{"10115 Berlin", false, true},
		{"71 m² · 3 Zimmer · Berlin", false, true},
		{"£1,950 pcm Featured", false, false},
		{"Appartement Overtoom 211", true, true},
		{"3-Zimmer-Wohnung in Berlin-Mitte", true, true},
		{"2 bed flat to rent", true, true},
		{"per week", false, false},
		{"/ month", false, false},
		{"par mois", false, false},
		{"Per Week Studio in Leeds", true, true},
	}
	for _, tt := range tests {
		if s, l := titleText(tt.text, true), titleText(tt.text, false); s != tt.strict || l != tt.loose {
			t.Errorf("titleText(%q) strict %v loose %v, want %v %v", tt.text, s, l, tt.strict, tt.loose)
		}
	}
}
