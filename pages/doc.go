// Package pages is rentwatch's eyes: it loads search pages in one
// long-lived Chrome (chromedp), waits out interstitials that clear by
// themselves, hands what the browser saw to the wall classifier in blocks,
// and has the listings read off the page by pages/read. It also opens the
// visible window for a check by hand, and lends a tab (OpenTab) to the
// auto-reply (package reply), which fills and sends a contact form on it.
// It never decides when to retry: that is the engine's, by the policy in
// blocks.
package pages
