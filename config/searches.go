package config

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"rentwatch/words"
)

// Errors AddSearch and RemoveSearch wrap, for callers that decide on them.
var (
	ErrTooManySearches = fmt.Errorf("at most %d searches", MaxSearches)
	ErrDuplicateSearch = errors.New("search already saved")
	ErrBadSearchURL    = errors.New("not a URL rentwatch can watch")
	ErrBadSearchName   = errors.New("not a name a search can have")
	ErrNoSuchSearch    = errors.New("no such search")
)

// AddSearch appends an enabled search for rawURL. An empty name gets a
// readable default from NameFromURL (numbered "… 2" if that name is taken).
// It refuses a URL that is not http or https or has no host, a name with a
// line break or another control character, a 16th search,
// the same search twice (compared as normalised URLs) and a name already in
// use; s is unchanged then.
func (s *Settings) AddSearch(rawURL, name string) error {
	rawURL, name = strings.TrimSpace(rawURL), strings.TrimSpace(name)
	if msg := checkURL(rawURL); msg != "" {
		return fmt.Errorf("%w: %s", ErrBadSearchURL, msg)
	}
	if len(s.Searches) >= MaxSearches {
		return fmt.Errorf("%w: there are %d already; remove one first", ErrTooManySearches, len(s.Searches))
	}
	for _, sr := range s.Searches {
		if normalURL(sr.URL) == normalURL(rawURL) {
			return fmt.Errorf("%w: %s is already watched as %q", ErrDuplicateSearch, rawURL, sr.Name)
		}
	}
	if name == "" {
		name = s.freeName(NameFromURL(rawURL))
	} else if msg := checkName(name); msg != "" {
		return fmt.Errorf("%w: %s", ErrBadSearchName, msg)
	} else if sr, ok := s.byName(name); ok {
		return fmt.Errorf("%w: the name %q is already used by %s", ErrDuplicateSearch, sr.Name, sr.URL)
	}
	s.Searches = append(s.Searches, Search{Name: name, URL: rawURL, Enabled: true})
	return nil
}

// RemoveSearch removes the search with that name (case does not matter) or
// that URL (compared normalised) and returns it.
func (s *Settings) RemoveSearch(nameOrURL string) (Search, error) {
	key := strings.TrimSpace(nameOrURL)
	for i, sr := range s.Searches {
		if strings.EqualFold(sr.Name, key) || (checkURL(key) == "" && normalURL(sr.URL) == normalURL(key)) {
			s.Searches = append(s.Searches[:i:i], s.Searches[i+1:]...)
			return sr, nil
		}
	}
	return Search{}, fmt.Errorf("%w: nothing is named %q or has that URL", ErrNoSuchSearch, key)
}

func (s *Settings) byName(name string) (Search, bool) {
	for _, sr := range s.Searches {
		if strings.EqualFold(sr.Name, name) {
			return sr, true
		}
	}
	return Search{}, false
}

// freeName returns name, or "name 2", "name 3", ... if it is taken, never
// longer than MaxNameLength.
func (s *Settings) freeName(name string) string {
	try := name
	for n := 2; ; n++ {
		if _, taken := s.byName(try); !taken {
			return try
		}
		suffix := fmt.Sprintf(" %d", n)
		try = strings.TrimSpace(cutRunes(name, MaxNameLength-len(suffix))) + suffix
	}
}

// noise are words that say nothing about which search this is: every
// search is for rent, and navigation words are the same on every portal.
var noise = setOf(
	// renting, in the portals' languages
	"huur", "huren", "huurwoning", "huurwoningen", "woning", "woningen", "te", "rent", "rental",
	"rentals", "let", "lettings", "letting", "mieten", "miete", "alquiler", "alquilar", "viviendas",
	"vivienda", "location", "louer", "property", "properties", "for", "to", "homes",
	// navigation and file names
	"zoeken", "zoek", "search", "suche", "buscar", "recherche", "results", "result", "find", "list",
	"lijst", "overview", "in", "de", "het", "een", "en", "of", "the", "and", "a", "la", "el", "le",
	"les", "der", "die", "das", "und", "von", "nl", "com", "uk", "es", "fr", "www", "html", "htm",
	"php", "aspx", "index", "page", "pagina", "seite", "sort", "newest", "listing", "listings",
	"trefferliste", "ort", "ergebnisse", "resultados", "resultats",
)

// placeKeys are query parameters that name a place on some portal.
var placeKeys = setOf("q", "query", "selected_area", "area", "city", "location", "locationname",
	"plaats", "stad", "ort", "ciudad", "ville", "where", "search_location", "searchlocation")

// NameFromURL makes a readable default name for a search: the portal's brand
// and the words of the URL that say which search it is, usually a place
// ("Kamernet Amsterdam" for https://kamernet.nl/huren/kamers-amsterdam).
// Ids, numbers, renting and navigation words, and words the brand already
// says ("kamers" on Kamernet) are left out; a place named in the query
// (?selected_area=["amsterdam"]) comes first. At most four words follow the
// brand, and the name has at most MaxNameLength characters. A string that
// is not a URL is returned trimmed.
func NameFromURL(raw string) string {
	raw = strings.TrimSpace(raw)
	u, err := url.Parse(raw)
	if err != nil || u.Hostname() == "" {
		return raw
	}
	brand, label := brandOf(u.Hostname())
	return fitName(brand, searchWords(u, label))
}

// searchWords are the words of u that say which search it is, capitalised,
// each once: those of the place named in its query first, then its path's,
// leaving out noise and what the site's label already says.
func searchWords(u *url.URL, label string) []string {
	var words []string
	seen := map[string]bool{}
	addWords := func(text string) {
		for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			lw := strings.ToLower(w)
			if seen[lw] || noise[lw] || len([]rune(lw)) < 2 || strings.IndexFunc(lw, unicode.IsDigit) >= 0 ||
				strings.Contains(label, strings.TrimSuffix(lw, "s")) {
				continue
			}
			seen[lw] = true
			words = append(words, capitalise(lw))
		}
	}
	q := u.Query()
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
	}
	sort.Strings(keys) // a stable name for the same URL
	for _, k := range keys {
		if placeKeys[strings.ToLower(k)] {
			for _, v := range q[k] {
				addWords(v)
			}
		}
	}
	addWords(u.Path)
	return words
}

// fitName is brand and at most four of words, short enough for
// MaxNameLength.
func fitName(brand string, words []string) string {
	if len(words) > 4 {
		words = words[:4]
	}
	name := strings.Join(append([]string{brand}, words...), " ")
	for len(words) > 0 && utf8.RuneCountInString(name) > MaxNameLength {
		// the longest word goes first: a word that long is an id, not a place
		longest := 0
		for i, w := range words {
			if len(w) > len(words[longest]) {
				longest = i
			}
		}
		words = slices.Delete(words, longest, longest+1)
		name = strings.Join(append([]string{brand}, words...), " ")
	}
	return cutRunes(name, MaxNameLength)
}

// brandOf returns what people call the site at host (words.Site) and its
// label, lowercase: "www.rightmove.co.uk" -> "Rightmove", "rightmove".
func brandOf(host string) (brand, label string) {
	brand = words.Site(host)
	return brand, strings.ToLower(brand)
}

func capitalise(w string) string {
	r := []rune(w)
	if len(r) == 0 {
		return w
	}
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}
