package pages

import (
	"context"
	"encoding/json"
	"html"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"rentwatch/internal/testkit"
	"sync"
	"testing"
	"time"
)

// What a page's scripts see of the browser.

// pageScreen is what a page reads of its screen and window.
type pageScreen struct {
	Screen  [2]int  `json:"screen"`
	Avail   [2]int  `json:"avail"`
	Outer   [2]int  `json:"outer"`
	Inner   [2]int  `json:"inner"`
	At      [2]int  `json:"at"`
	Ratio   float64 `json:"ratio"`
	Focused bool    `json:"focused"`
}

const screenJS = `document.getElementById("screen").textContent = JSON.stringify({` +
	`screen: [screen.width, screen.height], avail: [screen.availWidth, screen.availHeight],` +
	`outer: [outerWidth, outerHeight], inner: [innerWidth, innerHeight], at: [screenX, screenY],` +
	`ratio: devicePixelRatio, focused: document.hasFocus()})`

// TestPageSeesDesktopScreen: every tab (the spare made at start and those
// made after) shows its page a desktop's screen and a window maximised on
// it, not headless Chrome's 800x600 screen and 780x580 window placed at
// 20,20 (and 30,30, ...). The page looks once its window has a size and
// the focus (for 3 s at most): for the first milliseconds of a new tab's
// first document its window can measure 0x0, in a person's Chrome too (a
// visible Chrome under Xvfb: 10 new tabs of 20, at parse time).
func TestPageSeesDesktopScreen(t *testing.T) {
	mux := http.NewServeMux()
	testkit.ServePage(mux, "/screen", `<!DOCTYPE html><html><head><title>Screen</title></head><body><pre id="screen"></pre>`+
		`<script>const held = fetch("/hold"), began = performance.now(); (function look() {`+
		` if ((outerWidth > 0 && document.hasFocus()) || performance.now() - began > 3000) { `+screenJS+`; fetch("/done") }`+
		` else { setTimeout(look, 10) } })()</script></body></html>`)
	holdUntilDone(mux)
	site := testkit.StartSite(t, "127.0.0.11", mux)
	b, rec := newTestBrowser(t, BrowserOptions{PageTimeout: time.Minute})
	want := pageScreen{Screen: [2]int{1920, 1080}, Avail: [2]int{1920, 1040}, Outer: [2]int{1920, 1040}, Ratio: 1, Focused: true}
	for i := range 3 {
		if _, err := b.Load(context.Background(), site.URL+"/screen"); err != nil {
			t.Fatalf("Load %d: %v", i, err)
		}
		var got pageScreen
		if err := json.Unmarshal([]byte(domText(t, rec.html(), "screen")), &got); err != nil {
			t.Fatalf("Load %d: %v", i, err)
		}
		inner := got.Inner
		got.Inner = [2]int{}
		if got != want || inner[0] != 1920 || inner[1] <= 0 || inner[1] > 1040 {
			t.Errorf("Load %d: the page sees %+v, inner %v; want %+v, inner 1920 wide, at most 1040 high", i, got, inner, want)
		}
	}
}

// holdUntilDone serves /hold, held until the page asks for /done (or for
// a minute): a request in flight, for which the Load's settle waits, so
// that what the page's script reports is in the page the Load reads.
func holdUntilDone(mux *http.ServeMux) {
	var mu sync.Mutex
	done := make(chan struct{})
	mux.HandleFunc("/hold", func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		wait := done
		mu.Unlock()
		select {
		case <-wait:
		case <-r.Context().Done():
		case <-time.After(time.Minute):
		}
	})
	mux.HandleFunc("/done", func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		close(done)
		done = make(chan struct{})
		mu.Unlock()
	})
}

// domText returns the text of the element with id in the captured html.
func domText(t testing.TB, page, id string) string {
	t.Helper()
	m := regexp.MustCompile(`<pre id="` + id + `">([^<]*)</pre>`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no #%s in the page the Load read", id)
	}
	return html.UnescapeString(m[1])
}

// botdPage runs FingerprintJS BotD (testdata/botd) and shows its verdict
// and each detector's in the page, and posts them to /verdict. The page
// holds a request open until then, so the Load's settle waits for the
// verdict; the post is for the test to wait on if the page is read first.
const botdPage = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>BotD</title></head><body>
<pre id="botd"></pre><pre id="detectors"></pre>
<script type="module">
import { load } from "/botd.esm.js";
const held = fetch("/hold");
let verdict, detectors;
try {
	const detector = await load({ monitoring: false });
	verdict = detector.detect();
	detectors = detector.getDetections();
} catch (e) {
	verdict = { error: String(e) };
}
document.getElementById("botd").textContent = JSON.stringify(verdict);
document.getElementById("detectors").textContent = JSON.stringify(detectors || {});
await fetch("/verdict", { method: "POST", body: JSON.stringify({ verdict, detectors }) });
</script></body></html>`

// TestBotDSaysNotABot loads a page running a public bot detector,
// FingerprintJS BotD, through the Browser: it must say bot: false.
func TestBotDSaysNotABot(t *testing.T) {
	verdicts := make(chan []byte, 1)
	release := make(chan struct{})
	mux := http.NewServeMux()
	testkit.ServePage(mux, "/", botdPage)
	mux.HandleFunc("/botd.esm.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		http.ServeFile(w, r, filepath.Join("..", "testdata", "botd", "botd.esm.js"))
	})
	mux.HandleFunc("/hold", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	mux.HandleFunc("/verdict", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		select {
		case verdicts <- body:
			close(release)
		default:
		}
	})
	site := testkit.StartSite(t, "127.0.0.12", mux)
	b, rec := newTestBrowser(t, BrowserOptions{PageTimeout: time.Minute})
	res, err := b.Load(context.Background(), site.URL+"/")
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if res.Early {
		t.Fatal("the page was read early, before BotD ran")
	}
	var got struct {
		Verdict struct {
			Bot   bool   `json:"bot"`
			Kind  string `json:"botKind"`
			Error string `json:"error"`
		} `json:"verdict"`
		Detectors map[string]struct {
			Bot  bool   `json:"bot"`
			Kind string `json:"botKind"`
		} `json:"detectors"`
	}
	select {
	case body := <-verdicts:
		if err := json.Unmarshal(body, &got); err != nil {
			t.Fatalf("BotD's verdict %q: %v", body, err)
		}
	case <-time.After(time.Minute): // bounds a hang only
		t.Fatal("BotD posted no verdict")
	}
	if got.Verdict.Error != "" || got.Verdict.Bot || len(got.Detectors) == 0 {
		t.Errorf("BotD says %+v", got.Verdict)
	}
	for name, d := range got.Detectors {
		if d.Bot {
			t.Errorf("BotD's %s says bot (%s)", name, d.Kind)
		}
	}
	// What the Load read shows the same verdict, unless it was read before
	// BotD was done (the settle gives up after settleMax on a busy machine).
	if page := domText(t, rec.html(), "botd"); page != "" && page != `{"bot":false}` {
		t.Errorf("the page the Load read shows %q", page)
	}
}
