package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"rentwatch/assets"
	"rentwatch/internal/testkit"
	"rentwatch/seen"
	"rentwatch/words"
)

// The real rentwatch binary in a private desktop session: a session bus
// with a StatusNotifierWatcher (what a panel runs) and a notification
// server recording pop-ups, real Chromium loading two fixture sites on
// loopback, a real Badger store in --data. The test reads and clicks the
// tray exactly as a panel does, over D-Bus.

// appInterval is the cycle interval in the test's settings: the floor the
// settings file allows.
const appInterval = 10 * time.Second

// trayRig is the app running in the private session.
type trayRig struct {
	bin      string
	bus      *testkit.Bus
	pops     *testkit.Notifications
	app      *testkit.AppProc
	item     *testkit.TrayItem
	cfg      string
	env      []string
	home     *testkit.Portal // answers with listings
	slow     *testkit.Portal // answers 429 with Retry-After: 120
	homeURL  string
	slowURL  string
	homeName string
	slowName string
}

// startTrayRig sets up the session (XDG_* folders first, then the bus,
// the recorder and the watcher, all before the app) and starts the app.
func startTrayRig(t *testing.T) *trayRig {
	t.Helper()
	r := &trayRig{bin: testkit.AppBinary(t), homeName: "Kamerplein Amsterdam", slowName: "Busy Site Utrecht"}
	r.bus = testkit.StartSessionBus(t)
	t.Setenv("XDG_STATE_HOME", r.bus.Dir)
	r.pops = testkit.RecordNotifications(t, r.bus)
	testkit.StartTrayWatcher(t, r.bus)
	r.home = testkit.StartPortal(t, "127.0.0.2", testkit.CardPage)
	r.slow = testkit.StartPortal(t, "127.0.0.3", testkit.CardPage)
	r.slow.Limit()
	r.homeURL = r.home.Search(t, "/huren/kamers-amsterdam", testkit.AppRooms(2345601, "Damrak", "Kinkerstraat", "Javastraat", "Hoofdweg")...)
	r.slowURL = r.slow.URL + "/huren/kamers-utrecht"
	dir := t.TempDir()
	r.cfg = filepath.Join(dir, "config.toml")
	testkit.WriteAppSettings(t, r.cfg, "10s", testkit.AppSearch{Name: r.homeName, URL: r.homeURL}, testkit.AppSearch{Name: r.slowName, URL: r.slowURL})
	r.env = testkit.AppEnv(t, "DBUS_SESSION_BUS_ADDRESS="+r.bus.Address)
	r.app = testkit.StartApp(t, r.bin, filepath.Join(dir, "data"), r.env, "--config", r.cfg, "--data", filepath.Join(dir, "data"))
	r.item = testkit.WaitTrayItem(t, r.bus, r.app.PID(), testkit.Patience)
	return r
}

func TestAppTray(t *testing.T) {
	r := startTrayRig(t)
	steps := []struct {
		name string
		run  func(t *testing.T)
		soft bool // the steps after it do not depend on it
	}{
		{"baseline: title, tooltip, icon and the whole menu", r.baseline, false},
		{"a second instance on the same data folder refuses to start", r.secondInstance, false},
		{"Open rentwatch…, Add search… and Settings… open the window", r.opensWindow, true},
		{"the 429 host's countdown moves", r.countdown, false},
		{"Check now runs a cycle at once and a new listing pops up", r.checkNow, false},
		{"the start loaded the search page once, not twice", r.oneLoadAtStart, true},
		{"Start at login writes the autostart file and ticks, and back", r.startAtLogin, false},
		{"Pause stops every request and shows Resume", r.pause, false},
		{"Quit exits 0 and leaves the store intact", r.quit, false},
	}
	for _, st := range steps {
		begun := time.Now()
		if !t.Run(st.name, st.run) && !st.soft {
			return // each step builds on the one before
		}
		t.Logf("%-60s %v", st.name, time.Since(begun).Round(10*time.Millisecond))
	}
}

// fixedEntries are the menu's entries besides the searches, in order.
var fixedEntries = []string{"Open rentwatch…", "Check now", "Pause", "Recent listings", "Add search…", "Settings…",
	"Open log", "Start at login", "Quit"}

