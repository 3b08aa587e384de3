// Package outbox delivers alerts on the user's channels: native desktop
// pop-ups, email over SMTP (always encrypted) and phone or chat pushes
// through shoutrrr URLs (ntfy, Telegram, Gotify, a webhook, ...). Each
// channel sends one message per batch and says, per channel, whether the
// message got through and whether a failure is for good; the queues that
// hold what each channel still owes live in seen/.
package outbox

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"rentwatch/listing"
)

// The things a click on a pop-up (or a push) can open.
const (
	OpenWeb    = "web"    // Action.URL in the default browser (http and https only)
	OpenManual = "manual" // the check-by-hand window for the search at Action.URL
)

// Action is what clicking a message opens; the zero Action opens nothing.
type Action struct {
	Kind string // OpenWeb or OpenManual
	URL  string
}

// Notice is something that needs the user, told once per episode on every
// channel: a site that wants a check by hand, email failing for a while, a
// channel stopped by a refusal. Key names the episode: a Key told before
// is not told again.
type Notice struct {
	Key         string
	Title, Body string
	Open        Action
	// CheckPage is the window's page where the check by hand it asks for
	// can be passed from any browser; when set, the email's and the push's
	// link goes there instead of to Open's site (a pop-up's click still
	// does Open: on the desktop, the real browser window).
	CheckPage string
	// Skip is the id of a channel not to tell (the one whose trouble the
	// notice is about: it could not deliver it anyway); "" tells all.
	Skip string
	// Reminder: a nudge, not news (close the window of a check by hand).
	// In a message that carries listings it comes after them and never
	// in the subject: new rooms are what the user opens a message for. It
	// is taken back (Withdraw) once it no longer applies.
	Reminder bool
}

// Message is one delivery on one channel: the listings a channel still owes
// (several make one message, never a burst) and the notices it has not
// told yet.
type Message struct {
	Alerts  []listing.Alert
	Notices []Notice

	// listings is the window's Listings page, where a message that names
	// only the first of many listings (maxShown) sends the user for the
	// rest; each channel of the Outbox sets it from SetListingsLink.
	listings string
}

// inOrder is the message's notices in the order they are told: those
// that lead (before the listings, the first one in the subject) and those
// that follow the listings (reminders, when there are listings: see
// Notice.Reminder).
func (m Message) inOrder() (lead, after []Notice) {
	for _, n := range m.Notices {
		if n.Reminder && len(m.Alerts) > 0 {
			after = append(after, n)
		} else {
			lead = append(lead, n)
		}
	}
	return lead, after
}

// Channel is one way of reaching the user. Send returns nil only once the
// message got through (the SMTP server's 250, the push service's 2xx, the
// pop-up handed to the desktop); a failure tells, through Verdict, whether
// it is for good. Send is called for one message at a time per channel.
type Channel interface {
	// ID is the channel's stable key, the name of its queue: it holds no
	// secret ("email", "desktop", "push-<hash of the URL>").
	ID() string
	// Name is the channel in the user's words, with no secret in it.
	Name() string
	// Kind is what sort of channel it is, for the words that say what to
	// check when it fails: KindDesktop, KindEmail, or a push URL's service
	// as its scheme names it ("ntfy", "telegram", KindWebhook, ...;
	// KindPush for a URL with no scheme).
	Kind() Kind
	Send(ctx context.Context, m Message) error
}

// Notifier shows a desktop pop-up. title is plain text; body is already
// escaped for the notification server's markup. Notify returns once the
// pop-up is handed over, with an error when it could not be; it may be
// called from several goroutines at once. A Notifier that can open
// something when the pop-up is clicked also implements Clicker.
type Notifier interface {
	Notify(title, body string) error
}

// Clicker is a Notifier whose pop-ups open open when clicked.
type Clicker interface {
	NotifyClick(title, body string, open Action) error
}

