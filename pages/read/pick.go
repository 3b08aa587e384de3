package read

import (
	"fmt"
	"hash/fnv"
	"sort"
	"strings"
	"unicode"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"rentwatch/listing"
)

// The pick: no reader is right on every portal, so when a page holds
// several lists the user may point at the one to watch. Candidates names
// each list the generic reader can see on a page (the result cards, a
// strip of similar listings, a long list of links to other searches) by a
// key that stays the same from one load of the page to the next: it is
// made of the list's place in the page's structure (the tags and class
// words of its container and the cards' tag) and of the shape of its
// links, never of the listings' texts, which change. ReadPick reads
// exactly the picked list and says when no list on the page has that key
// any more (the portal changed its layout): the caller then shows the
// user the lists again.

// Candidate is one list a page holds.
type Candidate struct {
	Key      string            // stable from load to load of the page, 8 hex digits
	Count    int               // listings in the list
	Listings []listing.Listing // its first three, for the user to recognise it
}

// candidateList is a candidate with all its listings.
type candidateList struct {
	key      string
	listings []listing.Listing
}

// Candidates returns the lists the page holds, the one Read would pick
// first, then the others by size. A page with one list has one candidate;
// a page the readers cannot parse has none. Safe for concurrent use.
func Candidates(pageURL string, raw []byte) []Candidate {
	out := Lists(pageURL, raw)
	for i, c := range out {
		out[i].Listings = c.Listings[:min(3, len(c.Listings)):min(3, len(c.Listings))]
	}
	return out
}

// Lists is Candidates with every listing of each list, for a caller that
// shows the list the user picks without loading the page again (the
// window's preview). Safe for concurrent use.
func Lists(pageURL string, raw []byte) []Candidate {
	lists, _ := candidateLists(pageURL, raw)
	out := make([]Candidate, 0, len(lists))
	for _, l := range lists {
		out = append(out, Candidate{Key: l.key, Count: len(l.listings), Listings: l.listings})
	}
	return out
}

// ReadPick reads the list the user picked on this page. ok is false when
// no list on the page has the key any more: the page's layout changed,
// and the Reading then holds what Read would read, for the caller to
// show beside the new candidates.
//
// A picked search is read on every check, so the whole reader runs only
// when the pick is lost: the lists alone cost about half of it.
func ReadPick(pageURL string, raw []byte, key string) (r Reading, ok bool) {
	for _, l := range pageLists(pageURL, raw) {
		if l.key == key {
			return Reading{Site: "generic", Listings: l.listings}, true
		}
	}
	return Read(pageURL, raw), false
}

// candidateLists reads the page's lists, the one Read reads first.
func candidateLists(pageURL string, raw []byte) ([]candidateList, Reading) {
	read := Read(pageURL, raw)
	lists := pageLists(pageURL, raw)
	// the list Read reads first, then the bigger ones
	first := func(l candidateList) bool {
		return len(read.Listings) > 0 && len(l.listings) > 0 && l.listings[0].URL == read.Listings[0].URL
	}
	sort.SliceStable(lists, func(i, j int) bool {
		if first(lists[i]) != first(lists[j]) {
			return first(lists[i])
		}
		return len(lists[i].listings) > len(lists[j].listings)
	})
	return lists, read
}

// pageLists reads every list of two or more listings the generic reader
// sees on the page, each once, in document order of discovery.
func pageLists(pageURL string, raw []byte) []candidateList {
	root, err := html.Parse(strings.NewReader(decodePage(raw)))
	if err != nil {
		return nil
	}
	pc, ok := newPageContext(pageURL, root)
	if !ok {
		return nil
	}
	links := collectLinks(root, pc)
	usable := make([]int, 0, len(links))
	for i, l := range links {
		if !l.hidden {
			usable = append(usable, i)
		}
	}
	seen := map[string]bool{}
	var lists []candidateList
	for _, g := range shapeGroups(links, usable) {
		rl, score := findResultList(links, g)
		if score < 1 || len(rl.cards) < 2 {
			continue
		}
		ls := keepPublic(pc.page, dedupe(readResultList(links, usable, rl, pc, false)))
		if len(ls) < 2 {
			continue
		}
		key := listKey(rl)
		if seen[key] {
			continue
		}
		seen[key] = true
		lists = append(lists, candidateList{key: key, listings: ls})
	}
	return lists
}

// listKey is a list's key: a hash of its links' shape, its cards' tag and
// the structural path of its first container (tags and the first two
// class words of each, with numbers and hash-like words left out).
func listKey(rl resultList) string {
	var parents []*html.Node
	for p := range rl.parents {
		parents = append(parents, p)
	}
	// the first container in document order: the same one each load
	sort.Slice(parents, func(i, j int) bool { return docBefore(parents[i], parents[j]) })
	var b strings.Builder
	b.WriteString(keptShape(rl.group.key))
	b.WriteString("|")
	b.WriteString(rl.tag)
	if len(parents) > 0 {
		for n, d := parents[0], 0; n != nil && n.Type == html.ElementNode && d < 8; n, d = n.Parent, d+1 {
			b.WriteString("|")
			b.WriteString(structuralName(n))
		}
	}
	h := fnv.New32a()
	h.Write([]byte(b.String()))
	return fmt.Sprintf("%08x", h.Sum32())
}

// keptShape is a group's shape key as picks saved before a link's page
// extension joined it (ids.go, pageExt): a user's pick stays good.
func keptShape(key string) string {
	parts := strings.SplitN(key, "|", 4)
	if len(parts) > 2 {
		if i := strings.IndexByte(parts[2], '.'); i >= 0 {
			parts[2] = parts[2][:i]
		}
	}
	return strings.Join(parts, "|")
}

// structuralName is an element's tag and its first two stable class words.
func structuralName(n *html.Node) string {
	name := n.Data
	kept := 0
	for _, w := range strings.Fields(attrOf(n, "class")) {
		if kept == 2 {
			break
		}
		if stableClass(w) {
			name += "." + w
			kept++
		}
	}
	return name
}

// stableClass reports a class word that names a role, not a build: no
// digits (css-1sw7q4x, sc-g2ckw9-0) and no state words.
func stableClass(w string) bool {
	if w == "" || len(w) > 40 {
		return false
	}
	for _, r := range w {
		if unicode.IsDigit(r) {
			return false
		}
	}
	switch w {
	case "active", "selected", "hidden", "visible", "open", "loaded", "loading", "in-view", "is-active":
		return false
	}
	return true
}

// docBefore reports whether a comes before b in document order.
func docBefore(a, b *html.Node) bool {
	pa, pb := pathTo(a), pathTo(b)
	for i := 0; i < len(pa) && i < len(pb); i++ {
		if pa[i] != pb[i] {
			return pa[i] < pb[i]
		}
	}
	return len(pa) < len(pb)
}

// pathTo is the child index of each ancestor of n from the root down.
func pathTo(n *html.Node) []int {
	var out []int
	for ; n != nil && n.Parent != nil && n.DataAtom != atom.Html; n = n.Parent {
		i := 0
		for s := n.PrevSibling; s != nil; s = s.PrevSibling {
			i++
		}
		out = append(out, i)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}
