package engine

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"rentwatch/blocks"
	"rentwatch/words"
)

// BackShown is how long the tray says that a site which needed the user
// is watched again: long enough for a user who read the pop-up or the
// email and went to fix it (or came back to the desk) to see that it
// worked, short enough not to hold the menu's first line for the day.
const BackShown = 30 * time.Minute

// needsUser says whether only the user can get us past a wall of kind: a
// flat refusal, or a challenge that did not clear by itself. A search's
// view and the needs-you episodes both ask it, so the tray and the notice
// always agree on what needs the user.
func needsUser(kind blocks.Kind) bool {
	return kind == blocks.Denied || kind == blocks.Challenge
}

// needsEpisode is a host's run of walls only the user can get us past: from the
// first such wall until the host serves a page again. Whatever the ladder
// does meanwhile (probes refused again, a rate limit in between, a check
// by hand that did not work), it is one episode, told once.
type needsEpisode struct {
	since time.Time // zero: none under way
}

// comeback is a host serving us again after an episode, for BackShown.
type comeback struct {
	at, since time.Time       // the episode ended, and began
	found     int             // new listings its searches' first clean checks found
	unchecked map[string]bool // its searches not yet checked clean since: their first clean check counts
}

// SiteBack is a site that needed the user and serves us again.
type SiteBack struct {
	Host      string
	Since, At time.Time // the first wall of the episode, and the page that ended it
	// Found is how many new listings the first clean check of each of the
	// host's searches found since: what appeared while it was blocked.
	Found int
}

// wallNeedsYou starts the host's episode when a wall only the user can
// get past goes up and none is under way, and tells the user: one pop-up,
// a line in the next email. search is the URL of the search that met the
// wall, "" when none did (a preview): the notice then opens the host's
// first search. A host no enabled search watches has no episode: no
// search goes to "needs you" there.
func (e *Engine) wallNeedsYou(host, search string, entry blocks.Entry, now time.Time) {
	hs := e.st.host(host)
	if !needsUser(entry.Kind) || !hs.needs.since.IsZero() {
		return
	}
	var on *searchState
	others := map[string]bool{}
	for _, c := range e.st.enabled() {
		s := e.st.searches[c.URL]
		switch {
		case s.host != host:
			others[s.host] = true
		case on == nil || s.url == search && on.url != search:
			on = s
		}
	}
	if on == nil {
		return
	}
	hs.needs = needsEpisode{since: now}
	hs.back = comeback{} // blocked again: no longer "back"
	e.tell(needsYouNotice(host, on.name, on.url, entry.Kind, now, e.d.Location, len(others)))
}

// endUnwatchedEpisodes forgets the episode of a host no search in the
// settings watches any more: added back later and refused, it is news.
func (st *state) endUnwatchedEpisodes() {
	watched := map[string]bool{}
	for _, c := range st.settings.Searches {
		if s := st.searches[c.URL]; s != nil && c.Enabled {
			watched[s.host] = true
		}
	}
	for h, hs := range st.hosts {
		if !watched[h] {
			hs.needs = needsEpisode{}
		}
	}
}

// needsYouNotice is the notice of host's episode begun at since with a
// wall of kind, met by the search name at url; others is how many other
// sites are watched meanwhile. Times are in loc.
func needsYouNotice(host, name, url string, kind blocks.Kind, since time.Time, loc *time.Location, others int) Notice {
	site := words.Site(host)
	at := words.Clock(since, since, loc)
	what := site + " refused rentwatch at " + at +
		": it lets nobody in until a person passes its check."
	if kind == blocks.Challenge {
		what = site + " put up a check at " + at +
			` (an "are you human?" page) that did not clear by itself.`
	}
	watched := " Your other sites are still watched."
	switch {
	case others == 0:
		watched = " It is the only site you watch, so no listings come in until it lets us in again."
	case others == 1:
		watched = " Your other site is still watched."
	}
	if name == "" {
		name = site
	}
	return Notice{
		Key:       fmt.Sprintf("needs-you %s %s", host, since.Format(time.RFC3339Nano)),
		Title:     site + " needs you",
		SearchURL: url,
		MayWait:   true,
		Here:      true,
		Body: what + watched + fmt.Sprintf(` To fix it: click "%s" in the rentwatch menu (or in its window), `+
			"pass the check in the window that opens, then close the window.", name),
	}
}

// hostServed ends the host's episode: it served a page. Its searches'
// first clean checks from now on count what appeared while it was
// blocked (cameBack).
func (e *Engine) hostServed(host string, now time.Time) {
	hs := e.st.host(host)
	if hs.needs.since.IsZero() {
		return
	}
	unchecked := map[string]bool{}
	for _, c := range e.st.enabled() {
		if e.st.searches[c.URL].host == host {
			unchecked[c.URL] = true
		}
	}
	hs.back = comeback{at: now, since: hs.needs.since, unchecked: unchecked}
	hs.needs = needsEpisode{}
	e.note(EventWall, "", host, "needed you since "+words.Clock(hs.back.since, now, e.d.Location)+"; watched again")
}

// cameBack counts the new listings a clean check of search found, when it
// is the search's first clean check since its host's episode ended.
func (e *Engine) cameBack(host, search string, found int) {
	b := &e.st.host(host).back
	if !b.unchecked[search] {
		return
	}
	delete(b.unchecked, search)
	b.found += found
}

// backs is the sites back from an episode less than BackShown before now,
// the latest first.
func (st *state) backs(now time.Time) []SiteBack {
	var out []SiteBack
	for h, hs := range st.hosts {
		if b := hs.back; !b.at.IsZero() && now.Sub(b.at) < BackShown {
			out = append(out, SiteBack{Host: h, Since: b.since, At: b.at, Found: b.found})
		}
	}
	slices.SortFunc(out, func(a, b SiteBack) int {
		if c := b.At.Compare(a.At); c != 0 {
			return c
		}
		return strings.Compare(a.Host, b.Host)
	})
	return out
}
