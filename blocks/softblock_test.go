package blocks

import (
	"fmt"
	"testing"
)

func TestSoftBlock(t *testing.T) {
	tests := []struct {
		name  string
		shown Shown
		want  bool
	}{
		{"an empty page of a portal that always shows listings", Shown{Expected: true}, true},
		{"an empty page whose data held listings none could read", Shown{Unread: true}, true},
		{"an empty page where the last check showed three", Shown{Before: SoftBlockMin}, true},
		{"an empty page where the last check showed many", Shown{Before: 40}, true},
		{"an empty page where the last check showed two: it may have emptied", Shown{Before: SoftBlockMin - 1}, false},
		{"an empty page of an unknown site never seen before", Shown{}, false},
		{"a page with one listing of a portal that always shows some", Shown{Listings: 1, Expected: true}, false},
		{"a page with listings and some unread", Shown{Listings: 5, Unread: true}, false},
		{"a page with fewer listings than last time", Shown{Listings: 1, Before: 40}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := SoftBlock(tc.shown); got != tc.want {
				t.Errorf("SoftBlock(%+v) = %v, want %v", tc.shown, got, tc.want)
			}
		})
	}
}

func ExampleSoftBlock() {
	// A search page that showed 12 rooms at the last check loads clean
	// and shows none: the site hides them, or its layout changed.
	fmt.Println(SoftBlock(Shown{Listings: 0, Before: 12}))
	// A portal that always shows listings shows some: nothing to say.
	fmt.Println(SoftBlock(Shown{Listings: 3, Expected: true}))
	// Output:
	// true
	// false
}
