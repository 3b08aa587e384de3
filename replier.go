package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"rentwatch/config"
	"rentwatch/engine"
	"rentwatch/pages"
	"rentwatch/seen"
)

// replier is the engine's Replier: it answers a new listing for the user
// when its search has reply = true, through the portal's recipe in the
// watcher's browser. The engine calls it after the alert went out, one
// reply at a time, so Replied-then-MarkReplied below needs no lock.
type replier struct {
	browser  *pages.Browser
	store    *seen.Store
	settings func() config.Settings // the settings in force now
}

// newReplier builds the Replier for engine.Deps.Replier. settings is called
// at each reply, so an edit to the file (turning reply off) counts at once.
func newReplier(b *pages.Browser, store *seen.Store, settings func() config.Settings) *replier {
	return &replier{browser: b, store: store, settings: settings}
}

// Reply sends the auto-reply for one alert. It returns engine.ErrNoReply
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
func (r *replier) Reply(ctx context.Context, a seen.Alert) error {
	s := r.settings()
	sr, ok := s.SearchByURL(a.Search)
	if !ok || !sr.Reply {
		return engine.ErrNoReply
	}
	done, err := r.store.Replied(a.ListingID)
	if err != nil {
		return err
	}
	if done {
		return engine.ErrNoReply
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
		BeforeSend: func() error { return r.store.MarkReplied(a.ListingID, time.Now()) },
	})
	if err != nil {
		return fmt.Errorf("reply to %s: %w", a.URL, err)
	}
	return nil
}
