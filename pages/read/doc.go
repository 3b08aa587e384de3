// Package read reads the rental listings off a search page's HTML: portal
// definitions for the portals it knows, a generic reader for every other,
// the listings a script-rendered page holds only in its script data
// (Next.js pages and App Router flight rows, Nuxt, Remix and React Router,
// SvelteKit, Astro islands, Angular transfer state, Inertia, Redux, Apollo,
// JSON blocks), listing ids that stay the same from load to load, and the
// text, price, size and charset clean-up behind them. It is pure: it drives
// no browser, does no I/O and reads no clock, so the same bytes always give
// the same Reading; what it could not read it says in the Reading (Unread,
// Dropped) for the caller to show or log. pages hands it what Chrome
// loaded; `rentwatch inspect` hands it a saved file.
package read