// Outbox holds the user's channels. Make one with New: the zero Outbox has
// nothing to pop up with. Its methods are safe for concurrent use; set
// Logf before the first send. Nothing needs closing: every email dials and
// closes its own connection.
type Outbox struct {
	// Logf, if set, hears what is worth a log line. Never given a password
	// or a push URL.
	Logf func(format string, args ...any)

	pop Notifier
	now func() time.Time
	// noPopUps: this computer shows no pop-ups, so there is no desktop
	// channel (SetPopUps).
	noPopUps bool

	// mu guards the fields below.
	mu       sync.Mutex
	email    *EmailSettings
	push     []*pushChannel
	notices  map[string][]Notice // by channel id: told, not yet delivered there
	episodes keyRing             // notice keys told
	wake     func()
	notes    []string // lines for the next email, kept until one is sent
	listings string   // the window's Listings page; "" without a window
}

// maxNotes bounds the lines kept for the next email: if email keeps
// failing, the oldest notes make way.
const maxNotes = 20

// New makes an Outbox. A nil email means no email channel; a nil pop means
// the system's notifications through beeep.
func New(email *EmailSettings, pop Notifier) *Outbox {
	if pop == nil {
		pop = Desktop{}
	}
	o := &Outbox{pop: pop, now: time.Now, notices: map[string][]Notice{}}
	o.SetEmail(email)
	return o
}

// SetEmail puts new email settings in force for the next delivery; nil
// means no email channel (its queue is then dropped by the engine).
func (o *Outbox) SetEmail(email *EmailSettings) {
	var e *EmailSettings
	if email != nil {
		c := *email // the caller may change theirs; ours stays as given
		e = &c
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	o.email = e
}

// SetListingsLink gives the address of the window's Listings page ("" for
// none): a message with more listings than it names in full says the rest
// are there.
func (o *Outbox) SetListingsLink(u string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.listings = u
}

// withListings is m with the Listings page set.
func (o *Outbox) withListings(m Message) Message {
	o.mu.Lock()
	defer o.mu.Unlock()
	m.listings = o.listings
	return m
}

func (o *Outbox) emailSettings() *EmailSettings {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.email
}

// SetPush puts the push URLs in force (a URL the same as before keeps its
// channel and queue; a new one starts with an empty queue). A URL that
// shoutrrr does not take still makes a channel, which fails for good with
// the reason, so the user hears of it where they look.
func (o *Outbox) SetPush(urls []string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	var next []*pushChannel
	for _, u := range urls {
		id := PushID(u)
		if slices.ContainsFunc(next, func(c *pushChannel) bool { return c.id == id }) {
			continue // the same URL twice is one channel
		}
		i := slices.IndexFunc(o.push, func(c *pushChannel) bool { return c.id == id })
		if i >= 0 {
			next = append(next, o.push[i])
		} else {
			c := newPushChannel(u)
			c.o = o
			next = append(next, c)
		}
	}
	nameApart(next)
	o.push = next
}

// SetPopUps says whether this computer shows desktop pop-ups (PopUpsHere);
// without, there is no desktop channel: one that can never deliver would
// hold a queue of every listing, and fail, and say so, for ever.
func (o *Outbox) SetPopUps(shown bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.noPopUps = !shown
	if o.noPopUps {
		delete(o.notices, "desktop")
	}
}

// Channels are the channels in force: the desktop's pop-ups (where the
// computer shows them), email when set, then each push URL in the
// settings' order.
func (o *Outbox) Channels() []Channel {
	o.mu.Lock()
	defer o.mu.Unlock()
	var out []Channel
	if !o.noPopUps {
		out = append(out, desktopChannel{o})
	}
	if o.email != nil {
		out = append(out, emailChannel{o})
	}
	for _, p := range o.push {
		out = append(out, p)
	}
	return out
}

// SetWake registers f, called (on its own goroutine) when a notice was
// told, so whoever delivers runs at once.
func (o *Outbox) SetWake(f func()) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.wake = f
}

