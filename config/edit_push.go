package config

import (
	"errors"
	"fmt"
	"strings"
)

// Errors of the push edits, for callers that decide on them.
var (
	// ErrNoSuchPush: no push URL in the file is the one asked for.
	ErrNoSuchPush = errors.New("no such phone or chat channel")
	// ErrDuplicatePush: that push URL is there already.
	ErrDuplicatePush = errors.New("that phone or chat channel is already set up")
	// ErrBadPushURL: the service a push URL names cannot read it.
	ErrBadPushURL = errors.New("not a push URL rentwatch can send to")
)

// CheckPushURL says why alerts could not be sent through the push URL raw
// (its form, or the service's own reading of its settings), or nil. It
// sends nothing and dials nothing; its words never hold the URL's secrets.
func CheckPushURL(raw string) error {
	var ps problems
	validatePush(&Push{URLs: []string{strings.TrimSpace(raw)}}, &ps)
	if len(ps.list) == 0 {
		return nil
	}
	return fmt.Errorf("%w: %s", ErrBadPushURL, strings.TrimPrefix(ps.list[0].Problem.Message, "is "))
}

// AddPush adds the push URL raw at the end of [push] urls, adding the
// table where there is none. The file's comments stay, those between the
// URLs included.
func (e *editor) AddPush(raw string) error {
	raw = strings.TrimSpace(raw)
	_, err := e.change(func(s *Settings, d *doc) ([]splice, error) {
		if d.rootUses("push") {
			return nil, inlineError("push")
		}
		if err := CheckPushURL(raw); err != nil {
			return nil, err
		}
		if s.Push != nil && len(s.Push.URLs) >= MaxPushURLs {
			return nil, fmt.Errorf("%w: rentwatch sends to at most %d channels; remove one first", ErrCannotEdit, MaxPushURLs)
		}
		if s.Push == nil {
			s.Push = &Push{}
		}
		for _, u := range s.Push.URLs {
			if u == raw {
				return nil, ErrDuplicatePush
			}
		}
		s.Push.URLs = append(s.Push.URLs, raw)
		t, has := d.find("push", 0)
		if !has {
			return []splice{d.pushBlock("[push]" + d.eol + "urls = [" + quote(raw) + "]" + d.eol)}, nil
		}
		st, ok := t.key("urls")
		if !ok {
			return []splice{d.setKey(t, "urls", "["+quote(raw)+"]")}, nil
		}
		return d.appendToArray(st, quote(raw))
	})
	return err
}

// RemovePush takes the push URL raw out of [push] urls (the line it is
// on, with its comment, when it has a line of its own). The [push] table
// stays, with urls = [] when it was the last.
func (e *editor) RemovePush(raw string) error {
	raw = strings.TrimSpace(raw)
	_, err := e.change(func(s *Settings, d *doc) ([]splice, error) {
		i := -1
		if s.Push != nil {
			for j, u := range s.Push.URLs {
				if u == raw {
					i = j
				}
			}
		}
		if i < 0 {
			return nil, ErrNoSuchPush
		}
		t, has := d.find("push", 0)
		if d.rootUses("push") || !has {
			return nil, inlineError("push")
		}
		st, ok := t.key("urls")
		if !ok {
			return nil, inlineError("push")
		}
		s.Push.URLs = append(s.Push.URLs[:i:i], s.Push.URLs[i+1:]...)
		if len(s.Push.URLs) == 0 {
			s.Push.URLs = nil // as Load reads urls = []
		}
		return d.removeFromArray(st, i)
	})
	return err
}

// pushBlock inserts a new [push] table: right under the commented example
// of one the default file has ("# urls = [...]" after "# [push]"), else
// above [browser], else at the end.
func (d *doc) pushBlock(block string) splice {
	if i := strings.Index(d.src, "# [push]"); i >= 0 && (i == 0 || d.src[i-1] == '\n') {
		at := lineEnd(d.src, i)
		for at < len(d.src) && strings.HasPrefix(d.src[at:], "# urls") {
			at = lineEnd(d.src, at)
		}
		return splice{at, at, d.eol + block} // the example's blank line below stays below
	}
	if t, ok := d.find("browser", 0); ok {
		return d.insertBlock(d.attached(t), block)
	}
	return d.insertBlock(len(d.src), block)
}

// arrayItem is one value of an array as written: where it starts and ends,
// and whether it has its line to itself (with a comma and a comment at
// most), as each URL of a list written one per line does.
type arrayItem struct {
	start, end int
	alone      bool
}

// arrayItems finds the values of the one-level array in st.
func (d *doc) arrayItems(st statement) ([]arrayItem, error) {
	src := d.src
	if src[st.valueStart] != '[' {
		return nil, fmt.Errorf("%w: urls is not a list", errScan)
	}
	var items []arrayItem
	for i := st.valueStart + 1; i < st.valueEnd-1; i++ {
		switch c := src[i]; {
		case c == '#':
			i = lineEnd(src, i) - 1
		case c == '"' || c == '\'':
			end, err := valueEnd(src, i)
			if err != nil {
				return nil, err
			}
			before := strings.TrimSpace(src[lineStart(src, i):i])
			after := strings.TrimSpace(src[end:min(lineEnd(src, end), len(src))])
			after = strings.TrimSpace(strings.TrimPrefix(after, ","))
			alone := before == "" && (after == "" || strings.HasPrefix(after, "#"))
			items = append(items, arrayItem{start: i, end: end, alone: alone})
			i = end - 1
		case c == '[' || c == '{':
			return nil, fmt.Errorf("%w: a list inside urls", errScan)
		}
	}
	return items, nil
}

// appendToArray adds value after the last value of the array in st: on a
// line of its own, indented like the last, when that one has its own line;
// else on the same line.
func (d *doc) appendToArray(st statement, value string) ([]splice, error) {
	items, err := d.arrayItems(st)
	if err != nil {
		return nil, err
	}
	if len(items) == 0 {
		return []splice{{st.valueStart, st.valueEnd, "[" + value + "]"}}, nil
	}
	last := items[len(items)-1]
	if !last.alone {
		return []splice{{last.end, last.end, ", " + value}}, nil
	}
	var edits []splice
	if rest := strings.TrimLeft(d.src[last.end:], " \t"); !strings.HasPrefix(rest, ",") {
		edits = append(edits, splice{last.end, last.end, ","})
	}
	ls := lineStart(d.src, last.start)
	indent := d.src[ls:last.start]
	at := lineEnd(d.src, last.end)
	edits = append(edits, splice{at, at, indent + value + "," + d.eol})
	return edits, nil
}

// removeFromArray takes the i-th value out of the array in st: its whole
// line when it has one of its own, else the array is written anew on one
// line (a one-line array holds no comments to lose).
func (d *doc) removeFromArray(st statement, i int) ([]splice, error) {
	items, err := d.arrayItems(st)
	if err != nil {
		return nil, err
	}
	if i >= len(items) {
		return nil, fmt.Errorf("%w: urls has fewer values than the settings", errScan)
	}
	if it := items[i]; it.alone {
		return []splice{{lineStart(d.src, it.start), lineEnd(d.src, it.end), ""}}, nil
	}
	var kept []string
	for j, it := range items {
		if j != i {
			kept = append(kept, d.src[it.start:it.end])
		}
	}
	return []splice{{st.valueStart, st.valueEnd, "[" + strings.Join(kept, ", ") + "]"}}, nil
}