func (r *trayRig) baseline(t *testing.T) {
	r.app.WaitOutput(t, "msg=baseline", 1)
	r.app.WaitOutput(t, "msg=wall", 1)
	if title, err := r.item.Title(); err != nil || title != "rentwatch" {
		t.Errorf("Title = %q, %v; want rentwatch", title, err)
	}
	// A host standing us down is the "waiting" state.
	r.waitIcon(t, "waiting")
	testkit.Eventually(t, "the tooltip sums up the searches", testkit.Patience, func() error {
		tip, err := r.item.ToolTip()
		// What is wrong comes first: the 429 host makes us wait, named as
		// people call its site (an IP address stays as it is).
		slowSite := words.Site(strings.TrimPrefix(r.slow.URL, "http://"))
		if err == nil && !regexp.MustCompile(`^`+regexp.QuoteMeta(slowSite)+` makes us wait · 2 searches · last check \d\d:\d\d`).MatchString(tip.Title) {
			err = fmt.Errorf("ToolTip title %q", tip.Title)
		}
		return err
	})
	menu := testkit.ReadMenu(t, r.item)
	var labels []string
	for _, e := range menu {
		if e.Label != "---" {
			labels = append(labels, e.Label)
		}
	}
	want := 1 + len(fixedEntries) + 2 // the status line, the fixed entries, one per search
	if len(labels) != want {
		t.Errorf("the menu has %d entries, want %d:\n%s", len(labels), want, testkit.Labels(menu))
	}
	for _, fixed := range fixedEntries {
		if !slices.Contains(labels, fixed) {
			t.Errorf("no %q entry in the menu:\n%s", fixed, testkit.Labels(menu))
		}
	}
	if menu[0].Label != "Open rentwatch…" {
		t.Errorf("the first entry is %q, want Open rentwatch…", menu[0].Label)
	}
	if menu[1].Enabled {
		t.Errorf("the status line %q should be a disabled line", menu[1].Label)
	}
	home, _ := testkit.FindEntry(menu, r.homeName+" — ")
	slow, _ := testkit.FindEntry(menu, r.slowName+" — ")
	if !strings.Contains(home.Label, "nothing new") {
		t.Errorf("the home search reads %q, want it to say nothing new after the baseline", home.Label)
	}
	if !strings.Contains(slow.Label, "slowing down — retrying in") {
		t.Errorf("the 429 search reads %q, want a countdown", slow.Label)
	}
	if !strings.HasPrefix(menu[1].Label, "127.0.0.3 is asking us to slow down — retrying in") {
		t.Errorf("status line %q, want the host that makes us wait", menu[1].Label)
	}
	if as, _ := testkit.FindEntry(menu, "Start at login"); !as.Checkable || as.Checked {
		t.Errorf("Start at login should be an unticked checkbox in a fresh session: %+v", as)
	}
	if recent, _ := testkit.FindEntry(menu, "Recent listings"); len(recent.Children) != 1 ||
		recent.Children[0].Label != "No new listings yet" {
		t.Errorf("Recent listings after a baseline: %+v", recent.Children)
	}
	if got := r.pops.All(); len(got) != 0 {
		t.Errorf("the baseline popped up %d notification(s): %+v", len(got), got)
	}
}

// opensWindow: the menu's window entries open the window's pages in the
// default browser, each with a fresh one-time address (never the key).
func (r *trayRig) opensWindow(t *testing.T) {
	addr := testkit.ReadWindowURL(t, r.app.Data)
	before := len(testkit.AppOpened(t, r.env))
	want := []struct{ path, fragment string }{{"/", ""}, {"/", "add"}, {"/settings", ""}}
	for i, entry := range []string{"Open rentwatch…", "Add search…", "Settings…"} {
		if err := r.item.Click(entry); err != nil {
			t.Fatal(err)
		}
		testkit.Eventually(t, entry+" opens the window", testkit.Patience, func() error {
			got := testkit.AppOpened(t, r.env)
			if len(got) < before+i+1 {
				return fmt.Errorf("opened %q", got)
			}
			if wrong := testkit.WindowLink(got[before+i], addr, want[i].path, want[i].fragment); wrong != "" {
				t.Fatalf("%s: %s", entry, wrong)
			}
			return nil
		})
	}
}

func (r *trayRig) secondInstance(t *testing.T) {
	second := testkit.StartApp(t, r.bin, r.app.Data, r.env, "run", "--config", r.cfg, "--data", r.app.Data)
	if code := second.ExitCode(t); code == 0 {
		t.Errorf("a second instance exited 0; output:\n%s", second.Out)
	}
	if out := second.Out.String(); !strings.Contains(out, "rentwatch is already running") {
		t.Errorf("a second instance said:\n%s\nwant it to say rentwatch is already running", out)
	}
	items, err := testkit.RegisteredTrayItems(testkit.Connect(t, r.bus))
	if err != nil || len(items) != 1 {
		t.Errorf("tray items after a second start: %q, %v; want the first app's only", items, err)
	}
}

var countdownRe = regexp.MustCompile(`retrying in (\d+ min \d\d s)$`)

