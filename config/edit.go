package config

import (
	"errors"
	"fmt"
	"io/fs"
	"reflect"
	"strconv"
	"strings"
	"time"
)

// Errors an Owner's edits wrap, for callers that decide on them (besides
// ErrTooManySearches, ErrDuplicateSearch, ErrBadSearchURL, ErrNoSuchSearch).
var (
	// ErrFileProblem: the file as it is does not load; it must be fixed
	// (by hand) before anything else can be changed in it.
	ErrFileProblem = errors.New("the settings file has a mistake")
	// ErrCannotEdit: the file writes the settings in a form the Owner
	// does not change in place (inline tables, dotted keys); nothing was
	// written.
	ErrCannotEdit = errors.New("this part of the settings file cannot be changed from the window")
)

// editor changes the settings file in place, for the Owner: it edits the
// few lines a change needs and keeps every other byte as the user wrote it,
// comments included (Save, by contrast, writes the file anew). Every change
// reads the file afresh, is checked by the real loader before it is written
// (the editor never writes a file Load would refuse, nor one that would not
// load back as exactly the settings it meant), and is written atomically.
// Only the Owner's goroutine uses it: changes are made one at a time.
type editor struct {
	path string
	// saved is called after each change is written, with the text written
	// and the settings it holds, so the Owner puts them in force at once
	// and knows its own save when it sees it on disk.
	saved func(text []byte, s Settings)
}

// SearchChange says what to change in a search; nil fields stay as they are.
type SearchChange struct {
	Name    *string
	URL     *string
	Enabled *bool
	Filter  *Filter // the whole filter; the zero Filter removes its keys
	// Pick is the list on the page to watch (a key from the preview); ""
	// removes the pick: the readers choose again.
	Pick *string
	// Reply turns the auto-reply to its new listings on or off; on is
	// refused for a portal without a reply recipe, or without a message.
	Reply *bool
}

// AddSearch appends an enabled search, as Settings.AddSearch does (an
// empty name gets one from the URL), with filter f and pick ("" for none).
func (e *editor) AddSearch(name, rawURL string, f Filter, pick string) (Search, error) {
	var added Search
	_, err := e.change(func(s *Settings, d *doc) ([]splice, error) {
		if d.rootUses("search") || d.count("search") != len(s.Searches) {
			return nil, inlineError("search")
		}
		f = f.Clean()
		if err := checkFilter(f); err != nil {
			return nil, err
		}
		pick = trimPick(pick)
		if err := pickProblem(pick); err != nil {
			return nil, err
		}
		if err := s.AddSearch(rawURL, name); err != nil {
			return nil, err
		}
		sr := &s.Searches[len(s.Searches)-1]
		sr.Filter, sr.Pick = f, pick
		added = *sr
		return []splice{d.insertBlock(searchesEnd(d), searchBlock(*sr, d.eol))}, nil
	})
	return added, err
}

// searchesEnd is where a new [[search]] goes: after the last one (before
// the next table's own comments), or at the end of the file.
func searchesEnd(d *doc) int {
	n := d.count("search")
	if n == 0 {
		return len(d.src)
	}
	last, _ := d.find("search", n-1)
	if i := d.tableIndex(last); i+1 < len(d.tables) {
		return d.attached(&d.tables[i+1])
	}
	return len(d.src)
}

func searchBlock(sr Search, eol string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[[search]]%sname = %s%surl = %s%senabled = %t%s", eol, quote(sr.Name), eol, quote(sr.URL), eol, sr.Enabled, eol)
	renderFilter(&b, sr.Filter, eol)
	if sr.Pick != "" {
		b.WriteString(pickLine(sr.Pick) + eol)
	}
	return b.String()
}

