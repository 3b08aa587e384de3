package outbox

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"
)

func TestPopUpsFor(t *testing.T) {
	alert := func(search, title string) Alert {
		return Alert{SearchName: search, Title: title, Price: "€ 900", Place: "West"}
	}
	tests := []struct {
		name  string
		batch []Alert
		want  []popUp
	}{
		{"one listing", []Alert{alert("Funda", "Flat & <garden>")},
			[]popUp{{"New listing: Funda", "Flat &amp; &lt;garden&gt; · € 900 · West"}}},
		{"line breaks flattened", []Alert{alert("Funda", "a\r\nb"), alert("Funda", "c")},
			[]popUp{{"2 new listings: Funda", "a b · € 900 · West\nc · € 900 · West"}}},
		{"more than three listings", []Alert{alert("F", "1"), alert("F", "2"), alert("F", "3"), alert("F", "4"), alert("F", "5")},
			[]popUp{{"5 new listings: F", "1 · € 900 · West\n2 · € 900 · West\n3 · € 900 · West\nand 2 more"}}},
		{"three searches: one each", []Alert{alert("A", "1"), alert("B", "2"), alert("C", "3")},
			[]popUp{{"New listing: A", "1 · € 900 · West"}, {"New listing: B", "2 · € 900 · West"}, {"New listing: C", "3 · € 900 · West"}}},
		{"four searches: one summary", []Alert{alert("A", "1"), alert("B<", "2"), alert("C", "3"), alert("D", "4"), alert("A", "5")},
			[]popUp{{"5 new listings on 4 searches", "A: 2 new\nB&lt;: 1 new\nC: 1 new\nD: 1 new"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := popUpsFor(tt.batch)
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("popUpsFor =\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
	long := popUpsFor([]Alert{alert("F", strings.Repeat("x", 5000))})
	if n := len([]rune(long[0].Body)); n > maxPopUpBody {
		t.Errorf("body is %d runes, cap is %d", n, maxPopUpBody)
	}
}

// TestDeliverWithoutEmail: without email the pop-up is the delivery, so its
// failure is the delivery's failure; a listing whose pop-up went out does
// not pop up again when its batch is retried.
func TestDeliverWithoutEmail(t *testing.T) {
	down := errors.New("no notification server")
	batch := hostileBatch(time.Now())
	o := New(nil, nil)
	steps := []struct {
		name      string
		batch     []Alert
		fail      error
		wantPops  int
		wantError bool
	}{
		{"server down: the delivery fails", batch, down, 2, true},
		{"retry: both pop up", batch, nil, 2, false},
		{"retry again: nothing new to show", batch, nil, 0, false},
		{"one more listing on a known search", append(batch, Alert{SearchName: batch[0].SearchName, ListingID: "3", Title: "new"}), nil, 1, false},
	}
	for _, st := range steps {
		pop := &recordingPop{fail: st.fail}
		o.pop = pop
		err := o.Deliver(context.Background(), st.batch)
		if (err != nil) != st.wantError || st.fail != nil && !errors.Is(err, st.fail) {
			t.Errorf("step %q: Deliver = %v", st.name, err)
		}
		if len(pop.got) != st.wantPops {
			t.Errorf("step %q: %d pop-ups, want %d: %q", st.name, len(pop.got), st.wantPops, pop.got)
		}
	}
}

// TestPopUpOnceWhileEmailFails: the pop-up goes out at once, the email's
// failure is returned, and the engine's retry does not repeat the pop-up.
func TestPopUpOnceWhileEmailFails(t *testing.T) {
	s := EmailSettings{To: "a@x.test", Username: "me@x.test", Host: "127.0.0.1", Port: freePort(t), Security: "tls", Password: "pw"}
	pop := &recordingPop{}
	o := New(&s, pop)
	for try := 1; try <= 3; try++ {
		if err := o.Deliver(context.Background(), hostileBatch(time.Now())); err == nil || IsPermanent(err) {
			t.Errorf("try %d: Deliver = %v, want a temporary failure", try, err)
		}
	}
	if len(pop.got) != 2 {
		t.Errorf("%d pop-ups over three tries, want 2 (once per search)", len(pop.got))
	}
}

// notification is one Notify call the recorder saw.
type notification struct {
	App, Summary, Body string
	HasImage           bool
}

// notificationRecorder owns org.freedesktop.Notifications on a private
// session bus and records every Notify call.
type notificationRecorder struct {
	mu  sync.Mutex // guards got
	got []notification
}

func (r *notificationRecorder) Notify(app string, replaces uint32, icon, summary, body string,
	actions []string, hints map[string]dbus.Variant, timeout int32) (uint32, *dbus.Error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	_, img := hints["image-data"]
	r.got = append(r.got, notification{app, summary, body, img})
	return uint32(len(r.got)), nil
}

func (r *notificationRecorder) GetCapabilities() ([]string, *dbus.Error) {
	return []string{"body", "body-markup"}, nil
}

func (r *notificationRecorder) GetServerInformation() (string, string, string, string, *dbus.Error) {
	return "recorder", "rentwatch-test", "1", "1.2", nil
}

func (r *notificationRecorder) CloseNotification(uint32) *dbus.Error { return nil }

func (r *notificationRecorder) take() []notification {
	r.mu.Lock()
	defer r.mu.Unlock()
	got := r.got
	r.got = nil
	return got
}

// startSessionBus runs a private dbus-daemon, killed by PID at cleanup, and
// points this process at it.
func startSessionBus(t *testing.T) string {
	t.Helper()
	bin := needTool(t, "dbus-daemon")
	dir := t.TempDir()
	for _, v := range []string{"XDG_RUNTIME_DIR", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"} {
		t.Setenv(v, dir)
	}
	addr := "unix:path=" + filepath.Join(dir, "bus")
	cmd := exec.Command(bin, "--session", "--nofork", "--nopidfile", "--address="+addr)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("start dbus-daemon: %v", err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", addr)
	for i := 0; i < 100; i++ {
		if _, err := os.Stat(filepath.Join(dir, "bus")); err == nil {
			return addr
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("dbus-daemon did not make its socket in 2s")
	return ""
}

func startRecorder(t *testing.T, addr string) *notificationRecorder {
	t.Helper()
	conn, err := dbus.Connect(addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	rec := &notificationRecorder{}
	const path, name = "/org/freedesktop/Notifications", "org.freedesktop.Notifications"
	if err := conn.Export(rec, path, name); err != nil {
		t.Fatal(err)
	}
	reply, err := conn.RequestName(name, dbus.NameFlagDoNotQueue)
	if err != nil || reply != dbus.RequestNameReplyPrimaryOwner {
		t.Fatalf("own %s: %v %v", name, reply, err)
	}
	return rec
}

// TestDesktopPopUps sends real pop-ups through beeep over a private
// session bus and reads back what the notification server got.
func TestDesktopPopUps(t *testing.T) {
	rec := startRecorder(t, startSessionBus(t))
	tests := []struct {
		name  string
		batch []Alert
		want  []notification
	}{
		{"one search, page markup escaped", hostileBatch(time.Now())[:2], []notification{{
			App: "rentwatch", Summary: "2 new listings: WG-Gesucht Berlin Köpenick", HasImage: true,
			Body: "Zimmer in Niederschöneweide – 650 € Bcc: evil@attacker.test &lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; · 650 € · Niederschöneweide\nSneaky link · 500 €"}}},
		{"four searches give one summary", []Alert{{SearchName: "A"}, {SearchName: "B"}, {SearchName: "C"}, {SearchName: "D & E"}}, []notification{{
			App: "rentwatch", Summary: "4 new listings on 4 searches", HasImage: true,
			Body: "A: 1 new\nB: 1 new\nC: 1 new\nD &amp; E: 1 new"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := New(nil, nil).Deliver(context.Background(), tt.batch); err != nil {
				t.Fatalf("Deliver: %v", err)
			}
			if got := rec.take(); fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("notifications\n%+v\nwant\n%+v", got, tt.want)
			}
		})
	}
}
