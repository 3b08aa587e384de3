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

// groupLists is the group's best list (findResultList's) and, when that
// list is bare, its best-scoring family whose cards are rich: of the
// first few families past a score of 2, from the same climb.
func groupLists(links []pageLink, g linkGroup) []scoredList {
	stats, parents := climbParents(links, g)
	fams := families(stats, parents)
	scores := make(map[*family]float64, len(fams))
	var best *family
	for _, f := range fams {
		scores[f] = familyScore(f)
		if best == nil || scores[f] > scores[best] {
			best = f
		}
	}
	if best == nil {
		return []scoredList{{resultList{}, 0}}
	}
	rl := listOf(g, best, stats, parents)
	out := []scoredList{{rl, scores[best]}}
	if scores[best] < 2 || richShare(rl.cards) >= richEnough {
		return out
	}
	sort.SliceStable(fams, func(i, j int) bool { return scores[fams[i]] > scores[fams[j]] })
	for _, f := range fams[:min(len(fams), 6)] {
		if scores[f] < 2 {
			break
		}
		if f == best {
			continue
		}
		if r := listOf(g, f, stats, parents); richShare(r.cards) >= richEnough {
			return append(out, scoredList{r, scores[f]})
		}
	}
	return out
}

// richEnough is the share of rich cards that makes a list rich; a list
// with fewer than bareBelow is bare.
const (
	richEnough = 0.5
	bareBelow  = 0.1
)

// richOverBare is the rich list where the best list is bare.
func richOverBare(best, rich resultList, richScore float64) resultList {
	if richScore > 0 && richShare(best.cards) < bareBelow {
		return rich
	}
	return best
}
