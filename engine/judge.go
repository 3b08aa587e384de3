package engine

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"rentwatch/blocks"
	"rentwatch/words"
)

// judge takes one finished check on the engine goroutine. The ladders and
// the per-host ledger live in blocks/; what stays here is only the
// decision about *when* a failure is recorded, the part that needs to know
// what the monitor just saw. Once a host refuses, its other checks in this
// pass are held.
func (e *Engine) judge(ctx context.Context, r report) {
	s := e.st.searches[r.visit.search.URL]
	if s == nil { // removed while it loaded: the host's answer still counts
		s = &searchState{url: r.visit.search.URL, host: r.host()}
	}
	now := e.d.Clock.Now()
	s.checking, s.lastCheck = false, now
	if outcomeOf(r) != interrupted {
		s.checked(now)
	}
	if p := e.st.pass; p != nil && p.kind != regular {
		s.offCycle = now
	}
	if e.st.reached.IsZero() {
		e.st.reached = now
	}
	o := outcomeOf(r)
	if !e.apply(o, r, s, now) {
		l := &e.st.host(r.host()).lane
		dropped := l.drop(func(v visit) bool { return v.kind == checkVisit })
		e.passLeft(ctx, len(dropped))
	}
	if o == clean || o == softBlocked {
		e.releaseHeld(ctx, r.host())
	}
	if o == clean && s.last == foundNew {
		e.deliver(ctx) // at once: a room posted at 14:02 is gone by 14:20
	}
	e.publish()
}

// outcome is what one finished load means, for the host and for the search.
type outcome int

const (
	// interrupted: we were stopping, or the browser went to the user's
	// window mid-load. Nobody's fault; nothing is recorded.
	interrupted outcome = iota
	// hardError: network or browser trouble, or a server error (5xx). It
	// counts toward ERROR_GRACE.
	hardError
	// missingPage: a clean answer saying the page is not there (4xx):
	// this search's problem (a wrong or expired URL), not the host's.
	missingPage
	// walled: the site put up a wall; recorded against the host.
	walled
	// softBlocked: a clean page with no listings where some are expected.
	softBlocked
	// clean: a page to diff against what the user has been told.
	clean
)

// outcomeOf is what a finished load means. It is pure: every decision
// about a load's result is here, and one apply step per outcome acts on it.
func outcomeOf(r report) outcome {
	verdict, status := r.result.Verdict, r.result.Status
	switch {
	case r.err != nil && r.interrupted:
		return interrupted
	case r.err != nil:
		return hardError
	case verdict.Kind == blocks.OK && status >= 500:
		// Server trouble is no wall, but no clean page either.
		return hardError
	case verdict.Kind == blocks.OK && status >= 400:
		return missingPage
	case verdict.Kind != blocks.OK && verdict.Kind != "":
		return walled
	case r.result.SoftBlock:
		return softBlocked
	}
	return clean
}

// apply acts on one outcome for the host and the search, and says whether
// the host's other searches may go in this pass.
func (e *Engine) apply(o outcome, r report, s *searchState, now time.Time) bool {
	host, hs := r.host(), e.st.host(r.host())
	switch o {
	case interrupted:
		return true
	case hardError:
		if e.missedInGrace(s, host, r.err, now) {
			return true
		}
		err := r.err
		if err == nil {
			status := r.result.Status
			err = fmt.Errorf("the site answered %d %s", status, http.StatusText(status))
		}
		e.problem(s, failed, err.Error(), "did not load: "+err.Error())
		return e.countError(host, err, now)
	case missingPage:
		hs.errors = 0
		status := r.result.Status
		msg := fmt.Sprintf("the page answered %d %s: check the search's address", status, http.StatusText(status))
		e.problem(s, failed, msg, msg)
		return true
	case walled:
		hs.errors = 0
		e.recordWall(host, s.url, r.result.Verdict, now)
		s.found(walledIn, "")
		return false
	case softBlocked:
		e.clearHost(host)
		msg := "the page loaded but showed no listings: a soft block or a changed layout"
		if r.result.PickLost {
			msg = "the page loaded, but the list picked in the preview is not on it any more: the site has a new layout. Pick its list again in the window"
		}
		e.d.Log.Warn("soft block", "search", s.name, "site", r.result.Site, "pick_lost", r.result.PickLost)
		e.problem(s, softBlock, msg, msg)
		s.pickLost = r.result.PickLost
		return true
	}
	e.clearHost(host)
	e.pageCut(s, r)
	found := e.compare(now, r.visit.search, s, r.result.Listings, r.result.Portal)
	if s.last == nothingNew || s.last == foundNew { // a page it could diff
		e.cameBack(host, s.url, found)
	}
	return true
}

