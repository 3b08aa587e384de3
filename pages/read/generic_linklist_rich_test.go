package read

import (
	"fmt"
	"strings"
	"testing"
)

// linkListPage is a search page whose results are a few project cards
// (photo, name, price) whose URLs carry no id, beside two long lists of
// bare links to other searches: one of area names written like the cards'
// URLs, one whose area codes end in digits and so read as ids.
func linkListPage(cards int) string {
	var areas, codes, results strings.Builder
	for i := 0; i < 60; i++ {
		name := strings.Repeat(string(rune('a'+i%26)), 3+i/26)
		fmt.Fprintf(&areas, `<li><a href="/projects/%s/">Area %s</a></li>`, name, name)
		fmt.Fprintf(&codes, `<li><a href="/projects/%szone%d/">Zone %s</a></li>`, name, 10+i, name)
	}
	for i := 0; i < cards; i++ {
		slug := "p_" + strings.Repeat(string(rune('k'+i)), 8)
		fmt.Fprintf(&results, `<li class="project"><a class="photo" href="/projects/%s/"><img src="/img/%d.jpg" alt=""></a>
<div class="info"><a class="name" href="/projects/%s/">Garden Court %d</a><span class="where">North bank, Riverside</span>
<div class="price"><span>%d 900</span> € average</div><a href="/projects/%s/#map">Map</a></div></li>`, slug, i, slug, i+1, 3+i, slug)
	}
	return `<html><body><header><nav><a href="/">Home</a></nav></header><main>
<div class="filter-areas"><ul>` + areas.String() + `</ul></div>
<div class="filter-zones"><ul>` + codes.String() + `</ul></div>
<h1>New homes</h1><ul class="projects">` + results.String() + `</ul></main></body></html>`
}

// TestLinkListRichRule: the result cards say more than their link (a
// photo, a price) and the lists of other searches say nothing else (issue
// 23, class 5): the results are read, not the longer bare lists, also
// where the cards' URLs have the same shape as one of those lists.
func TestLinkListRichRule(t *testing.T) {
	r := Read("https://homes.example.com/projects/", []byte(linkListPage(8)))
	if len(r.Listings) != 8 {
		var got []string
		for _, l := range r.Listings[:min(5, len(r.Listings))] {
			got = append(got, l.URL)
		}
		t.Fatalf("read %d listings (%v...), want the 8 project cards", len(r.Listings), got)
	}
	for i, l := range r.Listings {
		if !strings.Contains(l.URL, "/projects/p_") || l.Title != fmt.Sprintf("Garden Court %d", i+1) {
			t.Errorf("listing %d: %q %q, want a project card", i, l.URL, l.Title)
		}
	}
}
