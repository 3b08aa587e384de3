package blocks

// A soft block is a site's quiet refusal: a clean page (status 2xx, no
// wall Classify knows) that shows no listings where it should. It looks
// like a market with nothing new and is not: the site hides its listings
// from us, or its layout changed and the reader no longer finds them.
// Either way the user must hear of it, and what was seen must not be
// replaced by nothing.

// SoftBlockMin is how many listings a search's last clean check must have
// shown for a page that now shows none to count as a soft block rather
// than a market that emptied at once.
const SoftBlockMin = 3

// Shown is what a clean page showed, as SoftBlock weighs it.
type Shown struct {
	Listings int // listings read off the page
	// Expected is true when the portal's definition says its search pages
	// always show listings.
	Expected bool
	// Unread is true when the page's data holds listings none of which
	// could be read.
	Unread bool
	// Before is how many listings the search's last clean check showed;
	// 0 when there was none, or when the caller does not know (a page
	// loaded for itself).
	Before int
}

// SoftBlock reports whether a clean page that showed s is a soft block or
// a changed layout: no listings on it, where its portal always shows some,
// where its data holds some no reader could read, or where the search's
// last clean check showed SoftBlockMin or more. A page Classify calls a
// wall is a wall, never a soft block: ask this of clean pages only.
func SoftBlock(s Shown) bool {
	return s.Listings == 0 && (s.Expected || s.Unread || s.Before >= SoftBlockMin)
}
