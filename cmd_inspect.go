package main

var cmdInspect = notBuilt("inspect")
