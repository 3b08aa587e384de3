package read

import (
	"encoding/json"
	"strconv"
	"strings"
	surrogate "unicode/utf16"
	"unicode/utf8"
)

// Next.js's App Router (13+, 2023 on) carries a page's data as React
// Server Components "flight" rows, streamed in script chunks:
//
//	self.__next_f.push([1,"0:{\"P\":null,...}\n6:[\"$\",\"main\",null,{...}]\n7:[{\"id\":1,...}]\n"])
//
// The chunks' strings, joined in page order, are the payload: rows
// `ID:VALUE` (ID hex), VALUE JSON to the end of the line, or `T<hex
// length>,TEXT` (a text of that many bytes, newlines and all), or a
// letter-tagged row (I module, HL hint, E error, D debug) that holds no
// data. A chunk may end mid-row, so the rows are read only once the
// payload is whole. Inside the JSON, "$7" and "$L7" stand for row 7
// ("$7:props:items" for a path into it), "$$" for a "$", and a React
// element is ["$", type, key, props].

// maxFlightExpand bounds the values references add to a payload's data
// (a row named twice counts twice): rows that name each other many times
// cannot multiply the data past what is cheap to walk.
const maxFlightExpand = 1 << 18

// maxFlightChain bounds a chain of rows each naming the next.
const maxFlightChain = 256

// flightChunk returns the string a `self.__next_f.push([1,"..."])` script
// adds to the payload; ok is false for any other script.
func flightChunk(text string) (string, bool) {
	t := strings.TrimSpace(text)
	i := strings.Index(t, "__next_f")
	if i < 0 || i > 40 {
		return "", false
	}
	j := strings.Index(t[i:], ".push(")
	if j < 0 {
		return "", false
	}
	arg := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSpace(t[i+j+len(".push("):]), ";"), ")")
	if strings.HasPrefix(arg, `[1,"`) && strings.HasSuffix(arg, `"]`) {
		if s, ok := jsonString(arg[3 : len(arg)-1]); ok {
			return s, true
		}
	}
	// several calls in one script, or not JSON (single quotes): read
	// each call's argument as a literal
	var b strings.Builder
	for rest := t[i:]; ; {
		k := strings.Index(rest, "__next_f.push(")
		if k < 0 {
			break
		}
		rest = rest[k+len("__next_f.push("):]
		v, n, err := parseJSLiteral(rest)
		if err != nil {
			break
		}
		rest = rest[n:]
		if arr, _ := v.([]any); len(arr) == 2 && arr[0] == 1.0 {
			s, _ := arr[1].(string) // not a bootstrap push([0]) or form state
			b.WriteString(s)
		}
	}
	return b.String(), true
}

// flightRows splits the payload into its rows' values, by row id, and
// names the client components the I rows import (their export names).
func flightRows(payload string) (rows map[string]any, order []string, names map[string]string) {
	rows, names = map[string]any{}, map[string]string{}
	for i := 0; i < len(payload); {
		colon := strings.IndexByte(payload[i:], ':')
		nl := strings.IndexByte(payload[i:], '\n')
		if colon <= 0 || (nl >= 0 && nl < colon) || !isHex(payload[i:i+colon]) {
			if nl < 0 {
				break
			}
			i += nl + 1 // not a row: a cut the payload cannot place
			continue
		}
		id := payload[i : i+colon]
		rest := payload[i+colon+1:]
		if n, skip, ok := textRow(rest); ok {
			rows[id], order = rest[skip:skip+n], append(order, id)
			i += colon + 1 + skip + n
			continue
		}
		end := strings.IndexByte(rest, '\n')
		if end < 0 {
			end = len(rest)
		}
		line := rest[:end]
		i += colon + 1 + end + 1
		if line == "" {
			continue
		}
		if c := line[0]; c >= 'A' && c <= 'Z' {
			if c == 'I' {
				names[id] = importName(line[1:])
			}
			continue // module, hint, error and debug rows hold no data
		}
		if v, n, err := parseJSLiteral(line); err == nil && n == len(line) {
			rows[id], order = v, append(order, id)
		}
	}
	return rows, order, names
}

