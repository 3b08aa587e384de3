package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"rentwatch/internal/testkit"
	"rentwatch/outbox"
	"rentwatch/seen"
)

// TestAppDeliveryFaults is the fault matrix with the real app and every
// kind of channel: desktop pop-ups, email (mailpit), ntfy and a webhook.
// One app runs through the steps; each step puts one channel's server into
// a fault and posts a new room on the site. The room reaches every other
// channel while the fault lasts; a temporary fault (500, 503 with
// Retry-After, 429, a hang, a dropped connection, the mail server down)
// delays only its own channel, which gets the room once the fault clears;
// a permanent one (401, 404) stops only its channel, which the tray says
// and the other channels are told, once, and the room stays queued for it
// (delivered after a restart once the server takes messages again).
// Nothing is lost. Every wait is for an event; the deadlines only bound a
// hang.
func TestAppDeliveryFaults(t *testing.T) {
	r := newPushRig(t, true, true)
	steps := []struct {
		name string
		run  func(t *testing.T)
		top  bool // starts what later steps use: runs in the test itself, not a subtest
	}{
		{"ntfy answers 500", func(t *testing.T) { r.temporary(t, r.Ntfy, "ntfy", testkit.Fault{Status: 500}) }, false},
		{"the webhook answers 503 with Retry-After", r.retryAfter, false},
		{"ntfy answers 429", func(t *testing.T) { r.temporary(t, r.Ntfy, "ntfy", testkit.Fault{Status: 429}) }, false},
		{"the webhook hangs", r.hang, false},
		{"ntfy drops the connection", func(t *testing.T) { r.temporary(t, r.Ntfy, "ntfy", testkit.Fault{Drop: true}) }, false},
		{"the mail server is down", r.mailDown, false},
		{"ntfy refuses with 401", r.ntfyRefused, false},
		{"after a restart ntfy gets what it was owed", r.restartDelivers, true},
		{"the webhook answers 404", r.hookGone, false},
		{"nothing was lost, and each stop was told once", r.tally, false},
	}
	for _, st := range steps {
		begun := time.Now()
		if st.top {
			st.run(t)
		} else if !t.Run(st.name, st.run) {
			return // each step builds on the one before
		}
		t.Logf("%-50s %v", st.name, time.Since(begun).Round(10*time.Millisecond))
	}
}

// temporary puts srv (the channel named name) into fault f for one
// request and posts a room: every other channel gets it; the faulty one
// gets it on its retry. It returns the faulty request and the delivery.
func (r *pushRig) temporary(t *testing.T, srv *testkit.PushServer, name string, f testkit.Fault) (fault, retry testkit.PushRequest) {
	t.Helper()
	srv.Fail(f, 1)
	room := r.Post(t)
	r.WaitReach(t, room.Title, testkit.Except(r.Channels(), name)...)
	r.WaitReach(t, room.Title, testkit.PushChannel(name, srv))
	reqs := forRoom(srv.Requests(), room.Title)
	if len(reqs) != 2 || reqs[0].Delivered() || !reqs[1].Delivered() {
		t.Fatalf("%s got %d request(s) for the room, want the faulty one and its retry:\n%s", name, len(reqs), srv.Log())
	}
	if reqs[1].At.Before(reqs[0].Ended) {
		t.Errorf("the retry came before the fault's answer:\n%s", srv.Log())
	}
	return reqs[0], reqs[1]
}

// forRoom is the requests carrying title, in order.
func forRoom(reqs []testkit.PushRequest, title string) []testkit.PushRequest {
	var out []testkit.PushRequest
	for _, q := range reqs {
		if strings.Contains(q.Title+"\n"+q.Text, title) {
			out = append(out, q)
		}
	}
	return out
}

// retryAfter: the retry waits at least as long as the server asked,
// longer than the app's own first retry (the interval, 10 s).
func (r *pushRig) retryAfter(t *testing.T) {
	const asked = 15 * time.Second
	fault, retry := r.temporary(t, r.Hook, "webhook", testkit.Fault{Status: 503, RetryAfter: fmt.Sprint(int(asked / time.Second))})
	if gap := retry.At.Sub(fault.Ended); gap < asked {
		t.Errorf("the retry came %v after a 503 with Retry-After: %d", gap.Round(time.Millisecond), int(asked/time.Second))
	}
}

