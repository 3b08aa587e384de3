package read

import (
	"encoding/json"
	"fmt"
	"html"
	"reflect"
	"strings"
	"testing"
)

// push writes payload as App Router flight chunks cut every n bytes.
func push(payload string, n int) string {
	var b strings.Builder
	b.WriteString(`<script>(self.__next_f=self.__next_f||[]).push([0])</script>`)
	for i := 0; i < len(payload); i += n {
		q, _ := json.Marshal(payload[i:min(i+n, len(payload))])
		fmt.Fprintf(&b, `<script>self.__next_f.push([1,%s])</script>`, q)
	}
	return b.String()
}

func TestFlightRows(t *testing.T) {
	text := "Zwei Zeilen\nmit Umlaut ü."
	payload := "1:HL[\"/a.css\",\"style\"]\n2:I[55,[\"1\",\"c.js\"],\"SimilarHomes\"]\n" +
		fmt.Sprintf("3:T%x,%s", len(text), text) + "4:{\"a\":\"$3\"}\nnot a row\n5:[1,2]\n6:{broken\n"
	rows, order, names := flightRows(payload)
	if !reflect.DeepEqual(order, []string{"3", "4", "5"}) {
		t.Errorf("rows %v, want 3 (the text), 4 and 5: hint, import, junk and broken rows hold no data", order)
	}
	if rows["3"] != text {
		t.Errorf("T row %q, want %q (its length counts bytes, newlines and all)", rows["3"], text)
	}
	if names["2"] != "SimilarHomes" {
		t.Errorf("import names %v", names)
	}
}

