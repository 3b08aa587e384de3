package reply

import (
	"bytes"
	"context"
	"errors"
	"image/png"
	"net/url"
	"strings"
	"testing"
	"time"

	"rentwatch/blocks"
	"rentwatch/config"
	"rentwatch/internal/testkit"
	"rentwatch/reply/recipe"
)

// TestSend answers each form variant of the loopback portal and holds the
// outcome to what reached the portal: sent only when the portal got the
// message and answered it well; a form it cannot complete is reported with
// the fields it lacks, and nothing leaves.
func TestSend(t *testing.T) {
	const ip = "127.0.0.7"
	portal := startPortal(t, ip)
	b := newBrowser(t)
	msg := "Hallo,\n\nIk ben Sam. Is de kamer nog vrij?"
	me := Reply{Message: msg, Name: "Sam Jansen", Email: "sam@example.com", Phone: "+31 6 12345678"}
	noPhone := Reply{Message: msg, Name: "Sam Jansen", Email: "sam@example.com"}
	withTitle := me
	withTitle.Message, withTitle.Template = "", "Hallo, ik ben {name}. Is {title} nog vrij?"
	withTitle.Values = config.MessageValues{Name: "Sam"}
	withConsent := me
	withConsent.Consent = true
	form := url.Values{"message": {msg}, "name": {"Sam Jansen"}, "email": {"sam@example.com"}, "phone": {"+31 6 12345678"}, "website": {""}}
	plus := func(k, v string) url.Values {
		out := url.Values{}
		for key, val := range form {
			out[key] = val
		}
		out.Set(k, v)
		return out
	}

	tests := []struct {
		variant  string
		reply    Reply
		wantErr  error       // errors.Is; nil: sent
		wantWall blocks.Kind // a *WallError of this kind
		errHas   string      // in the error's text
		posts    int         // messages the portal must have received
		wantPost url.Values  // the one it received
		before   int         // BeforeSend calls
		confirm  bool        // the portal's confirmation was seen
	}{
		{variant: "inline", reply: me, posts: 1, wantPost: form, before: 1, confirm: true},
		{variant: "contact", reply: me, posts: 1, before: 1, confirm: true,
			wantPost: url.Values{"message": {msg}, "name": {"Sam Jansen"}, "email": {"sam@example.com"}, "phone": {"+31 6 12345678"}}},
		{variant: "consent", reply: me, wantErr: ErrIncomplete,
			errHas: `a tick in "Ik ga akkoord met de algemene voorwaarden van Kamernet": to let rentwatch tick required boxes, allow it`},
		{variant: "consent", reply: withConsent, posts: 1, wantPost: plus("terms", "yes"), before: 1, confirm: true},
		{variant: "select", reply: withConsent, wantErr: ErrIncomplete,
			errHas: `a choice in "Ik ben" (3 options): rentwatch picks from a list only when it has a single option`},
		{variant: "oneoption", reply: me, posts: 1, wantPost: plus("kind", "room"), before: 1, confirm: true},
		{variant: "login", reply: me, wantErr: ErrNeedsLogin},
		{variant: "phone", reply: noPhone, wantErr: ErrIncomplete,
			errHas: `your phone number ("Telefoonnummer"): add your phone number under Auto-reply in the settings`},
		{variant: "phone", reply: me, posts: 1, wantPost: form, before: 1, confirm: true},
		{variant: "checked", reply: me, wantErr: ErrNotSent, errHas: "nothing left the browser", before: 1},
		// A body-less POST to the site on the click is not the form.
		{variant: "session", reply: me, wantErr: ErrNotSent, errHas: "nothing left the browser", before: 1},
		// Nor is an event naming the listing that the page posts on the
		// click, though it holds the message's longest word (the title's).
		{variant: "tracked", reply: withTitle, wantErr: ErrNotSent, errHas: "nothing left the browser", before: 1},
		{variant: "postbusy", reply: me, wantWall: blocks.RateLimited, posts: 1, before: 1},
		{variant: "broken", reply: me, wantErr: ErrUnsure, errHas: "500", posts: 1, before: 1},
		{variant: "silent", reply: me, posts: 1, wantPost: form, before: 1},
		// A thank-you in an alert box of the form is no error.
		{variant: "thanks", reply: me, posts: 1, wantPost: form, before: 1},
		// The portal checked the form on the server and gave it back with
		// an error: it reached the portal, which did not take it.
		{variant: "invalid", reply: me, wantErr: ErrRefused, posts: 1, wantPost: form, before: 1,
			errHas: "the portal took the form back with an error: \"Je bericht aan de verhuurder\" is marked wrong; Je bericht is te kort"},
		{variant: "busy", reply: me, wantWall: blocks.RateLimited},
	}
	for i, tc := range tests {
		t.Run(tc.variant, func(t *testing.T) {
			listing := portal.Post(room(1000+i, tc.variant))
			before, sideBefore := len(portal.Sent()), portal.SidePosts()
			calls := 0
			r := tc.reply
			r.BeforeSend = func() error { calls++; return nil }
			res, err := Send(context.Background(), b, listing, r, Direct)
			checkErr(t, err, tc.wantErr, tc.wantWall, tc.errHas)
			posts := portal.Sent()[before:]
			if len(posts) != tc.posts {
				t.Fatalf("the portal received %d messages, want %d: %v", len(posts), tc.posts, posts)
			}
			if tc.wantPost != nil && !sameValues(posts[0].Values, tc.wantPost) {
				t.Errorf("the portal received %v, want %v", posts[0].Values, tc.wantPost)
			}
			if side := portal.SidePosts(); (tc.variant == "session" || tc.variant == "tracked") && side == sideBefore {
				t.Errorf("the page posted nothing besides its form: the case tests nothing")
			}
			if calls != tc.before {
				t.Errorf("BeforeSend called %d times, want %d", calls, tc.before)
			}
			if sent := tc.wantErr == nil && tc.wantWall == ""; res.Sent != sent || res.Confirmed != tc.confirm {
				t.Errorf("result: Sent %v, Confirmed %v; want %v, %v (err %v)", res.Sent, res.Confirmed, sent, tc.confirm, err)
			}
		})
	}
}