func (r *trayRig) countdown(t *testing.T) {
	// The countdown ticks while the menu is open, as a panel says it is.
	if err := r.item.Open(); err != nil {
		t.Fatal(err)
	}
	read := func() (string, error) {
		e, ok := testkit.FindEntry(testkit.ReadMenu(t, r.item), r.slowName+" — ")
		m := countdownRe.FindStringSubmatch(e.Label)
		if !ok || m == nil {
			return "", fmt.Errorf("the 429 search reads %q, want a countdown", e.Label)
		}
		return m[1], nil
	}
	first, err := read()
	if err != nil {
		t.Fatal(err)
	}
	var second string
	testkit.Eventually(t, "the countdown moves on from "+first, testkit.Patience, func() error {
		if second, err = read(); err == nil && second == first {
			err = fmt.Errorf("still %s", second)
		}
		return err
	})
	// Retry-After: 120 is the floor; the first step of the 429 ladder is 2 min ±15%.
	var m, s int
	fmt.Sscanf(second, "%d min %d s", &m, &s)
	if left := time.Duration(m)*time.Minute + time.Duration(s)*time.Second; left < 60*time.Second || left > 140*time.Second {
		t.Errorf("the countdown reads %s; want about two minutes (Retry-After: 120)", second)
	}
}

func (r *trayRig) checkNow(t *testing.T) {
	// Wait for a scheduled cycle to load the home page, so the next
	// scheduled one is a whole interval away: a load soon after the click
	// can only be the click's.
	last := r.home.LastRequest()
	testkit.Eventually(t, "a scheduled cycle", testkit.Patience, func() error {
		if r.home.RequestsSince(last.Add(time.Millisecond)) == 0 {
			return fmt.Errorf("no request since %s", last.Format("15:04:05.000"))
		}
		return nil
	})
	// Let it finish (the icon is back to waiting on the 429 host); were the
	// click to land in it all the same, Check now would run right after it.
	r.waitIcon(t, "waiting")
	room := testkit.Room{ID: 2345699, Title: "Sunny room by the Amstel", Street: "Amstel", Area: "Oost", Price: 745}
	r.home.Post(r.homeURL, room)
	clicked := time.Now()
	mark := len(r.app.Out.String())
	if err := r.item.Click("Check now"); err != nil {
		t.Fatal(err)
	}
	var pop testkit.Notification
	testkit.Eventually(t, "a pop-up names the new listing", testkit.Patience, func() error {
		for _, n := range r.pops.All() {
			if strings.Contains(n.Summary+" "+n.Body, room.Title) {
				pop = n
				return nil
			}
		}
		return fmt.Errorf("pop-ups so far: %+v", r.pops.All())
	})
	took := time.Since(clicked)
	if r.home.RequestsSince(clicked) == 0 {
		t.Errorf("a pop-up came but the site saw no request after the click")
	}
	// The click's own cycle found it, not a scheduled one: the engine says
	// it checks at once, as asked, before it finds the listing. (The log
	// reaches us through a pipe: it may come after the pop-up.)
	r.app.WaitOutput(t, `msg="new listings"`, strings.Count(r.app.Out.String()[:mark], `msg="new listings"`)+1)
	after := r.app.Out.String()[mark:]
	asked, found := strings.Index(after, `msg="Checking now, as asked"`), strings.Index(after, `msg="new listings"`)
	if asked < 0 || found < asked {
		t.Errorf("the listing was not found by a cycle Check now started; the app's output since the click:\n%s", after)
	}
	t.Logf("click to pop-up: %v; pop-up %q / %q", took.Round(time.Millisecond), pop.Summary, pop.Body)
	if pop.App != "rentwatch" {
		t.Errorf("the pop-up's app name is %q, want rentwatch", pop.App)
	}
	testkit.Eventually(t, "Recent listings shows it", testkit.Patience, func() error {
		recent, _ := testkit.FindEntry(testkit.ReadMenu(t, r.item), "Recent listings")
		if len(recent.Children) == 0 || !strings.Contains(recent.Children[0].Label, room.Title) {
			return fmt.Errorf("Recent listings: %+v", recent.Children)
		}
		return nil
	})
}

// oneLoadAtStart: by the end of checkNow a whole interval has passed
// since the first load; the site should have seen one load in it.
func (r *trayRig) oneLoadAtStart(t *testing.T) {
	loads := r.home.Loads(r.homeURL)
	if len(loads) < 2 {
		t.Fatalf("the search page was loaded %d time(s); checkNow waits for two", len(loads))
	}
	if gap := loads[1].Sub(loads[0]); gap < appInterval*8/10 {
		t.Errorf("the app loaded the search page twice at start, %v apart (a second cycle at once); "+
			"a site should see one load per interval:\n%s", gap.Round(time.Millisecond), r.home.Log())
	}
}

