package read

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func TestParseJSLiteral(t *testing.T) {
	tests := []struct {
		name, in string
		want     string // the value as JSON; "" for an error
	}{
		{"json", `{"a":[1,2.5,"x"],"b":null}`, `{"a":[1,2.5,"x"],"b":null}`},
		{"unquoted keys, single quotes, trailing comma", `{a:'it\'s',b:[true,false,],}`, `{"a":"it's","b":[true,false]}`},
		{"minified booleans and undefined", `{x:!0,y:!1,z:void 0,w:undefined}`, `{"w":null,"x":true,"y":false,"z":null}`},
		{"escapes", `{p:"\u002Fexpose\u002F1",q:"\x41"}`, `{"p":"/expose/1","q":"A"}`},
		{"a surrogate pair is one rune", `{e:"\ud83c\udfe0 Huis"}`, `{"e":"🏠 Huis"}`},
		{"comments and hex", `/* c */ {n: 0x1F // x` + "\n" + `}`, `{"n":31}`},
		{"a function is code", `{f:function(){return 1}}`, ""},
		{"a data constructor reads as its argument", `{d:new Date(1),u:new URL("/x"),s:new Set([1]),e:new Date()}`, `{"d":1,"e":null,"s":[1],"u":"/x"}`},
		{"any other constructor is code", `{d:new Foo(1)}`, ""},
		{"a call is code", `{d:Date.now()}`, ""},
		{"a member is code", `{d:a.b}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, _, err := parseJSLiteral(tt.in)
			if tt.want == "" {
				if err == nil {
					t.Fatalf("got %v, want an error", v)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := json.Marshal(v); string(got) != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

func TestParseNuxtCall(t *testing.T) {
	for _, in := range []string{
		`(function(a,b,c){return {items:[{id:1,price:a,cur:b,top:c}],x:c}}(1200,"EUR",false));`,
		`(function(a,b,c){return {items:[{id:1,price:a,cur:b,top:c}],x:c}})(1200,"EUR",false)`,
	} {
		v, err := parseNuxtCall(in)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		got, _ := json.Marshal(v)
		if want := `{"items":[{"cur":"EUR","id":1,"price":1200,"top":false}],"x":false}`; string(got) != want {
			t.Errorf("%s: got %s, want %s", in, got, want)
		}
	}
	if _, err := parseNuxtCall(`(function(a){var x=1;return {a:a}}(1))`); err == nil {
		t.Error("a function with statements before return is code, not data")
	}
}

func TestDevalueDecode(t *testing.T) {
	// ["ShallowReactive",1] -> {data:2} -> {list:3} -> [4,5] -> two records
	var arr []any
	if err := json.Unmarshal([]byte(`[["ShallowReactive",1],{"data":2,"when":6},{"list":3},[4,5],{"id":7,"title":8},{"id":9,"title":8},["Date","2024-05-01"],"a1","Flat","b2"]`), &arr); err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(devalueDecode(arr))
	want := `{"data":{"list":[{"id":"a1","title":"Flat"},{"id":"b2","title":"Flat"}]},"when":"2024-05-01"}`
	if string(got) != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	// a cycle and an index out of range decode to nothing, not forever
	if err := json.Unmarshal([]byte(`[{"self":0,"far":99,"neg":-1}]`), &arr); err != nil {
		t.Fatal(err)
	}
	if got, _ := json.Marshal(devalueDecode(arr)); string(got) != `{"far":null,"neg":null,"self":null}` {
		t.Errorf("cycle: got %s", got)
	}
}

func TestResolveApollo(t *testing.T) {
	var cache any
	if err := json.Unmarshal([]byte(`{"ROOT_QUERY":{"search":{"nodes":[{"__ref":"Listing:1"},{"type":"id","id":"Listing:2","generated":false}]}},
		"Listing:1":{"__typename":"Listing","id":"1","price":{"__ref":"Money:1"}},"Listing:2":{"__typename":"Listing","id":"2"},
		"Money:1":{"__typename":"Money","amount":900}}`), &cache); err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(resolveApollo(cache))
	want := `[{"search":{"nodes":[{"__typename":"Listing","id":"1","price":{"__typename":"Money","amount":900}},{"__typename":"Listing","id":"2"}]}}]`
	if string(got) != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

// TestReadEmbedded: listings only in script data are read, their address
// from the record, a pattern the page's links show, or the definition's
// DetailURL; records with no address make the Reading say so.
func TestReadEmbedded(t *testing.T) {
	data := `{"results":[{"id":"4711","title":"Flat A","price":900},{"id":"4712","title":"Flat B","price":{"value":950,"currency":"EUR"}},{"id":"4713","title":"Flat C","price":"1.000 €"}]}`
	tests := []struct {
		name, page string
		defs       []portalDef
		want       []string
		unread     bool
	}{
		{"pattern from a rendered card", `<a href="/rooms/amsterdam/4711">Flat A</a><script id="__NEXT_DATA__" type="application/json">` + data + `</script>`,
			nil, []string{"https://example.com/rooms/amsterdam/4711", "https://example.com/rooms/amsterdam/4712", "https://example.com/rooms/amsterdam/4713"}, false},
		{"the definition's pattern", `<script type="application/json">` + data + `</script>`,
			[]portalDef{{Name: "example.com", Sites: []string{"example.com"}, DetailURL: "/expose/{id}"}},
			[]string{"https://example.com/expose/4711", "https://example.com/expose/4712", "https://example.com/expose/4713"}, false},
		{"no way to address them", `<script>window.__INITIAL_STATE__ = ` + data + `;</script>`, nil, nil, true},
		{"JSON-LD items with offers, pages that navigate by script", `<div onclick="go(1)">A</div><script type="application/ld+json">{"@type":"ItemList","itemListElement":[` +
			`{"@type":"ListItem","position":1,"item":{"@type":"Apartment","url":"/a/1","name":"A","floorSize":{"value":40,"unitCode":"MTK"},"offers":{"price":900,"priceCurrency":"EUR"}}},` +
			`{"@type":"ListItem","position":2,"item":{"@type":"Apartment","url":"/a/2","name":"B","offers":{"price":950,"priceCurrency":"EUR"}}}]}</script>`,
			nil, []string{"https://example.com/a/1", "https://example.com/a/2"}, false},
		{"not listings: no price", `<script type="application/json">{"cities":[{"id":"1","name":"Berlin"},{"id":"2","name":"Hamburg"}]}</script>`, nil, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := readWith("https://example.com/search", []byte(`<html><body>`+tt.page+`</body></html>`), compilePortals(tt.defs))
			var got []string
			for _, l := range r.Listings {
				got = append(got, l.URL)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("listings %v, want %v", got, tt.want)
			}
			if (r.Unread != "") != tt.unread {
				t.Errorf("Unread %q, want said: %v", r.Unread, tt.unread)
			}
		})
	}
}

// TestEmbeddedFillsCards: a page whose cards are read from its HTML keeps
// them, and the fields its data holds fill the ones the cards lack.
func TestEmbeddedFillsCards(t *testing.T) {
	page := `<html><body><ul>` +
		`<li><h2><a href="/expose/101">A</a></h2><p>€ 900</p></li><li><h2><a href="/expose/102">B</a></h2><p>€ 950</p></li>` +
		`<li><h2><a href="/expose/103">C</a></h2><p>€ 990</p></li></ul>` +
		`<script type="application/json">{"list":[{"id":101,"title":"A","price":900,"url":"/expose/101","livingSpace":40},` +
		`{"id":102,"title":"B","price":950,"url":"/expose/102","livingSpace":50}]}</script></body></html>`
	r := readWith("https://example.com/search", []byte(page), nil)
	if len(r.Listings) != 3 || r.Listings[0].SizeM2 != 40 || r.Listings[1].SizeM2 != 50 || r.Listings[2].SizeM2 != 0 {
		t.Errorf("listings %+v: want the three cards, the first two with their sizes from the data", r.Listings)
	}
}

// TestEmbeddedPrefersTheResultList: the map's markers and a rail of
// similar homes are listings too, but not this page's results; and a page
// whose HTML shows its result cards keeps them, whatever bigger list its
// data holds.
func TestEmbeddedPrefersTheResultList(t *testing.T) {
	rec := func(id int, title string) string {
		return `{"id":` + strconv.Itoa(id) + `,"title":"` + title + `","price":900,"url":"/a/` + strconv.Itoa(id) + `"}`
	}
	list := func(from, n int, title string) string {
		var parts []string
		for i := 0; i < n; i++ {
			parts = append(parts, rec(from+i, title))
		}
		return "[" + strings.Join(parts, ",") + "]"
	}
	data := `{"mapResults":` + list(100, 40, "M") + `,"similarHomes":` + list(300, 12, "S") + `,"listResults":` + list(500, 5, "R") + `}`
	r := readWith("https://example.com/search", []byte(`<html><body><script type="application/json">`+data+`</script></body></html>`), nil)
	if len(r.Listings) != 5 || r.Listings[0].Title != "R" {
		t.Errorf("read %d listings; want the 5 results", len(r.Listings))
	}
	cards := ""
	for i := 0; i < 4; i++ {
		cards += `<li><h2><a href="/b/` + strconv.Itoa(700+i) + `">Card</a></h2><p>€ 800</p></li>`
	}
	r = readWith("https://example.com/search", []byte(`<html><body><ul>`+cards+`</ul><script type="application/json">{"all":`+list(100, 40, "X")+`}</script></body></html>`), nil)
	if len(r.Listings) != 4 || r.Listings[0].Title != "Card" {
		t.Errorf("read %d listings; want the page's 4 cards, not the data's other 40", len(r.Listings))
	}
}

func TestSideKey(t *testing.T) {
	for k, want := range map[string]bool{"mapResults": true, "similar_homes": true, "recentlyViewed": true, "map-markers": true,
		"extendedListingsFormatted": true, "listResults": false, "shoppingList": false, "searchResults": false, "elementList": false, "ads": false} {
		if got := sideKey(k); got != want {
			t.Errorf("sideKey(%q) = %v, want %v", k, got, want)
		}
	}
}