func checkErr(t *testing.T, err, wantErr error, wantWall blocks.Kind, errHas string) {
	t.Helper()
	var wall *WallError
	switch {
	case wantWall != "":
		if !errors.As(err, &wall) || wall.Verdict.Kind != wantWall {
			t.Fatalf("error = %v, want a %s *WallError", err, wantWall)
		}
		if wall.Host == "" || wall.Verdict.RetryAfter == 0 {
			t.Errorf("wall = %+v, want its host and the site's Retry-After", wall)
		}
	case wantErr == nil:
		if err != nil {
			t.Fatalf("Send: %v", err)
		}
	case !errors.Is(err, wantErr):
		t.Fatalf("error = %v, want %v", err, wantErr)
	}
	if errHas != "" && (err == nil || !strings.Contains(err.Error(), errHas)) {
		t.Errorf("error %q does not say %q", err, errHas)
	}
}

// TestSendWhatCannotGo: a listing taken off the portal, a recipe that no
// longer matches, and a BeforeSend that says no: none sends anything.
func TestSendWhatCannotGo(t *testing.T) {
	const ip = "127.0.0.11"
	portal := startPortal(t, ip)
	b := newBrowser(t)
	r := Reply{Message: "Is de kamer nog vrij?", Name: "Sam"}

	gone := portal.Post(room(1, "inline"))
	portal.Remove(1)
	_, err := Send(context.Background(), b, gone, r, Direct)
	if !errors.Is(err, ErrGone) || !strings.Contains(err.Error(), "404") || errors.Is(err, ErrStale) {
		t.Errorf("a removed listing: %v, want ErrGone naming the 404", err)
	}

	stop := errors.New("replied to before")
	r.BeforeSend = func() error { return stop }
	_, err = Send(context.Background(), b, portal.Post(room(2, "inline")), r, Direct)
	if !errors.Is(err, stop) {
		t.Errorf("BeforeSend's refusal: %v", err)
	}

	// The portal renamed its message field: the recipe no longer matches.
	changed := "127.0.0.12"
	other := testkit.StartReplyPortal(t, changed, "../testdata/replysite")
	rc, _ := recipe.For("https://kamernet.nl/x-1")
	rc.Sites, rc.Message, rc.Wait = []string{changed}, []string{`textarea[name="body"]`}, 2*time.Second
	remove, err := recipe.Register(rc)
	if err != nil {
		t.Fatal(err)
	}
	defer remove()
	r.BeforeSend = nil
	_, err = Send(context.Background(), b, other.Post(room(3, "inline")), r, Direct)
	if !errors.Is(err, ErrStale) || !strings.Contains(err.Error(), `textarea[name=\"body\"]`) {
		t.Errorf("a changed form: %v, want ErrStale naming the field", err)
	}
	if n := len(portal.Sent()) + len(other.Sent()); n != 0 {
		t.Errorf("%d messages sent", n)
	}
}

