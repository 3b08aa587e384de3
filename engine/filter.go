package engine

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"rentwatch/config"
)

// The per-search filter is the engine's policy because it decides which
// listings the user is told about, like the diff against seen does; config
// only holds what the user asked for. Sift is pure, so the window can show
// what a filter would drop on a preview without loading the page again.

// FilterInput is what a search's filter looks at in one listing.
type FilterInput struct {
	Title string
	// Price is the price as the page shows it ("€ 1.250,- /mnd"); its
	// amount is read here.
	Price string
	// Size is in square metres where the reader found one; 0: not known.
	Size float64
}

// Sift decides whether a listing passes its search's filter; when it does
// not, reason says why, in words for the user. The zero Filter keeps every
// listing. A price or size that cannot be read never drops a listing: an
// alert the user did not need costs a glance, a missed one costs the room.
func Sift(f config.Filter, l FilterInput) (kept bool, reason string) {
	title := foldWords(l.Title)
	for _, w := range f.Exclude {
		if hasPhrase(title, w) {
			return false, fmt.Sprintf("the title has %q", w)
		}
	}
	if len(f.Require) > 0 {
		found := false
		for _, w := range f.Require {
			found = found || hasPhrase(title, w)
		}
		if !found {
			return false, "the title has none of " + quoteWords(f.Require)
		}
	}
	if f.MaxPrice > 0 {
		if amount, ok := PriceAmount(l.Price); ok && amount > f.MaxPrice {
			return false, fmt.Sprintf("%s is over your limit of %s", strings.TrimSpace(l.Price), number(f.MaxPrice))
		}
	}
	if f.MinSize > 0 && l.Size > 0 && l.Size < f.MinSize {
		return false, fmt.Sprintf("%s m² is under your minimum of %s m²", number(l.Size), number(f.MinSize))
	}
	return true, ""
}

// foldWords lowercases s, takes accents off its letters and turns every
// run of other characters into one space, with a space at both ends, so a
// phrase is found as whole words: "Studio (students only!)" holds
// "students only" but "Apartment" does not hold "art".
func foldWords(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte(' ')
	space := true
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r): // a combining accent: é -> e
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
			space = false
		case !space:
			b.WriteByte(' ')
			space = true
		}
	}
	if !space {
		b.WriteByte(' ')
	}
	return b.String()
}

func hasPhrase(folded, phrase string) bool {
	p := foldWords(phrase)
	return p != " " && strings.Contains(folded, p)
}

func quoteWords(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = strconv.Quote(w)
	}
	return strings.Join(q, ", ")
}

func number(n float64) string { return strconv.FormatFloat(n, 'f', -1, 64) }

// PriceAmount reads the first amount in a price as the page shows it:
// "€ 1.250,-" and "£1,250 pcm" are 1250, "515,36 €" is 515.36, "CHF
// 2'100.–" is 2100, "1 200 zł" is 1200; of a range ("€ 950 - € 1.100") the
// lower end. A separator followed by exactly three digits groups
// thousands; by one or two, it starts the decimals. ok is false when
// there is no amount.
func PriceAmount(price string) (amount float64, ok bool) {
	groups, seps := amountGroups(price)
	if len(groups) == 0 {
		return 0, false
	}
	decimals := ""
	if n := len(seps); n > 0 && seps[n-1] != ' ' && len(groups[n]) <= 2 {
		decimals, groups = groups[n], groups[:n]
	}
	text := strings.Join(groups, "")
	if decimals != "" {
		text += "." + decimals
	}
	v, err := strconv.ParseFloat(text, 64)
	return v, err == nil
}

// amountGroups splits the first number in s into its digit groups and the
// separators between them (spaces of any width as ' '). A space only
// separates a thousands group (three digits) from what comes before; a
// group after a space that is not three digits is another number.
func amountGroups(s string) (groups []string, seps []rune) {
	i := strings.IndexFunc(s, isASCIIDigit)
	if i < 0 {
		return nil, nil
	}
	s = s[i:]
	for {
		n := digitRun(s)
		groups, s = append(groups, s[:n]), s[n:]
		sep, size := utf8.DecodeRuneInString(s)
		switch sep {
		case '\u00a0', '\u202f', '\u2009':
			sep = ' '
		case '.', ',', '\'', '’', ' ':
		default:
			return groups, seps
		}
		rest := s[size:]
		next := digitRun(rest)
		if next == 0 || (sep == ' ' || sep == '\'' || sep == '’') && next != 3 {
			return groups, seps
		}
		if sep == ' ' && len(groups) == 1 && len(groups[0]) > 3 {
			return groups, seps // "1500 200": two numbers
		}
		seps, s = append(seps, sep), rest
	}
}

func digitRun(s string) int {
	n := 0
	for n < len(s) && isASCIIDigit(rune(s[n])) {
		n++
	}
	return n
}

func isASCIIDigit(r rune) bool { return r >= '0' && r <= '9' }
