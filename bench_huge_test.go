//go:build linux

package main

import (
	"bytes"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rentwatch/internal/testkit"
)

// BenchmarkAppHugePage runs the real app (built into a temporary folder)
// on two sites: host A, whose search page turns into one of 100,000
// listings (18 MB), and host B, an ordinary page where a room goes up the
// moment A's huge page is asked for. Email goes to mailpit, pushes to an
// ntfy server on loopback. It reports: the email about A (its size, and
// when it arrived after A's page was asked for), when B's room reached the
// email, when A was asked again (its cycle as host A sees it), the app's
// peak RSS (VmHWM) and the peak PSS of its Chrome.
//
// With RENTWATCH_BASELINE set to a git revision, that revision is
// measured first and then the working tree, in the same run (the machine
// is shared: only a same-run comparison means anything).
//
//	RENTWATCH_BASELINE=27ea4f6 go test -run '^$' -bench AppHugePage -benchtime 1x -timeout 40m -v .
//	go test -run '^$' -bench AppHugePage -benchtime 1x -timeout 30m -v .   # this tree only
func BenchmarkAppHugePage(b *testing.B) {
	if testing.Short() {
		b.Skip("runs the real app with Chromium on a page of 100,000 listings")
	}
	type build struct{ name, bin string }
	var builds []build
	if rev := os.Getenv("RENTWATCH_BASELINE"); rev != "" {
		builds = append(builds, build{"baseline", buildRevision(b, rev)})
	}
	builds = append(builds, build{"tree", buildRevision(b, "")})
	for _, bd := range builds {
		b.Run(bd.name, func(b *testing.B) {
			for b.Loop() {
				r := runHugePage(b, bd.name, bd.bin)
				b.ReportMetric(r.emailMB, "email-A-MB")
				b.ReportMetric(r.aEmail.Seconds(), "s-A-asked-to-email")
				b.ReportMetric(r.bEmail.Seconds(), "s-B-room-to-email")
				b.ReportMetric(r.aAgain.Seconds(), "s-A-asked-to-asked-again")
				b.ReportMetric(r.rssMB, "app-peak-RSS-MB")
				b.ReportMetric(r.chromeMB, "chrome-peak-PSS-MB")
				b.ReportMetric(r.stop.Seconds(), "s-to-stop")
			}
		})
	}
}

type hugeSample struct {
	emailMB                float64
	aEmail, bEmail, aAgain time.Duration
	rssMB, chromeMB        float64
	stop                   time.Duration // from SIGINT to exit
}

// benchSite is one search page on a loopback address of its own, drawn
// in testkit.ListPage's markup, with the times it was asked for.
type benchSite struct {
	URL  string
	page atomic.Pointer[[]byte]
	mu   sync.Mutex
	asks []time.Time
	huge chan time.Time // the first ask once the page is huge
	big  atomic.Bool
}

func startBenchSite(b *testing.B, ip string) *benchSite {
	b.Helper()
	l, err := net.Listen("tcp", ip+":0")
	if err != nil {
		b.Fatal(err)
	}
	s := &benchSite{huge: make(chan time.Time, 1)}
	srv := &httptest.Server{Listener: l, Config: &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/huren" {
			http.NotFound(w, r)
			return
		}
		now := time.Now()
		s.mu.Lock()
		s.asks = append(s.asks, now)
		s.mu.Unlock()
		if s.big.Load() {
			select {
			case s.huge <- now:
			default:
			}
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write(*s.page.Load())
	})}}
	srv.Start()
	b.Cleanup(srv.Close)
	s.URL = srv.URL + "/huren"
	return s
}

// set draws the page with rooms titled prefix 0..n-1, newest first, and
// extra (titles) on top.
func (s *benchSite) set(prefix string, n int, extra ...string) {
	var buf bytes.Buffer
	buf.WriteString(`<!DOCTYPE html><html lang="nl"><head><meta charset="utf-8"><title>Kamers</title></head><body>` +
		`<header><nav><a href="/">Kamerplein</a> <a href="/over">Over ons</a></nav></header><main><ul class="results">` + "\n")
	room := func(id int, title string) {
		fmt.Fprintf(&buf, "<li class=\"listing\" data-id=\"%d\">\n <a href=\"/kamer/%d\"><h2>%s</h2></a>\n <span class=\"price\">€ %d per maand</span> <span class=\"place\">West</span>\n</li>\n",
			id, id, title, 600+id%500)
	}
	for i, t := range extra {
		room(9000000+i, t)
	}
	for i := range n {
		room(5000000+i, fmt.Sprintf("%s %d", prefix, i))
	}
	buf.WriteString(`</ul></main><footer><a href="/privacy">Privacy</a></footer></body></html>`)
	page := buf.Bytes()
	s.page.Store(&page)
}

func (s *benchSite) askedAfter(t time.Time) (time.Time, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, a := range s.asks {
		if a.After(t) {
			return a, true
		}
	}
	return time.Time{}, false
}

