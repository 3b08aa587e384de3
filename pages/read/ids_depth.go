package read

// The depth rule (issue 23, class 5): a portal's listing links may leave
// out a path segment where a listing has none to give, the neighbourhood
// ("/annonces/achat/maison/serris-77/193824001.htm" beside
// "/annonces/achat/appartement/la-garenne-colombes-92/plaisance/195192585.htm":
// seloger.com). Each depth was a shape of its own, and the cards of the
// smaller one were left out of the list. Links of one section (the same
// first segment, shared by several links) whose id ends the path, with the
// same page extension and ids of the same form (the same length, digits
// or not) are one shape, even where one depth has a single link: the one that most of them have. It goes by the
// URLs' form alone, in any language.

// joinDepths gives such links the key of the depth most of them have.
func joinDepths(shapes []*urlShape) {
	type group struct {
		keys  map[string]int
		forms map[string]int
	}
	groups := map[string]*group{}
	for _, s := range shapes {
		if !depthFree(s) {
			continue
		}
		g := groups[s.end+"|"+s.first]
		if g == nil {
			g = &group{keys: map[string]int{}, forms: map[string]int{}}
			groups[s.end+"|"+s.first] = g
		}
		g.keys[s.key]++
		g.forms[idForm(s.id)]++
	}
	for gk, g := range groups {
		if len(g.keys) < 2 || len(g.forms) != 1 {
			delete(groups, gk)
		}
	}
	if len(groups) == 0 {
		return
	}
	major := map[string]string{}
	for gk, g := range groups {
		best, n := "", 0
		for k, c := range g.keys {
			if c > n || (c == n && k < best) {
				best, n = k, c
			}
		}
		major[gk] = best
	}
	for _, s := range shapes {
		if !depthFree(s) {
			continue
		}
		if k, ok := major[s.end+"|"+s.first]; ok {
			s.key = k
		}
	}
}

// depthFree reports a link the depth rule may join: its id ends the path,
// after a first segment kept in its key or dropped as a slug used once.
func depthFree(s *urlShape) bool {
	return s.end != "" && s.first != "" && (s.key == s.base+"|"+s.first || s.key == s.base+"|*")
}

// idForm is an id's length and whether it is all digits.
func idForm(id string) string {
	if allDigits(id) {
		return "d" + string(rune('0'+min(len(id), 40)))
	}
	return "x" + string(rune('0'+min(len(id), 40)))
}
