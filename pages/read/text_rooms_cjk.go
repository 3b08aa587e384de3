package read

import "regexp"

// Chinese cards write a home's layout as its rooms and halls: "3室2厅"
// (mainland China: 3 rooms, 2 halls), "3房2廳" (Hong Kong, Taiwan). The
// rooms are the count before 室, or before 房 where a count of halls
// follows (房 alone is "home", as in 二手房, "second-hand home"). Read,
// like Japan's "2LDK", only in text with ideographs in it.
var layoutCNRe = regexp.MustCompile(`(?:^|[^\d])([1-9])\s?(?:室|房\s?[0-9]\s?[厅廳])`)
