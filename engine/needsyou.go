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
// by hand that did not work, a restart of the app), it is one episode,
// told once. Once told on some channel it is kept in the store, so a
// restart in the middle of it does not tell it again; one not yet told
// when the app stopped is told again after the restart.
type needsEpisode struct {
	since time.Time // zero: none under way
	key   string    // the key of its notice
	kept  bool      // in the store
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
	n := needsYouNotice(host, on.name, on.url, entry.Kind, now, e.d.Location, len(others))
	hs.needs = needsEpisode{since: now, key: n.Key}
	hs.back = comeback{} // blocked again: no longer "back"
	e.tell(n)
	if e.d.Notices == nil {
		e.keepEpisode(host) // told in the log and the tray only: that is told
	}
}

// keepEpisode records host's episode in the store once it was told: from
// then on a restart does not tell it again.
func (e *Engine) keepEpisode(host string) {
	hs := e.st.host(host)
	if hs.needs.since.IsZero() || hs.needs.kept {
		return
	}
	if err := e.d.Store.SetEpisode(host, hs.needs.since); err != nil && !e.diskFull(err) {
		e.d.Log.Warn("keep the episode", "host", host, "err", err)
		return
	}
	hs.needs.kept = true
}

// episodesTold keeps the episodes whose notices a channel just told.
func (e *Engine) episodesTold(keys []string) {
	for h, hs := range e.st.hosts {
		if hs.needs.key != "" && slices.Contains(keys, hs.needs.key) {
			e.keepEpisode(h)
		}
	}
}

// loadEpisodes takes the episodes a previous run told and that had not
// ended: a wall that still stands continues them, untold. An episode of a
// host no enabled search watches any more is over.
func (e *Engine) loadEpisodes() {
	eps, err := e.d.Store.Episodes()
	if err != nil {
		if !e.diskFull(err) {
			e.d.Log.Warn("read the episodes", "err", err)
		}
		return
	}
	watched := e.st.watchedHosts()
	for h, since := range eps {
		if !watched[h] {
			e.endEpisode(h)
			continue
		}
		e.st.host(h).needs = needsEpisode{since: since, kept: true}
		e.d.Log.Info("a site still needed you when rentwatch stopped", "host", h, "since", since)
	}
}

// endEpisode forgets host's episode, in the store too.
func (e *Engine) endEpisode(host string) {
	hs := e.st.host(host)
	kept := hs.needs.kept || hs.needs.since.IsZero() // at the start: from the store
	hs.needs = needsEpisode{}
	if !kept {
		return
	}
	if err := e.d.Store.EndEpisode(host); err != nil && !e.diskFull(err) {
		e.d.Log.Warn("end the episode", "host", host, "err", err)
	}
}

// endUnwatchedEpisodes forgets the episode of a host no search in the
// settings watches any more: added back later and refused, it is news.
func (e *Engine) endUnwatchedEpisodes() {
	watched := e.st.watchedHosts()
	for h, hs := range e.st.hosts {
		if !watched[h] && !hs.needs.since.IsZero() {
			e.endEpisode(h)
		}
	}
}

// watchedHosts are the hosts an enabled search in the settings watches.
func (st *state) watchedHosts() map[string]bool {
	watched := map[string]bool{}
	for _, c := range st.settings.Searches {
		if s := st.searches[c.URL]; s != nil && c.Enabled {
			watched[s.host] = true
		}
	}
	return watched
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
	e.endEpisode(host)
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
