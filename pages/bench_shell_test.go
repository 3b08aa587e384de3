package pages

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"rentwatch/internal/testkit"
)

// shellBrowsers are the two Chromes a small box can run: the full one in
// its new headless mode, and Debian's chromium-headless-shell (the old
// headless mode, a build without the browser's UI).
var shellBrowsers = []struct{ name, path string }{
	{"chromium --headless=new", "/usr/bin/chromium"},
	{"chromium-headless-shell", "/usr/bin/chromium-headless-shell"},
}

// probePage sends what a page's script reads of the browser back to the
// site (GET /probe?d=JSON), as a fingerprinting script would, then shows
// the listings: the Load waits for the script (an early read of the HTML
// would find them before it ran).
const probePage = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Rooms</title></head><body>
<ul class="results" id="r"></ul><script>
var gl = document.createElement("canvas").getContext("webgl"), dbg = gl && gl.getExtension("WEBGL_debug_renderer_info");
var seen = JSON.stringify({
  ua: navigator.userAgent, webdriver: navigator.webdriver, plugins: navigator.plugins.length,
  languages: navigator.languages.join(","), screen: screen.width + "x" + screen.height,
  window: outerWidth + "x" + outerHeight, brands: (navigator.userAgentData && navigator.userAgentData.brands || []).map(b => b.brand).join(","),
  webgl: gl ? (dbg ? gl.getParameter(dbg.UNMASKED_VENDOR_WEBGL) + " / " + gl.getParameter(dbg.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER)) : "none"});
var x = new XMLHttpRequest(); // synchronous: the listings come after it went out
x.open("GET", "/probe?d=" + encodeURIComponent(seen), false);
x.send();
document.getElementById("r").innerHTML = %q;
</script></body></html>`

// BenchmarkHeadlessShell weighs chromium-headless-shell against the full
// chromium in the app's Browser, interleaved in one run: Chrome's CPU per
// Load (its whole tree, from /proc), its PSS between two cycles (idle a
// second after the Loads, warm tabs kept), and what a site sees (the
// request headers of a Load, and what the page's script reads). Run with
// -benchtime=20x -v.
func BenchmarkHeadlessShell(b *testing.B) {
	testkit.NeedProc(b)
	pages := benchHosts(b, false)
	ctx := context.Background()
	type run struct {
		br       *Browser
		rec      *pageRecorder
		cpu      int64
		pss, rss []int64
	}
	runs := make([]*run, len(shellBrowsers))
	for i, sb := range shellBrowsers {
		if _, err := os.Stat(sb.path); err != nil {
			b.Skipf("%s is not installed (apt-get install chromium chromium-headless-shell)", sb.path)
		}
		br, rec := newTestBrowser(b, BrowserOptions{Chrome: sb.path})
		br.opts.Chrome = sb.path
		for range 2 { // Chrome starts, one page warms it
			if _, err := br.Load(ctx, pages[0]); err != nil {
				b.Fatalf("%s: %v", sb.name, err)
			}
		}
		runs[i] = &run{br: br, rec: rec}
	}
	b.ResetTimer()
	for n := range b.N {
		page := pages[n%len(pages)]
		for _, i := range []int{n % 2, 1 - n%2} { // each goes first every other time
			r := runs[i]
			pid := r.br.chromePID()
			c0 := testkit.TreeCPU(pid).Milliseconds()
			if _, err := r.br.Load(ctx, page); err != nil {
				b.Fatalf("%s: %v", shellBrowsers[i].name, err)
			}
			time.Sleep(time.Second) // the tabs go back to the pool: between two cycles
			if r.br.chromePID() != pid {
				b.Fatalf("%s: Chrome restarted during the run", shellBrowsers[i].name)
			}
			r.cpu += testkit.TreeCPU(pid).Milliseconds() - c0
			m := testkit.TreeMem(idlePID(r.br))
			r.pss, r.rss = append(r.pss, m.PSS), append(r.rss, m.RSS)
		}
	}
	b.StopTimer()
	var out strings.Builder
	out.WriteString("\n| browser | Chrome CPU/Load ms | PSS between cycles MB (median) | RSS MB (median) |\n|---|---|---|---|\n")
	for i, r := range runs {
		fmt.Fprintf(&out, "| %s | %.0f | %.0f | %.0f |\n", shellBrowsers[i].name, float64(r.cpu)/float64(b.N),
			float64(medianKB(r.pss))/1024, float64(medianKB(r.rss))/1024)
		b.ReportMetric(float64(r.cpu)/float64(b.N), fmt.Sprintf("ms-cpu-%d", i))
	}
	out.WriteString("\nWhat a site sees:\n")
	for i, r := range runs {
		out.WriteString(siteSees(b, shellBrowsers[i].name, r.br))
	}
	b.Log(out.String())
}

// siteSees loads the probe page on a site of its own and says what the
// site got (the request headers) and what the page's script read.
func siteSees(b *testing.B, name string, br *Browser) string {
	mux := http.NewServeMux()
	testkit.ServePage(mux, "/rooms", fmt.Sprintf(probePage, dialogRooms(5)), "Accept-CH", clientHints)
	site := testkit.StartSite(b, "127.0.0.9", mux)
	for range 2 { // the second Load sends the client hints the first asked for
		if _, err := br.Load(context.Background(), site.URL+"/rooms"); err != nil {
			b.Fatalf("%s: probe: %v", name, err)
		}
	}
	var out strings.Builder
	fmt.Fprintf(&out, "\n%s\n", name)
	reqs := site.Requests()
	last := reqs[len(reqs)-1]
	for _, k := range []string{"User-Agent", "Sec-Ch-Ua", "Sec-Ch-Ua-Platform", "Sec-Ch-Ua-Full-Version-List", "Accept-Language", "Accept"} {
		fmt.Fprintf(&out, "  %s: %s\n", k, last.Header.Get(k))
	}
	probe := site.WaitFor(b, "/probe")
	fmt.Fprintf(&out, "  script: %s\n", probe.URL.Query().Get("d"))
	return out.String()
}

func medianKB(v []int64) int64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]int64(nil), v...)
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s[len(s)/2]
}
