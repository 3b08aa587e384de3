package pages

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"rentwatch/internal/testkit"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
)

func TestNormalMeta(t *testing.T) {
	brands := func(names ...string) []*emulation.UserAgentBrandVersion {
		var out []*emulation.UserAgentBrandVersion
		for _, n := range names {
			out = append(out, &emulation.UserAgentBrandVersion{Brand: n, Version: "156"})
		}
		return out
	}
	names := func(list []*emulation.UserAgentBrandVersion) string {
		var out []string
		for _, b := range list {
			out = append(out, b.Brand)
		}
		return strings.Join(out, ",")
	}
	tests := []struct{ in, want string }{
		{"Not:A-Brand,Chromium", "Not:A-Brand,Chromium"},
		{"Not:A-Brand,HeadlessChrome", "Not:A-Brand,Chromium"},
		{"HeadlessChrome,Chromium,Not.A/Brand", "Chromium,Not.A/Brand"},
		{"Google Chrome,Chromium,Not_A Brand", "Google Chrome,Chromium,Not_A Brand"},
	}
	for _, tc := range tests {
		m := normalMeta(&emulation.UserAgentMetadata{Brands: brands(strings.Split(tc.in, ",")...),
			FullVersionList: brands(strings.Split(tc.in, ",")...)})
		if got := names(m.Brands); got != tc.want || names(m.FullVersionList) != tc.want {
			t.Errorf("normalMeta(%s) = %s / %s, want %s", tc.in, got, names(m.FullVersionList), tc.want)
		}
	}
	if got := normalUA("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36"); strings.Contains(got, "Headless") || !strings.Contains(got, " Chrome/156.0.0.0 ") {
		t.Errorf("normalUA = %q", got)
	}
}

// TestIdentityKeptInProfile: what Chrome says it is is learned once (one
// extra Chrome started) and kept in the profile; a Browser started later on
// that profile starts no extra Chrome, and one whose kept identity no longer
// fits its Chrome (an upgrade) learns it again and says the right version.
func TestIdentityKeptInProfile(t *testing.T) {
	path := needChrome(t)
	profile := t.TempDir()
	mux := http.NewServeMux()
	testkit.ServePage(mux, "/rooms", `<!DOCTYPE html><html><head><title>Rooms</title></head><body><ul class="results">`+dialogRooms(3)+`</ul></body></html>`)
	site := testkit.StartSite(t, "127.0.0.15", mux)
	load := func(step string, wantLearns int) string {
		t.Helper()
		identities.Delete(path) // as in a new process
		b := NewBrowser(BrowserOptions{Chrome: path, ProfileDir: profile, PageTimeout: time.Minute})
		defer b.Close()
		var learns atomic.Int32
		b.tune.noted = func(h happening) {
			if h == learned {
				learns.Add(1)
			}
		}
		if _, err := b.Load(context.Background(), site.URL+"/rooms"); err != nil {
			t.Fatalf("%s: Load: %v", step, err)
		}
		if n := int(learns.Load()); n != wantLearns {
			t.Errorf("%s: %d Chromes started to learn, want %d", step, n, wantLearns)
		}
		reqs := site.Requests()
		return reqs[len(reqs)-1].UserAgent()
	}
	first := load("first start", 1)
	if _, err := os.Stat(filepath.Join(profile, identityFile)); err != nil {
		t.Fatalf("nothing kept in the profile: %v", err)
	}
	if again := load("next start", 0); again != first {
		t.Errorf("next start said %q, the first %q", again, first)
	}
	// An older Chrome's identity kept: the started Chrome's version differs.
	old, ok := readIdentityFile(profile, path)
	if !ok {
		t.Fatal("cannot read the kept identity")
	}
	old.product, old.userAgent = "HeadlessChrome/99.0.4844.51", strings.Replace(old.userAgent, "Chrome/", "Chrome/99.0.0.0 X", 1)
	writeIdentityFile(profile, path, old)
	if upgraded := load("after an upgrade", 1); upgraded != first {
		t.Errorf("after an upgrade it said %q, want %q", upgraded, first)
	}
}