// EditSearch changes the search whose URL is rawURL and returns it as it
// is now. A new name or URL must not be another search's.
func (e *editor) EditSearch(rawURL string, c SearchChange) (Search, error) {
	var edited Search
	_, err := e.change(func(s *Settings, d *doc) ([]splice, error) {
		i, t, err := searchTable(s, d, rawURL)
		if err != nil {
			return nil, err
		}
		sr := &s.Searches[i]
		var edits []splice
		if c.Name != nil {
			name := strings.TrimSpace(*c.Name)
			if err := s.nameFree(name, i); err != nil {
				return nil, err
			}
			sr.Name = name
			edits = append(edits, d.setKey(t, "name", quote(name)))
		}
		if c.URL != nil {
			u := strings.TrimSpace(*c.URL)
			if err := s.urlFree(u, i); err != nil {
				return nil, err
			}
			sr.URL = u
			edits = append(edits, d.setKey(t, "url", quote(u)))
		}
		if c.Enabled != nil {
			sr.Enabled = *c.Enabled
			edits = append(edits, d.setKey(t, "enabled", strconv.FormatBool(sr.Enabled)))
		}
		if c.Reply != nil {
			sr.Reply = *c.Reply
			edits = append(edits, d.setKey(t, "reply", strconv.FormatBool(sr.Reply)))
		}
		if c.Filter != nil {
			f := c.Filter.Clean()
			if err := checkFilter(f); err != nil {
				return nil, err
			}
			sr.Filter = f
			edits = append(edits, filterEdits(d, t, f)...)
		}
		if c.Pick != nil {
			pick := trimPick(*c.Pick)
			if err := pickProblem(pick); err != nil {
				return nil, err
			}
			sr.Pick = pick
			if sp, ok := pickEdit(d, t, pick); ok {
				edits = append(edits, sp)
			}
		}
		edited = *sr
		return edits, nil
	})
	return edited, err
}

// RemoveSearch removes the search whose URL is rawURL, with its own
// comments, and returns it.
func (e *editor) RemoveSearch(rawURL string) (Search, error) {
	var removed Search
	_, err := e.change(func(s *Settings, d *doc) ([]splice, error) {
		i, t, err := searchTable(s, d, rawURL)
		if err != nil {
			return nil, err
		}
		removed = s.Searches[i]
		s.Searches = append(s.Searches[:i:i], s.Searches[i+1:]...)
		if len(s.Searches) == 0 {
			s.Searches = nil // as Load reads a file without [[search]]
		}
		return []splice{d.removeTable(d.tableIndex(t))}, nil
	})
	return removed, err
}

// SetEmail sets the [email] table to em (defaults filled as Load fills
// them), adding the table if there is none; nil removes it (desktop
// pop-ups only). It returns the email settings now in force.
func (e *editor) SetEmail(em *Email) (*Email, error) {
	s, err := e.change(func(s *Settings, d *doc) ([]splice, error) {
		if d.rootUses("email") {
			return nil, inlineError("email")
		}
		t, has := d.find("email", 0)
		if em == nil {
			s.Email = nil
			if !has {
				return nil, nil
			}
			return []splice{d.removeTable(d.tableIndex(t))}, nil
		}
		in := trimEmail(*em)
		fromDefault := in.From == ""
		s.Email = &in
		s.fillDefaults() // port, security and from as the loader fills them
		if has {
			return emailEdits(d, t, in, fromDefault), nil
		}
		return []splice{d.insertBlock(emailAt(d), emailBlock(in, fromDefault, d.eol))}, nil
	})
	if err != nil {
		return nil, err
	}
	return s.Email, nil
}

// SetInterval sets the time between cycles; one under MinInterval is
// refused. It is checked here, before the change: a zero Interval would
// otherwise read as "not set" to fillDefaults, pass as the default and be
// written as "0s".
func (e *editor) SetInterval(every time.Duration) error {
	if msg := intervalProblem(every); msg != "" {
		return &Error{Problems: []Problem{{Field: "interval", Message: msg}}}
	}
	_, err := e.change(func(s *Settings, d *doc) ([]splice, error) {
		s.Interval = every
		return []splice{d.setKey(&d.tables[0], "interval", quote(every.String()))}, nil
	})
	return err
}

// SetKeepAwake sets whether the computer is kept awake while watching
// (keep_awake).
func (e *editor) SetKeepAwake(on bool) error {
	_, err := e.change(func(s *Settings, d *doc) ([]splice, error) {
		s.KeepAwake = on
		return []splice{d.setKey(&d.tables[0], "keep_awake", strconv.FormatBool(on))}, nil
	})
	return err
}

