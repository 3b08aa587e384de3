package main

var cmdRun = notBuilt("run")
