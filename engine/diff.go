package engine

import (
	"fmt"
	"slices"
	"time"

	"rentwatch/blocks"
	"rentwatch/config"
	"rentwatch/listing"
	"rentwatch/seen"
)

// softBlockMin is how many listings a search's last clean check must have
// shown for an empty page to count as a soft block rather than news.
const softBlockMin = 3

// compare diffs a clean page against what the user has been told. New is
// "not seen": not in the search's snapshot and not known to any search
// within the retention. A search's first clean check is its baseline. It
// returns how many new listings were queued for the user.
//
// portal is the portal definition that read the page ("funda.nl"), ""
// for none: the alerts name the search page's host then.
func (e *Engine) compare(now time.Time, s config.Search, v *searchState, listings []listing.Listing, portal string) int {
	v.listings = len(listings)
	prev, had, err := e.d.Store.Snapshot(s.URL)
	if err != nil {
		v.found(failed, "reading what was seen: "+err.Error())
		return 0
	}
	if len(listings) == 0 && had && len(prev.Listings) >= softBlockMin {
		// A page that had listings and now shows none, with no wall to
		// see, is far more likely a soft block or a new layout than a
		// market that emptied at once. Say so; keep the snapshot.
		msg := fmt.Sprintf("the page loaded but showed none of the %d listings it had: a soft block or a changed layout", len(prev.Listings))
		e.d.Log.Warn("soft block", "search", s.Name, "had", len(prev.Listings))
		e.problem(v, softBlock, msg, msg)
		return 0
	}
	v.found(nothingNew, "")
	snap := nextSnapshot(s.URL, prev, listings, now)
	if !had {
		e.saveSnapshot(v, snap, now)
		e.d.Log.Info("baseline", "search", s.Name, "listings", len(listings))
		return 0
	}
	if portal == "" {
		portal = v.host
	}
	fresh, left, err := e.newOn(s, listings, portal, prev, now)
	if err != nil {
		v.found(failed, "reading what was seen: "+err.Error())
		return 0
	}
	e.leftOut(left)
	// New listings are queued for every channel in the same transaction
	// as the snapshot (deliver.go): accepted = durable.
	return e.accept(v, s, snap, fresh, now)
}

// nextSnapshot is the page's listings with their first-seen times: kept
// from the last snapshot, now for a listing it did not have.
func nextSnapshot(search string, prev seen.Snapshot, listings []listing.Listing, now time.Time) seen.Snapshot {
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
// by another search: one listing is alerted once). New ones the search's
// filter keeps are marked queued; those it drops are left: never alerted,
// and in the snapshot like every listing on the page, so not new again.
func (e *Engine) newOn(s config.Search, listings []listing.Listing, portal string, prev seen.Snapshot, now time.Time) (fresh []listing.Alert, left []LeftOut, err error) {
	ids := make([]string, len(listings))
	for i, l := range listings {
		ids[i] = l.ID
	}
	known, err := e.d.Store.Known(ids, now)
	if err != nil {
		return nil, nil, err
	}
	for _, l := range listings {
		switch _, inSnap := prev.Listings[l.ID]; {
		case e.st.pending[l.ID], known[l.ID], inSnap:
		default:
			a := listing.Alert{Listing: l, SearchURL: s.URL, SearchName: s.Name, Portal: portal, FoundAt: now}
			if kept, why := Sift(s.Filter, FilterInput{Title: l.Title, Price: l.Price, Size: l.SizeM2}); !kept {
				left = append(left, LeftOut{Alert: a, Reason: why})
				continue
			}
			fresh = append(fresh, a)
			e.st.pending[l.ID] = true
		}
	}
	return fresh, left, nil
}

// leftOut records the listings a filter left out in the store (the
// window's Listings page lists them as such), keeps the latest for the
// snapshot, newest first, each once, and notes them in the activity.
func (e *Engine) leftOut(left []LeftOut) {
	var alerts []listing.Alert
	var reasons []string
	for _, l := range left {
		if slices.ContainsFunc(e.st.leftOut, func(o LeftOut) bool { return o.SearchURL == l.SearchURL && o.ID == l.ID }) {
			continue // found again (its snapshot was not saved)
		}
		e.st.leftOut = slices.Insert(e.st.leftOut, 0, l)
		alerts = append(alerts, l.Alert)
		reasons = append(reasons, l.Reason)
		e.d.Log.Info("left out by the filter", "search", l.SearchName, "listing", l.URL, "why", l.Reason)
		e.note(EventInfo, l.SearchName, blocks.HostKey(l.SearchURL), fmt.Sprintf("left out by your filter: %s (%s)", l.Title, l.Reason))
	}
	if len(e.st.leftOut) > LeftOutMax {
		e.st.leftOut = e.st.leftOut[:LeftOutMax]
	}
	if len(alerts) > 0 {
		if err := e.d.Store.LeftOut(alerts, reasons); err != nil && !e.diskFull(err) {
			e.d.Log.Warn("record left-out listings", "err", err)
		}
	}
}

func (e *Engine) saveSnapshot(v *searchState, snap seen.Snapshot, now time.Time) {
	if err := e.d.Store.SaveSnapshot(snap, now); err != nil {
		e.diskFull(err)
		v.found(failed, "saving what was seen: "+err.Error())
	}
}