// change runs one edit: read the file, let op change the settings and say
// which splices make that change in the text, check that the new text loads
// as exactly those settings, write it.
func (e *editor) change(op func(s *Settings, d *doc) ([]splice, error)) (Settings, error) {
	data, s, err := e.read()
	if err != nil {
		return Settings{}, err
	}
	d, err := parseDoc(string(data))
	if err != nil {
		return Settings{}, fmt.Errorf("%w (%v); edit the file by hand", ErrCannotEdit, err)
	}
	want := s.clone()
	edits, err := op(&want, d)
	if err != nil {
		return Settings{}, err
	}
	want.fillDefaults()
	if err := want.Validate(); err != nil {
		return Settings{}, err
	}
	if len(edits) == 0 {
		return want, nil
	}
	text := d.apply(edits)
	got, err := load(e.path, []byte(text))
	if err != nil || !reflect.DeepEqual(got, want) {
		return Settings{}, fmt.Errorf("%w: the change did not come out as meant, so nothing was written (%v)", ErrCannotEdit, err)
	}
	if err := writeAtomic(e.path, []byte(text)); err != nil {
		return Settings{}, err
	}
	if e.saved != nil {
		e.saved([]byte(text), got)
	}
	return got, nil
}

// read returns the file's bytes and the settings they hold. An older file
// is migrated first (as Load does); a missing one is created.
func (e *editor) read() ([]byte, Settings, error) {
	_, err := Load(e.path)
	if errors.Is(err, fs.ErrNotExist) {
		_, err = CreateDefault(e.path)
	}
	if err != nil {
		return nil, Settings{}, fileProblem(err)
	}
	data, err := readFile(e.path)
	if err != nil {
		return nil, Settings{}, fmt.Errorf("read settings: %w", err)
	}
	s, err := load(e.path, data)
	if err != nil {
		return nil, Settings{}, fileProblem(err)
	}
	return data, s, nil
}

func fileProblem(err error) error {
	return fmt.Errorf("%w; fix it first (nothing was changed):\n%v", ErrFileProblem, err)
}

func inlineError(name string) error {
	return fmt.Errorf("%w: the file writes %s in a form the window does not change (write each as its own [%s] table, or edit the file by hand)",
		ErrCannotEdit, name, tableHeader(name))
}

func tableHeader(name string) string {
	if name == "search" {
		return "[search]"
	}
	return name
}

// searchTable finds the search with URL rawURL (as written, else the same
// search written differently) and its [[search]] table.
func searchTable(s *Settings, d *doc, rawURL string) (int, *table, error) {
	i := -1
	for j, sr := range s.Searches {
		if sr.URL == rawURL {
			i = j
			break
		}
	}
	for j, sr := range s.Searches {
		if i < 0 && checkURL(rawURL) == "" && normalURL(sr.URL) == normalURL(rawURL) {
			i = j
		}
	}
	if i < 0 {
		return 0, nil, fmt.Errorf("%w: no saved search has the address %s", ErrNoSuchSearch, rawURL)
	}
	t, ok := d.find("search", i)
	if !ok || d.count("search") != len(s.Searches) {
		return 0, nil, inlineError("search")
	}
	return i, t, nil
}

// nameFree checks that name can be search i's name.
func (s *Settings) nameFree(name string, i int) error {
	if msg := checkName(name); msg != "" {
		return &Error{Problems: []Problem{{Field: "name", Message: msg}}}
	}
	for j, sr := range s.Searches {
		if j != i && strings.EqualFold(sr.Name, name) {
			return fmt.Errorf("%w: the name %q is already used by %s", ErrDuplicateSearch, sr.Name, sr.URL)
		}
	}
	return nil
}

// urlFree checks that u can be search i's URL.
func (s *Settings) urlFree(u string, i int) error {
	if msg := checkURL(u); msg != "" {
		return fmt.Errorf("%w: %s", ErrBadSearchURL, msg)
	}
	for j, sr := range s.Searches {
		if j != i && normalURL(sr.URL) == normalURL(u) {
			return fmt.Errorf("%w: %s is already watched as %q", ErrDuplicateSearch, u, sr.Name)
		}
	}
	return nil
}

