package read

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// The scoreboard: every fixture set read by Read (definitions and generic
// reader, as the app runs), scored per set. `go test -run TestScores -v`
// prints the table docs/BENCHMARKS.md quotes; each set has floors it
// must keep, so a change that makes a set worse fails here.

type fixtureSet struct {
	name, truthDir, pageDir string
	fields                  bool // the truth records price_value, size, rooms, image
	floor                   setScore
}

// perfect is the floor of every set today: all listing URLs found and
// nothing else, every title and price right.
var perfect = setScore{precision: 1, recall: 1, titleShare: 1, priceShare: 1}

var fixtureSets = []fixtureSet{
	{name: "real", truthDir: "../../testdata/real/truth", pageDir: "../../testdata/real", floor: perfect},
	{name: "portals", truthDir: "../../testdata/portals", pageDir: "../../testdata/portals", floor: perfect},
	{name: "portals_years", truthDir: "../../testdata/portals_years", pageDir: "../../testdata/portals_years", floor: perfect},
	{name: "unseen", truthDir: "../../testdata/unseen", pageDir: "../../testdata/unseen", floor: perfect},
	{name: "unseen2", truthDir: "../../testdata/unseen2", pageDir: "../../testdata/unseen2", floor: perfect},
	{name: "unseen3", truthDir: "../../testdata/unseen3", pageDir: "../../testdata/unseen3", fields: true, floor: perfect},
	{name: "unseen3/holdout", truthDir: "../../testdata/unseen3/holdout", pageDir: "../../testdata/unseen3/holdout", fields: true, floor: perfect},
	{name: "unseen4", truthDir: "../../testdata/unseen4", pageDir: "../../testdata/unseen4", floor: perfect},
	{name: "unseen4/holdout", truthDir: "../../testdata/unseen4/holdout", pageDir: "../../testdata/unseen4/holdout", floor: perfect},
	{name: "unseen4/documented", truthDir: "../../testdata/unseen4/documented", pageDir: "../../testdata/unseen4/documented", floor: perfect},
}

// setScore sums one set's pages. Titles and prices count over matched
// listings; a field's coverage counts over matched listings whose truth
// records it, and guesses are fields given where the truth has none.
type setScore struct {
	pages, found, want, hit   int
	titles, prices            int
	fieldWant, fieldOK, guess [4]int // price_value, size, rooms, image
	unreadWant, unreadOK      int
	dropWant, dropOK          int
	precision, recall         float64
	titleShare, priceShare    float64
}

func scoreSet(t *testing.T, fs fixtureSet) (setScore, []string) {
	var ss setScore
	var notes []string
	if _, err := os.Stat(fs.truthDir); err != nil {
		return ss, nil
	}
	for _, c := range loadFixtures(t, fs.truthDir, fs.pageDir) {
		raw, err := os.ReadFile(c.html)
		if err != nil {
			t.Fatal(err)
		}
		r := Read(c.truth.PageURL, raw)
		s := scoreReading(c.truth, r.Listings)
		ss.pages++
		ss.found += s.found
		ss.want += s.want
		ss.hit += int(s.recall*float64(s.want) + 0.5)
		ss.titles += s.titleOK
		ss.prices += s.priceOK
		if c.truth.Unread {
			ss.unreadWant++
			if readingSaysUnread(r) {
				ss.unreadOK++
			}
		}
		if fs.fields {
			scoreFields(c.truth, r.Listings, &ss)
		}
		said := map[string]bool{}
		for _, d := range r.Dropped {
			said[d.URL] = true
		}
		for _, d := range c.truth.Dropped {
			ss.dropWant++
			if said[d] {
				ss.dropOK++
			}
		}
		if s.recall < 1 || s.precision < 1 || s.titleOK < s.want || s.priceOK < s.want {
			notes = append(notes, fmt.Sprintf("%s: P=%.2f R=%.2f titles %d/%d prices %d/%d", c.name, s.precision, s.recall, s.titleOK, s.want, s.priceOK, s.want))
		}
		if os.Getenv("DUMP") != "" {
			for _, l := range r.Listings {
				notes = append(notes, fmt.Sprintf("   %s | %q | %q", l.URL, l.Title, l.Price))
			}
		}
	}
	if ss.found > 0 {
		ss.precision = float64(ss.hit) / float64(ss.found)
	}
	if ss.want > 0 {
		ss.recall = float64(ss.hit) / float64(ss.want)
	}
	if ss.hit > 0 {
		ss.titleShare = float64(ss.titles) / float64(ss.hit)
		ss.priceShare = float64(ss.prices) / float64(ss.hit)
	}
	return ss, notes
}

func TestScores(t *testing.T) {
	var b strings.Builder
	fmt.Fprintf(&b, "\n| set | pages | listings | precision | recall | titles | prices | price_value | size | rooms | image | unread said | dropped said |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, fs := range fixtureSets {
		ss, notes := scoreSet(t, fs)
		if ss.pages == 0 {
			continue
		}
		fields := [4]string{"–", "–", "–", "–"}
		if fs.fields {
			for i := range fields {
				fields[i] = fmt.Sprintf("%d/%d", ss.fieldOK[i], ss.fieldWant[i])
				if ss.guess[i] > 0 {
					fields[i] += fmt.Sprintf(" (%d guessed)", ss.guess[i])
				}
			}
		}
		unread := "–"
		if ss.unreadWant > 0 {
			unread = fmt.Sprintf("%d/%d", ss.unreadOK, ss.unreadWant)
		}
		dropped := "–"
		if ss.dropWant > 0 {
			dropped = fmt.Sprintf("%d/%d", ss.dropOK, ss.dropWant)
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %.3f | %.3f | %.1f%% | %.1f%% | %s | %s | %s | %s | %s | %s |\n", fs.name, ss.pages, ss.want,
			ss.precision, ss.recall, 100*ss.titleShare, 100*ss.priceShare, fields[0], fields[1], fields[2], fields[3], unread, dropped)
		if testing.Verbose() {
			for _, n := range notes {
				fmt.Fprintf(&b, "    %s\n", n)
			}
		}
		checkFloor(t, fs, ss)
	}
	t.Log(b.String())
}

func checkFloor(t *testing.T, fs fixtureSet, ss setScore) {
	t.Helper()
	if ss.unreadOK < ss.unreadWant || ss.dropOK < ss.dropWant {
		t.Errorf("%s: said unread on %d of %d pages, dropped %d of %d links", fs.name, ss.unreadOK, ss.unreadWant, ss.dropOK, ss.dropWant)
	}
	f := fs.floor
	if ss.precision < f.precision || ss.recall < f.recall || ss.titleShare < f.titleShare || ss.priceShare < f.priceShare {
		t.Errorf("%s: P=%.3f R=%.3f titles %.3f prices %.3f, below the floor P=%.3f R=%.3f titles %.3f prices %.3f",
			fs.name, ss.precision, ss.recall, ss.titleShare, ss.priceShare, f.precision, f.recall, f.titleShare, f.priceShare)
	}
}
