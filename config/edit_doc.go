package config

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// doc is a settings file's text cut into the pieces the editor changes: its
// tables (the root, [email], each [[search]], ...) and in each its
// key = value statements, with where each value starts and ends. Edits are
// splices of those spans; every other byte (comments, blank lines, spacing,
// the order of keys) stays as the user wrote it.
//
// The scanner only follows TOML the real parser has already accepted (the
// editor loads the file first), so it can be small: it must tell comments,
// headers and statements apart and find where a value ends, including
// strings that span lines and arrays written over several lines.
type doc struct {
	src    string
	eol    string // "\n" or "\r\n", whichever the file uses
	tables []table
}

// table is one table of the file: the root (name "", always first) or a
// [name] / [[name]] table.
type table struct {
	name  string
	array bool // written [[name]]
	head  int  // offset of the header line's first byte (0 for the root)
	body  int  // offset just after the header line (0 for the root)
	end   int  // offset of the next header line (len(src) for the last table)
	keys  []statement
}

// statement is one key = value in a table.
type statement struct {
	key        string // dotted parts joined with ".", quotes removed
	start      int    // offset of the statement's line
	valueStart int
	valueEnd   int
	next       int // offset just after the statement's last line
}

// errScan is wrapped by every error the scanner returns: text it cannot
// follow, which the editor then refuses to touch.
var errScan = errors.New("cannot follow the settings file's layout")

func parseDoc(src string) (*doc, error) {
	d := &doc{src: src, eol: "\n"}
	if strings.Contains(src, "\r\n") {
		d.eol = "\r\n"
	}
	cur := table{}
	pos := 0
	for pos < len(src) {
		line := pos
		pos = skipBlank(src, pos)
		switch {
		case pos >= len(src):
		case src[pos] == '\n' || src[pos] == '\r':
			pos = lineEnd(src, pos)
		case src[pos] == '#':
			pos = lineEnd(src, pos)
		case src[pos] == '[':
			cur.end = line
			d.tables = append(d.tables, cur)
			t, next, err := scanHeader(src, line, pos)
			if err != nil {
				return nil, err
			}
			cur, pos = t, next
		default:
			st, err := scanStatement(src, line, pos)
			if err != nil {
				return nil, err
			}
			cur.keys = append(cur.keys, st)
			pos = st.next
		}
	}
	cur.end = len(src)
	d.tables = append(d.tables, cur)
	return d, nil
}

func scanHeader(src string, line, pos int) (table, int, error) {
	t := table{head: line}
	open, close := "[", "]"
	if strings.HasPrefix(src[pos:], "[[") {
		t.array, open, close = true, "[[", "]]"
	}
	rest := src[pos+len(open):]
	end := keyEnd(rest, close)
	if end < 0 {
		return t, 0, fmt.Errorf("%w: a table header at offset %d", errScan, line)
	}
	t.name = joinKey(splitKey(rest[:end]))
	t.body = lineEnd(src, pos+len(open)+end)
	return t, t.body, nil
}

// keyEnd finds stop in s outside quotes, or -1.
func keyEnd(s, stop string) int {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			i = basicEnd(s, i+1) - 1
		case c == '\'':
			if j := strings.IndexByte(s[i+1:], '\''); j >= 0 {
				i += j + 1
			}
		case c == '\n':
			return -1
		case strings.HasPrefix(s[i:], stop):
			return i
		}
	}
	return -1
}

func scanStatement(src string, line, pos int) (statement, error) {
	eq := keyEnd(src[pos:], "=")
	if eq < 0 {
		return statement{}, fmt.Errorf("%w: a line without = at offset %d", errScan, line)
	}
	st := statement{key: joinKey(splitKey(src[pos : pos+eq])), start: line}
	st.valueStart = skipBlank(src, pos+eq+1)
	end, err := valueEnd(src, st.valueStart)
	if err != nil {
		return statement{}, err
	}
	st.valueEnd = end
	st.next = lineEnd(src, end)
	return st, nil
}

