package window

import (
	"fmt"
	"testing"
	"time"
	_ "time/tzdata" // the zone below, wherever the tests run

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"rentwatch/words"
)

// The page's script draws times by the words package's rules (window.js
// mirrors Clock, Ago and Countdown): both give the same words for the same
// times, in the same zone, across a change of summer time and a new year.
func TestScriptWordsAreTheWordsPackages(t *testing.T) {
	const zone = "Europe/Amsterdam"
	loc, err := time.LoadLocation(zone)
	if err != nil {
		t.Fatal(err)
	}
	r := startRig(t, emptySettings)
	ctx, _ := newTab(t, 1280, 900)
	if _, err := chromedp.Call(ctx, emulation.SetTimezoneOverride, emulation.SetTimezoneOverrideParams{TimezoneID: zone}); err != nil {
		t.Fatal(err)
	}
	do(t, ctx, chromedp.Navigate(r.srv.PageURL("/", "")), chromedp.WaitVisible(chromedp.ID("add-url")))
	js := func(expr string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
		if err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
		return s
	}
	nows := []time.Time{
		time.Date(2025, 3, 14, 14, 2, 0, 0, loc),
		time.Date(2025, 3, 30, 1, 30, 0, 0, loc), // the night summer time begins
		time.Date(2025, 10, 26, 23, 59, 0, 0, loc),
		time.Date(2026, 1, 1, 0, 5, 0, 0, loc),
	}
	offsets := []time.Duration{0, -3 * time.Minute, -9 * time.Hour, -20 * time.Hour, -26 * time.Hour, 10 * time.Hour, 23 * time.Hour,
		-5 * 24 * time.Hour, -40 * 24 * time.Hour, -400 * 24 * time.Hour}
	for _, now := range nows {
		for _, off := range offsets {
			at := now.Add(off)
			want := words.Clock(at, now, loc)
			if got := js(fmt.Sprintf(`rentwatchWords.clock(%d, %d)`, at.UnixMilli(), now.UnixMilli())); got != want {
				t.Errorf("clock of %v at %v: the page says %q, words.Clock %q", at, now, got, want)
			}
		}
	}
	if got := js(`rentwatchWords.clock(0, 1)`); got != words.Clock(time.Time{}, nows[0], loc) {
		t.Errorf("no time: %q", got)
	}
	for _, d := range []time.Duration{0, 4999 * time.Millisecond, 5 * time.Second, 59999 * time.Millisecond, time.Minute,
		59 * time.Minute, time.Hour, 47 * time.Hour, 48 * time.Hour, 100 * 24 * time.Hour} {
		if got, want := js(fmt.Sprintf(`rentwatchWords.ago(%d)`, d.Milliseconds())), words.Ago(d); got != want {
			t.Errorf("ago %v: the page says %q, words.Ago %q", d, got, want)
		}
	}
	for _, d := range []time.Duration{-time.Second, 0, time.Millisecond, 59 * time.Second, 60 * time.Second, 61500 * time.Millisecond,
		time.Hour, 3725 * time.Second} {
		if got, want := js(fmt.Sprintf(`rentwatchWords.countdown(%d)`, d.Milliseconds())), words.Countdown(d); got != want {
			t.Errorf("countdown %v: the page says %q, words.Countdown %q", d, got, want)
		}
	}
}
