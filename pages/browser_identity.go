package pages

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// What a site sees of the browser. Headless Chrome says "HeadlessChrome/156..."
// in its user agent; the rest of what it sends (the client hints' brands,
// the version, the platform) is what the same Chrome sends with a window.
// A per-tab override (Emulation.setUserAgentOverride) covers only what that
// tab's session sees while it is attached: the browser's own requests (a
// service worker's, a popup's) would still say HeadlessChrome. So the
// headless Chrome runs with --user-agent set to the normal user agent, for
// every request it makes; and since that switch empties the high-entropy
// client hints (full version list, architecture, bitness), each tab also
// gets the override with the client hints as this Chrome reports them
// without the switch.
//
// Both are learned once per Chrome binary from a short-lived headless
// Chrome started without the switch on a throwaway profile (about half a
// second), kept for the process and in the profile (identityFile), and
// checked against every start: an upgraded Chrome is learned again.

// identity is what a Chrome binary says it is, made normal.
type identity struct {
	product   string // Browser.getVersion's, e.g. "HeadlessChrome/156.0.8078.114"
	userAgent string // the user agent with "HeadlessChrome/" made "Chrome/"
	meta      *emulation.UserAgentMetadata
}

// identities holds the identity learned per Chrome path, for this process.
var identities sync.Map

// identity returns the identity of the Chrome at path: this process's, the
// one kept in profile, or learned now. The caller holds b.mu.
func (b *Browser) identity(ctx context.Context, path, profile string) (identity, error) {
	if id, ok := identities.Load(path); ok {
		return id.(identity), nil
	}
	if id, ok := readIdentityFile(profile, path); ok {
		identities.Store(path, id)
		return id, nil
	}
	b.tune.note(learned)
	tmp, err := os.MkdirTemp("", "rentwatch-learn-")
	if err != nil {
		return identity{}, err
	}
	defer os.RemoveAll(tmp)
	run, err := b.launch(ctx, path, tmp, identity{})
	if err != nil {
		return identity{}, err
	}
	defer run.stop()
	id, err := readIdentity(run)
	if err != nil {
		return identity{}, fmt.Errorf("learn what %s says it is: %w", path, err)
	}
	identities.Store(path, id)
	writeIdentityFile(profile, path, id)
	return id, nil
}

// forgetIdentity drops what was learned of path: the Chrome there changed.
func forgetIdentity(path, profile string) {
	identities.Delete(path)
	_ = os.Remove(filepath.Join(profile, identityFile))
}

// identityFile keeps, in Chrome's profile folder, the identity learned,
// so that a later run (rentwatch check, the next start) need not learn it
// again. Chrome ignores files it does not know there.
const identityFile = "rentwatch-identity.json"

// identityFileVersion is the version of identityFile's format; a file of
// another version is learned anew (it is a cache).
const identityFileVersion = 1

type identityJSON struct {
	Version   int                          `json:"version"`
	Chrome    string                       `json:"chrome"`
	Product   string                       `json:"product"`
	UserAgent string                       `json:"userAgent"`
	Meta      *emulation.UserAgentMetadata `json:"meta"`
}

func readIdentityFile(profile, path string) (identity, bool) {
	data, err := os.ReadFile(filepath.Join(profile, identityFile))
	if err != nil {
		return identity{}, false
	}
	var f identityJSON
	if json.Unmarshal(data, &f) != nil || f.Version != identityFileVersion || f.Chrome != path ||
		f.Product == "" || f.UserAgent == "" || f.Meta == nil || strings.Contains(f.UserAgent, "Headless") {
		return identity{}, false
	}
	return identity{product: f.Product, userAgent: f.UserAgent, meta: f.Meta}, true
}

