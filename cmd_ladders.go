package main

var cmdLadders = notBuilt("ladders")