// textRow reads a T row's head ("T3f,"): the text's byte length and
// where it starts.
func textRow(rest string) (n, skip int, ok bool) {
	if len(rest) < 3 || rest[0] != 'T' {
		return 0, 0, false
	}
	comma := strings.IndexByte(rest, ',')
	if comma < 2 || comma > 10 || !isHex(rest[1:comma]) {
		return 0, 0, false
	}
	l, err := strconv.ParseInt(rest[1:comma], 16, 64)
	if err != nil || int(l) > len(rest)-comma-1 {
		return 0, 0, false
	}
	return int(l), comma + 1, true
}

// importName is the export an I row imports: I[id,[chunks],"Name"].
func importName(s string) string {
	var v []any
	if json.Unmarshal([]byte(s), &v) != nil || len(v) < 3 {
		if m := map[string]any(nil); json.Unmarshal([]byte(s), &m) == nil {
			name, _ := m["name"].(string)
			return name
		}
		return ""
	}
	name, _ := v[2].(string)
	return name
}

func isHex(s string) bool {
	if s == "" || len(s) > 8 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// flightData decodes the payload into the values of its root rows (those
// no other row refers to), references followed and React elements
// replaced by their props: a client component's props under its name
// when the name says the block is aside (similar, recommended, map), so
// the record search keeps it apart from the results.
func flightData(payload string) []any {
	rows, order, names := flightRows(payload)
	if len(rows) == 0 {
		return nil
	}
	d := flightDecoder{rows: rows, names: names, memo: map[string]any{}, busy: map[string]bool{}, referred: map[string]bool{},
		size: map[string]int{}}
	for _, id := range order {
		d.row(id, 0) // notes the rows each refers to
	}
	var out []any
	for _, id := range order {
		if !d.referred[id] {
			out = append(out, d.memo[id])
		}
	}
	return out
}

type flightDecoder struct {
	rows     map[string]any
	names    map[string]string
	memo     map[string]any
	busy     map[string]bool
	referred map[string]bool
	size     map[string]int // a decoded row's values, its references' included
	cur      string         // the row being decoded
	chain    int            // rows being decoded around it
	nodes    int            // values of the row being decoded
	expanded int            // values all references added
}

// flightRef reads a reference string: "$7", "$L7", "$@7", "$7:props:x"
// give the row id and the path into it.
func flightRef(s string) (id string, path []string) {
	if len(s) < 2 || s[0] != '$' {
		return "", nil
	}
	s = s[1:]
	if s[0] == 'L' || s[0] == '@' {
		s = s[1:]
	}
	parts := strings.Split(s, ":")
	if !isHex(parts[0]) {
		return "", nil
	}
	return parts[0], parts[1:]
}

// row decodes one row, once; chain counts the rows being decoded around
// it (a row's own nesting is bounded by decode's depth).
func (d *flightDecoder) row(id string, chain int) any {
	if v, ok := d.memo[id]; ok {
		return v
	}
	if d.busy[id] || chain > maxFlightChain {
		return nil // a row that holds itself, or a chain too long to follow
	}
	d.busy[id] = true
	cur, nodes, outer := d.cur, d.nodes, d.chain
	d.cur, d.nodes, d.chain = id, 0, chain
	v := d.decode(d.rows[id], 0)
	d.size[id] = d.nodes
	d.cur, d.nodes, d.chain = cur, nodes, outer
	delete(d.busy, id)
	d.memo[id] = v
	return v
}

func (d *flightDecoder) decode(v any, depth int) any {
	if depth > maxJSDepth {
		return nil
	}
	d.nodes++
	switch t := v.(type) {
	case string:
		return d.str(t, depth)
	case map[string]any:
		// in place: each row's values were decoded from JSON for this
		// payload alone, and each row is decoded once
		for k, e := range t {
			t[k] = d.decode(e, depth+1)
		}
		return t
	case []any:
		if len(t) >= 4 && t[0] == "$" {
			return d.element(t, depth)
		}
		for i, e := range t {
			t[i] = d.decode(e, depth+1)
		}
		return t
	}
	return v
}

// str decodes one string: a reference, an escaped "$", a special value.
func (d *flightDecoder) str(s string, depth int) any {
	if s == "" || s[0] != '$' {
		return s
	}
	if strings.HasPrefix(s, "$$") {
		return s[1:]
	}
	if id, path := flightRef(s); id != "" {
		if id != d.cur {
			d.referred[id] = true
		}
		v := d.row(id, d.chain+1)
		if d.expanded+d.size[id] > maxFlightExpand {
			return nil
		}
		d.expanded += d.size[id]
		d.nodes += d.size[id]
		return flightPath(v, path)
	}
	switch {
	case s == "$undefined" || strings.HasPrefix(s, "$S") || strings.HasPrefix(s, "$F"):
		return nil
	case strings.HasPrefix(s, "$D") || strings.HasPrefix(s, "$n"):
		return s[2:] // a date or a big integer, as text
	}
	return s
}

// element replaces a React element by its props; a client component
// whose name is a side word ("SimilarListings") keeps it as the props'
// key.
func (d *flightDecoder) element(t []any, depth int) any {
	props := d.decode(t[3], depth+1)
	typ, _ := t[1].(string)
	if id, _ := flightRef(typ); id != "" {
		if name := d.names[id]; name != "" && sideKey(name) {
			return map[string]any{name: props}
		}
	}
	return props
}

// flightPath follows a reference's path ("props", "items", "0") into v.
func flightPath(v any, path []string) any {
	for _, p := range path {
		switch t := v.(type) {
		case map[string]any:
			if _, ok := t[p]; !ok && p == "props" {
				continue // an element, already replaced by its props
			}
			v = t[p]
		case []any:
			i, err := strconv.Atoi(p)
			if err != nil || i < 0 || i >= len(t) {
				return nil
			}
			v = t[i]
		default:
			return nil
		}
	}
	return v
}

// jsonString decodes a JSON string literal (quotes included) faster than
// encoding/json for the long, escape-dense strings of flight chunks; ok
// is false for anything that is not one whole literal.
func jsonString(q string) (string, bool) {
	if len(q) < 2 || q[0] != '"' || q[len(q)-1] != '"' {
		return "", false
	}
	q = q[1 : len(q)-1]
	var b strings.Builder
	b.Grow(len(q))
	for i := 0; i < len(q); {
		c := q[i]
		if c == '"' {
			return "", false // the literal ended before the chunk
		}
		if c != '\\' {
			j := i + 1
			for j < len(q) && q[j] != '\\' && q[j] != '"' {
				j++
			}
			b.WriteString(q[i:j])
			i = j
			continue
		}
		if i+1 >= len(q) {
			return "", false
		}
		switch e := q[i+1]; e {
		case '"', '\\', '/':
			b.WriteByte(e)
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'u':
			r, n, ok := jsonRune(q[i:])
			if !ok {
				return "", false
			}
			b.WriteRune(r)
			i += n
			continue
		default:
			return "", false
		}
		i += 2
	}
	return b.String(), true
}

// jsonRune reads a \uXXXX escape at the start of s, or a surrogate pair
// of two; n is the bytes it took.
func jsonRune(s string) (r rune, n int, ok bool) {
	hex := func(s string) (rune, bool) {
		if len(s) < 6 || s[0] != '\\' || s[1] != 'u' {
			return 0, false
		}
		v, err := strconv.ParseUint(s[2:6], 16, 32)
		return rune(v), err == nil
	}
	r, ok = hex(s)
	if !ok {
		return 0, 0, false
	}
	if surrogate.IsSurrogate(r) {
		if r2, ok2 := hex(s[6:]); ok2 {
			if d := surrogate.DecodeRune(r, r2); d != utf8.RuneError {
				return d, 12, true
			}
		}
		return utf8.RuneError, 6, true
	}
	return r, 6, true
}
