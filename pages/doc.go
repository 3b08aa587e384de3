// Package pages is the watcher's browser: it loads search pages in one
// long-lived headless Chrome (chromedp), waits out interstitials that
// clear by themselves, hands what the browser saw to the wall classifier
// in blocks, and has the listings read off the page by pages/read; every
// Load ends as one Result. It never decides when to retry: that is the
// engine's, by the policy in blocks.
//
// Its rooms: pages/chrome finds the user's Chrome and starts it; pages/read
// reads listings out of a page; pages/byhand is the visible window for a
// check by hand; the auto-reply (package reply) borrows a tab (OpenTab) to
// fill and send a contact form. The package keeps "pages" as its name
// because a page loaded and judged is what the engine asks of it.
package pages
