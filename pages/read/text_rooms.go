package read

import (
	"regexp"
	"strings"
	"unicode"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The rooms rule (issue 23, fields): a card says its rooms in many ways,
// and the alert shows them wherever it does. In order of trust:
//
//  1. a count of rooms in words or a local notation: "3 Zimmer", "3 Zi.",
//     "3-kamer", "Rooms: 2", "3 pok.", "2-комн.", "2 кімнати", "3 BHK"
//     (India: bedrooms, hall, kitchen), "T3" (Portugal,
//     France), "3+1" and "3+kk" (Czechia, Turkey), "2LDK" and "1R"
//     (Japan), "trilocale";
//  2. a number beside an element that names it: a bed icon ("fa-bed",
//     "bed-gray.svg") followed by "4", a field marked "bedrooms" or
//     itemprop numberOfRooms;
//  3. bedrooms in words ("2 bd", "1br", "3 Bedrooms", "4 slaapkamers")
//     where the card gives no count of rooms: English-speaking portals
//     count homes by bedrooms, and so does the person reading the card;
//  4. a studio, a bedsit or a room in a flat-share is one room.
//
// A count must be 1 to 29 rooms; anything else is some other number.

var (
	roomsAfterRe = regexp.MustCompile(`(?i)(?:^|[^\d.,])(\d{1,2}(?:[.,]5)?)[\s\x{2063}]*-?[\s\x{2063}]*` +
		`(zimmer|zi\.|rooms?\b|kamers?\b|pièces?\b|pieces?\b|rum\b|locali\b|pokoje\b|pokoi\b|pokój\b|pok\.|værelser\b|vær\.|rok\b|` +
		`комн|комнат|кімн|szob|camere\b|ambientes?\b|amb\.|habitaci(?:ón|ones)\b|hab\.|habs\b|phòng ngủ|pn\b|kamar tidur|kt\b|bilik\b|ห้องนอน|huonetta\b|räume\b|raum\b|bhk\b)`)
	roomsBeforeRe = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(zimmer|rooms|kamers|pièces|locali|räume|комнат|ambientes)[\s\x{2063}]*[:\-–]?[\s\x{2063}]*(\d{1,2}(?:[.,]5)?)(?:[^\d.,]|$)`)
	// "T3" (a three-room flat in Portugal and France), case as written
	typologyRe = regexp.MustCompile(`(?:^|[^\p{L}\d])T\s?([0-9])(?:[^\p{L}\d]|$)`)
	// "3+1", "2+kk": rooms plus a kitchen or a living room
	plusRoomsRe = regexp.MustCompile(`(?i)(?:^|[^\d.,+])([1-9])\s?\+\s?(?:kk|[0-9])(?:[^\d\p{L}]|$)`)
	// "3h,k,kph", "2h+kk", "1h+kt": Finnish rooms (huonetta), then the
	// kitchen and the rest, joined by commas or pluses
	finnishRoomsRe = regexp.MustCompile(`(?:^|[^\p{L}\d])([1-9])\s?h\s?[,+]`)
	// "2LDK", "1K", "3DK", "1R", "2SLDK", "3LDK+S": the rooms before the
	// living, dining and kitchen letters (read only in Japanese text)
	layoutJPRe  = regexp.MustCompile(`(?:^|[^\dA-Za-z])([1-9])(?:S?L?D?K|R)(?:[+＋]S)?(?:[^A-Za-z]|$)`)
	bedsAfterRe = regexp.MustCompile(`(?i)(?:^|[^\d.,])(\d{1,2})[\s\x{2063}]*(?:\+\s?\d\s*)?-?[\s\x{2063}]*` +
		`(?:bed(?:room)?s?\b|bds?\b|br\b|slaapkamers?\b|chambres?\b|schlafzimmer\b|dormitorios?\b|dorm\.|recámaras?\b|quartos?\b|sovrum\b|soverom\b|sypialni[ea]?\b|camere da letto\b)`)
	bedsBeforeRe = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(bedrooms?|beds|slaapkamers|chambres|dormitorios|recámaras|quartos)[\s\x{2063}]*[:\-–]?[\s\x{2063}]*(\d{1,2})(?:[^\d.,]|$)`)
	oneRoomRe    = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(studio|kawalerka|monolocale|estudio|garsoniera|garsonjera|einzimmerwohnung|wg-zimmer|bedsit|ワンルーム|monoambiente|kitnet|kitinete|quitinete)(?:[^\p{L}]|$)`)
	italianRe    = regexp.MustCompile(`(?i)(?:^|[^\p{L}])(bi|tri|quadri|penta)locale(?:[^\p{L}]|$)`)
)

// roomHints are in every text the rooms patterns match (lowercase), a
// cheap test before the regexps; the local notations have their own.
var roomHints = []string{"zimmer", "zi.", "room", "kamer", "pièce", "piece", "rum", "locali", "pok", "vær", "rok",
	"комн", "кімн", "szob", "camere", "ambiente", "amb.", "hab", "phòng ngủ", "pn", "kamar", "kt", "bilik", "ห้องนอน", "huonetta", "räume", "raum", "bhk"}

// bedHints are in every text the bedrooms patterns match (lowercase).
var bedHints = []string{"bed", "bd", "br", "slaapkamer", "chambre", "zimmer", "dorm", "recámara", "quarto", "sovrum",
	"soverom", "sypialni", "camere"}

var italianRooms = map[string]float64{"bi": 2, "tri": 3, "quadri": 4, "penta": 5}

// findRooms returns the rooms a text says (steps 1, 3 and 4 above), 0
// when it says none.
func findRooms(text string) float64 {
	if v := roomsCount(text); v > 0 {
		return v
	}
	return bedsOrOneRoom(text)
}

// bedsOrOneRoom is steps 3 and 4: bedrooms in words, or one room.
func bedsOrOneRoom(text string) float64 {
	if v := bedroomsCount(text); v > 0 {
		return v
	}
	if oneRoomRe.MatchString(text) {
		return 1
	}
	return 0
}

// cardRooms is findRooms for a card, with a count named by the card's
// markup (step 2) before bedrooms in words.
func cardRooms(card *html.Node, text string) float64 {
	if v := roomsCount(text); v > 0 {
		return v
	}
	if v := markedRooms(card); v > 0 {
		return v
	}
	return bedsOrOneRoom(text) // step 1 was tried above: not twice on every card
}

// roomsCount is step 1: a count of rooms in words or a local notation.
func roomsCount(text string) float64 {
	if hasAny(text, roomHints) {
		if m := roomsAfterRe.FindStringSubmatch(text); m != nil {
			if v := roomsValue(m[1]); v > 0 {
				return v
			}
		}
		if m := roomsBeforeRe.FindStringSubmatch(text); m != nil {
			if v := roomsValue(m[2]); v > 0 {
				return v
			}
		}
	}
	// "T3" needs a T and "3+1" a plus: the patterns run only where they can match
	for i, re := range []*regexp.Regexp{typologyRe, plusRoomsRe, finnishRoomsRe} {
		if !strings.Contains(text, []string{"T", "+", "h"}[i]) {
			continue
		}
		if m := re.FindStringSubmatch(text); m != nil {
			if v := roomsValue(m[1]); v > 0 {
				return v
			}
		}
	}
	if strings.Contains(text, "locale") {
		if m := italianRe.FindStringSubmatch(text); m != nil {
			return italianRooms[strings.ToLower(m[1])]
		}
	}
	if japanese(text) {
		if m := layoutJPRe.FindStringSubmatch(text); m != nil {
			return roomsValue(m[1])
		}
		if m := layoutCNRe.FindStringSubmatch(text); m != nil {
			return roomsValue(m[1])
		}
	}
	if v := koreanRooms(text); v > 0 {
		return v
	}
	return 0
}

// bedroomsCount is step 3: bedrooms in words.
func bedroomsCount(text string) float64 {
	if !hasAny(text, bedHints) {
		return 0
	}
	if m := bedsAfterRe.FindStringSubmatch(text); m != nil {
		if v := roomsValue(m[1]); v > 0 {
			return v
		}
	}
	if m := bedsBeforeRe.FindStringSubmatch(text); m != nil {
		return roomsValue(m[2])
	}
	return 0
}

// roomsValue parses a count of rooms ("3", "2,5"), 0 outside 1 to 29.
func roomsValue(s string) float64 {
	v, ok := parseAmount(strings.ReplaceAll(s, ",", "."))
	if !ok || v <= 0 || v >= 30 {
		return 0
	}
	return v
}

// japanese reports a text with kana or CJK ideographs in it.
func japanese(text string) bool {
	for _, r := range text {
		if unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Han) {
			return true
		}
	}
	return false
}

// roomWords name rooms or bedrooms in the class, alt, title or aria-label
// of an icon or a field (whole words, see badgeWordIn's splitting).
var roomWords = map[string]bool{"bed": true, "beds": true, "bedroom": true, "bedrooms": true, "room": true, "rooms": true,
	"zimmer": true, "cama": true, "camas": true, "dormitorio": true, "dormitorios": true, "recamaras": true,
	"habitaciones": true, "quartos": true, "chambres": true, "pieces": true, "kamers": true, "slaapkamers": true,
	"numberofrooms": true, "bedroomcount": true, "roomcount": true}

// markedRooms is step 2: the number an element named for rooms or
// bedrooms holds ("<span class="bedrooms">2 - 3</span>"), or the number
// written right after an icon named so ("<i class="fa fa-bed"></i> 4").
func markedRooms(card *html.Node) float64 {
	var out float64
	findFirst(card, func(n *html.Node) bool {
		if n == card || !namesRooms(n) {
			return false
		}
		if v := roomsValue(leadingNumber(attrOf(n, "content"))); v > 0 && strings.EqualFold(attrOf(n, "itemprop"), "numberOfRooms") {
			out = v
			return true
		}
		if out = roomsValue(leadingNumber(nodeText(n))); out > 0 {
			return true
		}
		// an icon or a label ("Bedrooms"): the text after it, within its
		// parent or the next element (up two levels, never past the card)
		out = roomsValue(leadingNumber(textAfter(n, card)))
		return out > 0
	})
	return out
}

// namesRooms reports an element whose class, test hook, itemprop, alt,
// title, aria-label or image file names rooms or bedrooms.
func namesRooms(n *html.Node) bool {
	for _, a := range n.Attr {
		switch a.Key {
		case "class", "data-testid", "data-test", "data-test-id", "data-cy", "itemprop", "alt", "title", "aria-label", "data-icon":
		case "src":
			if n.DataAtom != atom.Img {
				continue
			}
		default:
			continue
		}
		if len(a.Val) < 200 && wordIn(a.Val, roomWords) {
			return true
		}
	}
	return false
}

// wordIn reports whether v holds one of words as a whole word (split at
// punctuation, digits and camelCase, lowercased).
func wordIn(v string, words map[string]bool) bool {
	start := -1
	flush := func(end int) bool {
		if start < 0 {
			return false
		}
		w := strings.ToLower(v[start:end])
		start = -1
		return words[w]
	}
	prev := rune(0)
	for i, r := range v {
		switch {
		case !unicode.IsLetter(r):
			if flush(i) {
				return true
			}
		case unicode.IsUpper(r) && unicode.IsLower(prev):
			if flush(i) {
				return true
			}
			start = i
		case start < 0:
			start = i
		}
		prev = r
	}
	return flush(len(v))
}

// textAfter is the first text written after n (an icon), looking at n's
// following siblings, then at its parent's and grandparent's, inside card.
func textAfter(n, card *html.Node) string {
	for up := 0; up < 3 && n != nil && n != card; up++ {
		for s := n.NextSibling; s != nil; s = s.NextSibling {
			t := cleanText(textOf(s))
			if t != "" {
				return t
			}
		}
		n = n.Parent
	}
	return ""
}

// textOf is a node's text, text nodes included.
func textOf(n *html.Node) string {
	if n.Type == html.TextNode {
		return n.Data
	}
	if n.Type != html.ElementNode {
		return ""
	}
	return nodeText(n)
}

// leadingNumber is the number a text starts with ("4", "2 - 3", "3 + 0
// Bedrooms"), "" when it starts with none.
func leadingNumber(t string) string {
	t = strings.TrimSpace(t)
	end := 0
	for end < len(t) && (isDigit(rune(t[end])) || (end > 0 && (t[end] == '.' || t[end] == ',') && end+1 < len(t) && isDigit(rune(t[end+1])))) {
		end++
	}
	return t[:end]
}
