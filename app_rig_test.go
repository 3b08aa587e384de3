package main

import (
	"bytes"
	"fmt"
	"html/template"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"rentwatch/internal/testkit"
	"rentwatch/pages"
)

// The rig for the tests of the real app (app_*_test.go): the rentwatch
// binary built once per test run, a fixture rental site on a loopback
// address of its own, and the app as a child process whose output the
// test can wait on.

// appBinDir holds the binary for this test run; TestMain removes it.
var appBinDir string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "rentwatch-apptest-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	appBinDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

var appBuild struct {
	once sync.Once
	path string
	err  error
}

// appBinary builds the real rentwatch once per test run (the first test
// that needs it pays), without -race: the tray library races with itself.
func appBinary(t *testing.T) string {
	t.Helper()
	if appRaceEnabled {
		t.Skip("the tray library (fyne.io/systray) races with itself: the app's D-Bus tests run without -race")
	}
	if testing.Short() {
		t.Skip("the real app with Chromium and D-Bus takes tens of seconds")
	}
	appBuild.once.Do(func() {
		p := filepath.Join(appBinDir, "rentwatch")
		out, err := exec.Command("go", "build", "-o", p, ".").CombinedOutput()
		if err != nil {
			appBuild.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
		appBuild.path = p
	})
	if appBuild.err != nil {
		t.Fatal(appBuild.err)
	}
	return appBuild.path
}

// appRoom is one listing on the fixture site.
type appRoom struct {
	ID            int
	Title, Street string
	Area          string
	Price         int
}

var appPage = template.Must(template.ParseFiles(filepath.Join("testdata", "app", "search.html.tmpl")))

// appPortal is a rental site on its own loopback address (so the app's
// per-host backoff sees a host of its own). It serves search pages by
// path, with relative links only, and counts every request it gets.
type appPortal struct {
	URL string // http://127.0.0.x:PORT

	// mu guards the fields below.
	mu       sync.Mutex
	rooms    map[string][]appRoom // by search path
	limited  bool                 // answer 429 with Retry-After: 120 to everything
	requests []appRequest         // every request, pages or not
}

func startAppPortal(t *testing.T, ip string) *appPortal {
	t.Helper()
	l, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Fatalf("listen on %s: %v", ip, err)
	}
	p := &appPortal{rooms: map[string][]appRoom{}}
	srv := &httptest.Server{Listener: l, Config: &http.Server{Handler: http.HandlerFunc(p.serve)}}
	srv.Start()
	t.Cleanup(srv.Close)
	p.URL = srv.URL
	return p
}

func (p *appPortal) serve(w http.ResponseWriter, r *http.Request) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.requests = append(p.requests, appRequest{time.Now(), r.URL.RequestURI()})
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if p.limited {
		w.Header().Set("Retry-After", "120")
		w.WriteHeader(http.StatusTooManyRequests)
		fmt.Fprint(w, `<!DOCTYPE html><html><head><title>429 Too Many Requests</title></head>`+
			`<body><h1>Too Many Requests</h1><p>Please try again later.</p></body></html>`)
		return
	}
	page, ok := p.page(r.URL.Path)
	if !ok {
		http.NotFound(w, r)
		return
	}
	_, _ = w.Write(page)
}

// page renders a search page as it stands; p.mu must be held.
func (p *appPortal) page(path string) ([]byte, bool) {
	rooms, ok := p.rooms[path]
	if !ok {
		return nil, false
	}
	var b bytes.Buffer
	err := appPage.Execute(&b, struct {
		City, Slug string
		Rooms      []appRoom
	}{"Amsterdam", "amsterdam", rooms})
	return b.Bytes(), err == nil
}

// search adds a search page at path and returns its URL. It fails the
// test when the generic reader does not find every room on it: the
// fixture must stay readable for the rest of the test to mean anything.
func (p *appPortal) search(t *testing.T, path string, rooms []appRoom) string {
	t.Helper()
	p.mu.Lock()
	p.rooms[path] = rooms
	p.mu.Unlock()
	u := p.URL + path
	if got := p.read(t, u); len(got) != len(rooms) {
		t.Fatalf("the generic reader finds %d listings on the fixture page, want %d: %+v", len(got), len(rooms), got)
	}
	return u
}

