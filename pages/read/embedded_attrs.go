package read

import (
	"encoding/json"
	"path"
	"regexp"
	"strings"

	"golang.org/x/net/html"
)

// Some frameworks hand their data to the page in an element's attribute,
// not a script: Astro's islands (<astro-island props="...">), Inertia's
// root (<div id="app" data-page="...">), react-rails and similar mounts
// (data-react-props, data-props). SvelteKit writes it into its start
// call's arguments, and Angular Universal into a JSON block whose quotes
// are written as &q;.

// propsAttrs are the attributes that carry a mount's data as JSON.
var propsAttrs = []string{"data-page", "data-react-props", "data-props", "data-vue-props"}

// attrData returns the data an element's attributes carry, and the bytes
// of attribute text it parsed.
func attrData(n *html.Node) (any, int) {
	if n.Data == "astro-island" {
		props := attrOf(n, "props")
		var v map[string]any
		if len(props) < 2 {
			return nil, len(props)
		}
		if json.Unmarshal([]byte(props), &v) != nil {
			// a newer Astro writes the props with devalue's uneval: a
			// JavaScript literal of plain values
			lit, _, err := parseJSLiteral(props)
			if m, ok := lit.(map[string]any); err == nil && ok {
				return map[string]any{islandName(n): m}, len(props)
			}
			return nil, len(props)
		}
		if !astroPairs(v) {
			return map[string]any{islandName(n): v}, len(props)
		}
		return map[string]any{islandName(n): astroObject(v, 0)}, len(props)
	}
	for _, k := range propsAttrs {
		if s := strings.TrimSpace(attrOf(n, k)); len(s) > 1 && (s[0] == '{' || s[0] == '[') {
			var v any
			if json.Unmarshal([]byte(s), &v) != nil {
				return nil, len(s)
			}
			return v, len(s)
		}
	}
	return nil, 0
}

// islandName names an island by its component ("SearchResults"), so a
// recommendations island is kept apart from the results.
func islandName(n *html.Node) string {
	var opts struct{ Name string }
	if json.Unmarshal([]byte(attrOf(n, "opts")), &opts) == nil && opts.Name != "" {
		return opts.Name
	}
	base := path.Base(attrOf(n, "component-url"))
	if i := strings.IndexByte(base, '.'); i > 0 {
		base = base[:i]
	}
	return base
}

// astroValue decodes one of Astro's serialised props, a [type, value]
// pair: 0 a value (an object's members pairs in turn), 1 an array of
// pairs, 3 a date, 7 a URL; other types (a Map, a RegExp) are dropped.
func astroValue(v any, depth int) any {
	pair, ok := v.([]any)
	if !ok || len(pair) != 2 || depth > maxJSDepth {
		return nil
	}
	typ, _ := pair[0].(float64)
	switch typ {
	case 0:
		if m, ok := pair[1].(map[string]any); ok {
			return astroObject(m, depth+1)
		}
		return pair[1]
	case 1:
		arr, _ := pair[1].([]any)
		out := make([]any, 0, len(arr))
		for _, e := range arr {
			out = append(out, astroValue(e, depth+1))
		}
		return out
	case 3, 7:
		return pair[1]
	}
	return nil
}

// astroPairs reports props serialised as [type, value] pairs.
func astroPairs(m map[string]any) bool {
	for _, e := range m {
		pair, ok := e.([]any)
		if !ok || len(pair) != 2 {
			return false
		}
		if _, ok := pair[0].(float64); !ok {
			return false
		}
	}
	return true
}

func astroObject(m map[string]any, depth int) map[string]any {
	out := make(map[string]any, len(m))
	for k, e := range m {
		out[k] = astroValue(e, depth)
	}
	return out
}

// svelteDataRe finds the data argument SvelteKit's start call is given:
// `data: [` (SvelteKit 2's kit.start, SvelteKit 1's hydrate).
var svelteDataRe = regexp.MustCompile(`\bdata\s*:\s*\[`)

// svelteData reads the page data of a SvelteKit start script.
func svelteData(text string) []any {
	if !strings.Contains(text, "sveltekit") && !strings.Contains(text, "kit.start(") {
		return nil
	}
	var out []any
	for _, m := range svelteDataRe.FindAllStringIndex(text, 4) {
		if v, _, err := parseJSLiteral(text[m[1]-1:]); err == nil && v != nil {
			out = append(out, v)
		}
	}
	return out
}

// angularEntities undoes Angular Universal's TransferState escaping
// (before Angular 16): &q; for ", &s; for ', &l; <, &g; >, &a; &.
var angularEntities = strings.NewReplacer("&q;", `"`, "&s;", "'", "&l;", "<", "&g;", ">", "&a;", "&")

// jsonBlock decodes an application/json script: plain JSON, JSON in an
// HTML comment (<!--{...}-->), or Angular's &q;-escaped state. A
// SvelteKit fetched block's response body, JSON in a string, is decoded
// in turn.
func jsonBlock(n *html.Node, text string) (any, bool) {
	t := strings.TrimSpace(text)
	if strings.HasPrefix(t, "<!--") && strings.HasSuffix(t, "-->") {
		t = strings.TrimSpace(t[4 : len(t)-3])
	}
	var v any
	if json.Unmarshal([]byte(t), &v) != nil {
		if !strings.Contains(t, "&q;") || json.Unmarshal([]byte(angularEntities.Replace(t)), &v) != nil {
			return nil, false
		}
	}
	if hasAttr(n, "data-sveltekit-fetched") {
		if m, ok := v.(map[string]any); ok {
			if body, ok := m["body"].(string); ok {
				var b any
				if json.Unmarshal([]byte(body), &b) == nil {
					m["body"] = b
				}
			}
		}
	}
	return v, true
}
