package read

import (
	"bytes"
	"fmt"
	"net/url"
	"os"
	"strings"
	"testing"
)

// cardsPage writes a search page with n result cards linking to
// /listing/<id>/slug on host, plus navigation and a footer.
func cardsPage(n int, cardClass string) []byte {
	var b strings.Builder
	b.WriteString(`<html><head><meta charset="utf-8"></head><body><nav><a href="/">Home</a><a href="/listing/999999/nav">Nav listing</a></nav><ul class="results">`)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, `<li class="%s"><a href="/listing/%d/flat-%d?utm_source=x"><img src="/img/%d.jpg" alt=""></a><h2><a href="/listing/%d/flat-%d">Flat %d</a></h2><span class="price">€ %d /mnd</span></li>`,
			cardClass, 100000+i, i, i, 100000+i, i, i, 1000+i)
	}
	b.WriteString(`</ul><footer><a href="/listing/888888/footer">Footer listing</a></footer></body></html>`)
	return []byte(b.String())
}

func TestReadBehaviour(t *testing.T) {
	emptyPortal := []portalDef{{Name: "example.com", Sites: []string{"example.com"}, Expected: true,
		Layouts: []portalLayout{{Card: `div.no-such-card`}}}}
	workingPortal := compilePortals([]portalDef{{Name: "example.com", Sites: []string{"example.com"}, Expected: true,
		IDPattern: `/listing/(\d+)/`, Layouts: []portalLayout{{Card: `li.card`, Link: `h2 a`, Title: `h2`, Price: `.price`}}}})
	tests := []struct {
		name         string
		pageURL      string
		html         []byte
		defs         []portalDef
		wantSite     string
		wantN        int
		wantExpected bool
		wantFirstID  string
	}{
		{"generic reads cards", "https://example.com/search", cardsPage(12, "card"), nil, "generic", 12, false, "https://example.com/listing/100000/flat-0"},
		{"definition reads cards, portal ids", "https://www.example.com/search", cardsPage(12, "card"), workingPortal, "example.com", 12, true, "example.com:100000"},
		{"definition finds nothing: generic fallback, still expected", "https://example.com/search", cardsPage(5, "card"), emptyPortal, "generic", 5, true, "https://example.com/listing/100000/flat-0"},
		{"expected portal, empty page: soft block", "https://example.com/search", []byte(`<html><body><h1>Just a moment...</h1></body></html>`), emptyPortal, "generic", 0, true, ""},
		{"unknown host, empty page", "https://other.example/search", []byte(`<p>nothing</p>`), portalDefs, "generic", 0, false, ""},
		{"bad page URL", "::not a url", cardsPage(3, "card"), nil, "generic", 0, false, ""},
		{"nil html", "https://example.com/", nil, nil, "generic", 0, false, ""},
		{"hidden twins are not extra listings", "https://example.com/search",
			[]byte(strings.Replace(string(cardsPage(4, "card")), `<ul class="results">`, `<ul class="results">`+strings.ReplaceAll(string(cardsPage(4, "card display-none")), "<html>", ""), 1)),
			nil, "generic", 4, false, "https://example.com/listing/100000/flat-0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := readWith(tt.pageURL, tt.html, tt.defs)
			if r.Site != tt.wantSite || len(r.Listings) != tt.wantN || r.Expected != tt.wantExpected {
				t.Fatalf("got site=%q n=%d expected=%v, want site=%q n=%d expected=%v", r.Site, len(r.Listings), r.Expected, tt.wantSite, tt.wantN, tt.wantExpected)
			}
			if tt.wantN > 0 {
				l := r.Listings[0]
				if l.ID != tt.wantFirstID || l.Title != "Flat 0" || l.Price != "€ 1000 /mnd" || !strings.HasSuffix(l.Image, "example.com/img/0.jpg") {
					t.Errorf("first listing = %+v", l)
				}
			}
		})
	}
}

// IDs must not change between two loads of the same page whose links carry
// different tracking parameters.
func TestReadIDsStableAcrossLoads(t *testing.T) {
	a := cardsPage(6, "card")
	b := []byte(strings.ReplaceAll(string(a), "utm_source=x", "utm_source=y&amp;gclid=123"))
	ra, rb := Read("https://example.com/s", a), Read("https://example.com/s", b)
	if len(ra.Listings) != 6 || len(rb.Listings) != 6 {
		t.Fatalf("got %d and %d listings", len(ra.Listings), len(rb.Listings))
	}
	for i := range ra.Listings {
		if ra.Listings[i].ID != rb.Listings[i].ID {
			t.Errorf("listing %d: id %q then %q", i, ra.Listings[i].ID, rb.Listings[i].ID)
		}
	}
}