// read is what the generic reader makes of a search page as it stands.
func (p *appPortal) read(t *testing.T, pageURL string) []pages.Listing {
	t.Helper()
	p.mu.Lock()
	page, ok := p.page(strings.TrimPrefix(pageURL, p.URL))
	p.mu.Unlock()
	if !ok {
		t.Fatalf("no search page at %s", pageURL)
	}
	return pages.Read(pageURL, page).Listings
}

// post puts a new room at the top of a search page, as a site does.
func (p *appPortal) post(pageURL string, room appRoom) {
	p.mu.Lock()
	defer p.mu.Unlock()
	path := strings.TrimPrefix(pageURL, p.URL)
	p.rooms[path] = append([]appRoom{room}, p.rooms[path]...)
}

// limit makes the host answer 429 with Retry-After: 120 from now on.
func (p *appPortal) limit() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.limited = true
}

// requestsSince counts the requests that came at or after since.
func (p *appPortal) requestsSince(since time.Time) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for _, r := range p.requests {
		if !r.at.Before(since) {
			n++
		}
	}
	return n
}

// pageLoads is when the search page at pageURL was requested.
func (p *appPortal) pageLoads(pageURL string) []time.Time {
	p.mu.Lock()
	defer p.mu.Unlock()
	var at []time.Time
	for _, r := range p.requests {
		if p.URL+r.path == pageURL {
			at = append(at, r.at)
		}
	}
	return at
}

// appRequest is one request a fixture site got.
type appRequest struct {
	at   time.Time
	path string
}

// log is every request so far, one per line, for failure messages.
func (p *appPortal) log() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var b strings.Builder
	for _, r := range p.requests {
		fmt.Fprintf(&b, "%s %s\n", r.at.Format("15:04:05.000"), r.path)
	}
	return b.String()
}

// lastRequest is when the last request came; zero if none did.
func (p *appPortal) lastRequest() time.Time {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.requests) == 0 {
		return time.Time{}
	}
	return p.requests[len(p.requests)-1].at
}

func appRooms(first int, streets ...string) []appRoom {
	out := make([]appRoom, len(streets))
	for i, s := range streets {
		out[i] = appRoom{ID: first + i, Title: "Room " + s, Street: strings.ToLower(strings.ReplaceAll(s, " ", "-")),
			Area: "West", Price: 650 + 40*i}
	}
	return out
}

// appSearch is one [[search]] block of a settings file.
type appSearch struct{ Name, URL string }

// writeAppSettings writes a settings file by hand, in the key names of
// DESIGN.md (the contract), the way a user or a script would.
func writeAppSettings(t *testing.T, path, interval string, searches ...appSearch) {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "version = 1\ninterval = %q\n", interval)
	for _, s := range searches {
		fmt.Fprintf(&b, "\n[[search]]\nname = %q\nurl = %q\nenabled = true\n", s.Name, s.URL)
	}
	writeAppFile(t, path, b.String())
}

// writeAppFile replaces a file the way an editor saving it does: a new
// file renamed over the old, so a watcher never reads it half written.
func writeAppFile(t *testing.T, path, text string) {
	t.Helper()
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
}

// appOutput collects a child's stderr; safe for concurrent use.
type appOutput struct {
	// mu guards b.
	mu sync.Mutex
	b  bytes.Buffer
}

func (o *appOutput) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.b.Write(p)
}

func (o *appOutput) String() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.b.String()
}

// appProc is the real app running as a child process.
type appProc struct {
	cmd     *exec.Cmd
	out     *appOutput // stdout and stderr together
	done    chan struct{}
	waitErr error
	Data    string // its --data folder
}

