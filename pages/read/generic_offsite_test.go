package read

import (
	"fmt"
	"strings"
	"testing"
)

// TestAggregatorAllOffsite: a city housing portal's page (issue 23, class
// 2; seen on a Berlin portal in 2026) lists the landlords' flats, each
// with its "Alle Details" link to the landlord's own site in the card's
// collapsed details.
func TestAggregatorAllOffsite(t *testing.T) {
	landlords := []string{"https://www.wohnbau-nord.example/angebote/detail/1770-27696-99%02d.html?t=ibw",
		"https://www.stadtwohnen.example/mietangebote/0100-02563-0106-03%02d", "https://www.gemeinnuetzig.example/?immo_ref=10-00983-000%02d"}
	var b strings.Builder
	b.WriteString(`<html><body><main><h1>Wohnungsfinder</h1><div class="list">`)
	for i := 0; i < 9; i++ {
		fmt.Fprintf(&b, `<div id="apartment-%d" class="mb-3"><button class="list__item__title"><span>Zimmer, m², € | Straße %d, 10365 Berlin</span><b>2,0</b><b>5%d,00</b><span class="price">%d00,00 €</span></button>`+
			`<div class="list__details" style="display:none"><span>Helle Wohnung Nummer %d</span><a class="block" href="`+landlords[i%3]+`">Alle Details</a></div></div>`, i, i, i, 5+i%4, i, i)
	}
	b.WriteString(`</div></main><footer><a href="https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fx.example%2F1">teilen</a></footer></body></html>`)
	r := Read("https://www.wohnungen-berlin.example/wohnungsfinder/", []byte(b.String()))
	if len(r.Listings) != 9 {
		t.Fatalf("read %d listings, want the 9 landlords' flats: %+v", len(r.Listings), r.Listings)
	}
	if !strings.HasPrefix(r.Listings[1].URL, "https://www.stadtwohnen.example/") || r.Listings[1].Price == "" {
		t.Errorf("second listing %+v, want the landlord's page with its price", r.Listings[1])
	}
}

// TestAggregatorPartnerCards: a classifieds page shows its partner
// portal's listings among its own, drawn with the same card (class 2; a
// Polish classifieds site, 2023); a partner's ad drawn otherwise is not
// a result.
func TestAggregatorPartnerCards(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<html><body><main><div class="listing-grid">`)
	for i := 1; i <= 8; i++ {
		href := fmt.Sprintf("/d/oferta/mieszkanie-%d-CID3-ID%dab.html", i, 4000+i)
		hook := "adCard-own"
		if i%3 == 0 {
			href, hook = fmt.Sprintf("https://www.partnerportal.example/pl/oferta/mieszkanie-%d-ID4j%dX.html", i, i), "adCard-partner"
		}
		fmt.Fprintf(&b, `<div data-cy="l-card" class="css-1sw7q4x"><a href="%s"><div data-testid="%s"></div><h6>Mieszkanie %d pokojowe</h6><p data-testid="ad-price">%d 000 zł</p></a></div>`, href, hook, i, 300+i)
	}
	b.WriteString(`<div class="clicked_partner wgg_card airbnb_ad"><a href="https://www.rooms-abroad.example/rooms/123456"><h3>Rooms abroad</h3><b>590 €</b></a></div>`)
	b.WriteString(`</div></main></body></html>`)
	r := Read("https://www.olx.example/nieruchomosci/mieszkania/", []byte(b.String()))
	if len(r.Listings) != 8 {
		t.Fatalf("read %d listings, want 8 (6 own, 2 of the partner portal, no ad): %+v", len(r.Listings), r.Listings)
	}
	if !strings.Contains(r.Listings[2].URL, "partnerportal.example") {
		t.Errorf("third listing %s, want the partner portal's card in its place", r.Listings[2].URL)
	}
}

// TestBannerRedirectNotAResult: a portal's result list (class 5; a
// Ukrainian portal, 2019) has paid banners of builders drawn like its
// cards, each a link through the portal's redirect to the builder's site
// flagged as commercial: they are not results.
func TestBannerRedirectNotAResult(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<html><body><main><div id="searchResults">`)
	for i := 1; i <= 9; i++ {
		href := fmt.Sprintf("/uk/realty-prodaja-kvartira-lviv-%d.html", 15670000+i)
		if i%4 == 0 {
			href = fmt.Sprintf("/secure_redirect/?commercial=1&hash=h%d&newbuildId=%d&url=https%%3A%%2F%%2Fbuilder%d.example%%2F%%3Futm_source%%3Dportal%%26utm_medium%%3Dclick_on_banner", i, 6000+i, i)
		}
		fmt.Fprintf(&b, `<section class="ticket-clear"><a class="photo" href="%s"><img src="/p/%d.jpg"></a><h3><a href="%s">вул. Зелена %d, %d кім.</a></h3><b class="green">%d 000 $</b></section>`, href, i, href, i, 1+i%3, 40+i)
	}
	b.WriteString(`</div></main></body></html>`)
	r := Read("https://dom.portal.example/uk/prodazha-kvartir/", []byte(b.String()))
	if len(r.Listings) != 7 {
		t.Fatalf("read %d listings, want the 7 flats and no banner: %+v", len(r.Listings), r.Listings)
	}
	for _, l := range r.Listings {
		if strings.Contains(l.URL, "redirect") {
			t.Errorf("banner %s read as a result", l.URL)
		}
	}
}

