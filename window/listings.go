package window

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"rentwatch/listing"
	"rentwatch/seen"
	"rentwatch/words"
)

// listingView is one listing in the API and on the page.
type listingView struct {
	ID       string     `json:"id"`
	URL      string     `json:"url"`
	Title    string     `json:"title"`
	Price    string     `json:"price,omitempty"`
	Place    string     `json:"place,omitempty"`
	Image    string     `json:"image,omitempty"` // only an http(s) address
	Size     float64    `json:"size,omitempty"`
	Search   string     `json:"search,omitempty"`
	SearchID string     `json:"search_id,omitempty"`
	FoundAt  *time.Time `json:"found_at"`
	// LeftOut says why the search's filter left it out (it was never
	// alerted); absent for a listing that was alerted.
	LeftOut string `json:"left_out,omitempty"`
	// Reply says where its auto-reply is, in words ("Replied", "Reply not
	// sent: ..."); absent when it has none (api_reply.go).
	Reply string `json:"reply,omitempty"`

	// for the page only
	Link       string `json:"-"` // URL when it is http(s), else ""
	ReplyTone  string `json:"-"`
	FoundWords string `json:"-"`
	FoundMS    int64  `json:"-"`
}

// buildListing is a listing as the page and the API show it; leftOut says
// why the search's filter left it out ("" for one that was alerted). A
// preview's listings have no first sighting yet. Its link and photo are
// there only where the rule of its search's page allows them
// (listing.Shown: the store may hold alerts from before the rule, and a
// photo on another local port would be asked for by the very browser that
// has the window's session); its words are cleaned as every channel's are.
func buildListing(l listing.Alert, leftOut string, now time.Time, loc *time.Location) listingView {
	l = listing.Shown(l)
	v := listingView{ID: l.ID, URL: l.URL, Title: words.Clean(l.Title), Price: words.Clean(l.Price), Place: words.Clean(l.Place),
		Image: webLink(l.Image), Size: l.SizeM2, Search: words.Clean(l.SearchName), FoundAt: when(l.FoundAt), LeftOut: leftOut,
		Link: webLink(l.URL)}
	if l.SearchURL != "" {
		v.SearchID = searchID(l.SearchURL)
	}
	if v.Title == "" {
		v.Title = "(no title)"
	}
	if !l.FoundAt.IsZero() {
		v.FoundWords, v.FoundMS = words.Clock(l.FoundAt, now, loc), l.FoundAt.UnixMilli()
	}
	return v
}

// listingsQuery is what GET /api/listings and the listings page are asked.
type listingsQuery struct {
	Q       string // words every shown listing has (title, place, price or search)
	Search  string // a search's id; "" for every search
	Show    string // "all" (default), "alerted" or "left-out"
	Page    int    // from 1
	PerPage int
}

const (
	listingsPerPage    = 100
	listingsPerPageMax = 500
)

func parseListingsQuery(q url.Values) listingsQuery {
	lq := listingsQuery{Q: strings.TrimSpace(q.Get("q")), Search: q.Get("search"), Show: q.Get("show"), Page: 1,
		PerPage: listingsPerPage}
	if n, err := strconv.Atoi(q.Get("page")); err == nil && n > 1 {
		lq.Page = n
	}
	if n, err := strconv.Atoi(q.Get("per_page")); err == nil && n > 0 {
		lq.PerPage = min(n, listingsPerPageMax)
	}
	if lq.Show != "alerted" && lq.Show != "left-out" {
		lq.Show = "all"
	}
	return lq
}

// listingsView is one page of listings.
type listingsView struct {
	Total    int           `json:"total"` // matching the query, on every page
	Page     int           `json:"page"`
	PerPage  int           `json:"per_page"`
	Listings []listingView `json:"listings"`
	Alerted  int           `json:"alerted"`  // of the total, alerted
	LeftOut  int           `json:"left_out"` // and left out by a filter

	// Stamp changes when the listings do (one more, one pruned): the page
	// redraws its list only then.
	Stamp string `json:"-"`

	// for the page only
	Query    listingsQuery `json:"-"`
	Searches []option      `json:"-"`
	Prev     string        `json:"-"` // links to the pages around
	Next     string        `json:"-"`
}

