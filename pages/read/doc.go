// Package read reads the rental listings off a search page's HTML: portal
// definitions for the portals it knows, a generic reader for every other,
// listing ids that stay the same from load to load, and the text, price
// and charset clean-up behind them. It is pure: it drives no browser, does
// no I/O and reads no clock, so the same bytes always give the same
// Reading. pages hands it what Chrome loaded; `rentwatch inspect` hands it
// a saved file.
package read
