package read

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// flightPage is an App Router search page of n cards, each rendered on
// the server and repeated in the flight data as an element, with the
// results' records in a row of their own: about 600 KB for n = 900, the
// size and shape of the portals' App Router pages.
func flightPage(n int) []byte {
	var html, rows strings.Builder
	html.WriteString(`<!DOCTYPE html><html><head><meta charset="utf-8"><title>Rooms</title></head><body><nav><a href="/">Home</a></nav><main><ul class="results">`)
	rows.WriteString("1:I[5544,[\"177\",\"static/chunks/app/page-9e1a.js\"],\"ResultCard\"]\n")
	var recs []string
	for i := 0; i < n; i++ {
		fmt.Fprintf(&html, `<li class="card"><a href="/room/%d/kamer-%d"><img src="/img/%d.jpg" alt=""><h3 class="card-title">Kamer %d</h3></a><span class="price">€ %d</span></li>`,
			100000+i, i, i, i, 700+i)
		fmt.Fprintf(&rows, "%x:[\"$\",\"li\",\"%d\",{\"className\":\"card\",\"children\":[\"$\",\"$L1\",null,{\"href\":\"/room/%d/kamer-%d\",\"title\":\"Kamer %d\",\"price\":\"€ %d\",\"image\":\"/img/%d.jpg\",\"labels\":{\"furnished\":\"Gemeubileerd\",\"available\":\"Per direct\"}}]}]\n",
			0x100+i, i, 100000+i, i, i, 700+i, i)
		recs = append(recs, fmt.Sprintf(`{"id":%d,"title":"Kamer %d","price":%d,"url":"/room/%d/kamer-%d","surface":%d,"description":"Een ruime kamer in een gezellig studentenhuis, dichtbij het centrum en het station."}`,
			100000+i, i, 700+i, 100000+i, i, 10+i%20))
	}
	fmt.Fprintf(&rows, "2:{\"results\":[%s],\"total\":%d}\n", strings.Join(recs, ","), n)
	html.WriteString(`</ul></main>`)
	payload := rows.String()
	for i := 0; i < len(payload); i += 2048 {
		chunk, _ := json.Marshal(payload[i:min(i+2048, len(payload))])
		fmt.Fprintf(&html, `<script>self.__next_f.push([1,%s])</script>`, chunk)
	}
	html.WriteString(`</body></html>`)
	return []byte(html.String())
}

func BenchmarkReadFlight600KB(b *testing.B) {
	benchRead(b, "https://www.example.nl/huren/kamers", flightPage(900), nil)
}