// hang: the webhook holds the request without a word; the room reaches
// the other channels while it still hangs (so their sends did not wait
// for it), and the webhook on the retry after the app gave up on it.
func (r *pushRig) hang(t *testing.T) {
	r.Hook.Fail(testkit.Fault{Hang: true}, 1)
	room := r.Post(t)
	testkit.Eventually(t, "the webhook's request hangs", testkit.Patience, func() error {
		if r.Hook.Open() == 0 {
			return fmt.Errorf("no request open:\n%s", r.Hook.Log())
		}
		return nil
	})
	r.WaitReach(t, room.Title, testkit.Except(r.Channels(), "webhook")...)
	// The app gives up on a hung push after 30 s; the others took a
	// cycle's sends, moments.
	if r.Hook.Open() == 0 {
		t.Errorf("the other channels got the room only after the webhook's hung request ended:\n%s", r.Hook.Log())
	}
	r.WaitReach(t, room.Title, r.HookChannel())
}

// mailDown: with mailpit gone the pushes and the pop-up go at once; email
// gets the room once mailpit is back.
func (r *pushRig) mailDown(t *testing.T) {
	failed := strings.Count(r.App.Out.String(), "Failed to send by email")
	r.Mail.Stop()
	room := r.Post(t)
	r.WaitReach(t, room.Title, r.Desktop(), r.NtfyChannel(), r.HookChannel())
	r.App.WaitOutput(t, "Failed to send by email", failed+1)
	r.Mail.Restart(t)
	r.WaitReach(t, room.Title, r.Email())
}

// ntfyRefused: a 401 stops ntfy alone; the tray says what to check, the
// other channels are told, and the room is kept for ntfy.
func (r *pushRig) ntfyRefused(t *testing.T) {
	r.Ntfy.Fail(testkit.Fault{Status: 401}, -1)
	room := r.Post(t)
	others := testkit.Except(r.Channels(), "ntfy")
	r.WaitReach(t, room.Title, others...)
	ntfy := outbox.PushName(r.Ntfy.NtfyURL(testkit.NtfyTopic))
	r.waitStatus(t, ntfy+" stopped: the server said 401", ntfy+" stopped: check the ntfy address")
	r.WaitReach(t, r.stopNotice(r.Ntfy), others...)
	if n := len(forRoom(r.Ntfy.Requests(), room.Title)); n != 1 {
		t.Errorf("ntfy was asked %d times after its 401, want once (a refusal is not retried at once):\n%s", n, r.Ntfy.Log())
	}
}

// stopNotice is the title of the notice that srv's channel stopped.
func (r *pushRig) stopNotice(srv *testkit.PushServer) string {
	if srv == r.Ntfy {
		return outbox.PushName(srv.NtfyURL(testkit.NtfyTopic)) + " stopped"
	}
	return outbox.PushName(srv.WebhookURL(testkit.HookPath)) + " stopped"
}

// waitStatus waits until the tray's status line is line and its tooltip
// holds tip.
func (r *pushRig) waitStatus(t *testing.T, line, tip string) {
	t.Helper()
	testkit.Eventually(t, "the tray says "+line, testkit.Patience, func() error {
		menu := testkit.ReadMenu(t, r.Item)
		tt, err := r.Item.ToolTip()
		switch {
		case err != nil:
			return err
		case len(menu) < 2:
			return fmt.Errorf("menu %s", testkit.Labels(menu))
		case menu[1].Label != line: // under Open rentwatch…
			return fmt.Errorf("status line %q", menu[1].Label)
		case !strings.Contains(tt.Title, tip):
			return fmt.Errorf("tooltip %q", tt.Title)
		}
		return nil
	})
}

// restartDelivers: ntfy takes messages again; the app is restarted (a
// refusal waits for new settings or ten minutes) and ntfy gets the room it
// was owed from its queue, which the stop kept.
func (r *pushRig) restartDelivers(t *testing.T) {
	owed := r.Rooms[len(r.Rooms)-1]
	r.Ntfy.Heal()
	r.NoSecrets(t)
	r.App.Signal(t, syscall.SIGTERM)
	if code := r.App.ExitCode(t); code != 0 {
		t.Fatalf("SIGTERM: exit status %d", code)
	}
	testkit.CheckNoChrome(t, r.Data)
	r.Start(t)
	r.WaitReach(t, owed.Title, r.NtfyChannel())
	testkit.Eventually(t, "the tray says nothing of ntfy any more", testkit.Patience, func() error {
		if st := testkit.ReadMenu(t, r.Item)[0].Label; strings.HasPrefix(st, "Check") {
			return fmt.Errorf("status line %q", st)
		}
		return nil
	})
}

