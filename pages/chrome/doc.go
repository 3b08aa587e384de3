// Package chrome finds the user's Chrome (or Chromium, Edge, Brave) and
// starts it for rentwatch: with switches that keep it quiet on the network
// and looking like a person's browser, an environment without our secrets,
// and a stop that leaves nothing of it running on its profile. It is named
// for what the user installs and sees in their process list: Chrome is the
// one program of theirs rentwatch drives. What a page sees of it and how
// its tabs are used is package pages'; the window a user checks a site in
// is package byhand's.
package chrome
