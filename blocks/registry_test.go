package blocks

import (
	"slices"
	"sync"
	"testing"
	"time"
)

var t0 = time.Date(2025, 3, 14, 14, 2, 0, 0, time.UTC)

// registryStep is one step of a registry step table: a Record (kind set) or
// a Clear (kind empty) at t0+at, then what Get(host) must say.
type registryStep struct {
	at         time.Duration
	host       string
	kind       Kind // "" means Clear
	retryAfter time.Duration
	r          float64
	// want, when wantOK; Since and NextRetryAt are offsets from t0.
	wantOK       bool
	wantKind     Kind
	wantFailures int
	wantWait     time.Duration
	wantSince    time.Duration
}

func runRegistrySteps(t *testing.T, g *Registry, steps []registryStep) {
	t.Helper()
	for i, s := range steps {
		now := t0.Add(s.at)
		if s.kind == "" {
			g.Clear(s.host)
		} else {
			e := g.Record(s.host, s.kind, s.retryAfter, now, s.r)
			if got, _ := g.Get(s.host); got != e {
				t.Errorf("step %d: Record returned %+v but Get says %+v", i, e, got)
			}
		}
		e, ok := g.Get(s.host)
		if ok != s.wantOK {
			t.Fatalf("step %d (%s %q at +%v): Get ok = %v, want %v", i, s.kind, s.host, s.at, ok, s.wantOK)
		}
		if !ok {
			continue
		}
		want := Entry{
			Kind: s.wantKind, Failures: s.wantFailures, RetryAfter: max(s.retryAfter, 0),
			Since: t0.Add(s.wantSince), NextRetryAt: now.Add(s.wantWait), Wait: s.wantWait,
		}
		if e != want {
			t.Errorf("step %d (%s %q at +%v):\n got %+v\nwant %+v", i, s.kind, s.host, s.at, e, want)
		}
	}
}

func TestRegistrySteps(t *testing.T) {
	m := time.Minute
	tests := []struct {
		name  string
		steps []registryStep
	}{
		{"one kind accumulates up to its ceiling", []registryStep{
			{0, "kamernet.nl", Challenge, 0, 0.5, true, Challenge, 1, 1 * m, 0},
			{2 * m, "kamernet.nl", Challenge, 0, 0.5, true, Challenge, 2, 3 * m, 0},
			{6 * m, "kamernet.nl", Challenge, 0, 0.5, true, Challenge, 3, 8 * m, 0},
			{15 * m, "kamernet.nl", Challenge, 0, 0.5, true, Challenge, 4, 15 * m, 0},
			{31 * m, "kamernet.nl", Challenge, 0, 0.5, true, Challenge, 5, 30 * m, 0},
			{62 * m, "kamernet.nl", Challenge, 0, 0.5, true, Challenge, 6, 30 * m, 0},
		}},
		{"a change of kind starts its own count on its own ladder", []registryStep{
			{0, "funda.nl", Denied, 0, 0.5, true, Denied, 1, 5 * m, 0},
			{6 * m, "funda.nl", Denied, 0, 0.5, true, Denied, 2, 15 * m, 0},
			{22 * m, "funda.nl", Error, 0, 0.5, true, Error, 1, 30 * time.Second, 0},
			{23 * m, "funda.nl", Error, 0, 0.5, true, Error, 2, 2 * m, 0},
			{26 * m, "funda.nl", Denied, 0, 0.5, true, Denied, 1, 5 * m, 0},
		}},
		{"retry-after is a floor and is kept on the entry", []registryStep{
			{0, "pararius.nl", RateLimited, 10 * m, 0.5, true, RateLimited, 1, 10 * m, 0},
			{11 * m, "pararius.nl", RateLimited, 5 * time.Second, 0.5, true, RateLimited, 2, 5 * m, 0},
			{17 * m, "pararius.nl", RateLimited, -time.Second, 0.5, true, RateLimited, 3, 15 * m, 0},
			{33 * m, "pararius.nl", RateLimited, 48 * time.Hour, 0.5, true, RateLimited, 4, time.Hour, 0},
		}},
		{"jitter comes from the draw passed in", []registryStep{
			{0, "zoopla.co.uk", Challenge, 0, 0, true, Challenge, 1, 51 * time.Second, 0},
			{time.Hour, "zoopla.co.uk", Challenge, 0, justUnderOne, true, Challenge, 2, msd(207_000), 0},
		}},
		{"clear starts over, and Since with it", []registryStep{
			{0, "rightmove.co.uk", Challenge, 0, 0.5, true, Challenge, 1, 1 * m, 0},
			{2 * m, "rightmove.co.uk", Challenge, 0, 0.5, true, Challenge, 2, 3 * m, 0},
			{5 * m, "rightmove.co.uk", "", 0, 0, false, "", 0, 0, 0},
			{7 * m, "rightmove.co.uk", Challenge, 0, 0.5, true, Challenge, 1, 1 * m, 7 * m},
			{8 * m, "rightmove.co.uk", "", 0, 0, false, "", 0, 0, 0},
			{9 * m, "rightmove.co.uk", "", 0, 0, false, "", 0, 0, 0}, // clearing twice is harmless
		}},
		{"OK and unknown kinds are recorded as error", []registryStep{
			{0, "wg-gesucht.de", OK, 0, 0.5, true, Error, 1, 30 * time.Second, 0},
			{time.Minute, "wg-gesucht.de", "banana", 0, 0.5, true, Error, 2, 2 * m, 0},
		}},
		{"searches on one host share its entry", []registryStep{
			{0, "https://www.funda.nl/zoeken/huur?plaats=amsterdam", Challenge, 0, 0.5, true, Challenge, 1, 1 * m, 0},
			{2 * m, "https://WWW.Funda.nl:443/zoeken/huur?plaats=utrecht", Challenge, 0, 0.5, true, Challenge, 2, 3 * m, 0},
			{6 * m, "www.funda.nl", Challenge, 0, 0.5, true, Challenge, 3, 8 * m, 0},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			runRegistrySteps(t, NewRegistry(), tt.steps)
		})
	}
}