func TestPortalTable(t *testing.T) {
	if err := checkPortals(portalDefs); err != nil {
		t.Fatal(err)
	}
	if err := checkPortals([]portalDef{{Name: "bad", Layouts: []portalLayout{{Card: "div[[["}}}}); err == nil {
		t.Fatal("a broken selector was not reported")
	}
	wantSites := []string{"kamernet.nl", "funda.nl", "pararius.nl", "pararius.com", "idealista.com", "idealista.it",
		"idealista.pt", "rightmove.co.uk", "zoopla.co.uk", "wg-gesucht.de", "immobilienscout24.de", "immowelt.de"}
	for _, s := range wantSites {
		d := portalFor(portalDefs, &url.URL{Host: "www." + s})
		if d == nil || !d.Expected {
			t.Errorf("no expected-listings definition for %s", s)
		}
	}
	ids := []struct{ site, path, want string }{
		{"kamernet.nl", "/huren/kamer-amsterdam/damrak/kamer-2345678", "2345678"},
		{"funda.nl", "/huur/amsterdam/appartement-88373769-westerlengte-131/", "88373769"},
		{"funda.nl", "/detail/huur/amsterdam/appartement-keizersgracht-1/43123456/", "43123456"},
		{"pararius.nl", "/appartement-te-huur/amsterdam/61d026c2/bilderdijkkade", "61d026c2"},
		{"idealista.it", "/immobile/27654321/", "27654321"},
		{"rightmove.co.uk", "/properties/123456789", "123456789"},
		{"rightmove.co.uk", "/property-for-sale/property-86282804.html", "86282804"},
		{"zoopla.co.uk", "/to-rent/details/65432109/", "65432109"},
		{"wg-gesucht.de", "/wg-zimmer-in-Berlin-Mitte.9902850.html", "9902850"},
		{"immobilienscout24.de", "/expose/145678901", "145678901"},
		{"immowelt.de", "/expose/246rt5r", "246rt5r"},
	}
	for _, tt := range ids {
		d := portalFor(portalDefs, &url.URL{Host: tt.site})
		if got := d.idOf(&url.URL{Path: tt.path}); got != tt.want {
			t.Errorf("%s id of %s = %q, want %q", tt.site, tt.path, got, tt.want)
		}
	}
}

// Bad pages: never a panic, a hang or a non-absolute URL.
func TestReadBadPages(t *testing.T) {
	deep := strings.Repeat("<div>", 20000) + `<a href="/listing/123456/x">x</a>` + strings.Repeat("</div>", 20000)
	var nested strings.Builder
	for i := 0; i < 3000; i++ {
		fmt.Fprintf(&nested, `<div><a href="/listing/%d/x">x</a>`, 100000+i)
	}
	tests := map[string]string{
		"nested cards":    nested.String(),
		"broken markup":   `<ul><li><a href="/listing/123456/a">A<li><a href="/listing/123457/b">B</ul></table><p><<<>>>&&&#xffffff;`,
		"deep nesting":    deep,
		"binary garbage":  string([]byte{0, 1, 2, 0xff, 0xfe, '<', 'a', ' ', 'h', 'r', 'e', 'f', '=', 0x80}),
		"wrong charset":   `<meta charset="x-no-such-charset"><p>é</p>`,
		"weird hrefs":     `<a href="javascript:alert(1)">x</a><a href="data:text/html,hi">y</a><a href="http://[::1">z</a><a href="ftp://x/1234567">w</a>`,
		"empty":           ``,
		"only whitespace": "   \n\t ",
	}
	for name, page := range tests {
		t.Run(name, func(t *testing.T) {
			checkReading(t, Read("https://example.com/search", []byte(page)))
		})
	}
}

// checkReading checks the invariants every Reading keeps.
func checkReading(t testing.TB, r Reading) {
	t.Helper()
	seen := map[string]bool{}
	for _, l := range r.Listings {
		u, err := url.Parse(l.URL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			t.Fatalf("listing URL %q is not absolute http(s)", l.URL)
		}
		if l.ID == "" || seen[l.ID] {
			t.Fatalf("listing ID %q empty or repeated", l.ID)
		}
		seen[l.ID] = true
		if len([]rune(l.Title)) > maxTextRunes || len([]rune(l.Price)) > maxTextRunes || strings.ContainsAny(l.Title+l.Price, "\r\n\x00") {
			t.Fatalf("listing text not cleaned: %q %q", l.Title, l.Price)
		}
	}
}