// valueEnd returns the offset just after the TOML value starting at pos.
func valueEnd(src string, pos int) (int, error) {
	if pos >= len(src) {
		return 0, fmt.Errorf("%w: a key without a value at the end", errScan)
	}
	switch {
	case strings.HasPrefix(src[pos:], `"""`):
		return multiEnd(src, pos+3, `"""`)
	case strings.HasPrefix(src[pos:], `'''`):
		return multiEnd(src, pos+3, `'''`)
	case src[pos] == '"':
		return basicEnd(src, pos+1), nil
	case src[pos] == '\'':
		j := strings.IndexByte(src[pos+1:], '\'')
		if j < 0 {
			return 0, fmt.Errorf("%w: an unclosed string at offset %d", errScan, pos)
		}
		return pos + j + 2, nil
	case src[pos] == '[' || src[pos] == '{':
		return nestedEnd(src, pos)
	}
	end := pos
	for end < len(src) && !strings.ContainsRune(" \t\r\n#,]}", rune(src[end])) {
		end++
	}
	if end == pos {
		return 0, fmt.Errorf("%w: a key without a value at offset %d", errScan, pos)
	}
	return end, nil
}

// basicEnd returns the offset just after the closing quote of a basic
// string whose content starts at i.
func basicEnd(s string, i int) int {
	for i < len(s) {
		switch s[i] {
		case '\\':
			i += 2
			continue
		case '"':
			return i + 1
		case '\n':
			return i // unclosed: TOML refuses it, the parser already did
		}
		i++
	}
	return len(s)
}

// multiEnd finds the end of a multi-line string; a closing """ may be
// followed by up to two more quotes that belong to the content.
func multiEnd(src string, i int, q string) (int, error) {
	for i < len(src) {
		if q == `"""` && src[i] == '\\' {
			i += 2
			continue
		}
		if strings.HasPrefix(src[i:], q) {
			end := i + 3
			for n := 0; n < 2 && end < len(src) && src[end] == q[0]; n++ {
				end++
			}
			return end, nil
		}
		i++
	}
	return 0, fmt.Errorf("%w: an unclosed multi-line string", errScan)
}

// nestedEnd finds the end of an array or inline table starting at pos,
// skipping strings and comments inside it.
func nestedEnd(src string, pos int) (int, error) {
	depth := 0
	for i := pos; i < len(src); i++ {
		switch c := src[i]; c {
		case '[', '{':
			depth++
		case ']', '}':
			depth--
			if depth == 0 {
				return i + 1, nil
			}
		case '#':
			i = lineEnd(src, i) - 1
		case '"', '\'':
			end, err := valueEnd(src, i)
			if err != nil {
				return 0, err
			}
			i = end - 1
		}
	}
	return 0, fmt.Errorf("%w: an unclosed array at offset %d", errScan, pos)
}

func skipBlank(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// lineEnd returns the offset just after the newline ending the line that
// holds i (len(s) on the last line without one).
func lineEnd(s string, i int) int {
	if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
		return i + j + 1
	}
	return len(s)
}

// lineStart returns the offset of the first byte of the line holding i.
func lineStart(s string, i int) int {
	return strings.LastIndexByte(s[:i], '\n') + 1
}

// find returns the n-th (from 0) table called name, written [name] or
// [[name]].
func (d *doc) find(name string, n int) (*table, bool) {
	for i := range d.tables {
		if i > 0 && d.tables[i].name == name {
			if n == 0 {
				return &d.tables[i], true
			}
			n--
		}
	}
	return nil, false
}

func (d *doc) count(name string) int {
	n := 0
	for i, t := range d.tables {
		if i > 0 && t.name == name {
			n++
		}
	}
	return n
}

// key returns the statement for key in t.
func (t *table) key(key string) (statement, bool) {
	for _, st := range t.keys {
		if st.key == key {
			return st, true
		}
	}
	return statement{}, false
}