func TestRegistryHostsAreSeparate(t *testing.T) {
	var g Registry // the zero value is ready to use
	g.Record("kamernet.nl", Denied, 0, t0, 0.5)
	g.Record("kamernet.nl", Denied, 0, t0, 0.5)
	e := g.Record("funda.nl", Denied, 0, t0, 0.5)
	if e.Failures != 1 {
		t.Errorf("funda.nl inherited kamernet.nl's count: %+v", e)
	}
	// www.funda.nl is a different host: see HostKey.
	if _, ok := g.Get("www.funda.nl"); ok {
		t.Error("www.funda.nl shares funda.nl's entry")
	}
	g.Clear("funda.nl")
	if _, ok := g.Get("kamernet.nl"); !ok {
		t.Error("clearing funda.nl cleared kamernet.nl")
	}
	if got := g.Hosts(); !slices.Equal(got, []string{"kamernet.nl"}) {
		t.Errorf("Hosts() = %v", got)
	}
}

func TestRegistryWaiting(t *testing.T) {
	g := NewRegistry()
	e := g.Record("kamernet.nl", Challenge, 0, t0, 0.5) // due at t0+1m
	tests := []struct {
		host string
		now  time.Time
		want bool
	}{
		{"kamernet.nl", t0, true},
		{"kamernet.nl", t0.Add(59 * time.Second), true},
		{"kamernet.nl", e.NextRetryAt.Add(-time.Nanosecond), true},
		{"kamernet.nl", e.NextRetryAt, false}, // exactly due: probe now
		{"kamernet.nl", e.NextRetryAt.Add(time.Nanosecond), false},
		{"KAMERNET.NL", t0, true},
		{"https://kamernet.nl/huren/kamers-utrecht", t0, true},
		{"funda.nl", t0, false},
		{"", t0, false},
	}
	for _, tt := range tests {
		if got := g.Waiting(tt.host, tt.now); got != tt.want {
			t.Errorf("Waiting(%q, t0+%v) = %v, want %v", tt.host, tt.now.Sub(t0), got, tt.want)
		}
	}
	g.Clear("kamernet.nl")
	if g.Waiting("kamernet.nl", t0) {
		t.Error("a cleared host is still waiting")
	}
}

