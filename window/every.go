package window

import (
	"fmt"
	"time"

	"rentwatch/config"
	"rentwatch/engine"
	"rentwatch/words"
)

// How often a search is really checked, and why that is not the interval:
// every search of one site waits its turn (the site is asked one page at a
// time, a gap apart), and a round of checks ends with the last page of
// its busiest site.

// sites counts the searches being watched (on, not paused) per host.
type sites map[string]int

func countSites(searches []config.Search) sites {
	n := sites{}
	for _, s := range searches {
		if s.Enabled {
			n[hostOf(s.URL)]++
		}
	}
	return n
}

// busiest is the host with the most searches, and how many.
func (n sites) busiest() (string, int) {
	host, most := "", 0
	for h, c := range n {
		if c > most || c == most && h < host {
			host, most = h, c
		}
	}
	return host, most
}

// everyWords says how often the search was really checked lately
// ("about every 52 s"; "" before it is known) and, when that is well over
// the interval, why, in a sentence.
func everyWords(sv engine.SearchView, interval time.Duration, n sites) (short, why string) {
	if sv.Every <= 0 {
		return "", ""
	}
	every := sv.Every.Round(time.Second)
	short = "about every " + words.Duration(every)
	if interval <= 0 || sv.Every <= interval+max(interval/2, 10*time.Second) {
		return short, ""
	}
	site := words.Site(sv.Host)
	switch busy, most := n.busiest(); {
	case n[sv.Host] > 1:
		why = fmt.Sprintf("Checked %s: %d searches on %s share one site, which rentwatch asks one page at a time.",
			short, n[sv.Host], site)
	case most > 1:
		why = fmt.Sprintf("Checked %s: each round of checks waits for the %d searches on %s, which rentwatch asks one page at a time.",
			short, most, words.Site(busy))
	default:
		why = fmt.Sprintf("Checked %s, not every %s: %s is slow to answer, or made rentwatch wait.", short, words.Duration(interval), site)
	}
	return short, why + " The time between checks (Settings) is the least, not the most."
}