// appEnv is the environment the app runs in: the test's own (with the
// XDG_* folders pointing at temporary ones), no display (nothing may open
// a window on the desktop of whoever runs the tests), real Chromium, and
// extra (e.g. DBUS_SESSION_BUS_ADDRESS).
func appEnv(t *testing.T, extra ...string) []string {
	t.Helper()
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "RENTWATCH_CONFIG", "RENTWATCH_DATA":
			continue
		}
		env = append(env, kv)
	}
	env = append(env, "RENTWATCH_CHROME="+testkit.Chromium(t))
	return append(env, extra...)
}

// startApp runs bin with args in env; it is killed by PID when the test
// ends if it is still running.
func startApp(t *testing.T, bin, data string, env []string, args ...string) *appProc {
	t.Helper()
	a := &appProc{cmd: exec.Command(bin, args...), out: &appOutput{}, done: make(chan struct{}), Data: data}
	a.cmd.Env = env
	a.cmd.Stdout, a.cmd.Stderr = a.out, a.out
	if err := a.cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", bin, err)
	}
	go func() { a.waitErr = a.cmd.Wait(); close(a.done) }()
	t.Cleanup(func() {
		select {
		case <-a.done:
		default:
			_ = a.cmd.Process.Kill()
			<-a.done
			// Killed, the app cannot close its Chromium: kill what it
			// started on its own profile, so nothing outlives the test.
			for _, pid := range chromesOf(data) {
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
		}
		if t.Failed() {
			t.Logf("the app's output:\n%s", a.out)
		}
	})
	return a
}

func (a *appProc) pid() int { return a.cmd.Process.Pid }

// waitOutput waits until the app's output holds s at least n times.
func (a *appProc) waitOutput(t *testing.T, s string, n int, within time.Duration) {
	t.Helper()
	testkit.Eventually(t, fmt.Sprintf("the app logs %q %d time(s)", s, n), within, func() error {
		select {
		case <-a.done:
			return fmt.Errorf("the app exited (%v)", a.waitErr)
		default:
		}
		if got := strings.Count(a.out.String(), s); got < n {
			return fmt.Errorf("seen %d time(s)", got)
		}
		return nil
	})
}

// exitCode waits for the app to exit and returns its status; -1 when it
// was killed by a signal.
func (a *appProc) exitCode(t *testing.T, within time.Duration) int {
	t.Helper()
	select {
	case <-a.done:
	case <-time.After(within):
		t.Fatalf("the app did not exit within %v", within)
	}
	return a.cmd.ProcessState.ExitCode()
}

func (a *appProc) signal(t *testing.T, sig syscall.Signal) {
	t.Helper()
	if err := a.cmd.Process.Signal(sig); err != nil {
		t.Fatalf("signal %v: %v", sig, err)
	}
}

// chromesOf lists the PIDs of processes whose command line names the
// app's browser profile: its Chromium and every Chromium helper.
func chromesOf(dataDir string) []int {
	profile := filepath.Join(dataDir, "chrome-profile")
	entries, _ := os.ReadDir("/proc")
	var pids []int
	for _, e := range entries {
		var pid int
		if _, err := fmt.Sscan(e.Name(), &pid); err != nil {
			continue
		}
		cmdline, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err == nil && bytes.Contains(cmdline, []byte(profile)) {
			pids = append(pids, pid)
		}
	}
	return pids
}

// checkNoChrome fails the test when any Chromium on the app's profile is
// still alive a few seconds after the app exited (helpers take a moment
// to follow their parent). Zombies are not alive.
func checkNoChrome(t *testing.T, dataDir string) {
	t.Helper()
	var left []int
	deadline := time.Now().Add(5 * time.Second)
	for {
		left = left[:0]
		for _, pid := range chromesOf(dataDir) {
			stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
			if err == nil && !bytes.Contains(stat, []byte(") Z ")) {
				left = append(left, pid)
			}
		}
		if len(left) == 0 {
			return
		}
		if time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	for _, pid := range left { // ours: started by the app under test
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
	t.Errorf("Chromium processes left behind on %s: %v", dataDir, left)
}