func TestRegistrySoonest(t *testing.T) {
	type rec struct {
		host string
		kind Kind
		at   time.Duration
	}
	tests := []struct {
		name     string
		records  []rec
		clear    []string
		wantHost string
		wantAt   time.Duration // from t0
		wantOK   bool
	}{
		{name: "empty", wantOK: false},
		{name: "one", records: []rec{{"funda.nl", Denied, 0}}, wantHost: "funda.nl", wantAt: 5 * time.Minute, wantOK: true},
		{name: "several", records: []rec{
			{"funda.nl", Denied, 0},                          // +5m
			{"kamernet.nl", Challenge, 30 * time.Second},     // +1m30s
			{"pararius.nl", RateLimited, 0},                  // +2m
			{"idealista.com", Error, 2 * time.Minute},        // +2m30s
			{"rightmove.co.uk", Challenge, -time.Hour + 1e9}, // long overdue: still the soonest
		}, wantHost: "rightmove.co.uk", wantAt: -time.Hour + 1e9 + time.Minute, wantOK: true},
		{name: "several, overdue one cleared", records: []rec{
			{"funda.nl", Denied, 0},
			{"kamernet.nl", Challenge, 30 * time.Second},
			{"pararius.nl", RateLimited, 0},
			{"rightmove.co.uk", Challenge, -time.Hour},
		}, clear: []string{"rightmove.co.uk"}, wantHost: "kamernet.nl", wantAt: 90 * time.Second, wantOK: true},
		{name: "a tie goes to the first host by name", records: []rec{
			{"zoopla.co.uk", Challenge, 0},
			{"b.example", RateLimited, -time.Minute},
			{"a.example", Error, 30 * time.Second},
		}, wantHost: "a.example", wantAt: time.Minute, wantOK: true},
		{name: "all cleared", records: []rec{{"funda.nl", Denied, 0}}, clear: []string{"funda.nl"}, wantOK: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := NewRegistry()
			for _, r := range tt.records {
				g.Record(r.host, r.kind, 0, t0.Add(r.at), 0.5)
			}
			for _, h := range tt.clear {
				g.Clear(h)
			}
			host, at, ok := g.Soonest()
			if ok != tt.wantOK || host != tt.wantHost || (ok && !at.Equal(t0.Add(tt.wantAt))) {
				t.Errorf("Soonest() = %q, t0%+v, %v; want %q, t0%+v, %v",
					host, at.Sub(t0), ok, tt.wantHost, tt.wantAt, tt.wantOK)
			}
		})
	}
}

func TestRegistrySnapshotIsACopy(t *testing.T) {
	g := NewRegistry()
	g.Record("kamernet.nl", Challenge, 0, t0, 0.5)
	snap := g.Snapshot()
	if len(snap) != 1 || snap["kamernet.nl"].Failures != 1 {
		t.Fatalf("Snapshot() = %+v", snap)
	}
	snap["kamernet.nl"] = Entry{Failures: 99}
	delete(snap, "kamernet.nl")
	snap["funda.nl"] = Entry{}
	if e, ok := g.Get("kamernet.nl"); !ok || e.Failures != 1 {
		t.Errorf("changing the snapshot changed the registry: %+v %v", e, ok)
	}
	if _, ok := g.Get("funda.nl"); ok {
		t.Error("adding to the snapshot added to the registry")
	}
}

// TestRegistryConcurrentRecord records from many goroutines at once (run
// with -race): no count is lost, and the readers never see a torn entry.
func TestRegistryConcurrentRecord(t *testing.T) {
	g := NewRegistry()
	const workers, each = 8, 200
	hosts := []string{"kamernet.nl", "funda.nl", "pararius.nl"}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(2)
		go func() {
			defer wg.Done()
			for i := range each {
				g.Record(hosts[(w+i)%len(hosts)], Challenge, 0, t0.Add(time.Duration(i)*time.Second), 0.5)
			}
		}()
		go func() {
			defer wg.Done()
			for i := range each {
				h := hosts[i%len(hosts)]
				if e, ok := g.Get(h); ok && e.Failures < 1 {
					t.Errorf("torn entry for %s: %+v", h, e)
				}
				g.Waiting(h, t0)
				g.Soonest()
				g.Hosts()
				g.Snapshot()
			}
		}()
	}
	wg.Wait()
	total := 0
	for _, h := range hosts {
		e, _ := g.Get(h)
		total += e.Failures
	}
	if total != workers*each {
		t.Errorf("counted %d failures, recorded %d", total, workers*each)
	}
}

func TestHostKey(t *testing.T) {
	tests := []struct{ in, want string }{
		{"kamernet.nl", "kamernet.nl"},
		{"Kamernet.NL", "kamernet.nl"},
		{"  kamernet.nl  ", "kamernet.nl"},
		{"kamernet.nl.", "kamernet.nl"},
		{"kamernet.nl:443", "kamernet.nl"},
		{"kamernet.nl:80", "kamernet.nl"},
		{"kamernet.nl.:443", "kamernet.nl"},
		{"kamernet.nl:8443", "kamernet.nl:8443"},
		{"127.0.0.2:41234", "127.0.0.2:41234"},
		{"127.0.0.2", "127.0.0.2"},
		{"www.funda.nl", "www.funda.nl"}, // www. is kept: see the doc comment
		{"https://www.funda.nl/zoeken/huur?plaats=amsterdam", "www.funda.nl"},
		{"http://KAMERNET.nl:80/huren", "kamernet.nl"},
		{"https://user:pw@kamernet.nl:443/huren", "kamernet.nl"},
		{"http://127.0.0.3:5000/search", "127.0.0.3:5000"},
		{"[::1]:443", "[::1]"},
		{"[::1]", "[::1]"},
		{"::1", "[::1]"},
		{"[::1]:8080", "[::1]:8080"},
		{"", ""},
		{"://", "://"},
	}
	for _, tt := range tests {
		if got := HostKey(tt.in); got != tt.want {
			t.Errorf("HostKey(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