func (r *trayRig) startAtLogin(t *testing.T) {
	// StartSessionBus pointed XDG_CONFIG_HOME at the session's folder.
	desktop := filepath.Join(r.bus.Dir, "autostart", "rentwatch.desktop")
	for _, on := range []bool{true, false} {
		if err := r.item.Click("Start at login"); err != nil {
			t.Fatal(err)
		}
		testkit.Eventually(t, fmt.Sprintf("Start at login ticked=%v", on), testkit.Patience, func() error {
			e, _ := testkit.FindEntry(testkit.ReadMenu(t, r.item), "Start at login")
			if e.Checked != on {
				return fmt.Errorf("entry %+v", e)
			}
			return nil
		})
		text, err := os.ReadFile(desktop)
		switch {
		case on && (err != nil || !strings.Contains(string(text), fmt.Sprintf("\nExec=%q\n", r.bin))):
			t.Errorf("ticked, the autostart file reads %q, %v; want Exec=%q", text, err, r.bin)
		case !on && !errors.Is(err, fs.ErrNotExist):
			t.Errorf("unticked, the autostart file is still there: %v", err)
		}
	}
}

func (r *trayRig) pause(t *testing.T) {
	if err := r.item.Click("Pause"); err != nil {
		t.Fatal(err)
	}
	var since time.Time
	testkit.Eventually(t, "Pause becomes Resume", testkit.Patience, func() error {
		menu := testkit.ReadMenu(t, r.item)
		if _, ok := testkit.FindEntry(menu, "Resume"); !ok {
			return fmt.Errorf("menu:\n%s", testkit.Labels(menu))
		}
		since = time.Now()
		return nil
	})
	r.waitIcon(t, "paused")
	if cn, _ := testkit.FindEntry(testkit.ReadMenu(t, r.item), "Check now"); cn.Enabled {
		t.Errorf("Check now stays clickable while paused")
	}
	time.Sleep(appInterval*11/10 + 1500*time.Millisecond) // past the latest a jittered cycle could come
	if n := r.home.RequestsSince(since) + r.slow.RequestsSince(since); n != 0 {
		t.Errorf("paused at %s, the sites still got %d request(s):\n%s%s", since.Format("15:04:05.000"), n,
			r.home.Log(), r.slow.Log())
	}
	if st := testkit.ReadMenu(t, r.item)[1].Label; !strings.HasPrefix(st, "Paused") { // [0] is Open rentwatch…
		t.Errorf("status line while paused: %q", st)
	}
}

func (r *trayRig) quit(t *testing.T) {
	want := r.home.Read(t, r.homeURL) // the page as it stands, the new room included
	if err := r.item.ClickQuit("Quit"); err != nil {
		t.Fatal(err)
	}
	if code := r.app.ExitCode(t); code != 0 {
		t.Fatalf("Quit: exit status %d", code)
	}
	testkit.CheckNoChrome(t, r.app.Data)
	if strings.Contains(r.app.Out.String(), "panic") {
		t.Errorf("the app's output mentions a panic:\n%s", r.app.Out)
	}
	store, err := seen.Open(filepath.Join(r.app.Data, "store"))
	if err != nil {
		t.Fatalf("reopen the store after Quit: %v", err)
	}
	defer store.Close()
	snap, ok, err := store.Snapshot(r.homeURL)
	if err != nil || !ok {
		t.Fatalf("the home search's snapshot after Quit: ok=%v, %v", ok, err)
	}
	for _, l := range want {
		if _, ok := snap.Listings[l.ID]; !ok {
			t.Errorf("listing %s (%s) is not in the stored snapshot %v", l.ID, l.Title, snap.Listings)
		}
	}
	if len(snap.Listings) != len(want) {
		t.Errorf("stored snapshot holds %d listings, the page %d", len(snap.Listings), len(want))
	}
}

func (r *trayRig) waitIcon(t *testing.T, state string) {
	t.Helper()
	waitIcon(t, r.item, state)
}

// waitIcon waits until the icon on the bus is the state's icon from
// assets, pixel for pixel.
func waitIcon(t *testing.T, item *testkit.TrayItem, state string) {
	t.Helper()
	want := testkit.IconARGB(t, assets.TrayPNG(state))
	testkit.Eventually(t, fmt.Sprintf("the %q icon", state), testkit.Patience, func() error {
		px, err := item.IconPixmap()
		if err != nil {
			return err
		}
		if len(px) != 1 || !bytes.Equal(px[0].Pix, want) {
			return fmt.Errorf("IconPixmap is %d image(s), not the %q icon", len(px), state)
		}
		return nil
	})
}
