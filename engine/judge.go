package engine

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"rentwatch/blocks"
	"rentwatch/config"
	"rentwatch/pages/read"
	"rentwatch/seen"
)

// judge takes one finished load on the engine goroutine and says whether
// the host's remaining searches may go in this cycle. The ladders and the
// per-host ledger live in blocks/; what stays here is only the decision
// about *when* a failure is recorded, the part that needs to know what the
// monitor just saw.
func (e *Engine) judge(ctx context.Context, r report) bool {
	v := e.st.views[r.visit.search.URL]
	if v == nil { // removed while it loaded: the host's answer still counts
		v = &SearchView{URL: r.visit.search.URL, Host: r.visit.host}
	}
	now := e.d.Clock.Now()
	v.LastCheck = now
	proceed := e.record(ctx, r, v, now)
	if r.err == nil && v.Status == NewListings {
		e.deliver(ctx) // at once: a room posted at 14:02 is gone by 14:20
	}
	e.publish()
	return proceed
}

// record applies one finished load to the host and the search, and says
// whether the host's remaining searches may go in this cycle.
func (e *Engine) record(ctx context.Context, r report, v *SearchView, now time.Time) bool {
	host := r.visit.host
	if r.err != nil {
		if ctx.Err() != nil || e.st.manual != "" {
			// We are stopping, or the browser was handed to the user's
			// window mid-load: not the host's fault.
			return false
		}
		return e.recordError(host, v, r.err, now)
	}
	verdict := r.result.Verdict
	if status := r.result.Status; verdict.Kind == blocks.OK && status >= 500 {
		// Server trouble is no wall, but no clean page either: it counts
		// toward ERROR_GRACE like a failed load.
		return e.recordError(host, v, fmt.Errorf("the site answered %d %s", status, http.StatusText(status)), now)
	}
	e.st.errors[host] = 0
	if status := r.result.Status; verdict.Kind == blocks.OK && status >= 400 {
		// A page that is not there is this search's problem (a wrong or
		// expired URL), not the host's: its other searches go on.
		v.Status, v.LastError = Failing, fmt.Sprintf("the page answered %d %s: check the search's address", status, http.StatusText(status))
		return true
	}
	if verdict.Kind != blocks.OK && verdict.Kind != "" {
		entry := e.st.registry.Record(host, verdict.Kind, verdict.RetryAfter, now, e.d.Rand.Float64())
		v.Status, v.Wall, v.Vendor, v.Until = Waiting, entry.Kind, verdict.Vendor, entry.NextRetryAt
		v.NeedsUser = entry.Kind == blocks.Denied || entry.Kind == blocks.Challenge
		v.LastError = describeWall(verdict, entry)
		e.d.Log.Info("wall", "host", host, "kind", entry.Kind, "vendor", verdict.Vendor,
			"reason", verdict.Reason, "failures", entry.Failures, "wait", entry.Wait.Round(time.Second))
		return false // once a host refuses, its other searches are held this cycle
	}
	e.st.registry.Clear(host)
	v.Wall, v.Vendor, v.Until, v.NeedsUser, v.LastError = "", "", time.Time{}, false, ""
	if r.result.SoftBlock {
		v.Status = SoftBlock
		v.LastError = "the page loaded but showed no listings: a soft block or a changed layout"
		e.d.Log.Warn("soft block", "search", v.Name, "site", r.result.Site)
		return true
	}
	e.compare(now, r.visit.search, v, r.result.Listings)
	return true
}

// recordError counts a hard error; only the ERROR_GRACE-th in a row makes
// the host wait.
func (e *Engine) recordError(host string, v *SearchView, err error, now time.Time) bool {
	e.st.errors[host]++
	v.Status, v.LastError = Failing, err.Error()
	if e.st.errors[host] < ErrorGrace {
		e.d.Log.Info("load failed, will retry next cycle", "host", host, "err", err)
		return true
	}
	entry := e.st.registry.Record(host, blocks.Error, 0, now, e.d.Rand.Float64())
	v.Until = entry.NextRetryAt
	e.d.Log.Warn("load failed again, host waits", "host", host, "err", err,
		"failures", entry.Failures, "wait", entry.Wait.Round(time.Second))
	return false
}