// problem records what a search's check found wrong, and notes it in the
// activity when it begins an episode: the same problem found again at the
// next check (a 404 every cycle) is the same episode, said once. A clean
// check, a wall or another problem in between ends it.
func (e *Engine) problem(s *searchState, f finding, problem, note string) {
	again := s.last == f && s.problem == problem
	s.found(f, problem)
	if !again {
		e.note(EventFailure, s.name, s.host, note)
	}
}

// pageCut says in the log, once until it changes, that a search's page
// shows more listings than the readers read (read.MaxListings): the first
// ones are watched, the rest not.
func (e *Engine) pageCut(s *searchState, r report) {
	cut := r.result.Cut
	if cut > 0 && cut != s.cut {
		read := len(r.result.Listings)
		e.d.Log.Warn(fmt.Sprintf("The page of %s shows %d listings; rentwatch reads the first %d and watches those",
			s.name, read+cut, read), "search", s.name, "page", r.visit.url, "listings", read+cut, "read", read)
	}
	s.cut = cut
}

// recordWall records a wall the host put up, from a check, a preview or a
// reply alike; search is the URL of the search that met it ("" for none).
// A wall only the user can get past begins an episode the user is told of.
func (e *Engine) recordWall(host, search string, verdict blocks.Verdict, now time.Time) blocks.Entry {
	entry := e.st.registry.Record(host, verdict.Kind, verdict.RetryAfter, now, e.d.Rand.Float64())
	e.wallNeedsYou(host, search, entry, now)
	name := ""
	if s := e.st.searches[search]; s != nil {
		name = s.name
	}
	hs := e.st.host(host)
	hs.vendor = verdict.Vendor
	hs.wall(Wall{At: now, Kind: entry.Kind, Vendor: verdict.Vendor})
	e.d.Log.Info("wall", "host", host, "kind", entry.Kind, "vendor", verdict.Vendor,
		"reason", verdict.Reason, "failures", entry.Failures, "wait", entry.Wait.Round(time.Second))
	e.note(EventWall, name, host, fmt.Sprintf("%s; next try in %s", wallWords(verdict.Vendor, entry.Kind), words.Countdown(entry.Wait)))
	return entry
}

// clearHost forgets the host's wall and its errors: it served a clean page,
// which also ends an episode that needed the user.
func (e *Engine) clearHost(host string) {
	if _, had := e.st.registry.Get(host); had {
		e.note(EventWall, "", host, "serving us again")
	}
	e.liftWall(host)
	e.hostServed(host, e.d.Clock.Now())
}

// liftWall forgets the host's wall and its errors, whatever the host says
// next.
func (e *Engine) liftWall(host string) {
	e.st.registry.Clear(host)
	hs := e.st.host(host)
	hs.errors, hs.vendor = 0, ""
}

// countError counts a hard error; only the ERROR_GRACE-th in a row makes
// the host wait.
func (e *Engine) countError(host string, err error, now time.Time) bool {
	hs := e.st.host(host)
	hs.errors++
	if hs.errors < ErrorGrace {
		e.d.Log.Info("load failed, will retry next cycle", "host", host, "err", err)
		return true
	}
	entry := e.st.registry.Record(host, blocks.Error, 0, now, e.d.Rand.Float64())
	hs.wall(Wall{At: now, Kind: blocks.Error})
	e.d.Log.Warn("load failed again, host waits", "host", host, "err", err,
		"failures", entry.Failures, "wait", entry.Wait.Round(time.Second))
	e.note(EventWall, "", host, fmt.Sprintf("the site did not load %d times in a row; next try in %s", hs.errors, words.Countdown(entry.Wait)))
	return false
}

// describeWall says in words what a wall of kind put up by vendor means,
// and what to do about a refusal.
func describeWall(vendor string, kind blocks.Kind) string {
	if kind == blocks.Denied {
		return wallWords(vendor, kind) + ": open the site and pass its check by hand"
	}
	return wallWords(vendor, kind)
}

// wallWords says who put up a wall of kind (the vendor, when known) and
// what it is.
func wallWords(vendor string, kind blocks.Kind) string {
	who := vendor
	if who == "" || kind == blocks.Error {
		who = "the site"
	}
	return words.Walled(who, "", kind)
}