// writeIdentityFile keeps id for path in profile, written whole or not at
// all; a failure only means learning it again next time.
func writeIdentityFile(profile, path string, id identity) {
	data, err := json.Marshal(identityJSON{Version: identityFileVersion, Chrome: path, Product: id.product,
		UserAgent: id.userAgent, Meta: id.meta})
	if err != nil {
		return
	}
	tmp, err := os.CreateTemp(profile, identityFile+".*")
	if err != nil {
		return
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if werr != nil || cerr != nil || os.Rename(tmp.Name(), filepath.Join(profile, identityFile)) != nil {
		_ = os.Remove(tmp.Name())
	}
}

// readIdentity reads the user agent and the client hints of run, a Chrome
// started without --user-agent. The client hints are only given to a
// secure page: chrome://version is one that needs no network.
func readIdentity(run *chromeRun) (identity, error) {
	id := identity{product: run.proc.Product, userAgent: normalUA(run.proc.UserAgent)}
	tctx, closeTab := chromedp.NewContext(run.ctx)
	defer closeTab()
	cctx, cancel := context.WithTimeout(tctx, 2*callTimeout)
	defer cancel()
	if err := chromedp.Do(cctx); err != nil {
		return id, err
	}
	// chromium-headless-shell has no chrome:// pages: about:blank is a
	// secure page too, with nothing to load.
	var err error
	for _, u := range []string{"chrome://version/", "about:blank"} {
		var nav page.NavigateResult
		nav, err = chromedp.Call(cctx, page.Navigate, page.NavigateParams{URL: u})
		if err == nil && nav.ErrorText != "" {
			err = errors.New(nav.ErrorText)
		}
		if err == nil {
			break
		}
		err = fmt.Errorf("open %s: %w", u, err)
	}
	if err != nil {
		return id, err
	}
	has, err := chromedp.Run(cctx, chromedp.Evaluate[bool](`"userAgentData" in navigator`))
	if err != nil {
		return id, err
	}
	if !has {
		// A Chrome before 90 sends no client hints of its own: made up
		// from the version, they are at least consistent with it.
		id.meta = madeUpMeta(run.proc.Product)
		return id, nil
	}
	meta, err := chromedp.Run(cctx, chromedp.Evaluate[emulation.UserAgentMetadata](uaDataJS, chromedp.EvalAwaitPromise))
	if err != nil {
		return id, fmt.Errorf("client hints: %w", err)
	}
	if len(meta.Brands) == 0 {
		return id, errors.New("client hints without brands")
	}
	id.meta = normalMeta(&meta)
	return id, nil
}

// uaDataJS asks for every client hint Chrome knows.
const uaDataJS = `navigator.userAgentData.getHighEntropyValues(["architecture","bitness","fullVersionList",` +
	`"model","platformVersion","wow64","formFactors"])`

// normalUA is ua as the same Chrome sends it with a window.
func normalUA(ua string) string {
	return strings.ReplaceAll(ua, "HeadlessChrome/", "Chrome/")
}

// normalMeta drops a "Headless" brand from the client hints, should a
// Chrome ever put one there (156 does not), for a Chromium one.
func normalMeta(m *emulation.UserAgentMetadata) *emulation.UserAgentMetadata {
	fix := func(list []*emulation.UserAgentBrandVersion) []*emulation.UserAgentBrandVersion {
		hasChromium := slices.ContainsFunc(list, func(b *emulation.UserAgentBrandVersion) bool { return b.Brand == "Chromium" })
		out := make([]*emulation.UserAgentBrandVersion, 0, len(list))
		for _, b := range list {
			if strings.Contains(b.Brand, "Headless") {
				if hasChromium {
					continue
				}
				b = &emulation.UserAgentBrandVersion{Brand: "Chromium", Version: b.Version}
			}
			out = append(out, b)
		}
		return out
	}
	m.Brands, m.FullVersionList = fix(m.Brands), fix(m.FullVersionList)
	return m
}

// madeUpMeta builds client hints from product ("HeadlessChrome/90.0.4430.93").
func madeUpMeta(product string) *emulation.UserAgentMetadata {
	_, full, _ := strings.Cut(product, "/")
	major, _, _ := strings.Cut(full, ".")
	if major == "" {
		major, full = "0", "0.0.0.0"
	}
	platform := map[string]string{"darwin": "macOS", "windows": "Windows", "linux": "Linux"}[runtime.GOOS]
	if platform == "" {
		platform = "Unknown"
	}
	arch := "x86"
	if strings.HasPrefix(runtime.GOARCH, "arm") {
		arch = "arm"
	}
	return &emulation.UserAgentMetadata{
		Brands:          []*emulation.UserAgentBrandVersion{{Brand: "Chromium", Version: major}, {Brand: "Not_A Brand", Version: "24"}},
		FullVersionList: []*emulation.UserAgentBrandVersion{{Brand: "Chromium", Version: full}, {Brand: "Not_A Brand", Version: "24.0.0.0"}},
		Platform:        platform, Architecture: arch, Bitness: "64",
	}
}
