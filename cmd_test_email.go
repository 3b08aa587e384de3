package main

var cmdTestEmail = notBuilt("test-email")
