package read

import "testing"

// The pages in testdata/unseen4 reconstruct the script data of the
// front-end frameworks search portals moved to (see its README): the
// generic reader alone must read them, with no portal definition.
func TestUnseen4PagesGenericAlone(t *testing.T) {
	for _, dir := range []string{"../../testdata/unseen4", "../../testdata/unseen4/holdout", "../../testdata/unseen4/documented"} {
		runFixtures(t, loadFixtures(t, dir, dir), nil)
	}
}