// TestOffsiteNotOnOrdinaryPages: an API's documentation page that links
// to other sites' pages (RFCs, SDKs on GitHub) holds no listings.
func TestOffsiteNotOnOrdinaryPages(t *testing.T) {
	page := `<html><body><main><h1>API</h1><div class="cards">` +
		`<div class="card"><h3>Overview</h3><a href="https://tools.ietf.org/html/rfc6750">RFC 6750</a><p>Bearer tokens.</p></div>` +
		`<div class="card"><h3>Dates</h3><a href="https://tools.ietf.org/html/rfc3339">RFC 3339</a><p>Date format.</p></div>` +
		`<div class="card"><h3>JavaScript</h3><a href="https://github.com/example/sdk-js/releases/tag/1234567">SDK</a><p>An SDK.</p></div>` +
		`</div></main></body></html>`
	if r := Read("https://api.example.com/docs", []byte(page)); len(r.Listings) != 0 {
		t.Errorf("read %d listings off a documentation page: %+v", len(r.Listings), r.Listings)
	}
}

// TestRecordsBesideLinklessCards: a portal's cards carry no link (a
// script opens each listing) and each card holds a JSON-LD script of its
// own describing its home with its URL (issue 23, classes 1 and 3; an
// Indian portal, 2025); the only links of the kind are a few projects in
// a side list. The homes described are the results, titled and priced as
// their cards show them.
func TestRecordsBesideLinklessCards(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<html><body><main><div class="srp">`)
	for i := 1; i <= 8; i++ {
		fmt.Fprintf(&b, `<div class="srp__list" id="cardid%d"><div class="srp__card"><img src="/ph/%d.jpg">`+
			`<h2 class="srp__card--title">%d BHK Flat for Rent in Sector %d</h2><div class="srp__card__price">₹ %d,000</div>`+
			`<span class="btn">Contact Owner</span>`+
			`<script type="application/ld+json">{"@context":"https://schema.org","@type":"Apartment","url":"https://www.homes.example/propertyDetails/%d-BHK-Flat-FOR-Rent&amp;id=%d","name":"%d BHK Apartment for Rent","numberOfRooms":"%d"}</script>`+
			`</div></div>`, 7000+i, i, 1+i%3, i, 9+i, 1+i%3, 7000+i, 1+i%3, 1+i%3)
	}
	b.WriteString(`</div><aside><h3>Projects</h3>`)
	for i := 1; i <= 3; i++ {
		fmt.Fprintf(&b, `<div class="proj"><a href="/green-park-%d-pdpid-%d">Green Park %d</a><span>₹ %d Cr</span></div>`, i, 5000+i, i, i)
	}
	b.WriteString(`</aside></main></body></html>`)
	r := Read("https://www.homes.example/property-for-rent/residential-real-estate?cityName=Pune", []byte(b.String()))
	if len(r.Listings) != 8 {
		t.Fatalf("read %d listings, want the 8 homes the page describes: %+v", len(r.Listings), r.Listings)
	}
	l := r.Listings[0]
	if !strings.Contains(l.URL, "propertyDetails") || l.Title != "2 BHK Flat for Rent in Sector 1" || l.Price != "₹ 10,000" {
		t.Errorf("first home %+v, want its record's URL with its card's title and price", l)
	}
}
