package window

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"strings"
	"sync"
	"time"

	"rentwatch/blocks"
	"rentwatch/config"
	"rentwatch/engine"
	"rentwatch/listing"
	"rentwatch/words"
)

// A preview is one load of a page, and a page load is a request to a site
// that counts against us like any other. So a preview is kept for a while
// and shown again when the user changes the filter, or saves, instead of
// loading the page once more; only "Load again" (fresh) loads it anew. Two
// previews of one URL asked at the same time share one load.

// previewKeep is how long a preview is shown again rather than reloaded.
const previewKeep = 10 * time.Minute

// previewsMax bounds the previews kept in memory.
const previewsMax = 16

// previewTimeout bounds one preview's load, waiting out a busy host
// included.
const previewTimeout = 3 * time.Minute

type previews struct {
	mu   sync.Mutex // guards list
	list []*previewEntry
}

// previewEntry is one preview, shared by everyone who asked for it while
// it loaded; done is closed when p and err are set.
type previewEntry struct {
	id    string
	url   string
	asked time.Time
	done  chan struct{}
	p     engine.PreviewResult
	err   error
}

func newPreviews() *previews { return &previews{} }

// get returns the preview of rawURL: a kept one unless fresh, else one
// loaded now by load.
func (ps *previews) get(ctx context.Context, rawURL string, fresh bool, now time.Time,
	load func(context.Context, string) (engine.PreviewResult, error)) (*previewEntry, error) {
	ps.mu.Lock()
	var e *previewEntry
	for _, old := range ps.list {
		if old.url == rawURL && now.Sub(old.asked) < previewKeep && !fresh && !old.failed() {
			e = old
		}
	}
	if e == nil {
		e = &previewEntry{id: newID(), url: rawURL, asked: now, done: make(chan struct{})}
		ps.list = append(ps.list, e)
		if len(ps.list) > previewsMax {
			ps.list = ps.list[len(ps.list)-previewsMax:]
		}
		go func() { // not tied to this request: a closed tab must not waste the load
			lctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), previewTimeout)
			defer cancel()
			e.p, e.err = load(lctx, rawURL)
			close(e.done)
		}()
	}
	ps.mu.Unlock()
	select {
	case <-e.done:
		return e, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// failed reports whether e loaded and failed: such a preview is not shown
// again, the next ask loads anew.
func (e *previewEntry) failed() bool {
	select {
	case <-e.done:
		return e.err != nil
	default:
		return false
	}
}

// byID returns a loaded preview.
func (ps *previews) byID(id string) (*previewEntry, bool) {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	for _, e := range ps.list {
		if e.id == id {
			select {
			case <-e.done:
				return e, true
			default:
				return nil, false
			}
		}
	}
	return nil, false
}

func newID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// previewView is POST /api/preview's answer and the preview part's data.
type previewView struct {
	ID            string        `json:"id"`
	URL           string        `json:"url"`
	FinalURL      string        `json:"final_url,omitempty"`
	LoadedAt      *time.Time    `json:"loaded_at"`
	Site          string        `json:"site,omitempty"`
	Verdict       blocks.Kind   `json:"verdict"`
	Vendor        string        `json:"vendor,omitempty"`
	Words         string        `json:"words"`  // what the load showed
	Advice        string        `json:"advice"` // what to do about it; "" for nothing
	WaitingUntil  *time.Time    `json:"waiting_until"`
	Warnings      []string      `json:"warnings"`
	SuggestedName string        `json:"suggested_name"`
	SavedAs       string        `json:"saved_as,omitempty"` // the name it is already saved under
	Listings      []listingView `json:"listings"`
	Read          int           `json:"read"`     // listings read
	Kept          int           `json:"kept"`     // of which the filter keeps
	LeftOut       int           `json:"left_out"` // and leaves out
	Filter        filterJSON    `json:"filter"`
	// The lists on the page (preview_lists.go): present when there is one
	// to pick instead of the list shown.
	Candidates  []candidateView `json:"candidates,omitempty"`
	Pick        string          `json:"pick"`         // the list shown, picked ("" for the readers' choice)
	PickLost    bool            `json:"pick_lost"`    // the pick asked for, or saved, is not on the page
	PickAdvised bool            `json:"pick_advised"` // the list shown looks wrong: pick another
	SavedID     string          `json:"saved_id,omitempty"`
	Status      int             `json:"status,omitempty"` // the page's HTTP status, when known

	// for the page only
	Confirm   string `json:"-"` // asked before saving: the page answered an error
	Link      string `json:"-"`
	Tone      string `json:"-"`
	LoadedIn  string `json:"-"` // "Loaded 14:02"
	LoadedAgo string `json:"-"` // "2 min ago", counted on by the page from LoadedMS
	LoadedMS  int64  `json:"-"`
}

// buildPreview says what a preview showed, with f applied to the listings
// of the list picked (pick; nil: the saved search's pick, if any).
func buildPreview(e *previewEntry, f config.Filter, pick *string, set config.Settings, now time.Time, loc *time.Location) previewView {
	p := e.p
	host := blocks.HostKey(e.url)
	// The engine does not hand over the page's title (pages.Result has
	// none): the name comes from the URL.
	v := previewView{ID: e.id, URL: e.url, FinalURL: p.Page.URL, LoadedAt: when(p.LoadedAt), Site: p.Page.Site,
		Verdict: p.Page.Verdict.Kind, Vendor: p.Page.Verdict.Vendor, WaitingUntil: when(p.Until),
		SuggestedName: suggestName("", e.url), Filter: toFilterJSON(f), Link: webLink(e.url),
		Warnings: []string{}, Listings: []listingView{}}
	for _, s := range set.Searches {
		if config.SameSearch(s.URL, e.url) {
			v.SavedAs, v.SavedID, v.Pick = s.Name, searchID(s.URL), s.Pick
		}
	}
	if pick != nil {
		v.Pick = *pick
	}
	if !p.LoadedAt.IsZero() {
		v.LoadedIn, v.LoadedAgo, v.LoadedMS = "Loaded "+words.Clock(p.LoadedAt, now, loc), words.Ago(now.Sub(p.LoadedAt)), p.LoadedAt.UnixMilli()
	}
	switch {
	case !p.Until.IsZero():
		v.Verdict = p.Wall
		v.Words = "Nothing was loaded: " + words.Site(host) + " " + words.Wall(p.Wall) + ", and rentwatch does not knock while a site asks it to wait."
		v.Advice = "It may be asked again " + words.Clock(p.Until, now, loc) + " (in " + words.Countdown(p.Until.Sub(now)) +
			"). You can save the search now: it is checked then."
		v.Tone = toneWait
		return v
	case p.Page.Verdict.Kind == "":
		v.Verdict = blocks.OK
	}
	v.Words, v.Advice = verdictWords(p.Page.Verdict, host)
	v.Tone = toneOK
	if v.Status = p.Page.Status; v.Status >= 400 && v.Verdict == blocks.OK {
		v.Words, v.Advice, v.Confirm = answeredWords(v.Status, host)
		v.Tone = toneAlert
		return v
	}
	if v.Verdict != blocks.OK {
		v.Tone = toneAlert
		return v
	}
	shown := showList(p.Page, v.Pick)
	for _, l := range shown.listings {
		kept, why := engine.Sift(f, engine.FilterInput{Title: l.Title, Price: l.Price, Size: l.SizeM2})
		if kept {
			v.Kept++
		} else {
			v.LeftOut++
		}
		// read off the page the preview loaded: its rule for links
		lv := buildListing(listing.Alert{Listing: l, SearchURL: previewPage(p.Page.URL, e.url)}, why, now, loc)
		lv.SearchID = "" // not yet a saved search's
		v.Listings = append(v.Listings, lv)
	}
	v.Read = len(shown.listings)
	v.Words = "The page loaded and rentwatch read " + words.Plural(v.Read, "listing", "listings") + " on it."
	if v.Pick != "" && !shown.lost {
		v.Words = "The page loaded; the list picked for this search has " + words.Plural(v.Read, "listing", "listings") + "."
	}
	offerLists(&v, p.Page, shown, now, loc)
	if shown.lost {
		v.Pick = ""
	}
	v.Warnings = append(v.Warnings, previewWarnings(p, e.url, shown.listings, v)...)
	if len(v.Warnings) > 0 {
		v.Tone = toneWait
	}
	return v
}

// previewPage is the page a preview's listings were read off: where the
// browser ended up, else the address asked for.
func previewPage(final, asked string) string {
	if final != "" {
		return final
	}
	return asked
}

// previewWarnings are what the user should know before relying on a search
// that watches shown, the listings of the list it shows.
func previewWarnings(p engine.PreviewResult, asked string, shown []listing.Listing, v previewView) []string {
	w := []string{}
	site := words.Site(blocks.HostKey(asked))
	switch {
	case looksLikeOneListing(asked, p.Page.URL, shown):
		w = append(w, "This looks like one listing, not a page of search results. Paste the address of the search results "+
			"page instead: the page with many listings, after setting your filters on the site.")
	case v.Read == 0 && (p.Page.Expected || p.Page.SoftBlock):
		w = append(w, site+" always shows listings on its search pages, and rentwatch read none here: the site may be "+
			"hiding them from us (a soft block), or its layout is new to rentwatch. Saved as it is, this search would never "+
			"find anything.")
	case v.Read == 0:
		w = append(w, "rentwatch read no listings on this page. If it is a search results page, its layout may be new to "+
			"rentwatch, or the site is hiding the results from us; saved as it is, this search would never find anything. "+
			"Check that the address is the page with the list of results.")
	}
	if v.Read > 0 && v.Kept == 0 {
		w = append(w, "Your filter leaves out every listing on this page: none of them would be alerted.")
	}
	if v.SavedAs != "" {
		w = append(w, "This search is already saved, as \""+v.SavedAs+"\".")
	}
	return w
}

// namesListing says whether one segment of a path names a listing by its
// id: a run of five digits or more (/kamer-2345601, /inmueble/98765432/)
// or a hex token of eight or more with digits and letters in it (/4b8d7f2a/).
func namesListing(seg string) bool {
	tokens := strings.FieldsFunc(seg, func(r rune) bool { return !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z') })
	for _, tok := range tokens {
		digits, hex := 0, true
		for _, r := range tok {
			switch {
			case r >= '0' && r <= '9':
				digits++
			case r > 'f':
				hex = false
			}
		}
		if digits >= 5 && digits == len(tok) || hex && len(tok) >= 8 && digits > 0 && digits < len(tok) {
			return true
		}
	}
	return false
}

// looksLikeOneListing says whether a page is a listing's own page rather
// than a page of results: few listings read (or none), and either one of
// them links to the page itself, or the page's path names a listing by id.
// A warning, not a refusal: it can be wrong, and the user decides.
func looksLikeOneListing(asked, final string, listings []listing.Listing) bool {
	if len(listings) > 3 {
		return false
	}
	for _, page := range []string{asked, final} {
		if page == "" {
			continue
		}
		for _, l := range listings {
			if samePage(l.URL, page) {
				return true
			}
		}
		if u, err := url.Parse(page); err == nil {
			for _, seg := range strings.Split(strings.ToLower(u.Path), "/") {
				if namesListing(seg) {
					return true
				}
			}
		}
	}
	return false
}

func samePage(a, b string) bool {
	ua, err1 := url.Parse(a)
	ub, err2 := url.Parse(b)
	if err1 != nil || err2 != nil {
		return false
	}
	return strings.EqualFold(strings.TrimPrefix(ua.Host, "www."), strings.TrimPrefix(ub.Host, "www.")) &&
		strings.TrimRight(ua.Path, "/") == strings.TrimRight(ub.Path, "/")
}

// suggestName names a new search: from its URL (the portal and the place,
// "Kamernet Amsterdam"), or where the URL says nothing but the portal,
// from the page's title ("Rightmove: Flats to rent in Camden").
func suggestName(title, rawURL string) string {
	name := config.NameFromURL(rawURL)
	brand := config.NameFromURL(siteRoot(rawURL))
	if name != brand || strings.TrimSpace(title) == "" {
		return name
	}
	t := strings.Join(strings.Fields(title), " ")
	for _, sep := range []string{" | ", " - ", " – ", " — ", " · ", " :: "} {
		if i := strings.Index(t, sep); i > 0 {
			t = t[:i]
		}
	}
	if r := []rune(t); len(r) > 60 {
		t = string(r[:60])
		if i := strings.LastIndexByte(t, ' '); i > 20 {
			t = t[:i] // at a word's end
		}
		t = strings.TrimSpace(t) + "…"
	}
	if strings.Contains(strings.ToLower(t), strings.ToLower(brand)) {
		return t
	}
	return brand + ": " + t
}

func siteRoot(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return rawURL
	}
	return u.Scheme + "://" + u.Host + "/"
}
