package engine

import (
	"context"
	"errors"
	"fmt"
	"time"

	"rentwatch/blocks"
	"rentwatch/pages"
	"rentwatch/words"
)

// PreviewResult is what one load of a page showed, for the window's
// preview of a search before it is saved.
type PreviewResult struct {
	URL string // as asked
	// Page is the page as loaded: its final URL, status, verdict, reading
	// (Site, Listings, Expected) and SoftBlock. (pages.Result does not
	// carry the page's title yet.) Zero when nothing was loaded.
	Page     pages.Result
	LoadedAt time.Time // zero when nothing was loaded
	// Held is set when nothing was loaded, because the host is standing us
	// down until Until after a wall of kind Wall, or because the user is
	// checking it by hand (ByHand). Words says which, in plain words.
	Held   bool
	Until  time.Time
	Wall   blocks.Kind
	ByHand bool
	Words  string
}

// ErrNotRunning is Preview's error when the engine is not running.
var ErrNotRunning = errors.New("the watcher is not running")

// Preview loads url now and says what is on it, recording nothing in the
// store. The load is a request to url's host under all the usual rules:
// it goes through the host's lane (one request at a time, the gap since
// the host's last one), and while the host is standing us down, or is
// being checked by hand, it returns at once without a request (Held).
// A wall it meets is recorded against the host like any check's; a clean
// page clears the host as a clean check does. An error is a load that
// failed (network, browser) or ctx ending. Safe to call from any goroutine.
func (e *Engine) Preview(ctx context.Context, url string) (PreviewResult, error) {
	host := blocks.HostKey(url)
	if host == "" {
		return PreviewResult{URL: url}, fmt.Errorf("%q is not a web address", url)
	}
	answer := make(chan report, 1)
	v := visit{kind: previewVisit, host: host, url: url, ctx: ctx, answer: answer}
	select {
	case <-e.stopped:
		return PreviewResult{URL: url}, ErrNotRunning
	default:
	}
	e.do(func() { e.enqueue(v) })
	select {
	case r := <-answer:
		return r.preview, r.err
	case <-ctx.Done():
		return PreviewResult{URL: url}, ctx.Err()
	case <-e.stopped:
		return PreviewResult{URL: url}, ErrNotRunning
	}
}

// heldPreview answers a preview that must not go: its host is checked by
// hand or standing us down. ok is false when it may go.
func (e *Engine) heldPreview(v visit, now time.Time) (PreviewResult, bool) {
	p := PreviewResult{URL: v.url, Held: true}
	if e.st.host(v.host).lane.closed {
		p.ByHand = true
		p.Words = "being checked by hand in the open window: close it when you are done, then try again"
		return p, true
	}
	entry, blocked := e.st.registry.Get(v.host)
	if !blocked || !now.Before(entry.NextRetryAt) {
		return PreviewResult{}, false
	}
	p.Until, p.Wall = entry.NextRetryAt, entry.Kind
	p.Words = fmt.Sprintf("waiting until %s, after %s: nothing was loaded, so as not to make it worse",
		words.Clock(entry.NextRetryAt, now, e.d.Location), words.WallAfter(entry.Kind))
	return p, true
}

// judgePreview applies a preview's load to its host as a check's would be
// (DESIGN.md, "The cycle", rule 4), and nothing else: no search is
// touched, nothing goes to the store.
func (e *Engine) judgePreview(r report) PreviewResult {
	now := e.d.Clock.Now()
	p := PreviewResult{URL: r.visit.url, Page: r.result, LoadedAt: now}
	host, hs := r.host(), e.st.host(r.host())
	switch outcomeOf(r) {
	case interrupted:
	case hardError:
		err := r.err
		if err == nil {
			err = fmt.Errorf("the site answered %d", r.result.Status)
		}
		e.countError(host, err, now)
	case missingPage:
		hs.errors = 0
	case walled:
		hs.errors = 0
		e.recordWall(host, "", r.result.Verdict, now)
	default: // clean, or a soft block: the host served a page
		e.clearHost(host)
	}
	if r.err == nil {
		e.note(EventInfo, "", host, "previewed a page: "+words.Plural(len(r.result.Listings), "listing", "listings")+" read")
	}
	e.publish()
	return p
}