func describeWall(v blocks.Verdict, e blocks.Entry) string {
	who := v.Vendor
	if who == "" {
		who = "the site"
	}
	switch e.Kind {
	case blocks.Challenge:
		return fmt.Sprintf("%s put up a check that did not clear by itself", who)
	case blocks.RateLimited:
		return fmt.Sprintf("%s asked us to slow down", who)
	default:
		return fmt.Sprintf("%s refused us: open the site and pass its check by hand", who)
	}
}

// softBlockMin is how many listings a search's last clean check must have
// shown for an empty page to count as a soft block rather than news.
const softBlockMin = 3

// compare diffs a clean page against what the user has been told. New is
// "not seen": not in the search's snapshot and not known to any search
// within the retention. A search's first clean check is its baseline.
func (e *Engine) compare(now time.Time, s config.Search, v *SearchView, listings []read.Listing) {
	v.Listings, v.Status = len(listings), Idle
	prev, had, err := e.d.Store.Snapshot(s.URL)
	if err != nil {
		v.Status, v.LastError = Failing, "reading what was seen: "+err.Error()
		return
	}
	if len(listings) == 0 && had && len(prev.Listings) >= softBlockMin {
		// A page that had listings and now shows none, with no wall to
		// see, is far more likely a soft block or a new layout than a
		// market that emptied at once. Say so; keep the snapshot.
		v.Status = SoftBlock
		v.LastError = fmt.Sprintf("the page loaded but showed none of the %d listings it had: a soft block or a changed layout", len(prev.Listings))
		e.d.Log.Warn("soft block", "search", s.Name, "had", len(prev.Listings))
		return
	}
	snap := nextSnapshot(s.URL, prev, listings, now)
	if !had {
		e.saveSnapshot(v, snap, now)
		e.d.Log.Info("baseline", "search", s.Name, "listings", len(listings))
		return
	}
	fresh, _, err := e.newOn(s, listings, prev, now)
	if err != nil {
		v.Status, v.LastError = Failing, "reading what was seen: "+err.Error()
		return
	}
	// New listings are queued for every channel in the same transaction
	// as the snapshot (deliver.go): accepted = durable.
	e.accept(v, s, snap, fresh, now)
}

// nextSnapshot is the page's listings with their first-seen times: kept
// from the last snapshot, now for a listing it did not have.
func nextSnapshot(search string, prev seen.Snapshot, listings []read.Listing, now time.Time) seen.Snapshot {
	snap := seen.Snapshot{Search: search, Listings: make(map[string]time.Time, len(listings)), CheckedAt: now}
	for _, l := range listings {
		first, ok := prev.Listings[l.ID]
		if !ok {
			first = now
		}
		snap.Listings[l.ID] = first
	}
	return snap
}

// newOn picks the page's new listings: not in the search's snapshot, not
// known to any search within the retention, and not already queued (maybe
// by another search: one listing is alerted once). New ones are marked
// queued. waits is true when any listing on the page awaits delivery, so
// the snapshot must wait too.
func (e *Engine) newOn(s config.Search, listings []read.Listing, prev seen.Snapshot, now time.Time) (fresh []seen.Alert, waits bool, err error) {
	ids := make([]string, len(listings))
	for i, l := range listings {
		ids[i] = l.ID
	}
	known, err := e.d.Store.Known(ids, now)
	if err != nil {
		return nil, false, err
	}
	for _, l := range listings {
		switch _, inSnap := prev.Listings[l.ID]; {
		case e.st.pending[l.ID]:
			waits = true
		case known[l.ID] || inSnap:
		default:
			fresh = append(fresh, alertFor(s, l, now))
			e.st.pending[l.ID] = true
			waits = true
		}
	}
	return fresh, waits, nil
}

func (e *Engine) saveSnapshot(v *SearchView, snap seen.Snapshot, now time.Time) {
	if err := e.d.Store.SaveSnapshot(snap, now); err != nil {
		v.Status, v.LastError = Failing, "saving what was seen: "+err.Error()
	}
}

func alertFor(s config.Search, l read.Listing, now time.Time) seen.Alert {
	return seen.Alert{
		ListingID: l.ID, Search: s.URL, SearchName: s.Name,
		URL: l.URL, Title: l.Title, Price: l.Price, Place: l.Place, FoundAt: now,
		PriceValue: l.PriceValue, Size: l.Size, SizeM2: l.SizeM2, Rooms: l.Rooms, Image: l.Image,
	}
}
