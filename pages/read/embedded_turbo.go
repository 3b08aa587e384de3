package read

import (
	"encoding/json"
	"strings"
)

// React Router 7 and Remix's single fetch (2024 on) stream the loaders'
// data as turbo-stream, written into the page by
// `window.__reactRouterContext.streamController.enqueue("...")` calls
// whose strings, joined, are lines: the first a flat array whose element
// 0 is the root, objects keyed "_K" (K the index of the key's string) with
// the indices of their values, arrays of indices, and negative indices
// for undefined, null and the like. Later lines settle promises the page
// deferred; they are left out.

const enqueueCall = "streamController.enqueue("

// turboChunks returns the strings a script enqueues; ok is false for a
// script that enqueues none.
func turboChunks(text string) (chunks []string, ok bool) {
	for {
		i := strings.Index(text, enqueueCall)
		if i < 0 {
			return chunks, ok
		}
		ok = true
		text = text[i+len(enqueueCall):]
		v, n, err := parseJSLiteral(text)
		if s, isStr := v.(string); err == nil && isStr {
			chunks = append(chunks, s)
		}
		text = text[n:]
	}
}

// turboData decodes the stream's first line; a stream of plain JSON (a
// deferred loader's data written in pieces) is that JSON.
func turboData(stream string) any {
	line, _, _ := strings.Cut(stream, "\n")
	var v any
	if json.Unmarshal([]byte(line), &v) != nil {
		if json.Unmarshal([]byte(stream), &v) != nil {
			return nil
		}
	}
	if arr, ok := v.([]any); ok && len(arr) > 0 {
		if _, ok := arr[0].(map[string]any); ok {
			return turboDecode(arr)
		}
	}
	return v
}

// turboDecode turns the flat array into the value it encodes, each
// element decoded once (shared values are shared, at most maxDevalueNodes
// decoded).
func turboDecode(arr []any) any {
	memo := make(map[int]any, len(arr))
	busy := map[int]bool{}
	nodes := 0
	var at func(i, depth int) any
	at = func(i, depth int) any {
		if i < 0 || i >= len(arr) || busy[i] || depth > maxJSDepth || nodes > maxDevalueNodes {
			return nil
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
				ki, kok := turboIndex(strings.TrimPrefix(k, "_"))
				vi, vok := e.(float64)
				if !kok || !vok || ki < 0 || ki >= len(arr) {
					continue
				}
				if key, ok := arr[ki].(string); ok {
					m[key] = at(int(vi), depth+1)
				}
			}
			out = m
		case []any:
			if len(t) > 0 {
				if typ, ok := t[0].(string); ok {
					if typ == "D" && len(t) == 2 {
						out = t[1] // a date
					}
					break // another type (a promise, a map, an error): left out
				}
			}
			list := make([]any, 0, len(t))
			for _, e := range t {
				if idx, ok := e.(float64); ok {
					list = append(list, at(int(idx), depth+1))
				}
			}
			out = list
		default:
			out = t
		}
		memo[i] = out
		return out
	}
	return at(0, 0)
}

func turboIndex(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}
