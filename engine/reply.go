package engine

import (
	"context"
	"errors"
	"fmt"
	"time"

	"rentwatch/blocks"
	"rentwatch/listing"
	"rentwatch/outbox"
	"rentwatch/pages"
)

// ErrNoReply is what a Replier returns for a listing whose search has no
// auto-reply turned on; it is not a failure.
var ErrNoReply = errors.New("no auto-reply for this search")

// replyJob is one auto-reply waiting its turn.
type replyJob struct {
	alert listing.Alert
	delay time.Duration
}

// replyAll queues auto-replies for delivered alerts of the searches that
// reply (a queued job shows as "replying", so one for a search that does
// not would say something untrue for a minute). Replies run after the
// alert, never before: the user is told about the listing either way, so a
// broken recipe or a blocking site still leaves them able to reply by hand.
// Failing to reply must never mean failing to notify.
func (e *Engine) replyAll(ctx context.Context, alerts []listing.Alert) {
	if e.d.Replier == nil {
		return
	}
	for _, a := range alerts {
		if s, ok := e.st.search(a.SearchURL); !ok || !s.Reply {
			continue
		}
		job := replyJob{alert: a, delay: e.between(e.d.ReplyMin, e.d.ReplyMax)}
		select {
		case e.replies <- job:
			e.st.replying[a.SearchURL]++
		default:
			e.d.Log.Warn("too many auto-replies queued; skipping one", "listing", a.URL)
		}
	}
}

// replyWorker sends queued replies one at a time, each after its own
// random delay, so a portal never sees a burst of instant answers. A reply
// is a request to the listing's host like any other: it goes through the
// host's lane, after the gap and never while the host stands us down.
func (e *Engine) replyWorker(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case job := <-e.replies:
			if !sleep(ctx, job.delay) {
				return
			}
			answer := make(chan report, 1)
			host := blocks.HostKey(job.alert.URL)
			if host == "" {
				host = blocks.HostKey(job.alert.SearchURL)
			}
			v := visit{kind: replyVisit, host: host, alert: job.alert, answer: answer}
			e.do(func() { e.enqueue(v) })
			select {
			case <-answer:
			case <-ctx.Done():
				return
			}
		}
	}
}

// replied records how a reply went; it never touches alerts or snapshots.
// A wall met while replying is recorded against its host like any other.
func (e *Engine) replied(r report) {
	a, err := r.visit.alert, r.err
	e.st.replying[a.SearchURL]--
	var wall *pages.WallError
	if errors.As(err, &wall) {
		entry := e.recordWall(wall.Host, a.SearchURL, wall.Verdict, e.d.Clock.Now())
		e.d.Log.Info("wall while replying", "host", wall.Host, "kind", entry.Kind, "wait", entry.Wait.Round(time.Second))
	}
	switch {
	case err == nil:
		e.d.Log.Info("replied", "listing", a.URL)
	case errors.Is(err, ErrNoReply):
	default:
		e.d.Log.Warn("auto-reply failed; the alert went out all the same", "listing", a.URL, "err", err)
		if s := e.st.searches[a.SearchURL]; s != nil {
			s.problem = "auto-reply failed: " + err.Error()
		}
		// The user hears of it on every channel too, once per listing,
		// with the listing a click away.
		if e.d.Notices != nil {
			e.d.Notices.Tell(outbox.Notice{
				Key:   "reply-failed " + a.ID,
				Title: "The auto-reply failed",
				Body:  fmt.Sprintf("The auto-reply to %q (%s) failed: %v. Reply by hand.", a.Title, a.URL, err),
				Open:  outbox.Action{Kind: outbox.OpenWeb, URL: a.URL},
			})
		}
	}
	e.publish()
}
