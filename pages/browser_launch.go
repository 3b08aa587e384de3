package pages

import (
	"context"
	"fmt"

	"rentwatch/pages/chrome"
)

// start launches the headless Chrome on the profile; the caller holds b.mu.
// It says what Chrome says with a window (browser_identity.go), learned
// first if need be, and learned again if Chrome changed since.
func (b *Browser) start(ctx context.Context) (*chromeRun, error) {
	path, err := chrome.Find(b.opts.Chrome)
	if err != nil {
		return nil, err
	}
	profile, err := b.profileLocked()
	if err != nil {
		return nil, err
	}
	var run *chromeRun
	for attempt := 0; ; attempt++ {
		id, err := b.identity(ctx, path, profile)
		if err != nil {
			return nil, fmt.Errorf("start %s: %w", path, err)
		}
		if run, err = b.launch(ctx, path, profile, id); err != nil {
			return nil, err
		}
		if run.proc.Product == id.product || attempt > 0 {
			run.id = id
			break
		}
		run.stop() // Chrome was updated: learn it again
		forgetIdentity(path, profile)
	}
	if err := blockRequests(run); err != nil {
		run.stop()
		return nil, fmt.Errorf("start %s: block images: %w", path, err)
	}
	closePopups(run)
	run.warm.idle = b.tune.warmFor
	b.warmUp(run)
	return run, nil
}

// launch starts one headless Chrome with the user agent of id (none when
// id is zero: to learn it).
func (b *Browser) launch(ctx context.Context, path, profile string, id identity) (*chromeRun, error) {
	p, err := chrome.Start(ctx, chrome.Options{Path: path, Profile: profile, UserAgent: id.userAgent,
		ExtraFlags: b.opts.ExtraFlags, FlagsOff: b.tune.flagsOff})
	if err != nil {
		return nil, err
	}
	return &chromeRun{proc: p, ctx: p.Ctx}, nil
}

// stop ends this Chrome and forgets its warm tabs.
func (r *chromeRun) stop() {
	r.warm.drop()
	r.proc.Stop()
}