func TestFlightData(t *testing.T) {
	tests := []struct {
		name, payload, want string
	}{
		{"a reference, a path and an element's props",
			"0:[\"$\",\"main\",null,{\"children\":\"$L1\",\"first\":\"$2:items:0\",\"d\":\"$D2025-01-01\",\"s\":\"$$5\",\"u\":\"$undefined\"}]\n" +
				"1:[\"$\",\"section\",null,{\"list\":\"$2\"}]\n2:{\"items\":[{\"id\":1},{\"id\":2}]}\n",
			`[{"children":{"list":{"items":[{"id":1},{"id":2}]}},"d":"2025-01-01","first":{"id":1},"s":"$5","u":null}]`},
		{"a side component keeps its name", "1:I[9,[],\"SimilarListings\"]\n0:[\"$\",\"$L1\",null,{\"items\":[1]}]\n",
			`[{"SimilarListings":{"items":[1]}}]`},
		{"a row that holds itself", "0:{\"me\":\"$0\",\"x\":\"$1\"}\n1:{\"back\":\"$1\"}\n", `[{"me":null,"x":{"back":null}}]`},
		{"a row only an element's type names is a root", "0:[\"$\",\"$L1\",null,{}]\n1:{\"r\":1}\n", `[{},{"r":1}]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _ := json.Marshal(flightData(tt.payload))
			if string(got) != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// TestFlightRefsBounded: rows that each name the next twice would
// expand to 2^40 values; what the references add stops at
// maxFlightExpand values, so the data stays cheap to walk.
func TestFlightRefsBounded(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&b, "%x:[\"$%x\",\"$%x\"]\n", i, i+1, i+1)
	}
	b.WriteString("28:{\"id\":1}\n")
	out := flightData(b.String())
	if len(out) != 1 {
		t.Fatalf("%d root rows, want 1", len(out))
	}
	n := 0
	var count func(v any)
	count = func(v any) {
		n++
		if n > 2*maxFlightExpand {
			return
		}
		if a, ok := v.([]any); ok {
			for _, e := range a {
				count(e)
			}
		}
	}
	count(out[0])
	if n > maxFlightExpand+200 {
		t.Errorf("the data expands to more than %d values", n)
	}
}

func TestJSONString(t *testing.T) {
	for in, want := range map[string]string{`"a\"b\\c\/d\n\u003c\ud83c\udfe0"`: "a\"b\\c/d\n<🏠", `"plain"`: "plain"} {
		if got, ok := jsonString(in); !ok || got != want {
			t.Errorf("jsonString(%s) = %q %v, want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{`"a"b"`, `"a\`, `"\q"`, `"\u12"`, `a`} {
		if _, ok := jsonString(in); ok {
			t.Errorf("jsonString(%s) ok, want not a literal", in)
		}
	}
}

// TestReadFrameworkData: the script data of each framework is read, the
// results apart from the blocks beside them.
func TestReadFrameworkData(t *testing.T) {
	rec := func(id int) map[string]any {
		return map[string]any{"id": id, "title": fmt.Sprintf("Flat %d", id), "price": 900 + id, "url": fmt.Sprintf("/flat/%d", id)}
	}
	recs := func(from, n int) []any {
		var out []any
		for i := 0; i < n; i++ {
			out = append(out, rec(from+i))
		}
		return out
	}
	js := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	astro := func(v any) string {
		var ser func(v any) any
		ser = func(v any) any {
			switch t := v.(type) {
			case map[string]any:
				m := map[string]any{}
				for k, e := range t {
					m[k] = ser(e)
				}
				return []any{0, m}
			case []any:
				var a []any
				for _, e := range t {
					a = append(a, ser(e))
				}
				return []any{1, a}
			}
			return []any{0, v}
		}
		return html.EscapeString(js(ser(v).([]any)[1]))
	}
	want := []string{"https://example.com/flat/1", "https://example.com/flat/2", "https://example.com/flat/3"}
	flight := "1:I[9,[],\"SearchResults\"]\n2:I[9,[],\"RecommendedHomes\"]\n" +
		"0:[\"$\",\"main\",null,{\"children\":[[\"$\",\"$L1\",null,{\"results\":\"$3\"}],[\"$\",\"$L2\",null,{\"homes\":\"$4\"}]]}]\n" +
		"3:" + js(recs(1, 3)) + "\n4:" + js(recs(50, 6)) + "\n"
	angular := strings.NewReplacer(`"`, "&q;").Replace(js(map[string]any{"search": map[string]any{"body": map[string]any{"hits": recs(1, 3)}}}))
	sveltekitBody := js(map[string]any{"status": 200, "body": js(map[string]any{"items": recs(1, 3)})})
	tests := []struct {
		name, page string
		want       []string
	}{
		{"App Router flight, cut mid-string", push(flight, 37), want},
		{"Astro island props", `<astro-island uid="x" component-url="/_astro/List.js" props="` + astro(map[string]any{"list": recs(1, 3)}) + `"></astro-island>` +
			`<astro-island uid="y" component-url="/_astro/Similar.js" props="` + astro(map[string]any{"list": recs(50, 5)}) + `"></astro-island>`, want},
		{"Astro island props written by uneval", `<astro-island uid="x" component-url="/_astro/List.js" props="` + html.EscapeString(`{list:[{id:1,title:"Flat 1",price:901,url:"/flat/1"},{id:2,title:"Flat 2",price:902,url:"/flat/2"},{id:3,title:"Flat 3",price:903,url:"/flat/3"}]}`) + `"></astro-island>`, want},
		{"Inertia data-page", `<div id="app" data-page="` + html.EscapeString(js(map[string]any{"component": "Search", "props": map[string]any{"flats": map[string]any{"data": recs(1, 3)}}})) + `"></div>`, want},
		{"react-rails props", `<div data-react-class="Results" data-react-props="` + html.EscapeString(js(map[string]any{"results": recs(1, 3)})) + `"></div>`, want},
		{"Angular &q; state", `<script id="serverApp-state" type="application/json">` + angular + `</script>`, want},
		{"SvelteKit fetched body", `<script type="application/json" data-sveltekit-fetched data-url="/api">` + sveltekitBody + `</script>`, want},
		{"SvelteKit start data", `<script>__sveltekit_x={};kit.start(app, element, {node_ids: [0, 2], data: [null,{type:"data",data:{flats:` + js(recs(1, 3)) + `,when:new Date(0)},uses:{}}], form: null});</script>`, want},
		{"JSON in an HTML comment", `<script type="application/json" data-zrr-shared-data-key="s"><!--` + js(map[string]any{"list": recs(1, 3)}) + `--></script>`, want},
		{"SvelteKit data with hoisted values", `<script>__sveltekit_x={};kit.start(app, element, {data: [null,(function(a){return {type:"data",data:{flats:[` +
			`{id:1,title:"Flat 1",price:a,url:"/flat/1"},{id:2,title:"Flat 2",price:a,url:"/flat/2"},{id:3,title:"Flat 3",price:a,url:"/flat/3"}]}}}(900))], form: null});</script>`, want},
		{"Inertia resource links", `<div id="app" data-page="` + html.EscapeString(js(map[string]any{"props": map[string]any{"homes": []any{
			map[string]any{"id": 1, "title": "Flat 1", "price": 901, "links": map[string]any{"favourite": "/fav/1", "show": "/flat/1"}},
			map[string]any{"id": 2, "title": "Flat 2", "price": 902, "links": map[string]any{"show": "/flat/2"}},
			map[string]any{"id": 3, "title": "Flat 3", "price": 903, "links": map[string]any{"show": "/flat/3"}}}}})) + `"></div>`, want},
		{"React Router 7 turbo-stream", `<script>window.__reactRouterContext.streamController.enqueue("[{\"_1\":2},\"loaderData\",{\"_3\":4},\"flats\",[5,10,13],` +
			`{\"_6\":16,\"_7\":17,\"_8\":18,\"_9\":19},\"id\",\"title\",\"price\",\"url\",{\"_6\":11,\"_7\":20,\"_8\":18,\"_9\":12},2,\"/flat/2\",` +
			`{\"_6\":14,\"_7\":21,\"_8\":18,\"_9\":15},3,\"/flat/3\",1,\"Flat 1\",900,\"/flat/1\",\"Flat 2\",\"Flat 3\"]\n");</script>`, want},
		{"a bracketed global set by JSON.parse", `<script>window["__UFRN_LIFECYCLE_SERVERREQUEST__"]=JSON.parse(` + js(js(map[string]any{"app_csp": map[string]any{"data": map[string]any{"cards": recs(1, 3)}}})) + `)</script>`, want},
		{"state in a CDATA comment", `<script>/*<![CDATA[*/window.__INITIAL_STATE__ = ` + js(map[string]any{"list": recs(1, 3)}) + `;/*]]>*/</script>`, want},
		{"App Router chunks, two in one script", `<script>self.__next_f.push([1,"0:{\"l\":[{\"id\":1,\"title\":\"Flat 1\",\"price\":901,\"url\":\"/flat/1\"},"]);` +
			`self.__next_f.push([1,"{\"id\":2,\"title\":\"Flat 2\",\"price\":902,\"url\":\"/flat/2\"},{\"id\":3,\"title\":\"Flat 3\",\"price\":903,\"url\":\"/flat/3\"}]}\n"])</script>`, want},
		{"Remix deferred data enqueued as JSON in pieces", `<script>window.__remixContext = {"state":{"loaderData":{}}};</script>` +
			`<script>__remixContext.streamController.enqueue(` + js(js(map[string]any{"loaderData": map[string]any{"routes/search": map[string]any{"flats": recs(1, 3)}}})[:40]) + `);</script>` +
			`<script>__remixContext.streamController.enqueue(` + js(js(map[string]any{"loaderData": map[string]any{"routes/search": map[string]any{"flats": recs(1, 3)}}})[40:]) + `);</script>`, want},
		{"App Router page without listings", push("0:[\"$\",\"main\",null,{\"posts\":[{\"id\":1,\"title\":\"Hello\",\"url\":\"/blog/1\"},{\"id\":2,\"title\":\"World\",\"url\":\"/blog/2\"}]}]\n", 50), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := readWith("https://example.com/search", []byte("<html><body>"+tt.page+"</body></html>"), nil)
			var got []string
			for _, l := range r.Listings {
				got = append(got, l.URL)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("listings %v, want %v", got, tt.want)
			}
		})
	}
}

// TestRecordURLKeys: a record's own link is found under a key that ends
// in Url or Link, never under the link to its photo or its agent.
func TestRecordURLKeys(t *testing.T) {
	tests := []struct {
		m    map[string]any
		want string
	}{
		{map[string]any{"propertyUrl": "/p/1", "imageUrl": "/i/1.jpg"}, "/p/1"},
		{map[string]any{"exposeLink": "/e/1"}, "/e/1"},
		{map[string]any{"listingUris": map[string]any{"contact": "/c/1", "detail": "/d/1"}}, "/d/1"},
		{map[string]any{"agentUrl": "/agent/9", "thumbnailUrl": "/t.jpg", "mapLink": "/map"}, ""},
	}
	for _, tt := range tests {
		m := map[string]any{"id": 1, "title": "T", "price": 900}
		for k, v := range tt.m {
			m[k] = v
		}
		r, _ := recordOf(m)
		if r.href != tt.want {
			t.Errorf("%v: href %q, want %q", tt.m, r.href, tt.want)
		}
	}
}

// TestPatternWithSlugAndID: a detail URL holding both a record's slug
// and its id becomes a pattern with both.
func TestPatternWithSlugAndID(t *testing.T) {
	page := `<html><body><a href="/huur/flat-a-4711">A</a><script type="application/json">{"r":[` +
		`{"id":4711,"slug":"flat-a","title":"A","price":900},{"id":4712,"slug":"flat-b","title":"B","price":950}]}</script></body></html>`
	r := readWith("https://example.com/huur", []byte(page), nil)
	var got []string
	for _, l := range r.Listings {
		got = append(got, l.URL)
	}
	if want := []string{"https://example.com/huur/flat-a-4711", "https://example.com/huur/flat-b-4712"}; !reflect.DeepEqual(got, want) {
		t.Errorf("listings %v, want %v", got, want)
	}
}
