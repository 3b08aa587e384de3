package pages

import (
	"cmp"
	"time"

	"rentwatch/blocks"
)

// tuning is what tests and benchmarks vary in a Browser, and the hook by
// which they count what it did. The app never sets it: its zero value is
// the Browser the app runs. A test sets it before the Browser's first Load.
type tuning struct {
	// classify replaces the wall classifier, blocks.Classify when nil:
	// tests of the waiting logic swap it, and record what it was given.
	classify func(blocks.Page, time.Time) blocks.Verdict
	// noEarly turns the early read off, for tests of what the rendered
	// page shows (scripts run, webdriver hidden).
	noEarly bool
	// noReuse makes a new tab for every Load, and noHeld reads early from
	// the renderer's copy of the page (browser_early.go) instead of the
	// response the interception holds (browser_doc.go): the Browser as it
	// was before either, for the benchmarks that weigh them.
	noReuse, noHeld bool
	// flagsOff are chromedp's default switches to leave out, and warmFor
	// how long a warm tab is kept (0: the const warmFor), for the
	// benchmarks that weigh them.
	flagsOff []string
	warmFor  time.Duration
	// restartAfter is how many Loads one Chrome serves; 0 means
	// restartAfterPages. Tests lower it, benchmarks raise it.
	restartAfter int
	// noted hears each thing the Browser did that a test counts. It is
	// called on the Browser's own goroutines and must not block.
	noted func(happening)
}

// happening is a thing the Browser did that tests count.
type happening int

const (
	tabMade   happening = iota // a tab opened
	restarted                  // Chrome restarted after restartAfter Loads
	learned                    // a Chrome started to learn what it says it is
	released                   // Chrome stopped by a Release
)

// note tells the test's hook, if any, that h happened.
func (t *tuning) note(h happening) {
	if t.noted != nil {
		t.noted(h)
	}
}

// classify judges pg by the tuning's classifier, else blocks.Classify.
func (b *Browser) classify(pg blocks.Page, now time.Time) blocks.Verdict {
	if b.tune.classify != nil {
		return b.tune.classify(pg, now)
	}
	return blocks.Classify(pg, now)
}

// pagesPerChrome is how many Loads one Chrome serves before a restart.
func (t *tuning) pagesPerChrome() int { return cmp.Or(t.restartAfter, restartAfterPages) }