type option struct {
	Value, Label string
	Selected     bool
}

// pickListings filters all (newest first) by q and cuts one page out.
// names are the searches' names now, by URL: a listing is shown under the
// name of its search as it is called today (a renamed search's listings
// follow it), and under the name it was alerted with only when its search
// is gone.
func pickListings(all []seen.Listed, names map[string]string, q listingsQuery, now time.Time, loc *time.Location) listingsView {
	v := listingsView{Page: q.Page, PerPage: q.PerPage, Query: q, Listings: []listingView{}}
	if len(all) > 0 {
		v.Stamp = strconv.Itoa(len(all)) + "-" + strconv.FormatInt(all[0].FoundAt.UnixMilli(), 10)
	}
	words := strings.Fields(strings.ToLower(q.Q))
	from := (q.Page - 1) * q.PerPage
	for _, l := range all {
		if name, ok := names[l.SearchURL]; ok {
			l.SearchName = name
		}
		if q.Search != "" && searchID(l.SearchURL) != q.Search {
			continue
		}
		if q.Show == "alerted" && l.LeftOut != "" || q.Show == "left-out" && l.LeftOut == "" {
			continue
		}
		if len(words) > 0 && !hasAll(strings.ToLower(l.Title+" "+l.Place+" "+l.Price+" "+l.SearchName), words) {
			continue
		}
		if l.LeftOut == "" {
			v.Alerted++
		} else {
			v.LeftOut++
		}
		if v.Total >= from && v.Total < from+q.PerPage {
			lv := buildListing(l.Alert, l.LeftOut, now, loc)
			lv.Reply, lv.ReplyTone = replyWords(l.Reply, l.ReplyWhy)
			v.Listings = append(v.Listings, lv)
		}
		v.Total++
	}
	return v
}

func hasAll(text string, words []string) bool {
	for _, w := range words {
		if !strings.Contains(text, w) {
			return false
		}
	}
	return true
}

// pageLinks sets the links to the previous and next page of v.
func (v *listingsView) pageLinks() {
	link := func(page int) string {
		q := url.Values{}
		if v.Query.Q != "" {
			q.Set("q", v.Query.Q)
		}
		if v.Query.Search != "" {
			q.Set("search", v.Query.Search)
		}
		if v.Query.Show != "all" {
			q.Set("show", v.Query.Show)
		}
		if page > 1 {
			q.Set("page", strconv.Itoa(page))
		}
		if len(q) == 0 {
			return "/listings"
		}
		return "/listings?" + q.Encode()
	}
	if v.Page > 1 {
		v.Prev = link(v.Page - 1)
	}
	if v.Page*v.PerPage < v.Total {
		v.Next = link(v.Page + 1)
	}
}

// listingsFor answers the listings query of r, with the searches to pick
// from for the page.
func (s *Server) listingsFor(r *http.Request) (listingsView, error) {
	now := s.d.Now()
	q := parseListingsQuery(r.URL.Query())
	var all []seen.Listed
	if s.d.Listings != nil {
		var err error
		if all, err = s.d.Listings.Listings(); err != nil {
			return listingsView{}, err
		}
	}
	set, setErr := s.d.Settings.Settings()
	names := map[string]string{}
	for _, sr := range set.Searches {
		names[sr.URL] = sr.Name
	}
	v := pickListings(all, names, q, now, s.d.Location)
	v.pageLinks()
	v.Searches = []option{{Value: "", Label: "every search", Selected: q.Search == ""}}
	if setErr == nil {
		for _, sr := range set.Searches {
			id := searchID(sr.URL)
			v.Searches = append(v.Searches, option{Value: id, Label: sr.Name, Selected: id == q.Search})
		}
	}
	return v, nil
}
