package engine

import (
	"context"
	"fmt"
	"slices"
	"time"
)

// A slow host does not hold the others back. A pass ends when its last
// check is judged, and the next cycle waits for it: one host whose page
// takes a minute and a half (a page of 100,000 listings, a server that
// trickles) made every other host wait as long for its next check, and a
// room posted meanwhile on another site was told that much later. So a
// pass that waits only for hosts whose request has been under way for
// longer than the interval is let go: the next cycle begins on time for
// every other host, and the slow checks are judged when they come back, as
// any check is (new listings go out at once). Their searches are not
// planned again while their check is under way or queued, so a host still
// gets one request at a time and nothing twice. A pass that is merely long
// (more searches than fit in the interval) is not let go: its last checks
// are not slow, and the next cycle starts when it ends, as the log says.

// letGo ends the pass under way when it may be let go now.
func (e *Engine) letGo(ctx context.Context) {
	at, ok := e.letGoAt()
	if !ok || ctx.Err() != nil || e.d.Clock.Now().Before(at) {
		return
	}
	hosts := e.slowHosts(e.st.pass)
	e.d.Log.Info(fmt.Sprintf("Still waiting for %v after %v: the other sites are checked on time, and the late checks are taken when they come back",
		hosts, e.d.Clock.Now().Sub(e.st.pass.started).Round(time.Second)), "interval", e.st.settings.Interval)
	e.closePass(ctx, true)
}

// letGoAt is when the pass under way may be let go: once it and every
// request its hosts are busy with have lasted an interval, while every
// check it waits for is on a host busy with a request (nothing that could
// go now), none is a probe (the probing host's other searches wait for
// its answer in this pass), and another host has a search to check (when
// every host is slow, as while the browser starts, a new cycle would have
// nothing to do). RunOnce's one cycle is never let go: it ends with its
// checks.
func (e *Engine) letGoAt() (time.Time, bool) {
	p := e.st.pass
	if p == nil || e.st.once {
		return time.Time{}, false
	}
	hosts := e.slowHosts(p)
	if len(hosts) == 0 || !e.othersToCheck(hosts) {
		return time.Time{}, false
	}
	at := p.started
	for _, h := range hosts {
		if since := e.st.hosts[h].lane.since; since.After(at) {
			at = since
		}
	}
	return at.Add(e.st.settings.Interval), true
}

// slowHosts is the hosts whose checks the pass p waits for, sorted, when
// each of them is busy with a request and none is probing in p; nil
// otherwise.
func (e *Engine) slowHosts(p *pass) []string {
	var hosts []string
	for h, hs := range e.st.hosts {
		l := &hs.lane
		mine := l.busy && l.under.kind == checkVisit && l.under.pass == p
		for _, v := range l.queue {
			if v.kind == checkVisit && v.pass == p {
				if !l.busy {
					return nil // it goes now, and ends soon
				}
				mine = true
			}
		}
		if !mine {
			continue
		}
		if p.plan.probing[h] {
			return nil
		}
		hosts = append(hosts, h)
	}
	slices.Sort(hosts)
	return hosts
}

// othersToCheck reports an enabled search on none of the slow hosts whose
// check is not under way.
func (e *Engine) othersToCheck(slow []string) bool {
	for _, s := range e.st.enabled() {
		v := e.st.searches[s.URL]
		if v != nil && !slices.Contains(slow, v.host) && !e.underWay(s.URL) {
			return true
		}
	}
	return false
}

// underWay reports a search whose check is loading or queued in its host's
// lane.
func (e *Engine) underWay(url string) bool {
	s := e.st.searches[url]
	if s == nil {
		return false
	}
	if s.checking {
		return true
	}
	hs, ok := e.st.hosts[s.host]
	return ok && slices.ContainsFunc(hs.lane.queue, func(v visit) bool { return v.kind == checkVisit && v.search.URL == url })
}
