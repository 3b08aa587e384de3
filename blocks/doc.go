// Package blocks is everything rentwatch knows about the walls sites put up,
// as pure policy: the kinds of wall, the four backoff ladders, the per-host
// registry of who is refusing us, Retry-After parsing, and classifying a
// loaded page. It does no I/O and never reads the clock or global randomness:
// callers pass the time and a random draw.
package blocks
