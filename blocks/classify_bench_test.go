package blocks

import (
	"os"
	"strings"
	"testing"
	"time"
)

// BenchmarkClassifyFunda classifies the 600 KB funda.nl search page, the
// size of an ordinary listing page.
func BenchmarkClassifyFunda(b *testing.B) {
	html, err := os.ReadFile("../testdata/real/listings/funda_nl_huur_amsterdam_2022.html")
	if err != nil {
		b.Fatal(err)
	}
	benchClassify(b, html, OK)
}

// BenchmarkClassifyWall classifies a small wall page (Cloudflare managed
// challenge), the common case under back-pressure.
func BenchmarkClassifyWall(b *testing.B) {
	html, err := os.ReadFile("../testdata/real/challenge/cf_managed_2025_gengarac.html")
	if err != nil {
		b.Fatal(err)
	}
	benchClassify(b, html, Challenge)
}

// BenchmarkClassify10MB classifies a 10 MB synthetic listing page: the cost
// must stay that of its first MiB.
func BenchmarkClassify10MB(b *testing.B) {
	card := `<li class="card"><a href="/huur/amsterdam/appartement-123/"><h3>Street 1</h3></a>` +
		`<p class="price">&euro; 1.550 /mnd</p><script>var x={"a":1};</script></li>`
	html := "<html><head><title>Huurwoningen</title></head><body><ol>" +
		strings.Repeat(card, (10<<20)/len(card)) + "</ol></body></html>"
	benchClassify(b, []byte(html), OK)
}

// BenchmarkClassify10MBScript is the worst case for the scan: 10 MB with
// no text or links to stop at early (one huge inline script, as a
// single-page app's state dump can be), so the whole first MiB is read.
func BenchmarkClassify10MBScript(b *testing.B) {
	html := "<html><head><title>App</title><script>window.__STATE__=" +
		strings.Repeat(`{"id":12345,"title":"Street 1","price":"1550"},`, (10<<20)/48) +
		"0</script></head><body><div id=root></div></body></html>"
	benchClassify(b, []byte(html), OK)
}

func benchClassify(b *testing.B, html []byte, want Kind) {
	page := Page{Status: 200, URL: "https://www.funda.nl/huur/amsterdam/", HTML: html}
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	b.SetBytes(int64(len(html)))
	b.ReportAllocs()
	for b.Loop() {
		if v := Classify(page, now); v.Kind != want {
			b.Fatalf("got %s", v.Kind)
		}
	}
}

// BenchmarkClassify10MBAsks is the worst case of brandedGate: a 10 MB page
// whose title asks "Robot or human?" is read to brandedMaxBytes in search
// of a captcha (ordinary pages stop at the wall-page limits).
func BenchmarkClassify10MBAsks(b *testing.B) {
	card := `<li class="card"><a href="/huur/amsterdam/appartement-123/"><h3>Street 1</h3></a>` +
		`<p class="price">&euro; 1.550 /mnd</p><script>var x={"a":1};</script></li>`
	html := "<html><head><title>Robot or human?</title></head><body><ol>" +
		strings.Repeat(card, (10<<20)/len(card)) + "</ol></body></html>"
	benchClassify(b, []byte(html), OK)
}

// BenchmarkClassifyCyrillic classifies a 600 KB Russian listing page:
// every letter of its text takes the lowercasing's non-ASCII path, and its
// text, measured in letters, reaches the wall-page limit twice as many
// bytes in as an English page's.
func BenchmarkClassifyCyrillic(b *testing.B) {
	card := `<li class="card"><a href="/arenda/moskva/kvartira-123/"><h3>Уютная квартира у метро</h3></a>` +
		`<p class="price">45 000 ₽ в месяц</p><p>Светлая двухкомнатная Квартира, Рядом Парк и Школа.</p></li>`
	html := "<html><head><title>Аренда квартир в Москве</title></head><body><ol>" +
		strings.Repeat(card, (600<<10)/len(card)) + "</ol></body></html>"
	benchClassify(b, []byte(html), OK)
}
