package read

import (
	"encoding/json"
	"regexp"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Script-rendered search pages carry their results as data for their
// scripts: Next.js's __NEXT_DATA__, Nuxt 3's __NUXT_DATA__ (devalue's flat
// array), Nuxt 2's window.__NUXT__ function call, a Redux store in
// window.__INITIAL_STATE__, Apollo's normalised cache in
// window.__APOLLO_STATE__, or any application/json block. scriptData
// gathers those values, decoded into plain maps and slices with Apollo's
// and devalue's references resolved, for embeddedRecords to search.

// maxScriptData bounds how much script text is parsed per page.
const maxScriptData = 8 << 20

// assignRe finds a top-level assignment of data in a script:
// `window.__INITIAL_STATE__ = {`, `var __data = [`, `X.state=JSON.parse(`,
// `window.__NUXT__=(function(`, also after a comment's end
// (`/*<![CDATA[*/window.x = {`).
var assignRe = regexp.MustCompile(`(?:^|[;\n}]|\*/|\bvar\s|\blet\s|\bconst\s)\s*(?:window\.|self\.|globalThis\.)?` +
	`([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*|\[["'][\w$]+["']\])*)\s*=\s*(\{|\[|JSON\.parse\(|\(function\s*\()`)

// scriptData returns the data values of the page's scripts, of the
// attributes that carry a mount's data, and of the streams written in
// pieces (Next.js's flight rows, turbo-stream), each joined from all its
// pieces first.
func scriptData(root *html.Node) []any {
	sr := scriptReader{budget: maxScriptData}
	forEachElement(root, sr.element)
	if sr.flight.Len() > 0 {
		sr.out = append(sr.out, flightData(sr.flight.String())...)
	}
	if sr.turbo.Len() > 0 {
		sr.out = append(sr.out, turboData(sr.turbo.String()))
	}
	for i, v := range sr.out {
		sr.out[i] = resolveApollo(v)
	}
	return sr.out
}

// scriptReader gathers a page's data, element by element, within a
// budget of bytes parsed.
type scriptReader struct {
	out           []any
	flight, turbo strings.Builder
	budget        int
}

func (sr *scriptReader) element(n *html.Node) {
	if n.DataAtom != atom.Script {
		if v, size := attrData(n); size > 0 && size <= sr.budget {
			sr.budget -= size
			if v != nil {
				sr.out = append(sr.out, v)
			}
		}
		return
	}
	if n.FirstChild == nil || n.FirstChild.Type != html.TextNode {
		return
	}
	text := n.FirstChild.Data
	if len(text) > sr.budget || len(text) < 2 {
		return
	}
	typ := strings.ToLower(strings.TrimSpace(attrOf(n, "type")))
	switch {
	case strings.HasSuffix(typ, "json"):
		sr.budget -= len(text)
		v, ok := jsonBlock(n, text)
		if !ok {
			return
		}
		if arr, ok := v.([]any); ok && isDevalue(n, arr) {
			v = devalueDecode(arr)
		}
		sr.out = append(sr.out, v)
	case typ == "" || strings.Contains(typ, "javascript") || typ == "module":
		sr.script(text)
	}
}

// script reads one script: a piece of a stream, or data it assigns or
// hands to SvelteKit's start.
func (sr *scriptReader) script(text string) {
	if chunk, ok := flightChunk(text); ok {
		sr.budget -= len(text)
		sr.flight.WriteString(chunk)
		return
	}
	if chunks, ok := turboChunks(text); ok {
		sr.budget -= len(text)
		for _, c := range chunks {
			sr.turbo.WriteString(c)
		}
		return
	}
	if !strings.Contains(text, "=") && !strings.Contains(text, "data") {
		return
	}
	sr.budget -= len(text)
	sr.out = append(sr.out, assignedData(text)...)
	sr.out = append(sr.out, svelteData(text)...)
}

// assignedData reads the data literals assigned in a script.
func assignedData(text string) []any {
	var out []any
	for _, m := range assignRe.FindAllStringSubmatchIndex(text, 32) {
		start := m[4] // the opening token
		var v any
		var err error
		switch tok := text[m[4]:m[5]]; {
		case tok == "{" || tok == "[":
			v, _, err = parseJSLiteral(text[start:])
		case strings.HasPrefix(tok, "JSON.parse"):
			var s any
			s, _, err = parseJSLiteral(text[m[5]:])
			if str, ok := s.(string); ok && err == nil {
				err = json.Unmarshal([]byte(str), &v)
			}
		default:
			v, err = parseNuxtCall(text[start:])
		}
		if err == nil && v != nil {
			// a map's markers assigned to "propertiesMapData" are a side
			// array as they would be under that key
			name := text[m[2]:m[3]]
			if i := strings.LastIndexAny(name, ".["); i >= 0 {
				name = strings.Trim(name[i+1:], `"']`)
			}
			if sideKey(name) {
				v = map[string]any{name: v}
			}
			out = append(out, v)
		}
	}
	return out
}

// isDevalue reports Nuxt 3's payload: devalue's flat array, where each
// container holds the indices of its members and the first element is
// the root (Nuxt wraps it as ["ShallowReactive", 1] or ["Reactive", 1]).
func isDevalue(n *html.Node, arr []any) bool {
	if attrOf(n, "id") == "__NUXT_DATA__" || hasAttr(n, "data-nuxt-data") {
		return true
	}
	if len(arr) < 2 {
		return false
	}
	if head, ok := arr[0].([]any); ok && len(head) == 2 {
		if s, ok := head[0].(string); ok && devalueWrappers[s] {
			return true
		}
	}
	return false
}

// devalueWrappers are the types devalue writes as [type, index].
var devalueWrappers = map[string]bool{"Reactive": true, "ShallowReactive": true, "Ref": true, "ShallowRef": true,
	"EmptyRef": true, "EmptyShallowRef": true, "NuxtError": true, "Object": true}

// maxDevalueNodes bounds the values one payload is decoded into (shared
// members are decoded once; this bounds the copies).
const maxDevalueNodes = 1 << 20

// devalueDecode turns devalue's flat array into the value it encodes.
func devalueDecode(arr []any) any {
	memo := make(map[int]any, len(arr))
	busy := map[int]bool{}
	nodes := 0
	var at func(i int, depth int) any
	at = func(i int, depth int) any {
		if i < 0 || i >= len(arr) || busy[i] || depth > maxJSDepth || nodes > maxDevalueNodes {
			return nil // devalue's negative specials: undefined, holes, NaN
		}
		if v, ok := memo[i]; ok {
			return v
		}
		busy[i] = true
		defer delete(busy, i)
		nodes++
		var out any
		switch t := arr[i].(type) {
		case map[string]any:
			m := make(map[string]any, len(t))
			for k, e := range t {
				if idx, ok := e.(float64); ok {
					m[k] = at(int(idx), depth+1)
				}
			}
			out = m
		case []any:
			out = devalueArray(t, func(idx int) any { return at(idx, depth+1) })
		default:
			out = t
		}
		memo[i] = out
		return out
	}
	return at(0, 0)
}

// devalueArray decodes one array of devalue's payload: a plain array of
// indices, or a typed value ["Reactive", i], ["Date", "..."], ["Set", i,
// ...], ["Map", k, v, ...].
func devalueArray(t []any, at func(int) any) any {
	if len(t) > 0 {
		if typ, ok := t[0].(string); ok {
			switch {
			case devalueWrappers[typ] && len(t) == 2:
				if idx, ok := t[1].(float64); ok {
					return at(int(idx))
				}
			case typ == "Date" && len(t) == 2:
				return t[1]
			case typ == "Set":
				t = t[1:]
			case typ == "null":
				// an object without a prototype: key and value indices
				m := map[string]any{}
				for i := 1; i+1 < len(t); i += 2 {
					if k, ok := t[i].(float64); ok {
						if key, ok := at(int(k)).(string); ok {
							if v, ok := t[i+1].(float64); ok {
								m[key] = at(int(v))
							}
						}
					}
				}
				return m
			default:
				return nil
			}
		}
	}
	out := make([]any, 0, len(t))
	for _, e := range t {
		if idx, ok := e.(float64); ok {
			out = append(out, at(int(idx)))
		}
	}
	return out
}

// resolveApollo replaces the references of Apollo Client's normalised
// cache ({"__ref": "Listing:1"}, or Apollo 2's {"type": "id", "id":
// "Listing:1", "generated": false}) by the entries they name, so the
// query's result list holds the listings themselves.
func resolveApollo(v any) any {
	cache, ok := v.(map[string]any)
	if !ok || !isApolloCache(cache) {
		return v
	}
	var resolve func(v any, depth int) any
	resolve = func(v any, depth int) any {
		if depth > 12 {
			return nil
		}
		switch t := v.(type) {
		case map[string]any:
			if key := apolloRef(t); key != "" {
				if e, ok := cache[key]; ok {
					return resolve(e, depth+1)
				}
				return nil
			}
			out := make(map[string]any, len(t))
			for k, e := range t {
				out[k] = resolve(e, depth+1)
			}
			return out
		case []any:
			out := make([]any, len(t))
			for i, e := range t {
				out[i] = resolve(e, depth+1)
			}
			return out
		}
		return v
	}
	// the queries' results, with their references followed
	out := make([]any, 0, 2)
	for k, e := range cache {
		if k == "ROOT_QUERY" || strings.HasPrefix(k, "$ROOT_QUERY") {
			out = append(out, resolve(e, 0))
		}
	}
	return out
}

// isApolloCache reports a map keyed "Type:id" whose entries name their
// __typename, with a ROOT_QUERY.
func isApolloCache(m map[string]any) bool {
	if _, ok := m["ROOT_QUERY"]; !ok {
		return false
	}
	typed := 0
	for k, e := range m {
		if em, ok := e.(map[string]any); ok && strings.Contains(k, ":") {
			if _, ok := em["__typename"]; ok {
				typed++
			}
		}
		if typed >= 2 {
			return true
		}
	}
	return false
}

func apolloRef(m map[string]any) string {
	if r, ok := m["__ref"].(string); ok && len(m) == 1 {
		return r
	}
	if t, _ := m["type"].(string); t == "id" {
		if id, ok := m["id"].(string); ok {
			if _, gen := m["generated"]; gen {
				return id
			}
		}
	}
	return ""
}
