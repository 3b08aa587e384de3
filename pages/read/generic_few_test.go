package read

import (
	"fmt"
	"strings"
	"testing"
)

// fewPage is a search page with the given result cards between the
// usual chrome: navigation, filters, pagination-less footer, an agent
// link in every card.
func fewPage(cards, aside string) string {
	var nav strings.Builder
	for i := 0; i < 12; i++ {
		fmt.Fprintf(&nav, `<li><a href="/section-%d/">Section %d</a></li>`, i, i)
	}
	return `<html><body><header><nav><ul>` + nav.String() + `</ul></nav></header>
<main><h1>Flats to rent in Leith</h1><div class="filters"><a href="/search?max=1000" rel="nofollow">Up to £1,000</a>
<a href="/search?beds=2" rel="nofollow">2 beds</a></div>
<ul class="results">` + cards + `</ul><aside>` + aside + `</aside></main>
<footer><a href="/about/">About</a> <a href="/help/">Help</a> <a href="/property/flat-9999999/">Flat of the week</a></footer></body></html>`
}

func fewCardHTML(id int, title, price string) string {
	return fmt.Sprintf(`<li class="result"><a href="/property/flat-%d/"><img src="/img/%d.jpg" alt=""></a>
<h2 class="result__title"><a href="/property/flat-%d/">%s</a></h2><p class="result__price">%s</p>
<p>Marketed by <a href="/agents/lothian-lettings-%d/">Lothian Lettings</a></p>
<button class="save">Save</button></li>`, id, id, id, title, price, id+1)
}

func TestReadFewResults(t *testing.T) {
	one := fewCardHTML(4410021, "2 bed flat, Great Junction Street", "£1 150 pcm")
	two := one + fewCardHTML(4410377, "1 bed flat, Easter Road", "£925 pcm")
	sidebar := `<h3>Similar homes</h3>` + strings.ReplaceAll(fewCardHTML(5550001, "Flat in Portobello", "£990 pcm"), "li", "div")
	tests := []struct {
		name, page string
		want       []string // url | title | price
	}{
		{"one result", fewPage(one, ""), []string{"/property/flat-4410021/|2 bed flat, Great Junction Street|£1 150 pcm"}},
		{"two results", fewPage(two, ""), []string{
			"/property/flat-4410021/|2 bed flat, Great Junction Street|£1 150 pcm",
			"/property/flat-4410377/|1 bed flat, Easter Road|£925 pcm"}},
		{"no results, similar homes in the sidebar", fewPage(`<li class="empty">No flats match your search.</li>`, sidebar), nil},
		{"one result and a sidebar suggestion", fewPage(one, sidebar), []string{"/property/flat-4410021/|2 bed flat, Great Junction Street|£1 150 pcm"}},
		{"no price: not clearly a result", fewPage(strings.ReplaceAll(one, "£1 150 pcm", "Let agreed"), ""), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := readWith("https://www.flatfinder.test/search?area=leith", []byte(tt.page), nil)
			var got []string
			for _, l := range r.Listings {
				got = append(got, strings.TrimPrefix(l.URL, "https://www.flatfinder.test")+"|"+l.Title+"|"+l.Price)
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}
