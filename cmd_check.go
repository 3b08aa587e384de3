package main

var cmdCheck = notBuilt("check")