// FuzzRead: any bytes give a Reading that keeps its invariants. The
// target is not slow (two Reads of a seed take about 0.5 ms); a short run
// shows few "execs" because the fuzzer minimises every input that finds
// new coverage before it counts on, for up to -fuzzminimizetime (60 s by
// default), and a parser as big as HTML's finds new coverage often. With
// the 20 KB seeds this had, one minimisation took the whole of a 5-second
// run (13 execs). The seeds are now a card or two of a real page (at
// most maxFuzzSeed bytes), which minimise quickly; for a quick look run
//
//	go test ./pages/read -run '^$' -fuzz FuzzRead -fuzztime 30s -fuzzminimizetime 1x
//
// (about 2,500 execs a second on the 2-core machine).
func FuzzRead(f *testing.F) {
	for _, p := range []string{"../../testdata/real/listings/wg_gesucht_berlin_2023.html", "../../testdata/portals/woonportaal_onclick_cards.html"} {
		if raw, err := os.ReadFile(p); err == nil {
			f.Add(fuzzSeed(raw))
		}
	}
	f.Add(cardsPage(3, "card"))
	// the script-data readers: JSON, a JavaScript literal, a Nuxt call,
	// a devalue payload
	f.Add([]byte(`<a href="/r/4711">A</a><script id="__NEXT_DATA__" type="application/json">{"p":{"l":[{"id":"4711","title":"A","price":900},{"id":"4712","title":"B","price":950}]}}</script>`))
	f.Add([]byte(`<script>window.__INITIAL_STATE__={a:[{id:1,title:'x',price:{value:5,currency:"EUR"},url:"\u002Fx\u002F1"}],b:!0};</script>`))
	f.Add([]byte(`<script>window.__NUXT__=(function(a,b){return {d:[{id:2,title:"y",price:a,link:b}]}}(800,"/y/2"));</script>`))
	f.Add([]byte(`<script type="application/json" id="__NUXT_DATA__">[["ShallowReactive",1],{"l":2},[3],{"id":4,"title":5,"price":6,"url":7},"z9","T",1200,"/z/9"]</script>`))
	f.Add([]byte(`<li><a href="/a/123456">x</a></li><li><a href="/a/123457">y</a></li>`))
	// flight rows cut across pushes, an island's props, a mount's attribute
	f.Add([]byte(`<script>self.__next_f.push([1,"1:I[9,[],\"Similar\"]\n2:T5,ab\ncd0:[\"$\",\"$L1\",null,{\"l\":\"$3\"}]\n3:[{\"id\":1,\"ti"])</script>` +
		`<script>self.__next_f.push([1,"tle\":\"A\",\"price\":9,\"url\":\"/a/1\",\"d\":\"$2\"}]\n"])</script>`))
	f.Add([]byte(`<astro-island props="{&quot;l&quot;:[1,[[0,{&quot;id&quot;:[0,1],&quot;title&quot;:[0,&quot;A&quot;],&quot;price&quot;:[0,9],&quot;url&quot;:[0,&quot;/a/1&quot;]}]]]}"></astro-island>` +
		`<div data-page="{&quot;props&quot;:{&quot;l&quot;:[{&quot;id&quot;:2,&quot;title&quot;:&quot;B&quot;,&quot;price&quot;:9,&quot;propertyUrl&quot;:&quot;/a/2&quot;}]}}"></div>`))
	f.Fuzz(func(t *testing.T, page []byte) {
		checkReading(t, Read("https://www.wg-gesucht.de/search.html", page))
		checkReading(t, Read("https://example.com/search", page))
	})
}

// fuzzSeed is up to maxFuzzSeed bytes of a page from its first card on.
func fuzzSeed(raw []byte) []byte {
	const maxFuzzSeed = 1500
	start := 0
	for _, marker := range []string{"offer_list_item", "<li", "<article"} {
		if i := bytes.Index(raw, []byte(marker)); i >= 0 {
			start = max(0, bytes.LastIndexByte(raw[:i], '<'))
			break
		}
	}
	return raw[start:min(len(raw), start+maxFuzzSeed)]
}
