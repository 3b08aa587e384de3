package read

import (
	"fmt"
	"strings"
	"testing"
)

// TestHeadlineRule: the cards of issue 23's class 6, each rebuilt from a
// real page's card (the page named): the title is the listing's headline,
// not the facts block, a call to action, a price caption, a badge, an
// image counter or the line above the title.
func TestHeadlineRule(t *testing.T) {
	tests := []struct{ name, card, want string }{
		{"the whole facts block run together (immowelt 2026)",
			`<a href="/x/1" title="Haus zum Kauf - Sassenberg"></a><div data-testid="cardmfe-description-box-text-test-id"><div><div>2.474.300 €</div><span>4.651 €/m²</span></div><div>Mehrfamilienhaus zum Kauf · als Kapitalanlage geeignet</div><div><div>532 m²</div><div>·</div><div>849 m² Grundstück</div></div></div>`,
			"Mehrfamilienhaus zum Kauf · als Kapitalanlage geeignet"},
		{"the address with the facts after it (rightmove 2026)",
			`<div><a href="/x/1"><div>£1,800 pcm</div></a></div><a class="propertyCard-link" href="/x/1"><address>Acton Street, London</address><div><span>Flat</span><span>1</span><span>1</span></div><div>0.36 miles from station</div></a>`,
			"Acton Street, London"},
		{"a call to action as the link text (SUUMO 2023)",
			`<div class="cassetteitem_content-title">ガリシアヒルズ六本木</div><table><tr><td>11.7万円</td><td><a href="/x/1">詳細を見る</a></td></tr></table>`,
			"ガリシアヒルズ六本木"},
		{"a price caption in the title link (zillow 2026)",
			`<a data-testid="property-card-title-link" href="/x/1"><span>$2,045+ 1 bd</span><p>Total monthly price</p></a><a data-testid="property-card-address-link" href="/x/1"><address>Rockingham Glen | 30 Rockingham Ave, West Roxbury, MA</address></a>`,
			"Rockingham Glen | 30 Rockingham Ave, West Roxbury, MA"},
		{"a badge and a match score over the street (Mäklarhuset)",
			`<a href="/x/1"><div class="uk-badge">Kommande försäljning</div><div>61,7% match</div><figcaption><span>Kalmar</span><div class="uk-h3 uk-text-heading">Kungsgårdsvägen 30b</div></figcaption></a>`,
			"Kungsgårdsvägen 30b"},
		{"a viewing date badge (Mäklarhuset)",
			`<a href="/x/1"><div>Visning tis 14 dec</div><div class="street">Göljemålagatan 16 A</div><span>235 000 kr</span></a>`,
			"Göljemålagatan 16 A"},
		{"an image counter (portal carousel)",
			`<a href="/x/1"><span>Property 6 of 10.</span><img src="a.jpg"></a><a href="/x/1"><span>Bright two-room flat near the park</span></a>`,
			"Bright two-room flat near the park"},
		{"a developer offer badge (otodom 2021)",
			`<a href="/x/1"><div class="developer-offer-title">Oferta dewelopera</div><span class="offer-item-title">Nowoczesne mieszkanie - Strefa Ekonomiczna</span></a>`,
			"Nowoczesne mieszkanie - Strefa Ekonomiczna"},
		{"the location line above the title (Sparkasse 2026)",
			`<a href="/x/1"><h6>Düsseldorf / Oberkassel</h6><h3>Großzügig geschnittene 2 Zimmer Wohnung</h3><span>76 m² Wohnfläche</span><span>854.430 €</span></a>`,
			"Großzügig geschnittene 2 Zimmer Wohnung"},
		{"the developer as a sub-title over the project (neubauKompass 2026)",
			`<a href="/x/1"></a><h4 class="nbk-project-card__sub-title">Vista Reihenhaus GmbH &amp; Co. KG</h4><h3 class="nbk-project-card__title">Neubau in Viersen-Dülken - 2026</h3><span>411.000 - 449.000 €</span>`,
			"Neubau in Viersen-Dülken - 2026"},
		{"a sub-title heading ranked above the title (objektpresentation)",
			`<a href="/x/1"><h2 class="oc-sub-title">Böda</h2><span>1 850 000 kr</span><h3 class="oc-title">Kvarnbacken 41</h3></a>`,
			"Kvarnbacken 41"},
		{"the area as the title heading and the street as its sub-title (agency theme)",
			`<a href="/x/1"><div><img src="a.jpg"></div><h3 class="oc-title">Norrby, Växjö</h3><h4 class="oc-sub-title">Lindvägen 7B</h4><div>3 rok</div><div>74 kvm</div><div>1 250 000 kr</div></a>`,
			"Lindvägen 7B"},
		{"a district name alone over the street (agency theme)",
			`<a href="/x/1"><div class="oc-badge">I startblocken</div><h3 class="oc-title">Strandby</h3><h4 class="oc-sub-title">Tallstigen 12</h4></a>`,
			"Tallstigen 12"},
		{"the town and district as the heading, the street in a marked line",
			`<a href="/x/1"><div class="hit__address"><h2>Växjö - Teleborg</h2><div class="hit__street">Videvägen 3</div></div><span>2 150 000 kr</span></a>`,
			"Videvägen 3"},
		{"the location line above a headline classed as the sub-title",
			`<a href="/x/1"><h6 class="item-header">Köln / Ehrenfeld</h6><h3 class="item-header-subtitle">Altbau mit Balkon im Herzen von Ehrenfeld</h3><span>3 Zimmer</span><span>549.000 €</span></a>`,
			"Altbau mit Balkon im Herzen von Ehrenfeld"},
		{"an address without a house number over a price caption heading",
			`<a href="/x/1"><h2>Ballyroe, Tralee, Co. Kerry</h2><div class="price"><h3>Price on Application</h3></div></a>`,
			"Ballyroe, Tralee, Co. Kerry"},
		{"a two-word capitalised headline stays over the address line",
			`<a href="/x/1"><h3>Gemütliche Garçonnière</h3><div class="address">Wien 1050 Margareten, Wiedner Straße</div><span>€ 690</span></a>`,
			"Gemütliche Garçonnière"},
		{"a headline without a number stays over a street sub-title",
			`<a href="/x/1"><h3>Sunny flat with a garden</h3><h4 class="sub-title">Elm Road 4</h4><span>£1,200 pcm</span></a>`,
			"Sunny flat with a garden"},
		{"the town and postcode under the street in the title link (sold-price list)",
			`<h3><a href="/x/1">4/20 Harbour Street <small>Glenhaven 2156</small></a></h3><p><i class="fa fa-bed"></i> 3</p><p>$905,000</p>`,
			"4/20 Harbour Street Glenhaven 2156"},
		{"a price with its unit as the heading (OpenRent)",
			`<a href="/x/1"><div class="listing-title">Studio Flat, Mare Street, N7</div><div><h2>£1,300 <span>per month</span></h2></div></a>`,
			"Studio Flat, Mare Street, N7"},
		{"an address run together in the heading's link stays whole (district, street, rooms, town)",
			`<h3 class="tit"><a href="/x/1">р‑н. Центр <span>вул. Соборна</span>, 2 кім. <span>м. Вінниця</span></a></h3><b>49 990 $</b>`,
			"р‑н. Центр вул. Соборна, 2 кім. м. Вінниця"},
		{"a headline split over elements stays whole",
			`<h3><a href="/x/1"><span>Helle Wohnung</span> <span>in Berlin</span></a></h3><span>1.200 €</span>`,
			"Helle Wohnung in Berlin"},
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

func TestBadgeText(t *testing.T) {
	for _, tt := range []struct {
		text string
		want bool
	}{
		{"詳細を見る", true}, {"More photos", true}, {"Fees may apply", true}, {"Total monthly price", true},
		{"SLEVA:", true}, {"Oferta dewelopera", true}, {"Property 6 of 10.", true}, {"Visning 14/5", true},
		{"61,7% match", true}, {"Kommande försäljning", true}, {"Price on Application", true},
		{"Kvarnbacken 41", false}, {"Details of a sunny flat", false}, {"Visningsvägen 4", false},
	} {
		if got := badgeText(tt.text); got != tt.want {
			t.Errorf("badgeText(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}

// TestBuildingRule: a page of flats to let grouped by building (issue 23,
// class 6; Japanese portals): the building's name heads a table whose
// rows are its flats, each with only its rent, layout and a details link.
// Each flat's title is its building's.
func TestBuildingRule(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<html><body><main><div class="results">`)
	buildings := []string{"グランメゾン桜台", "サンハイツ西町", "コーポ緑が丘"}
	n := 0
	for _, name := range buildings {
		fmt.Fprintf(&b, `<div class="building"><div class="building-head"><div class="building__title">%s</div><ul><li>東京都練馬区</li><li>築12年</li></ul></div><table class="rooms">`, name)
		for r := 0; r < 2; r++ {
			n++
			fmt.Fprintf(&b, `<tbody><tr><td>%d階</td><td>%d.5万円</td><td>1LDK / 3%d.1m²</td><td><a href="/chintai/jnc_%09d/">詳細を見る</a></td></tr></tbody>`, r+2, 8+r, r, 100000+n)
		}
		b.WriteString(`</table></div>`)
	}
	b.WriteString(`</div></main></body></html>`)
	r := Read("https://www.chintai.example/ichiran/", []byte(b.String()))
	if len(r.Listings) != 6 {
		t.Fatalf("read %d listings, want 6 flats: %+v", len(r.Listings), r.Listings)
	}
	for i, l := range r.Listings {
		if want := buildings[i/2]; l.Title != want {
			t.Errorf("flat %d titled %q, want its building %q", i, l.Title, want)
		}
	}
}
