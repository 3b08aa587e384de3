package read

import "testing"

// The pages in testdata/unseen2 are a second round of reconstructions,
// each built around a shape none of the other fixtures has (see
// testdata/unseen2/MANIFEST.tsv): the generic reader alone must read them.
func TestUnseen2PagesGenericAlone(t *testing.T) {
	runFixtures(t, loadFixtures(t, "../../testdata/unseen2", "../../testdata/unseen2"), nil)
}
