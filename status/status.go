// Package status is what `rentwatch status` prints on a machine without a
// tray: the running app's state as its window's API gives it (Fetch), in
// the words the tray would show, one line each (Text).
package status

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"rentwatch/words"
)

// State is the part of the window's GET /api/state (docs/API.md) the
// status shows.
type State struct {
	Status      string     `json:"status"` // the whole watcher in a sentence, as the tray says it
	Overall     string     `json:"overall"`
	Paused      bool       `json:"paused"`
	PausedUntil *time.Time `json:"paused_until"`
	Problem     string     `json:"problem"`
	LastCycle   *time.Time `json:"last_cycle"`
	NextCycle   *time.Time `json:"next_cycle"`
	// Awake says that rentwatch keeps the computer from sleeping now
	// ("" when it does not).
	Awake    string    `json:"awake,omitempty"`
	Searches []Search  `json:"searches"`
	Channels []Channel `json:"channels"`
}

// Search is one saved search in State.
type Search struct {
	Name      string     `json:"name"`
	Site      string     `json:"site"`
	Enabled   bool       `json:"enabled"`
	Status    string     `json:"status"`
	Words     string     `json:"words"`
	Until     *time.Time `json:"until"`
	NextCheck *time.Time `json:"next_check"`
	LastError string     `json:"last_error"`
	NeedsUser bool       `json:"needs_user"`
}

// Channel is one way alerts go out in State.
type Channel struct {
	Name   string `json:"name"`
	State  string `json:"state"`
	Words  string `json:"words"`
	Queued int    `json:"queued"`
}

// Fetch asks the rentwatch whose window is at addr (window.url's address,
// as window.Find returns it, token included) for its state. It returns
// the document as the API sent it too, for --json.
func Fetch(ctx context.Context, addr string) (State, json.RawMessage, error) {
	u, err := url.Parse(addr)
	if err != nil || u.Scheme != "http" || u.Hostname() != "127.0.0.1" {
		return State{}, nil, fmt.Errorf("%q is not an address rentwatch writes (http://127.0.0.1:PORT/?token=…)", addr)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+u.Host+"/api/state", nil)
	if err != nil {
		return State{}, nil, err
	}
	req.Header.Set("X-API-Key", u.Query().Get("token"))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return State{}, nil, fmt.Errorf("ask rentwatch for its state: %w", err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, 8<<20))
	if err != nil {
		return State{}, nil, fmt.Errorf("read rentwatch's state: %w", err)
	}
	if res.StatusCode != http.StatusOK {
		return State{}, nil, fmt.Errorf("rentwatch's window answered %s to a question about its state", res.Status)
	}
	var s State
	if err := json.Unmarshal(body, &s); err != nil {
		return State{}, nil, fmt.Errorf("read rentwatch's state: %w", err)
	}
	return s, body, nil
}

// Text is s as the tray would show it at now, clocks in loc: the state of
// the whole, what is wrong, each search with its state and next check,
// then each channel. It is pure.
func Text(s State, now time.Time, loc *time.Location) string {
	var b strings.Builder
	fmt.Fprintf(&b, "rentwatch: %s\n", words.Clean(s.Status))
	if s.Problem != "" && s.Problem != s.Status {
		fmt.Fprintf(&b, "Trouble: %s\n", words.Clean(s.Problem))
	}
	if s.Awake != "" {
		fmt.Fprintf(&b, "%s\n", words.Clean(s.Awake))
	}
	if s.NextCycle != nil && !s.Paused {
		fmt.Fprintf(&b, "Next round of checks: %s\n", when(*s.NextCycle, now, loc))
	}
	b.WriteString("\nSearches:\n")
	if len(s.Searches) == 0 {
		b.WriteString("  none yet: add one with `rentwatch searches add URL` or in the window (`rentwatch open`)\n")
	}
	for _, sr := range s.Searches {
		fmt.Fprintf(&b, "  %s — %s\n", searchName(sr), searchLine(sr, s.Paused, now, loc))
	}
	b.WriteString("\nAlerts go to:\n")
	for _, c := range s.Channels {
		fmt.Fprintf(&b, "  %s — %s\n", words.Clean(c.Name), words.Clean(c.Words))
	}
	if len(s.Channels) == 0 {
		// A box without a desktop shows no pop-ups: without email or a
		// push channel every listing found waits, unseen, for one.
		b.WriteString("  nowhere yet: new listings wait until you set up email or a phone channel (`rentwatch open`, Settings)\n")
	}
	return b.String()
}

func searchName(sr Search) string {
	if n := words.Clean(sr.Name); n != "" {
		return n
	}
	return words.Clean(sr.Site)
}

// searchLine is a search's state and, while it is watched, when it is
// checked next (a site's wait when it has one).
func searchLine(sr Search, paused bool, now time.Time, loc *time.Location) string {
	line := words.Clean(sr.Words)
	if line == "" {
		line = sr.Status
	}
	switch {
	case !sr.Enabled || paused:
		return line
	case sr.Until != nil && sr.Until.After(now):
		return line + "; tried again " + when(*sr.Until, now, loc)
	case sr.NextCheck != nil:
		return line + "; next check " + when(*sr.NextCheck, now, loc)
	}
	return line
}

// when is "in 4 min 02 s (14:06)", or "now" for a time already here.
func when(t, now time.Time, loc *time.Location) string {
	if !t.After(now) {
		return "now"
	}
	return "in " + words.Countdown(t.Sub(now)) + " (" + words.Clock(t, now, loc) + ")"
}
