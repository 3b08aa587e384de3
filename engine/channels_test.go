package engine

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"rentwatch/internal/testkit"
	"rentwatch/outbox"
)

// ntfyServer is a loopback server speaking ntfy's publishing protocol;
// status, when set, is how it answers.
type ntfyServer struct {
	*httptest.Server
	mu     sync.Mutex // guards the fields below
	bodies []string
	status int
}

func startNtfy(t *testing.T) *ntfyServer {
	s := &ntfyServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		buf := new(strings.Builder)
		fmt.Fprint(buf, r.Header.Get("Title"), "\n")
		b := make([]byte, 4096)
		n, _ := r.Body.Read(b)
		buf.Write(b[:n])
		s.mu.Lock()
		status := s.status
		if status == 0 {
			s.bodies = append(s.bodies, buf.String())
		}
		s.mu.Unlock()
		if status != 0 {
			w.WriteHeader(status)
			fmt.Fprintf(w, `{"code":%d01,"http":%d,"error":"refused"}`, status, status)
			return
		}
		fmt.Fprint(w, `{"id":"m1","event":"message"}`)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *ntfyServer) got() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.bodies...)
}

func (s *ntfyServer) url(topic string) string {
	return "ntfy://" + strings.TrimPrefix(s.URL, "http://") + "/" + topic + "?scheme=http"
}

// hangingSMTP accepts connections and never says a word: a mail server
// that hangs at the greeting.
func hangingSMTP(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var conns []net.Conn
	var mu sync.Mutex
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		l.Close()
		mu.Lock()
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
	})
	return l.Addr().(*net.TCPAddr).Port
}

type pops struct {
	mu  sync.Mutex
	got []string
}

func (p *pops) Notify(title, body string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.got = append(p.got, title)
	return nil
}

func (p *pops) count() int { p.mu.Lock(); defer p.mu.Unlock(); return len(p.got) }

// One channel's fault never delays another: with the mail server hanging,
// the push and the pop-up go out while the email still waits; a push URL
// refused for good stops only its own channel, and says so on the others.
func TestOneChannelsFaultNeverDelaysAnother(t *testing.T) {
	good, refusing := startNtfy(t), startNtfy(t)
	refusing.status = http.StatusUnauthorized
	desk := &pops{}
	ob := outbox.New(&outbox.EmailSettings{To: "me@x.test", Username: "me@x.test", Password: "pw", Host: "127.0.0.1",
		Port: hangingSMTP(t), Security: "tls", Timeout: time.Minute}, desk)
	ob.SetPush([]string{good.url("rooms"), refusing.url("denied")})
	store := openStore(t)
	p := newPortal()
	p.loadTime = 50 * time.Millisecond
	west := fiveOnOneHost[0]
	p.post(west, "a")
	logs := &logBuffer{}
	e := New(Deps{Loader: p, Store: store, Outbox: ob, Notices: ob, Rand: rand.New(rand.NewPCG(3, 4)),
		Log: slog.New(slog.NewTextHandler(logs, nil)), GapMin: time.Millisecond, GapMax: 2 * time.Millisecond},
		Settings{Interval: time.Second, Searches: searches(west)})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan struct{})
	go func() { e.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	wait := func(what string, cond func() bool) {
		t.Helper()
		deadline := time.Now().Add(testkit.Patience)
		for !cond() {
			if time.Now().After(deadline) {
				t.Fatalf("gave up waiting for %s; log:\n%s", what, strings.Join(logs.lines, ""))
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	wait("the baseline", func() bool { _, ok, _ := store.Snapshot(west); return ok })
	p.post(west, "b")
	wait("the push", func() bool { return len(good.got()) > 0 })
	if !strings.Contains(good.got()[0], "New listing") && !strings.Contains(good.got()[0], "1 new listing") {
		t.Errorf("push %q", good.got()[0])
	}
	wait("the pop-up", func() bool { return desk.count() > 0 })
	if q, _ := store.Queue("email"); len(q) != 1 {
		t.Errorf("email's queue holds %d, want the listing still waiting on the hung server", len(q))
	}
	var views []ChannelView
	wait("the refused push to stop", func() bool {
		views = e.Snapshot().Channels
		for _, v := range views {
			if v.State == "stopped" {
				return true
			}
		}
		return false
	})
	if d := e.Snapshot().Delivery; !d.Refused || d.Kind != "ntfy" || d.Status != http.StatusUnauthorized || !strings.HasPrefix(d.Channel, "ntfy") {
		t.Errorf("the tray is told %+v, want the ntfy channel refused with the server's 401", d)
	}
	states := map[string]string{}
	for _, v := range views {
		states[v.ID] = v.State
		if v.State == "stopped" && (v.ID != outbox.PushID(refusing.url("denied")) || !strings.Contains(v.Reason, "refused the credentials") ||
			v.Kind != "ntfy" || v.Status != http.StatusUnauthorized || strings.HasPrefix(v.Reason, v.Name)) {
			t.Errorf("stopped: %+v, want only the refused push, with why", v)
		}
		if strings.Contains(v.Name+v.Reason, "denied") || strings.Contains(v.Name+v.Reason, "rooms") {
			t.Errorf("a channel's view shows its URL's topic: %+v", v)
		}
	}
	if states["email"] != "sending" || states["desktop"] != "ok" || states[outbox.PushID(good.url("rooms"))] != "ok" {
		t.Errorf("channel states %v: the hung email must not hold up the others", states)
	}
	var told string
	wait("the other channels told of the stopped one", func() bool {
		for _, b := range good.got() {
			if strings.Contains(b, "stopped") {
				told = b
				return true
			}
		}
		return false
	})
	if name := strings.TrimSuffix(strings.SplitN(told, "\n", 2)[0], " stopped"); strings.Contains(told, name+": "+name) {
		t.Errorf("the notice says the channel's name twice over:\n%s", told)
	}
	if !logs.has("Failed to send by ntfy") || logs.has("denied") {
		t.Errorf("the log should name the channel, never its topic:\n%s", strings.Join(logs.lines, ""))
	}
}