func runHugePage(b *testing.B, name, bin string) hugeSample {
	b.Helper()
	a, bs := startBenchSite(b, "127.0.0.2"), startBenchSite(b, "127.0.0.3")
	a.set("Kamer A", 3)
	bs.set("Kamer B", 3)
	mail := testkit.StartMailpit(b)
	ntfy := testkit.StartPushServer(b)
	dir := b.TempDir()
	cfg, data := filepath.Join(dir, "config.toml"), filepath.Join(dir, "data")
	settings := fmt.Sprintf("version = 1\ninterval = \"10s\"\n\n[email]\nto = \"bob@example.test\"\nfrom = %q\nhost = %q\nport = %d\nsecurity = %q\nusername = %q\nca_file = %q\n"+
		"\n[push]\nurls = [%q]\n\n[[search]]\nname = \"Site A\"\nurl = %q\nenabled = true\n\n[[search]]\nname = \"Site B\"\nurl = %q\nenabled = true\n",
		testkit.MailpitUser, mail.Host, mail.SMTPPort, mail.Security, testkit.MailpitUser, mail.CAFile, ntfy.NtfyURL("rooms"), a.URL, bs.URL)
	if err := os.WriteFile(cfg, []byte(settings), 0o600); err != nil {
		b.Fatal(err)
	}
	var env []string
	for _, kv := range os.Environ() {
		switch k, _, _ := strings.Cut(kv, "="); k {
		case "DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "RENTWATCH_CONFIG", "RENTWATCH_DATA", "GODEBUG":
			continue
		}
		env = append(env, kv)
	}
	for _, k := range []string{"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"} {
		env = append(env, k+"="+dir)
	}
	env = append(env, "RENTWATCH_CHROME="+testkit.Chromium(b), "RENTWATCH_SMTP_PASSWORD="+testkit.MailpitPassword)
	app := &benchApp{done: make(chan struct{}), out: &testkit.Output{}, data: data}
	app.cmd = exec.Command(bin, "run", "--no-tray", "--config", cfg, "--data", data)
	app.cmd.Env, app.cmd.Stdout, app.cmd.Stderr = env, app.out, app.out
	if err := app.cmd.Start(); err != nil {
		b.Fatal(err)
	}
	go func() { _ = app.cmd.Wait(); close(app.done) }()
	defer app.stop(b)
	app.waitBaselines(b, 2)
	pid := app.cmd.Process.Pid

	var chromeMax atomic.Int64
	stopSampling := make(chan struct{})
	defer close(stopSampling)
	go func() {
		for {
			select {
			case <-stopSampling:
				return
			case <-time.After(250 * time.Millisecond):
			}
			if kb := chromePSSKB(pid); kb > chromeMax.Load() {
				chromeMax.Store(kb)
			}
		}
	}()

	a.set("Kamer A", 100_000)
	a.big.Store(true)
	var asked time.Time
	select {
	case asked = <-a.huge:
	case <-time.After(3 * time.Minute):
		b.Fatalf("A's huge page was not asked for in 3 minutes:\n%s", app.out)
	}
	// B's room goes up just after B's check of the same cycle: it is seen
	// at B's next check, whose time the engine decides.
	testkit.Eventually(b, "B asked in A's cycle", 3*time.Minute, func() error {
		if _, ok := bs.askedAfter(asked.Add(-5 * time.Second)); !ok {
			return fmt.Errorf("not yet")
		}
		return nil
	})
	time.Sleep(500 * time.Millisecond) // B's page was sent: the room is not on it
	bPosted := time.Now()
	bs.set("Kamer B", 3, "Kamer B nieuw")

	var r hugeSample
	emailOf := func(s string) (time.Time, int, bool) {
		for _, sum := range mail.Messages(b) {
			if m := mail.Message(b, sum.ID); strings.Contains(m.Text, s) {
				return sum.Created, len(mail.Raw(b, sum.ID)), true
			}
		}
		return time.Time{}, 0, false
	}
	// What has not come within the wait is reported as the wait itself (a
	// lower bound, said in the log): the baseline's email may never come.
	wait := 10 * time.Minute
	var missing []string
	deadline := time.Now().Add(wait)
	aDone, bDone, againDone := false, false, false
	for !(aDone && bDone && againDone) && time.Now().Before(deadline) {
		if at, size, ok := emailOf("== Site A ("); ok && !aDone {
			r.aEmail, r.emailMB, aDone = at.Sub(asked), float64(size)/1e6, true
		}
		if at, _, ok := emailOf("Kamer B nieuw"); ok && !bDone {
			r.bEmail, bDone = at.Sub(bPosted), true
		}
		if again, ok := a.askedAfter(asked); ok && !againDone {
			r.aAgain, againDone = again.Sub(asked), true
		}
		time.Sleep(2 * time.Second)
	}
	if !aDone {
		r.aEmail, missing = time.Since(asked), append(missing, "no email about A")
	}
	if !bDone {
		r.bEmail, missing = time.Since(bPosted), append(missing, "no email with B's room")
	}
	if !againDone {
		r.aAgain, missing = time.Since(asked), append(missing, "A not asked again")
	}
	status, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 64)
			r.rssMB = kb / 1024
		}
	}
	r.chromeMB = float64(chromeMax.Load()) / 1024
	stopAsked := time.Now()
	_ = app.cmd.Process.Signal(os.Interrupt)
	select {
	case <-app.done:
		r.stop = time.Since(stopAsked)
	case <-time.After(5 * time.Minute):
		r.stop = 5 * time.Minute
	}
	timeouts := strings.Count(app.out.String(), "did not load") + strings.Count(app.out.String(), "load failed")
	if len(missing) > 0 {
		b.Logf("%s: within %v: %s (their times below are lower bounds)", name, wait, strings.Join(missing, ", "))
	}
	b.Logf("%s: email about A %.1f MB, %v after A's page was asked for; B's room in the email %v after it went up; A asked again %v after; app peak RSS %.0f MB, Chrome peak PSS %.0f MB; failed loads logged %d; stopped %v after SIGINT",
		name, r.emailMB, r.aEmail.Round(100*time.Millisecond), r.bEmail.Round(100*time.Millisecond), r.aAgain.Round(100*time.Millisecond),
		r.rssMB, r.chromeMB, timeouts, r.stop.Round(100*time.Millisecond))
	return r
}
