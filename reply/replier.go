package reply

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"rentwatch/config"
	"rentwatch/listing"
)

// ErrOff is a reply to a listing whose search no longer answers its
// listings (auto-reply turned off, or the search removed, since the
// listing was found): nothing is sent, and that is no failure.
var ErrOff = errors.New("auto-reply is off for this search")

// Replier answers the app's listings: it makes each message from the
// settings in force at that moment and sends it through the watcher's
// browser. When to reply, and whether at all (once per listing, after the
// alert), is the engine's. Safe for concurrent use.
type Replier struct {
	browser  Browser
	settings func() config.Settings
}

// NewReplier returns a Replier over the watcher's browser. settings is
// called at each reply, so an edit (auto-reply turned off, a new message)
// counts at once.
func NewReplier(b Browser, settings func() config.Settings) *Replier {
	return &Replier{browser: b, settings: settings}
}

// Reply answers the listing of a with its search's message, in the turns
// lane gives on the listing's host; beforeSend is Reply.BeforeSend. It
// returns ErrOff when the search no longer replies, and otherwise what
// Send returns.
func (r *Replier) Reply(ctx context.Context, a listing.Alert, lane Lane, beforeSend func() error) (Result, error) {
	s := r.settings()
	sr, ok := s.SearchByURL(a.SearchURL)
	if !ok || !sr.Reply {
		return Result{}, ErrOff
	}
	rep, err := fromSettings(s, s.MessageFor(sr))
	if err != nil {
		return Result{}, fmt.Errorf("search %q: %w", sr.Name, err)
	}
	rep.Values = config.MessageValues{Title: a.Title, Price: a.Price, Place: a.Place, URL: a.URL, Name: rep.Name}
	rep.BeforeSend = beforeSend
	return Send(ctx, r.browser, a.URL, rep, lane)
}

// DryRun fills in the contact form of listingURL as a reply would, takes
// a screenshot and sends nothing; Result.Lacking says what would stop the
// send. The message is the search's with URL searchURL, or, for "", the
// [reply] message; the listing's title and price come from its page.
func (r *Replier) DryRun(ctx context.Context, listingURL, searchURL string, lane Lane) (Result, error) {
	s := r.settings()
	tmpl := ""
	if s.Reply != nil {
		tmpl = s.Reply.Message
	}
	if searchURL != "" {
		sr, ok := s.SearchByURL(searchURL)
		if !ok {
			return Result{}, fmt.Errorf("no search with the address %s", searchURL)
		}
		tmpl = s.MessageFor(sr)
	}
	rep, err := fromSettings(s, tmpl)
	if err != nil {
		return Result{}, err
	}
	rep.Values = config.MessageValues{URL: listingURL, Name: rep.Name}
	rep.DryRun = true
	return Send(ctx, r.browser, listingURL, rep, lane)
}

// fromSettings is a Reply of tmpl with the user's details from s.
func fromSettings(s config.Settings, tmpl string) (Reply, error) {
	if strings.TrimSpace(tmpl) == "" { // Validate refuses this for a search that replies
		return Reply{}, errors.New("no message to send: write one under Auto-reply in the settings ([reply] message)")
	}
	var me config.Reply
	if s.Reply != nil {
		me = *s.Reply
	}
	return Reply{Template: tmpl, Name: me.Name, Email: me.Email, Phone: me.Phone, Consent: me.Consent}, nil
}
