package blocks

import (
	"math"
	"net"
	"net/url"
	"sort"
	"strings"
	"sync"
	"time"
)

// Entry is what the Registry knows about one host that is refusing us.
type Entry struct {
	Kind       Kind          // the kind of the latest failure; never OK
	Failures   int           // consecutive failures of Kind, at least 1
	RetryAfter time.Duration // the site's Retry-After with the latest failure, 0 if none
	// Since is when the host first failed after it was last clear. A change
	// of kind restarts the count but not Since: the host has been out of
	// reach all along, and that is what the user wants to see.
	Since       time.Time
	NextRetryAt time.Time     // when the host may be tried again (one probe)
	Wait        time.Duration // NextRetryAt minus the time of the latest failure
}

// Registry is the ledger of hosts that are refusing us, keyed by host, not
// by search URL. A refusal comes from the site, so it applies to every
// search on it. Keying by URL meant five searches on one site each kept
// their own counter, and each went back to knocking while the others were
// standing down: both why we stayed blocked and why recovery was slow.
//
// Hosts are normalised by HostKey, so a search URL passed by mistake still
// lands on its host. The zero value is an empty registry ready to use; it is
// safe for concurrent use. It never reads the clock: every method that
// depends on time takes now.
type Registry struct {
	// delay computes waits; nil means DelayFor. The checks swap in a wrong
	// policy to prove they can fail.
	delay func(kind Kind, failures int, retryAfter time.Duration, r float64) time.Duration

	// mu guards hosts.
	mu    sync.Mutex
	hosts map[string]Entry
}

// NewRegistry returns an empty registry; the same as new(Registry).
func NewRegistry() *Registry { return new(Registry) }

// Record notes a failure of kind at host at time now and returns the host's
// new entry. retryAfter is the site's Retry-After (0 if none; negative
// counts as none) and r a random draw in [0, 1) for the jitter.
//
// A failure of the same kind as the host's last one adds to its count. A
// different kind starts its own count at 1 on its own ladder rather than
// inheriting one: a network blip should not be punished with the wait
// earned by three refusals. A kind without a ladder (OK or unknown) is
// recorded as Error, as in DelayFor; a clean page should call Clear.
func (g *Registry) Record(host string, kind Kind, retryAfter time.Duration, now time.Time, r float64) Entry {
	kind = wallKind(kind)
	retryAfter = max(retryAfter, 0)
	delay := g.delay
	if delay == nil {
		delay = DelayFor
	}
	key := HostKey(host)

	g.mu.Lock()
	defer g.mu.Unlock()
	e := Entry{Kind: kind, Failures: 1, RetryAfter: retryAfter, Since: now}
	if prev, ok := g.hosts[key]; ok {
		e.Since = prev.Since
		if prev.Kind == kind && prev.Failures < math.MaxInt {
			e.Failures = prev.Failures + 1
		}
	}
	e.Wait = delay(kind, e.Failures, retryAfter, r)
	e.NextRetryAt = now.Add(e.Wait)
	if g.hosts == nil {
		g.hosts = make(map[string]Entry)
	}
	g.hosts[key] = e
	return e
}

// Get returns host's entry, and false when the host is not refusing us.
func (g *Registry) Get(host string) (Entry, bool) {
	key := HostKey(host)
	g.mu.Lock()
	defer g.mu.Unlock()
	e, ok := g.hosts[key]
	return e, ok
}

// Clear forgets host: it served us a clean page, so its count starts over.
// Clearing a host that has no entry does nothing.
func (g *Registry) Clear(host string) {
	key := HostKey(host)
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.hosts, key)
}

// Waiting reports whether host must still be left alone at now. At exactly
// NextRetryAt the wait is over and the host is due for a probe.
func (g *Registry) Waiting(host string, now time.Time) bool {
	e, ok := g.Get(host)
	return ok && now.Before(e.NextRetryAt)
}

// Soonest returns the host that comes due first and when, so the engine
// knows how long it may sleep; ok is false when no host is refusing us.
// A host already due counts (its time is in the past). Ties go to the host
// that sorts first, so the answer does not depend on map order.
func (g *Registry) Soonest() (host string, at time.Time, ok bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for h, e := range g.hosts {
		if !ok || e.NextRetryAt.Before(at) || (e.NextRetryAt.Equal(at) && h < host) {
			host, at, ok = h, e.NextRetryAt, true
		}
	}
	return host, at, ok
}

// Hosts returns the hosts with an entry, sorted.
func (g *Registry) Hosts() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := make([]string, 0, len(g.hosts))
	for h := range g.hosts {
		out = append(out, h)
	}
	sort.Strings(out)
	return out
}

// Snapshot returns a copy of every entry by host, for the engine's state
// and the tray; changing it does not change the registry.
func (g *Registry) Snapshot() map[string]Entry {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := make(map[string]Entry, len(g.hosts))
	for h, e := range g.hosts {
		out[h] = e
	}
	return out
}

// HostKey is the registry's key for a host: s may be a host, host:port or
// a whole URL (its host is taken). It is lowercased and a trailing root dot
// dropped, because DNS names are case-insensitive and "funda.nl." is
// "funda.nl". Ports 80 and 443 are dropped whatever the scheme: the same
// site answers both, and it is the site that refuses us. Any other port is
// kept, since it is a different server (a test server on 127.0.0.2:PORT).
//
// A leading "www." is NOT stripped: www.example.com and example.com can be
// different front ends with different walls, and guessing they are one host
// could hold back a site that is serving us. Searches on one portal share
// one spelling of its host in practice, so nothing is lost.
func HostKey(s string) string {
	s = strings.TrimSpace(s)
	if strings.Contains(s, "://") {
		if u, err := url.Parse(s); err == nil && u.Host != "" {
			s = u.Host
		}
	}
	s = strings.ToLower(s)
	host, port, err := net.SplitHostPort(s)
	if err != nil { // no port
		if ip := net.ParseIP(s); ip != nil && ip.To4() == nil {
			return "[" + s + "]" // a bare IPv6 address, as it would be with a port
		}
		return strings.TrimSuffix(s, ".")
	}
	host = strings.TrimSuffix(host, ".")
	if port == "80" || port == "443" || port == "" {
		if strings.Contains(host, ":") {
			return "[" + host + "]" // an IPv6 address keeps its brackets
		}
		return host
	}
	return net.JoinHostPort(host, port)
}
