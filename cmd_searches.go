package main

var cmdSearches = notBuilt("searches")
