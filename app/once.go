package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"

	"rentwatch/engine"
	"rentwatch/pages"
)

// browserWatch is the engine's Loader: the browser, noting each load that
// failed because the browser did (it would not start, or crashed). The
// engine takes that as one more failed check, to try again next cycle;
// `run --once` has no next cycle, and ends saying so (onceEnd).
type browserWatch struct {
	engine.Loader

	mu     sync.Mutex // guards what follows
	loads  int        // pages asked for
	failed int        // of those, lost to the browser
	why    error      // the browser's first failure
}

// Load is the browser's Load; it is safe for concurrent use.
func (w *browserWatch) Load(ctx context.Context, url string) (pages.Result, error) {
	res, err := w.Loader.Load(ctx, url)
	w.mu.Lock()
	defer w.mu.Unlock()
	w.loads++
	if errors.Is(err, pages.ErrBrowser) {
		w.failed++
		if w.why == nil {
			w.why = err
		}
	}
	return res, err
}

// onceEnd is the exit status of `run --once` after its cycle: 1, saying
// why in plain words, when the browser failed for any of its pages (those
// searches were not checked), else 0.
func (w *browserWatch) onceEnd(stderr io.Writer) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.failed == 0 {
		return 0
	}
	why := w.why
	if le, ok := errors.AsType[*pages.LoadError](why); ok && le.Err != nil {
		why = le.Err // the browser's own words, without the page's address
	}
	fmt.Fprintf(stderr, "rentwatch run --once: the browser failed, so %d of %d page(s) were not checked: %v\n"+
		"Check that Chrome or Chromium is installed and starts; give its path with --chrome PATH "+
		"(or [browser] path in the settings file).\n", w.failed, w.loads, why)
	return 1
}
