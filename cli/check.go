package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/signal"
	"time"

	"rentwatch/pages"
)

// cmdCheck loads one page now in the watcher's browser profile and prints
// what the watcher would make of it. It records nothing.
func cmdCheck(g globals, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("check", &g, stderr)
	asJSON := fs.Bool("json", false, "print one JSON object")
	pick := fs.String("pick", "", "read the list with this key (the page's lists are printed with their keys)")
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) > 1 {
		fmt.Fprintf(stderr, "rentwatch check: unexpected argument %q (usage: rentwatch check URL [--pick KEY] [--json])\n", pos[1])
		return 2
	}
	if len(pos) != 1 {
		fmt.Fprintln(stderr, "usage: rentwatch check URL [--pick KEY] [--json]")
		return 2
	}
	if msg := checkPickFlag(*pick); msg != "" {
		fmt.Fprintf(stderr, "rentwatch check: %s\n", msg)
		return 2
	}
	target := pos[0]
	if u, err := url.Parse(target); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		fmt.Fprintf(stderr, "rentwatch check: %q is not an http or https URL\n", target)
		return 2
	}
	profile, release, err := watcherProfile(g, "check", stderr)
	if err != nil {
		fmt.Fprintf(stderr, "rentwatch check: %v\n", err)
		return 1
	}
	defer release()
	b := pages.NewBrowser(pages.BrowserOptions{Chrome: g.chrome, ProfileDir: profile})
	defer b.Close()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	// as the watcher reads a search saved with this pick, and every list
	// on the page, for the user to choose from
	res, err := b.Load(pages.WithAsk(ctx, pages.Ask{Pick: *pick, Lists: true}), target)
	if err != nil {
		fmt.Fprintf(stderr, "rentwatch check: %v\n", err)
		return 1
	}
	if res.PickLost {
		res.Listings = nil // none of the picked list: the readers' own are not what was asked
	}
	if *asJSON {
		return printCheckJSON(stdout, stderr, res, *pick)
	}
	printCheck(stdout, res, *pick)
	return 0
}

func printCheck(w io.Writer, res pages.Result, pick string) {
	v := res.Verdict
	fmt.Fprintf(w, "url:      %s\n", res.URL)
	fmt.Fprintf(w, "status:   %d\n", res.Status)
	fmt.Fprintf(w, "verdict:  %s\n", v.Kind)
	if v.Vendor != "" {
		fmt.Fprintf(w, "vendor:   %s\n", v.Vendor)
	}
	if v.Reason != "" {
		fmt.Fprintf(w, "reason:   %s\n", v.Reason)
	}
	if v.RetryAfter > 0 {
		fmt.Fprintf(w, "retry:    after %v\n", v.RetryAfter)
	}
	fmt.Fprintf(w, "load:     %v (challenge wait %v)\n", res.Took.Round(time.Millisecond), res.Waited.Round(time.Millisecond))
	ph := res.Phases
	fmt.Fprintf(w, "phases:   tab %v, response %v, DOM ready %v, settle %v, read %v\n", ms(ph.Tab), ms(ph.Commit),
		ms(ph.DOMReady), ms(ph.Settle), ms(ph.Read))
	fmt.Fprintf(w, "site:     %s\n", res.Site)
	switch {
	case res.PickLost:
		fmt.Fprintln(w, "warning:  "+pickLostWords(pick))
	case res.SoftBlock:
		fmt.Fprintln(w, "warning:  no listings where this portal always shows some: a soft block or a changed layout")
	}
	printLists(w, res.Lists, listRead(res.Lists, res.Listings, pick, res.PickLost), pick)
	fmt.Fprintf(w, "listings: %d\n", len(res.Listings))
	for _, l := range res.Listings {
		fmt.Fprintf(w, "  %s | %s | %s\n", l.Title, l.Price, l.URL)
	}
}

func ms(d time.Duration) time.Duration { return d.Round(time.Millisecond) }

// checkJSON is the `check --json` object: the page's report as `inspect
// --json` has it, and how the load went.
type checkJSON struct {
	pageJSON
	URL             string           `json:"url"`
	Status          int              `json:"status"`
	Expected        bool             `json:"expected"`
	SoftBlock       bool             `json:"soft_block"`
	LoadMS          int64            `json:"load_ms"`
	ChallengeWaitMS int64            `json:"challenge_wait_ms"`
	PhasesMS        map[string]int64 `json:"phases_ms"`
	// Candidates are the lists on the page, when it holds more than one
	// (or a pick was asked for); absent otherwise.
	Candidates []candidateJSON `json:"candidates,omitempty"`
}

func printCheckJSON(stdout, stderr io.Writer, res pages.Result, pick string) int {
	out := checkJSON{URL: res.URL, Status: res.Status, Expected: res.Expected, SoftBlock: res.SoftBlock,
		LoadMS: res.Took.Milliseconds(), ChallengeWaitMS: res.Waited.Milliseconds(),
		PhasesMS: map[string]int64{
			"tab": res.Phases.Tab.Milliseconds(), "response": res.Phases.Commit.Milliseconds(),
			"dom_ready": res.Phases.DOMReady.Milliseconds(), "settle": res.Phases.Settle.Milliseconds(),
			"read": res.Phases.Read.Milliseconds(),
		}}
	// the readers give absolute URLs already: the page's own address only
	// guards the contract
	base, _ := url.Parse(res.URL)
	if base == nil {
		base = &url.URL{}
	}
	out.pageJSON = pageReport(res.Verdict, res.Site, res.Listings, base)
	out.Candidates = candidatesJSON(res.Lists, pick, base)
	enc := json.NewEncoder(stdout)
	if err := enc.Encode(out); err != nil {
		fmt.Fprintf(stderr, "rentwatch check: %v\n", err)
		return 1
	}
	return 0
}
