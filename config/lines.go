package config

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// lineIndex maps a key path ("interval", "email.port", "search[2].url") to
// the line it is written on, so a problem can name its line.
//
// Why a scan of our own: BurntSushi/toml v1.6.0 records key positions only in
// an unexported field, and keys by name without the array index, so every
// [[search]]'s url shares one entry. The file has already been parsed by the
// real TOML parser before this runs, so the scan only has to follow valid
// TOML: table headers ([email], [[search]] counted 1, 2, ...), "key = value"
// lines (bare, quoted or dotted keys), comments, and multi-line strings whose
// lines must not be mistaken for keys. A key inside an inline table
// (email = { to = "..." }) is not indexed; find falls back to the line of its
// parent ("email").
type lineIndex struct {
	at map[string]int
}

var keyLine = regexp.MustCompile(`^((?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*')` +
	`(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*'))*)\s*=`)

func indexLines(src string) *lineIndex {
	ix := &lineIndex{at: map[string]int{}}
	table := ""
	arrays := map[string]int{} // [[name]] seen so far, for the element index
	inString := ""             // `"""` or `'''` while inside a multi-line string
	lines := strings.Split(src, "\n")
	start := 0 // where line i begins in src
	for i := 0; i < len(lines); start, i = start+len(lines[i])+1, i+1 {
		line, n := lines[i], i+1
		if inString != "" {
			if strings.Count(line, inString)%2 == 1 {
				inString = ""
			}
			continue
		}
		t := strings.TrimSpace(line)
		switch {
		case t == "" || t[0] == '#':
			continue
		case strings.HasPrefix(t, "[["):
			name := joinKey(splitKey(headerName(t, "[[", "]]")))
			arrays[name]++
			table = fmt.Sprintf("%s[%d]", name, arrays[name])
			ix.set(table, n)
			continue
		case t[0] == '[':
			table = joinKey(splitKey(headerName(t, "[", "]")))
			ix.set(table, n)
			continue
		}
		m := keyLine.FindStringSubmatch(t)
		if m == nil {
			continue
		}
		// A dotted key (email.to = ...) also defines its parents on this line.
		key := table
		for _, part := range splitKey(m[1]) {
			key = join(key, part)
			ix.set(key, n)
		}
		rest := t[len(m[0]):]
		if v := strings.TrimLeft(rest, " \t"); strings.HasPrefix(v, "[") {
			// a list: its entries are key[1], key[2], ..., each on its line
			at := start + len(line) - len(strings.TrimLeft(line, " \t")) + len(t) - len(v)
			for end := ix.entries(key, src, at, n); n < end && i+1 < len(lines); n++ {
				start, i = start+len(lines[i])+1, i+1
			}
			continue
		}
		for _, q := range []string{`"""`, `'''`} {
			if strings.Count(rest, q)%2 == 1 {
				inString = q
			}
		}
	}
	return ix
}

// entries indexes the entries of the list that opens at src[at], on line
// n, as key[1], key[2], ... (its own entries, not those of a list in it),
// and returns the line it closes on.
func (ix *lineIndex) entries(key, src string, at, n int) int {
	depth, count, inEntry := 0, 0, false
	begin := func() {
		count, inEntry = count+1, true
		ix.set(fmt.Sprintf("%s[%d]", key, count), n)
	}
	for i := at; i < len(src); i++ {
		switch c := src[i]; c {
		case '\n':
			n++
		case ' ', '\t', '\r':
		case '#':
			for i+1 < len(src) && src[i+1] != '\n' {
				i++
			}
		case ']', '}':
			if depth--; depth == 0 {
				return n
			}
		case ',':
			if depth == 1 {
				inEntry = false
			}
		default:
			if depth == 1 && !inEntry {
				begin()
			}
			switch c {
			case '[', '{':
				depth++
			case '"', '\'':
				end, lines := skipString(src, i)
				i, n = end, n+lines
			}
		}
	}
	return n
}

// set keeps the first line a key appears on: TOML forbids a second one, so
// a later hit can only be the scan being fooled.
func (ix *lineIndex) set(key string, line int) {
	if _, ok := ix.at[key]; !ok {
		ix.at[key] = line
	}
}

// find returns the line of key, else of its nearest parent that has one
// ("search[2].url" -> "search[2]" -> "search"), else 0.
func (ix *lineIndex) find(key string) int {
	for key != "" {
		if n, ok := ix.at[key]; ok {
			return n
		}
		key = parentKey(key)
	}
	return 0
}

func parentKey(key string) string {
	if strings.HasSuffix(key, "]") {
		if i := strings.LastIndexByte(key, '['); i > 0 {
			return key[:i]
		}
	}
	if i := strings.LastIndexByte(key, '.'); i >= 0 {
		return key[:i]
	}
	return ""
}

// headerName takes "[ email ] # comment" apart to "email".
func headerName(t, open, close string) string {
	t = strings.TrimPrefix(t, open)
	if i := strings.Index(t, close); i >= 0 {
		t = t[:i]
	}
	return strings.TrimSpace(t)
}

// splitKey splits a dotted key into its parts, unquoting quoted parts.
func splitKey(k string) []string {
	var parts []string
	for k = strings.TrimSpace(k); k != ""; {
		var part string
		switch k[0] {
		case '"':
			end := 1
			for end < len(k) && k[end] != '"' {
				if k[end] == '\\' {
					end++
				}
				end++
			}
			part = k[:min(end+1, len(k))]
			if u, err := strconv.Unquote(part); err == nil {
				part = u
			}
			k = k[min(end+1, len(k)):]
		case '\'':
			end := strings.IndexByte(k[1:], '\'')
			if end < 0 {
				end = len(k) - 1
			}
			part, k = k[1:end+1], k[min(end+2, len(k)):]
		default:
			end := strings.IndexAny(k, ". \t")
			if end < 0 {
				end = len(k)
			}
			part, k = k[:end], k[end:]
		}
		parts = append(parts, part)
		k = strings.TrimLeft(strings.TrimSpace(k), ".")
		k = strings.TrimSpace(k)
	}
	return parts
}

// joinKey writes key parts back as one path, the way Problems name fields.
func joinKey(parts []string) string { return strings.Join(parts, ".") }
