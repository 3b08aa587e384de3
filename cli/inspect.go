package cli

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"golang.org/x/net/http/httpguts"

	"rentwatch/blocks"
	"rentwatch/pages/read"
	"rentwatch/words"
)

const inspectUsage = "usage: rentwatch inspect FILE --url URL [--status N] [--header 'K: V']... [--pick KEY] [--json]"

// shownListings is how many listings the human form prints.
const shownListings = 20

// inspectArgs is the parsed command line of `rentwatch inspect`.
type inspectArgs struct {
	file   string
	url    *url.URL
	status int
	header http.Header
	json   bool
	pick   string // the list to read ("" for the readers' choice)
}

// headerFlags collects repeated --header 'Name: value' flags.
type headerFlags struct{ h http.Header }

func (f *headerFlags) String() string { return "" }

func (f *headerFlags) Set(v string) error {
	name, value, ok := strings.Cut(v, ":")
	name = strings.TrimSpace(name)
	if !ok || !httpguts.ValidHeaderFieldName(name) {
		return fmt.Errorf("want 'Name: value', got %q", v)
	}
	f.h.Add(name, strings.TrimSpace(value))
	return nil
}

// cmdInspect classifies a saved page and reads its listings, offline:
// `rentwatch inspect FILE --url URL [--status N] [--header 'K: V']... [--json]`.
// A wall verdict is a result, not a failure: it exits 0. A bad command line
// or an unreadable file exits 2 with one line on stderr.
func cmdInspect(g globals, args []string, stdout, stderr io.Writer) int {
	a, err := parseInspect(&g, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(stdout, inspectUsage)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "rentwatch inspect: %v\n", err)
		return 2
	}
	html, err := readSavedPage(a.file)
	if err != nil {
		fmt.Fprintf(stderr, "rentwatch inspect: %v\n", err)
		return 2
	}
	page := blocks.Page{Status: a.status, Header: a.header, URL: a.url.String(), HTML: html}
	reading, lists, lost := readInspected(a, html)
	report := inspectReport(blocks.Classify(page, time.Now()), reading, a.url)
	report.Candidates = candidatesJSON(lists, a.pick, a.url)
	if lost {
		fmt.Fprintf(stderr, "rentwatch inspect: %s\n", pickLostWords(a.pick))
	}
	if a.json {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(report); err != nil {
			fmt.Fprintf(stderr, "rentwatch inspect: %v\n", err)
			return 1
		}
		return 0
	}
	printInspect(stdout, report)
	printLists(stdout, lists, listRead(lists, reading.Listings, a.pick, lost), a.pick)
	return 0
}

// readInspected reads a saved page as a search with a.pick would be read,
// and names the lists it holds. lost: the page holds no list a.pick; no
// listing is read then.
func readInspected(a inspectArgs, html []byte) (r read.Reading, lists []read.Candidate, lost bool) {
	u := a.url.String()
	lists = read.Lists(u, html)
	if a.pick == "" {
		return read.Read(u, html), lists, false
	}
	r, ok := read.ReadPick(u, html, a.pick)
	if !ok {
		r.Listings = nil
	}
	return r, lists, !ok
}

func parseInspect(g *globals, args []string) (inspectArgs, error) {
	fs := newFlags("inspect", g, io.Discard)
	rawURL := fs.String("url", "", "the page's address: resolves links and picks the portal")
	status := fs.String("status", "", "HTTP status the page came with (default: unknown)")
	headers := &headerFlags{h: http.Header{}}
	fs.Var(headers, "header", "a response header 'Name: value' (repeatable)")
	asJSON := fs.Bool("json", false, "print one JSON object")
	pick := fs.String("pick", "", "read the list with this key (the page's lists are printed with their keys)")
	rest, err := parseInterspersed(fs, args)
	if err != nil {
		return inspectArgs{}, err
	}
	if msg := checkPickFlag(*pick); msg != "" {
		return inspectArgs{}, errors.New(msg)
	}
	a := inspectArgs{header: headers.h, json: *asJSON, pick: *pick}
	switch {
	case len(rest) == 0:
		return a, errors.New("missing FILE (the saved page)")
	case len(rest) > 1:
		return a, fmt.Errorf("unexpected argument %q after FILE", rest[1])
	}
	a.file = rest[0]
	if a.url, err = pageURL(*rawURL); err != nil {
		return a, err
	}
	if *status != "" {
		n, err := strconv.Atoi(*status)
		if err != nil || n < 100 || n > 599 {
			return a, fmt.Errorf("bad --status %q: want an HTTP status code from 100 to 599", *status)
		}
		a.status = n
	}
	if len(a.header) == 0 {
		a.header = nil
	}
	return a, nil
}

func pageURL(raw string) (*url.URL, error) {
	if raw == "" {
		return nil, errors.New("missing --url (the address the page was saved from)")
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("bad --url %q: %v", raw, err)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("bad --url %q: want an http or https address", raw)
	}
	return u, nil
}

// inspectJSON is the `inspect --json` object: the page's report, and why
// the page holds listings none could read (absent when it holds none) and
// the links the readers left out.
type inspectJSON struct {
	pageJSON
	Unread  string        `json:"unread,omitempty"`
	Dropped []inspectDrop `json:"dropped,omitempty"`
	// Candidates are the lists on the page, when it holds more than one
	// (or a pick was asked for); absent otherwise.
	Candidates []candidateJSON `json:"candidates,omitempty"`
}

type inspectDrop struct {
	URL string `json:"url"`
	Why string `json:"why"`
}

func inspectReport(v blocks.Verdict, r read.Reading, base *url.URL) inspectJSON {
	out := inspectJSON{pageJSON: pageReport(v, r.Site, r.Listings, base), Unread: r.Unread}
	for _, d := range r.Dropped {
		out.Dropped = append(out.Dropped, inspectDrop{URL: d.URL, Why: d.Why})
	}
	return out
}

// printInspect writes the short human form: a verdict line, then up to
// shownListings listings, one a line.
func printInspect(w io.Writer, r inspectJSON) {
	var line strings.Builder
	line.WriteString(r.Verdict)
	switch {
	case r.Vendor != "" && r.Reason != "":
		fmt.Fprintf(&line, "  %s: %s", r.Vendor, r.Reason)
	case r.Reason != "":
		fmt.Fprintf(&line, "  %s", r.Reason)
	}
	if r.RetryAfterMS != nil {
		fmt.Fprintf(&line, "  retry in %v", time.Duration(*r.RetryAfterMS)*time.Millisecond)
	}
	fmt.Fprintf(&line, "  (%s, %s)", r.Site, words.Plural(len(r.Listings), "listing", "listings"))
	fmt.Fprintln(w, line.String())
	if r.Unread != "" {
		fmt.Fprintf(w, "  could not read: %s\n", r.Unread)
	}
	for _, d := range r.Dropped {
		fmt.Fprintf(w, "  dropped %s: %s\n", d.URL, d.Why)
	}
	for i, l := range r.Listings {
		if i == shownListings {
			fmt.Fprintf(w, "  ... and %d more\n", len(r.Listings)-shownListings)
			break
		}
		fmt.Fprintf(w, "  %-16s %s  %s\n", l.Price, l.Title, l.URL)
	}
}