// hookGone: a 404 stops the webhook alone; a room after it reaches the
// other channels and not even a request goes to the webhook.
func (r *pushRig) hookGone(t *testing.T) {
	r.Hook.Fail(testkit.Fault{Status: 404}, -1)
	room := r.Post(t)
	others := testkit.Except(r.Channels(), "webhook")
	r.WaitReach(t, room.Title, others...)
	hook := outbox.PushName(r.Hook.WebhookURL(testkit.HookPath))
	r.waitStatus(t, hook+" stopped: the server said 404", hook+" stopped: check the webhook address")
	r.WaitReach(t, r.stopNotice(r.Hook), others...)
	next := r.Post(t)
	r.WaitReach(t, next.Title, others...)
	if n := len(forRoom(r.Hook.Requests(), next.Title)); n != 0 {
		t.Errorf("the stopped webhook was sent the next room %d time(s):\n%s", n, r.Hook.Log())
	}
}

// tally: after Quit, every room reached every channel but the stopped
// webhook's last two, which its queue holds; each stop was told once on
// each other channel; no log line shows a push URL's secret.
func (r *pushRig) tally(t *testing.T) {
	if err := r.Item.ClickQuit("Quit"); err != nil {
		t.Fatal(err)
	}
	if code := r.App.ExitCode(t); code != 0 {
		t.Fatalf("Quit: exit status %d", code)
	}
	testkit.CheckNoChrome(t, r.Data)
	kept := r.Rooms[len(r.Rooms)-2:]
	r.checkQueues(t, map[string][]string{"webhook": {kept[0].Title, kept[1].Title}})
	for _, c := range r.Channels() {
		delivered, copies := 0, 0
		for _, room := range r.Rooms {
			n := c.Count(t, room.Title)
			if n > 0 {
				delivered++
				copies += n
			} else if c.Name != "webhook" || !slices.Contains(kept, room) {
				t.Errorf("%s never got %q", c.Name, room.Title)
			}
		}
		t.Logf("%-16s %d of %d rooms delivered (%d messages naming them)", c.Name, delivered, len(r.Rooms), copies)
	}
	for _, srv := range []*testkit.PushServer{r.Ntfy, r.Hook} {
		notice := r.stopNotice(srv)
		for _, c := range r.Channels() {
			n := c.Count(t, notice)
			// The notice names the channel as the user reads it ("Webhook
			// (127.0.0.1:PORT) stopped"), the rig as a key ("webhook").
			own := strings.HasPrefix(strings.ToLower(notice), c.Name)
			switch {
			case own && n != 0:
				t.Errorf("%s was told that it stopped (%d)", c.Name, n)
			case !own && n != 1:
				t.Errorf("%q was told %d time(s) by %s, want once", notice, n, c.Name)
			}
		}
	}
	r.NoSecrets(t)
}

// checkQueues reads the stopped app's store: each channel's queue holds
// the titles in want (by channel name), nothing else.
func (r *pushRig) checkQueues(t *testing.T, want map[string][]string) {
	t.Helper()
	store, err := seen.Open(filepath.Join(r.Data, "store"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	ids := []struct{ id, name string }{{"desktop", "desktop pop-ups"},
		{outbox.PushID(r.Ntfy.NtfyURL(testkit.NtfyTopic)), "ntfy"}, {outbox.PushID(r.Hook.WebhookURL(testkit.HookPath)), "webhook"}}
	if r.Mail != nil {
		ids = append(ids, struct{ id, name string }{"email", "email"})
	}
	for _, c := range ids {
		q, err := store.Queue(c.id)
		if err != nil {
			t.Fatal(err)
		}
		titles := []string{}
		for _, a := range q {
			titles = append(titles, a.Title)
		}
		w := append([]string{}, want[c.name]...)
		slices.Sort(titles)
		slices.Sort(w)
		if !slices.Equal(titles, w) {
			t.Errorf("%s's queue holds %q, want %q", c.name, titles, w)
		}
	}
}