// rootUses reports whether the root writes name's settings itself, as a
// dotted key (email.to = ...) or an inline value (email = {...},
// search = [...]): the editor only edits tables written as tables.
func (d *doc) rootUses(name string) bool {
	for _, st := range d.tables[0].keys {
		if st.key == name || strings.HasPrefix(st.key, name+".") {
			return true
		}
	}
	return false
}

// attached returns where the block of a table starts: its header line, or
// the comment lines right above it with no blank line between, since those
// are the table's own comments ("# my favourite search").
func (d *doc) attached(t *table) int {
	at := t.head
	for at > 0 {
		prev := lineStart(d.src, at-1)
		text := strings.TrimSpace(d.src[prev:at])
		if !strings.HasPrefix(text, "#") {
			break
		}
		at = prev
	}
	return at
}

// splice replaces src[start:end] with text.
type splice struct {
	start, end int
	text       string
}

// apply makes the splices, which must not overlap. Insertions at the same
// offset come out in the order given.
func (d *doc) apply(edits []splice) string {
	order := make([]int, len(edits))
	for i := range order {
		order[i] = i
	}
	// from the end backwards, so earlier offsets stay valid; of two at one
	// offset the later one goes in first, ending up after the earlier
	sort.Slice(order, func(a, b int) bool {
		ea, eb := edits[order[a]], edits[order[b]]
		if ea.start != eb.start {
			return ea.start > eb.start
		}
		return order[a] > order[b]
	})
	out := d.src
	for _, i := range order {
		e := edits[i]
		out = out[:e.start] + e.text + out[e.end:]
	}
	return out
}

// setKey writes key = value in t: in place of the old value if the key is
// there (its comment and spacing kept), else as a new line after the
// table's last statement.
func (d *doc) setKey(t *table, key, value string) splice {
	if st, ok := t.key(key); ok {
		return splice{st.valueStart, st.valueEnd, value}
	}
	return d.insertLine(t, key+" = "+value)
}

// insertLine adds a line after t's last statement (or right after its
// header), ending an unfinished last line first.
func (d *doc) insertLine(t *table, line string) splice {
	at := t.body
	if len(t.keys) > 0 {
		at = t.keys[len(t.keys)-1].next
	} else if t == &d.tables[0] && len(d.tables) > 1 { // the root without keys: above the first table's block
		at = d.attached(&d.tables[1])
	}
	text := line + d.eol
	if at > 0 && d.src[at-1] != '\n' {
		text = d.eol + text
	}
	return splice{at, at, text}
}

// deleteKey removes key's whole statement (with its comment) from t.
func (d *doc) deleteKey(t *table, key string) (splice, bool) {
	st, ok := t.key(key)
	if !ok {
		return splice{}, false
	}
	return splice{st.start, st.next, ""}, true
}

// removeTable removes t's block: its own comments, header and statements,
// up to the next table's own comments. Removing the last table also takes
// the blank lines above it, so the file does not end in a gap.
func (d *doc) removeTable(i int) splice {
	t := &d.tables[i]
	start, end := d.attached(t), len(d.src)
	if i+1 < len(d.tables) {
		end = d.attached(&d.tables[i+1])
	} else {
		for start > 0 && strings.TrimSpace(d.src[lineStart(d.src, start-1):start]) == "" {
			start = lineStart(d.src, start-1)
		}
	}
	return splice{start, end, ""}
}

// insertBlock adds a table's text (header and lines, each ending in eol)
// at offset at, which is at a line start: set off from the text above by a
// blank line, and from a table below by one too.
func (d *doc) insertBlock(at int, block string) splice {
	before := d.src[:at]
	text := block
	switch {
	case before == "":
	case strings.HasSuffix(before, d.eol+d.eol) || before == d.eol:
	case strings.HasSuffix(before, "\n"):
		text = d.eol + text
	default:
		text = d.eol + d.eol + text
	}
	if at < len(d.src) {
		text += d.eol
	}
	return splice{at, at, text}
}

// tableIndex returns the index in d.tables of t.
func (d *doc) tableIndex(t *table) int {
	for i := range d.tables {
		if &d.tables[i] == t {
			return i
		}
	}
	return -1
}
