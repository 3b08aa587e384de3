package config

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Filter narrows which of a search's new listings are alerted, beyond what
// the portal's own search URL can say. Its keys are written in the search's
// own [[search]] table (max_price, min_size, require, exclude). The zero
// Filter keeps every listing. The decision itself is the engine's (Sift);
// this is only what the user asked for.
type Filter struct {
	// MaxPrice is the most rent the user will pay, in the portal's own
	// currency; 0: no limit. A listing whose price cannot be read is kept.
	MaxPrice float64
	// MinSize is the smallest size in square metres; 0: no limit. A listing
	// whose size is not shown is kept.
	MinSize float64
	// Require keeps only listings whose title has at least one of these
	// words or phrases (case does not matter); empty: no requirement.
	Require []string
	// Exclude drops listings whose title has any of these words or phrases.
	Exclude []string
}

// Limits on a filter's word lists, so a pasted paragraph is refused with a
// reason instead of slowing every check down.
const (
	maxFilterWords = 30
	maxFilterWord  = 80 // characters
)

// IsZero reports whether f keeps every listing.
func (f Filter) IsZero() bool {
	return f.MaxPrice == 0 && f.MinSize == 0 && len(f.Require) == 0 && len(f.Exclude) == 0
}

// Clean returns f with its words trimmed, empty and repeated words (case
// does not matter) left out, and empty lists as nil: the form Load returns,
// so an edit of a filter round-trips through the file unchanged.
func (f Filter) Clean() Filter {
	f.Require = cleanWords(f.Require)
	f.Exclude = cleanWords(f.Exclude)
	return f
}

func cleanWords(in []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range in {
		w = strings.Join(strings.Fields(w), " ")
		if w == "" || seen[strings.ToLower(w)] {
			continue
		}
		seen[strings.ToLower(w)] = true
		out = append(out, w)
	}
	return out
}

func (f Filter) clone() Filter {
	f.Require = append([]string(nil), f.Require...)
	f.Exclude = append([]string(nil), f.Exclude...)
	if len(f.Require) == 0 {
		f.Require = nil
	}
	if len(f.Exclude) == 0 {
		f.Exclude = nil
	}
	return f
}

// decodeFilter reads a [[search]] table's filter keys; at is "search[N]".
func decodeFilter(at string, t map[string]any, ps *problems) Filter {
	var f Filter
	if v, ok := t["max_price"]; ok {
		f.MaxPrice = amountValue(at+".max_price", v, "the most rent, without quotes or currency, like 1200", ps)
	}
	if v, ok := t["min_size"]; ok {
		f.MinSize = amountValue(at+".min_size", v, "square metres, without quotes or unit, like 20", ps)
	}
	if v, ok := t["require"]; ok {
		f.Require = wordsValue(at+".require", v, ps)
	}
	if v, ok := t["exclude"]; ok {
		f.Exclude = wordsValue(at+".exclude", v, ps)
	}
	return f
}

func amountValue(field string, v any, like string, ps *problems) float64 {
	var n float64
	switch v := v.(type) {
	case int64:
		n = float64(v)
	case float64:
		n = v
	default:
		ps.add(field, "%s is not a number; write %s", show(v), like)
		return 0
	}
	return n
}

func wordsValue(field string, v any, ps *problems) []string {
	list, ok := v.([]any)
	if !ok {
		if s, isText := v.(string); isText {
			ps.add(field, "must be a list in brackets, like [%s]", quote(s))
		} else {
			ps.add(field, "must be a list of words in brackets, like [\"balcony\"]")
		}
		return nil
	}
	var out []string
	for _, el := range list {
		s, ok := el.(string)
		if !ok {
			ps.add(field, "%s is not text; put each word in quotes, like [\"balcony\", \"garden\"]", show(el))
			return nil
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// validateFilters checks every search's filter as the engine will use it.
func validateFilters(list []Search, ps *problems) {
	for i, sr := range list {
		at := fmt.Sprintf("search[%d]", i+1)
		f := sr.Filter
		checkAmount(ps, at+".max_price", f.MaxPrice)
		checkAmount(ps, at+".min_size", f.MinSize)
		checkWords(ps, at+".require", f.Require)
		checkWords(ps, at+".exclude", f.Exclude)
	}
}

func checkAmount(ps *problems, field string, n float64) {
	switch {
	case ps.has(field):
	case math.IsNaN(n) || math.IsInf(n, 0):
		ps.add(field, "%v is not a number", n)
	case n < 0:
		ps.add(field, "%s is below zero; leave it out for no limit", formatAmount(n))
	}
}

func checkWords(ps *problems, field string, words []string) {
	if ps.has(field) {
		return
	}
	if len(words) > maxFilterWords {
		ps.add(field, "has %d words; at most %d", len(words), maxFilterWords)
		return
	}
	for _, w := range words {
		switch {
		case strings.TrimSpace(w) == "":
			ps.add(field, "has an empty word; remove the \"\"")
			return
		case len([]rune(w)) > maxFilterWord:
			ps.add(field, "%q is longer than %d characters; use a word or a short phrase", string([]rune(w)[:20])+"…", maxFilterWord)
			return
		}
	}
}

// formatAmount writes a number the way the file does: 1200, 12.5.
func formatAmount(n float64) string { return strconv.FormatFloat(n, 'f', -1, 64) }

// renderFilter writes a search's filter keys, one per line, after its
// enabled line; nothing for the zero Filter.
func renderFilter(b *strings.Builder, f Filter, eol string) {
	if f.MaxPrice != 0 {
		fmt.Fprintf(b, "max_price = %s%s", formatAmount(f.MaxPrice), eol)
	}
	if f.MinSize != 0 {
		fmt.Fprintf(b, "min_size = %s%s", formatAmount(f.MinSize), eol)
	}
	if len(f.Require) > 0 {
		fmt.Fprintf(b, "require = %s%s", quoteList(f.Require), eol)
	}
	if len(f.Exclude) > 0 {
		fmt.Fprintf(b, "exclude = %s%s", quoteList(f.Exclude), eol)
	}
}

// quoteList writes words as a TOML array: ["a", "b"].
func quoteList(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = quote(w)
	}
	return "[" + strings.Join(q, ", ") + "]"
}