// TestDryRun fills the form in, takes a screenshot, sends nothing, says
// which required fields stay empty, and makes the message with the title
// and price on the listing's page.
func TestDryRun(t *testing.T) {
	const ip = "127.0.0.13"
	portal := startPortal(t, ip)
	b := newBrowser(t)
	r := Reply{Template: "Hallo, ik ben {name}. Is {title} ({price}) nog vrij?", Values: config.MessageValues{Name: "Sam"},
		Name: "Sam", DryRun: true, BeforeSend: func() error { t.Error("BeforeSend called in a dry run"); return nil }}
	rm := room(7, "select")
	res, err := Send(context.Background(), b, portal.Post(rm), r, Direct)
	if err != nil {
		t.Fatalf("Send: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(res.Screenshot))
	if err != nil {
		t.Fatalf("the screenshot is not a PNG (%d bytes): %v", len(res.Screenshot), err)
	}
	if r := img.Bounds(); r.Dx() < 200 || r.Dy() < 200 {
		t.Errorf("screenshot is %v, want a whole page", r)
	}
	if want := "Hallo, ik ben Sam. Is " + rm.Title + " (€ 707,-) nog vrij?"; res.Message != want {
		t.Errorf("message %q, want %q", res.Message, want)
	}
	if len(res.Lacking) != 1 || res.Lacking[0].String() != `a choice in "Ik ben" (3 options)` {
		t.Errorf("Lacking = %+v, want the list \"Ik ben\"", res.Lacking)
	}
	if strings.Join(res.Filled, ",") != "message,name" || res.Sent {
		t.Errorf("Filled = %v, Sent = %v", res.Filled, res.Sent)
	}
	time.Sleep(300 * time.Millisecond) // a stray send would have landed by now
	if n := len(portal.Sent()); n != 0 {
		t.Errorf("a dry run sent %d messages", n)
	}
}

func TestSendRefusesBeforeTheBrowser(t *testing.T) {
	tests := []struct {
		url     string
		r       Reply
		wantErr error
	}{
		{"https://www.funda.nl/detail/huur/amsterdam/appartement-x/43123456/", Reply{Message: "hi"}, recipe.ErrUnsupported},
		{"ftp://kamernet.nl/x", Reply{Message: "hi"}, recipe.ErrBadURL},
		{"https://kamernet.nl/huren/kamer-amsterdam/damrak/kamer-2345678", Reply{Message: " \r\n\x00 "}, nil},
	}
	lane := func(context.Context, func(context.Context) error) error {
		t.Error("the lane was asked for")
		return nil
	}
	for _, tc := range tests {
		_, err := Send(context.Background(), nil, tc.url, tc.r, lane)
		if err == nil || tc.wantErr != nil && !errors.Is(err, tc.wantErr) {
			t.Errorf("Send(%s) = %v, want %v", tc.url, err, tc.wantErr)
		}
		if tc.wantErr == nil && err != nil && !strings.Contains(err.Error(), "message is empty") {
			t.Errorf("Send with a blank message = %v", err)
		}
	}
}