// Tell queues n on every channel in force (but n.Skip), once per episode:
// a Key told before is dropped. Notices wait in memory: one that did not
// get out before a quit is told again by the engine, which finds the
// trouble still there.
func (o *Outbox) Tell(n Notice) {
	o.mu.Lock()
	if n.Key == "" || !o.episodes.add(n.Key) {
		o.mu.Unlock()
		return
	}
	var ids []string
	if !o.noPopUps {
		ids = append(ids, "desktop")
	}
	if o.email != nil {
		ids = append(ids, "email")
	}
	for _, p := range o.push {
		ids = append(ids, p.id)
	}
	for _, id := range ids {
		if id != n.Skip {
			o.notices[id] = append(o.notices[id], n)
		}
	}
	wake := o.wake
	o.mu.Unlock()
	if wake != nil {
		go wake()
	}
}

// Withdraw takes back the notice with key from every channel that has
// not told it yet: a reminder to close a window the user has closed
// since must not reach the phone afterwards. It stays told (Tell drops
// the key), since its episode is over.
func (o *Outbox) Withdraw(key string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for id, ns := range o.notices {
		o.notices[id] = slices.DeleteFunc(ns, func(n Notice) bool { return n.Key == key })
	}
}

// Notices returns what the channel has yet to tell, oldest first.
func (o *Outbox) Notices(channel string) []Notice {
	o.mu.Lock()
	defer o.mu.Unlock()
	return slices.Clone(o.notices[channel])
}

// Told records that the channel delivered the notices with these keys.
func (o *Outbox) Told(channel string, keys []string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.notices[channel] = slices.DeleteFunc(o.notices[channel], func(n Notice) bool { return slices.Contains(keys, n.Key) })
}

// Forget drops what channels no longer in force were still to tell.
func (o *Outbox) Forget(keep []string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for id := range o.notices {
		if !slices.Contains(keep, id) {
			delete(o.notices, id)
		}
	}
}

// Note adds a line to the next alert email, such as an auto-reply that
// failed. It is kept until an email has been sent; without email it is
// dropped (the log has it).
func (o *Outbox) Note(line string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.email == nil {
		return
	}
	o.notes = append(o.notes, line)
	if len(o.notes) > maxNotes {
		o.notes = o.notes[len(o.notes)-maxNotes:]
	}
}

// takeNotes returns the pending notes; sent reports that they went out
// (then they are forgotten).
func (o *Outbox) takeNotes() (notes []string, sent func()) {
	o.mu.Lock()
	defer o.mu.Unlock()
	notes = slices.Clone(o.notes)
	return notes, func() {
		o.mu.Lock()
		defer o.mu.Unlock()
		o.notes = o.notes[min(len(notes), len(o.notes)):]
	}
}

// Deliver sends one batch on every channel in force at once and returns
// the first failure, after every channel has had its try. The engine
// delivers channel by channel from their queues instead; this is for
// callers with no queue.
func (o *Outbox) Deliver(ctx context.Context, batch []listing.Alert) error {
	if len(batch) == 0 {
		return nil
	}
	var wg sync.WaitGroup
	chans := o.Channels()
	errs := make([]error, len(chans))
	for i, c := range chans {
		wg.Go(func() { errs[i] = c.Send(ctx, Message{Alerts: batch}) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return fmt.Errorf("%s: %w", chans[i].Name(), err)
		}
	}
	return nil
}

// IsPermanent reports whether err is a delivery failure that will repeat
// until the user changes something.
func IsPermanent(err error) bool {
	p, _ := Verdict(err)
	return p
}

// keyRing remembers the last maxEpisodes notice keys told.
type keyRing struct {
	keys  map[string]bool
	order []string
}

const maxEpisodes = 500

// add records key and reports whether it is new.
func (r *keyRing) add(key string) bool {
	if r.keys[key] {
		return false
	}
	if r.keys == nil {
		r.keys = map[string]bool{}
	}
	r.keys[key] = true
	r.order = append(r.order, key)
	if len(r.order) > maxEpisodes {
		delete(r.keys, r.order[0])
		r.order = r.order[1:]
	}
	return true
}

// errNoEmail is what the email channel says when it has no settings: only
// reachable when the settings went away while a send was starting.
var errNoEmail = errors.New("no email settings")
