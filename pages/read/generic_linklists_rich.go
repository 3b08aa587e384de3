package read

import "sort"

// The rich-list rule (issue 23, class 5, continued): the block-choice
// rule weighs a list by the share of its cards that say more than their
// link, but a long enough bare list still outscores a page of a few
// result cards (ten new-build projects beside 120 links to districts).
// And where the cards' URLs have the same shape as a list of other
// searches (/homes/p_garden-court/ beside /homes/riverside/), the two
// fall in one group whose best-scoring family is the longer bare list:
// the cards are never scored at all. So a group whose best list is bare
// offers its best rich family too, and a rich list (a photo, a price or
// text of their own on most cards) beats a bare one (links and nothing
// else on nine cards in ten) whatever their lengths.

// scoredList is a result list and its U²/C score.
type scoredList struct {
	rl    resultList
	score float64
}

// groupLists is the group's best list and, when that list is bare, its
// best-scoring family whose cards are rich.
func groupLists(links []pageLink, g linkGroup) []scoredList {
	rl, score := findResultList(links, g)
	out := []scoredList{{rl, score}}
	if score < 2 || richShare(rl.cards) >= richEnough {
		return out
	}
	if r, s := richList(links, g); s > 0 {
		out = append(out, scoredList{r, s})
	}
	return out
}

// richEnough is the share of rich cards that makes a list rich; a list
// with fewer than bareBelow is bare.
const (
	richEnough = 0.5
	bareBelow  = 0.1
)

// richList is the group's best-scoring family (of the first few, past a
// score of 2) whose cards are rich.
func richList(links []pageLink, g linkGroup) (resultList, float64) {
	stats, parents := climbParents(links, g)
	fams := families(stats, parents)
	scores := make(map[*family]float64, len(fams))
	for _, f := range fams {
		scores[f] = familyScore(f)
	}
	sort.SliceStable(fams, func(i, j int) bool { return scores[fams[i]] > scores[fams[j]] })
	for _, f := range fams[:min(len(fams), 6)] {
		if scores[f] < 2 {
			break
		}
		if rl := listOf(g, f, stats, parents); richShare(rl.cards) >= richEnough {
			return rl, scores[f]
		}
	}
	return resultList{}, 0
}

// richOverBare is the rich list where the best list is bare.
func richOverBare(best, rich resultList, richScore float64) resultList {
	if richScore > 0 && richShare(best.cards) < bareBelow {
		return rich
	}
	return best
}