// checkFilter validates one filter, its problems named by key alone
// ("max_price: -5 is below zero ...").
func checkFilter(f Filter) error {
	var ps problems
	validateFilters([]Search{{Filter: f}}, &ps)
	if len(ps.list) == 0 {
		return nil
	}
	e := &Error{}
	for _, p := range ps.list {
		p.Field = strings.TrimPrefix(p.Field, "search[1].")
		e.Problems = append(e.Problems, p.Problem)
	}
	return e
}

// filterEdits sets the filter's keys in t and removes those it leaves out.
func filterEdits(d *doc, t *table, f Filter) []splice {
	var edits []splice
	set := func(key string, on bool, value string) {
		if on {
			edits = append(edits, d.setKey(t, key, value))
		} else if sp, ok := d.deleteKey(t, key); ok {
			edits = append(edits, sp)
		}
	}
	set("max_price", f.MaxPrice != 0, formatAmount(f.MaxPrice))
	set("min_size", f.MinSize != 0, formatAmount(f.MinSize))
	set("require", len(f.Require) > 0, quoteList(f.Require))
	set("exclude", len(f.Exclude) > 0, quoteList(f.Exclude))
	return edits
}

func trimEmail(e Email) Email {
	for _, f := range []*string{&e.To, &e.From, &e.Host, &e.Security, &e.Username, &e.CAFile} {
		*f = strings.TrimSpace(*f)
	}
	e.Security = strings.ToLower(e.Security)
	return e
}

// emailFields are [email]'s keys in the order the default file writes
// them, with their values from e. from is left out when it defaults to the
// username; ca_file when empty.
func emailFields(e Email, fromDefault bool) []struct{ key, value string } {
	all := []struct{ key, value string }{
		{"to", quote(e.To)}, {"from", quote(e.From)}, {"host", quote(e.Host)},
		{"port", strconv.Itoa(e.Port)}, {"security", quote(e.Security)},
		{"username", quote(e.Username)}, {"ca_file", quote(e.CAFile)},
	}
	out := all[:0]
	for _, f := range all {
		if (f.key == "from" && fromDefault) || (f.key == "ca_file" && e.CAFile == "") {
			continue
		}
		out = append(out, f)
	}
	return out
}

func emailEdits(d *doc, t *table, e Email, fromDefault bool) []splice {
	var edits []splice
	written := map[string]bool{}
	for _, f := range emailFields(e, fromDefault) {
		written[f.key] = true
		edits = append(edits, d.setKey(t, f.key, f.value))
	}
	for _, key := range []string{"from", "ca_file"} {
		if sp, ok := d.deleteKey(t, key); ok && !written[key] {
			edits = append(edits, sp)
		}
	}
	return edits
}

func emailBlock(e Email, fromDefault bool, eol string) string {
	var b strings.Builder
	b.WriteString("[email]" + eol)
	for _, f := range emailFields(e, fromDefault) {
		b.WriteString(f.key + " = " + f.value + eol)
	}
	return b.String()
}

// emailAt is where a new [email] table goes: above [browser] (where the
// default file explains email), else above the first table, else at the end.
func emailAt(d *doc) int {
	if t, ok := d.find("browser", 0); ok {
		return d.attached(t)
	}
	if len(d.tables) > 1 {
		return d.attached(&d.tables[1])
	}
	return len(d.src)
}

// CheckSearchURL says why raw cannot be watched (not http or https, no
// host), or nil.
func CheckSearchURL(raw string) error {
	if msg := checkURL(raw); msg != "" {
		return fmt.Errorf("%w: %s", ErrBadSearchURL, msg)
	}
	return nil
}

// SameSearch reports whether two URLs are the same search written
// differently (case of the host, www., a trailing slash, the order of the
// query's parameters), as a duplicate is judged.
func SameSearch(a, b string) bool { return normalURL(a) == normalURL(b) }
