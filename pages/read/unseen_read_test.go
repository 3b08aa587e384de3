package read

import "testing"

// The pages in testdata/unseen reconstruct the search pages of portals
// the generic reader was not built against (see testdata/unseen/MANIFEST.tsv):
// they measure how it generalises, with no portal definition at all.
func TestUnseenPagesGenericAlone(t *testing.T) {
	runFixtures(t, loadFixtures(t, "../../testdata/unseen", "../../testdata/unseen"), nil)
}
