package read

import (
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func TestSameSearch(t *testing.T) {
	tests := []struct {
		page, link string
		want       bool
	}{
		{"https://x.example/huur/", "https://x.example/huur?page=2", true},
		{"https://x.example/huur", "https://x.example/huur/?sort=price", true},
		{"https://x.example/s?page=1", "https://x.example/s?page=2", true},
		{"https://x.example/index.php?page=search&Itemid=12", "https://x.example/index.php?page=detail&oid=58&Itemid=12", false},
		{"https://x.example/index.php?page=search&Itemid=12", "https://x.example/index.php?page=search&Itemid=12&limitstart=10", true},
		{"https://x.example/cgi/imot.cgi?act=3&slink=9f4k2x", "https://x.example/cgi/imot.cgi?act=5&adv=1c168001234&slink=9f4k2x", false},
		{"https://x.example/cgi/imot.cgi?act=3&slink=9f4k2x", "https://x.example/cgi/imot.cgi?act=3&slink=9f4k2x&f1=2", true},
		{"https://x.example/objects.php", "https://x.example/objects.php?id=4711", false},
		{"https://x.example/objects.php", "https://x.example/objects.php?maxprice=150000", true},
		{"https://x.example/huur", "https://x.example/koop", false},
	}
	for _, tt := range tests {
		if got := sameSearch(mustURL(t, tt.link), mustURL(t, tt.page)); got != tt.want {
			t.Errorf("sameSearch(%s on %s) = %v, want %v", tt.link, tt.page, got, tt.want)
		}
	}
}

// The listing's query parameter is the one whose value changes between
// the page's links to one script, not a constant menu or search id.
func TestQueryIDVariesAcrossLinks(t *testing.T) {
	hrefs := []string{
		"https://x.example/index.php?page=detail&oid=58&Itemid=12",
		"https://x.example/index.php?page=detail&oid=112&Itemid=12",
		"https://x.example/index.php?page=detail&oid=1043&Itemid=12",
		"https://x.example/imot.cgi?act=5&adv=1c16800001&slink=9f4k2x",
		"https://x.example/imot.cgi?act=5&adv=1c16800002&slink=9f4k2x",
		"https://x.example/object.php?id=4711",
		"https://x.example/a?ref=7&foo=bar",
	}
	want := []string{"58", "112", "1043", "1c16800001", "1c16800002", "4711", ""}
	shapes, urls := make([]*urlShape, len(hrefs)), make([]string, len(hrefs))
	for i, h := range hrefs {
		s := shapeOf(mustURL(t, h))
		shapes[i], urls[i] = &s, h
	}
	shapeKeys(shapes, urls)
	for i, s := range shapes {
		if s.id != want[i] || s.hasID != (want[i] != "") {
			t.Errorf("%s: id %q (hasID %v), want %q", hrefs[i], s.id, s.hasID, want[i])
		}
	}
}

func TestLinkTarget(t *testing.T) {
	tests := []struct{ markup, want string }{
		{`<div onclick="location.assign('/d/1')">`, "/d/1"},
		{`<div onclick="window.location.replace('/d/2')">`, "/d/2"},
		{`<div onclick="window.location='/d/3';return false;">`, "/d/3"},
		{`<div onclick="document.location.href=&quot;/d/4&quot;">`, "/d/4"},
		{`<div onclick="window.open('/d/5','_self')">`, "/d/5"},
		{`<div onclick="merkliste.toggle('WE-1')">`, ""},
		{`<listing-card href="/homes/ab12cd34">`, "/homes/ab12cd34"},
		{`<div href="/not/a/link">`, ""},
		{`<a href="/a/1">`, "/a/1"},
	}
	for _, tt := range tests {
		doc, err := html.Parse(strings.NewReader(`<body>` + tt.markup + `</div></body>`))
		if err != nil {
			t.Fatal(err)
		}
		n := findFirst(doc, func(n *html.Node) bool { return n.Parent != nil && n.Parent.Data == "body" })
		if got := linkTarget(n); got != tt.want {
			t.Errorf("linkTarget(%s) = %q, want %q", tt.markup, got, tt.want)
		}
	}
}

func TestReadJSONLD(t *testing.T) {
	page := `<html><head><script type="application/ld+json">{"@context":"https://schema.org","@graph":[
{"@type":"Organization","url":"https://x.example/"},
{"@type":"BreadcrumbList","itemListElement":[{"@type":"ListItem","position":1,"item":"https://x.example/huur/123456"}]},
{"@type":"ItemList","itemListElement":[
 {"@type":"ListItem","position":1,"item":{"@type":"Apartment","url":"https://x.example/flat/sunny-loft","name":"Sunny loft","offers":{"@type":"Offer","price":1450,"priceCurrency":"EUR"}}},
 {"@type":"ListItem","position":2,"url":"/listing/7788991"},
 {"@type":"ListItem","position":3,"url":"https://x.example/huur/zeist","name":"Flats in Zeist"},
 {"@type":"ListItem","position":4,"url":"https://other.example/listing/5566771"}]}]}</script>
<script type="application/ld+json">{not json</script></head><body></body></html>`
	root, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	pc, _ := newPageContext("https://x.example/huur/utrecht", root)
	got := readJSONLD(root, pc)
	want := []ldListing{{url: "https://x.example/flat/sunny-loft", name: "Sunny loft", price: "1450 EUR"}, {url: "https://x.example/listing/7788991"}}
	if len(got) != len(want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("item %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

// railPage has the same card component in a rail, in the results, in a
// top block and in a carousel.
const railPage = `<body><main>
<section><h2>Recently viewed</h2><div class="grid" id="g1"><div class="card"><a href="/l/1000001">A</a></div><div class="card"><a href="/l/1000002">B</a></div></div></section>
<section><h2>Top offers</h2><div class="top" id="g2"><div class="card"><a href="/l/1000003">C</a></div><div class="card"><a href="/l/1000004">D</a></div></div></section>
<div class="results"><p>12 results</p><div class="grid" id="g3"><div class="card"><a href="/l/1000005">E</a></div></div></div>
<aside><div class="grid" id="g4"></div></aside>
<div class="swiper-wrapper" id="g5"></div>
<h3>Ähnliche Wohnungen</h3><ul id="g6"></ul>
</main></body>`

func TestRails(t *testing.T) {
	root, err := html.Parse(strings.NewReader(railPage))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"g1": true, "g2": false, "g3": false, "g4": true, "g5": true, "g6": true}
	rc := railChecker{}
	for id, w := range want {
		n := findFirst(root, func(n *html.Node) bool { return attrOf(n, "id") == id })
		if got := rc.isRail(n); got != w {
			t.Errorf("isRail(#%s) = %v, want %v", id, got, w)
		}
	}
}

// A top block of the same card component joins the results; a rail of
// the same component does not.
func TestTopBlockJoinsRailDoesNot(t *testing.T) {
	var b strings.Builder
	card := func(id int) string {
		return `<article class="offer-card"><h3><a href="/huurwoning/` + strconv.Itoa(id) + `/x">Flat ` + strconv.Itoa(id) + `</a></h3><span class="rent">€ 1.250 per maand</span></article>`
	}
	b.WriteString(`<body><main><section><h2>Topwoningen</h2><div class="top-grid">` + card(1000001) + card(1000002) + `</div></section><ol class="results">`)
	for i := 0; i < 8; i++ {
		b.WriteString(`<li class="results__item">` + card(2000000+i) + `</li>`)
	}
	b.WriteString(`</ol><section><h2>You might also like</h2><div class="top-grid">` + card(3000001) + card(3000002) + `</div></section></main></body>`)
	r := readWith("https://x.example/huurwoningen/utrecht/", []byte(b.String()), nil)
	got := map[string]bool{}
	for _, l := range r.Listings {
		got[strings.Split(l.URL, "/")[4]] = true
	}
	if len(got) != 10 || !got["1000001"] || !got["1000002"] || got["3000001"] || got["3000002"] {
		t.Errorf("read %d listings %v, want the 2 top and 8 regular ones, no rail", len(got), got)
	}
}

func TestNamedTitle(t *testing.T) {
	tests := []struct {
		markup string
		want   bool
	}{
		{`<div class="immo-titel">`, true},
		{`<p class="titre-annonce">`, true},
		{`<h3 slot="title">`, true},
		{`<div data-testid="card-headline">`, true},
		{`<div class="text-block-12">`, false},
		{`<div class="price">`, false},
	}
	for _, tt := range tests {
		doc, err := html.Parse(strings.NewReader(`<body>` + tt.markup + `x</body>`))
		if err != nil {
			t.Fatal(err)
		}
		n := findFirst(doc, func(n *html.Node) bool { return n.Parent != nil && n.Parent.Data == "body" })
		if got := namedTitle(n); got != tt.want {
			t.Errorf("namedTitle(%s) = %v, want %v", tt.markup, got, tt.want)
		}
	}
}
