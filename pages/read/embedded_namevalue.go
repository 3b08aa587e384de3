package read

import (
	"net/url"
	"strings"
)

// Listings kept as records whose fields are a list of name/value pairs
// (issue 23, class 1), as a classifieds platform's search API writes them
// and its page's state object hands them on:
//
//	{"id": "978586977", "attributes": {"attribute": [
//	    {"name": "HEADING", "values": ["Exklusives Loft"]},
//	    {"name": "PRICE_FOR_DISPLAY", "values": ["€ 3.500"]},
//	    {"name": "SEO_URL", "values": ["immobilien/d/mietwohnungen/wien/loft-978586977/"]}]}}
//
// flattenPairs turns such a record into a plain one, and the detail URL,
// written relative to the site's section root ("immobilien/d/...") rather
// than to the page, is resolved against that root (sectionURL).

// flattenPairs returns m with the pairs of its name/value list (directly
// a field, or the one field of a wrapper object) as fields of their own;
// a field m already has wins. m itself when it has no such list.
func flattenPairs(m map[string]any) map[string]any {
	var pairs []any
	for _, v := range m {
		if p := pairList(v); p != nil {
			pairs = p
			break
		}
		if w, ok := v.(map[string]any); ok && len(w) == 1 {
			for _, inner := range w {
				if p := pairList(inner); p != nil {
					pairs = p
				}
			}
		}
	}
	if pairs == nil {
		return m
	}
	out := make(map[string]any, len(m)+len(pairs))
	for _, p := range pairs {
		pm := p.(map[string]any)
		name, _ := pairName(pm)
		if name == "" {
			continue
		}
		if v, ok := pairValue(pm); ok {
			out[name] = v
		}
	}
	for k, v := range m {
		out[k] = v
	}
	return out
}

// pairList returns v when it is a list of at least three objects that
// each have a name and a value ("name"/"key"/"label" and
// "values"/"value"), else nil.
func pairList(v any) []any {
	l, ok := v.([]any)
	if !ok || len(l) < 3 {
		return nil
	}
	for _, e := range l {
		m, ok := e.(map[string]any)
		if !ok {
			return nil
		}
		if _, ok := pairName(m); !ok {
			return nil
		}
		if _, ok := pairValue(m); !ok {
			return nil
		}
	}
	return l
}

func pairName(m map[string]any) (string, bool) {
	for _, k := range []string{"name", "key", "label", "id"} {
		if s, ok := m[k].(string); ok && s != "" {
			return s, true
		}
	}
	return "", false
}

// pairValue is a pair's value: its "value", or the first of its "values".
func pairValue(m map[string]any) (any, bool) {
	if v, ok := m["value"]; ok {
		return v, true
	}
	if vs, ok := m["values"].([]any); ok && len(vs) > 0 {
		return vs[0], true
	}
	return nil, false
}

// sectionURL resolves a detail path written relative to the site's
// section root ("immobilien/d/mietwohnungen/wien/loft-1/" on a page under
// "/iad/immobilien/mietwohnungen/wien"): when the path's first segment is
// one of the page path's, the path hangs below the page path's segments
// before it. ok is false for any other link (an absolute path, a URL, a
// path whose first segment the page's path does not have).
func sectionURL(page *url.URL, href string) (*url.URL, bool) {
	if page == nil || href == "" || strings.HasPrefix(href, "/") || strings.HasPrefix(href, ".") || strings.Contains(href, "://") {
		return nil, false
	}
	first, _, _ := strings.Cut(href, "/")
	if first == "" || strings.ContainsAny(first, ":?#") {
		return nil, false
	}
	segs := strings.Split(strings.Trim(page.Path, "/"), "/")
	for i, s := range segs {
		if s == first && i > 0 {
			root := "/" + strings.Join(segs[:i], "/") + "/"
			u, err := page.Parse(root + href)
			return u, err == nil
		}
	}
	return nil, false
}
