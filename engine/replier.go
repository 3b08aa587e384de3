package engine

import (
	"context"
	"fmt"
	"strings"
	"time"

	"rentwatch/config"
	"rentwatch/listing"
	"rentwatch/pages"
)

// The replier lives here, not in pages/ or the app: what to answer, and
// whether at all, is the reply phase's decision (the search's settings,
// at most once per listing), which the engine owns; pages/ only fills and
// sends a form it is given, and knows nothing of settings or the store.

// ReplyBrowser fills and sends a listing's contact form; *pages.Browser is
// one.
type ReplyBrowser interface {
	Reply(ctx context.Context, listingURL string, r pages.Reply) (pages.ReplyResult, error)
}

// ReplyLedger remembers which listings were answered; *seen.Store is one.
type ReplyLedger interface {
	Replied(listingID string) (bool, error)
	MarkReplied(listingID string, at time.Time) error
}

// replier is a Replier: it answers a new listing for the user when its
// search has reply = true, through the portal's recipe in the watcher's
// browser. The engine calls it after the alert went out, one reply at a
// time, so Replied-then-MarkReplied below needs no lock.
type replier struct {
	browser  ReplyBrowser
	ledger   ReplyLedger
	settings func() config.Settings // the settings in force now
}

// NewReplier builds the Replier for Deps.Replier. settings is called at
// each reply, so an edit to the file (turning reply off) counts at once.
func NewReplier(b ReplyBrowser, ledger ReplyLedger, settings func() config.Settings) Replier {
	return &replier{browser: b, ledger: ledger, settings: settings}
}

// Reply sends the auto-reply for one alert. It returns ErrNoReply
// when the alert's search has auto-reply off (or is gone from the settings)
// and when the listing was replied to before; any other error is a failed
// reply, for the engine to log and show. A *pages.WallError in the chain is
// a wall met at the listing's host.
//
// At most once, ever: the listing is marked replied in the store right
// before the send button is clicked (pages.Reply.BeforeSend), not after
// the portal confirms it. A crash, a lost connection or a missing
// confirmation after the click can then cost this listing its reply, but
// never send a landlord the same message twice. Failures before the click
// (a wall, a login, a stale recipe) leave the listing unmarked.
func (r *replier) Reply(ctx context.Context, a listing.Alert) error {
	s := r.settings()
	sr, ok := s.SearchByURL(a.SearchURL)
	if !ok || !sr.Reply {
		return ErrNoReply
	}
	done, err := r.ledger.Replied(a.ID)
	if err != nil {
		return err
	}
	if done {
		return ErrNoReply
	}
	tmpl := s.MessageFor(sr)
	if strings.TrimSpace(tmpl) == "" { // Validate refuses this; a hand-built Settings may not
		return fmt.Errorf("search %q has reply on but no message", sr.Name)
	}
	var me config.Reply
	if s.Reply != nil {
		me = *s.Reply
	}
	msg := config.RenderMessage(tmpl, config.MessageValues{
		Title: a.Title, Price: a.Price, Place: a.Place, URL: a.URL, Name: me.Name})
	_, err = r.browser.Reply(ctx, a.URL, pages.Reply{
		Message: msg, Name: me.Name, Email: me.Email, Phone: me.Phone,
		BeforeSend: func() error { return r.ledger.MarkReplied(a.ID, time.Now()) },
	})
	if err != nil {
		return fmt.Errorf("reply to %s: %w", a.URL, err)
	}
	return nil
}
