package read

import (
	"regexp"
	"strings"
	"unicode"
)

// Chinese cards write a home's layout as its rooms and halls: "3室2厅"
// (mainland China: 3 rooms, 2 halls), "3房2廳" (Hong Kong, Taiwan), or
// the rooms alone, "3房". The rooms are the count before 室 or 房; 房 also
// starts words that are no count of rooms (房源 "listings", 房产
// "property", 房屋 "house", 房东 "landlord", 房间 "room"), which are
// passed. Read, like Japan's "2LDK", only in text with ideographs in it.
var layoutCNRe = regexp.MustCompile(`(?:^|[^\d])([1-9])\s?(?:室|房(?:\s?[0-9]\s?[厅廳]|[^源产產屋東东间間]|$))`)

// Korean cards count rooms as 방 3개 ("3 rooms"), 3룸, or in words: 원룸
// (one-room), 투룸 (two-room), 쓰리룸 (three-room).
var koreanRoomsRe = regexp.MustCompile(`방\s?([1-9])\s?개|([1-9])\s?룸`)

var koreanRoomWords = []struct {
	word  string
	rooms float64
}{{"쓰리룸", 3}, {"투룸", 2}, {"원룸", 1}}

// koreanRooms is the rooms a Korean text says, 0 when it says none (or
// has no Hangul).
func koreanRooms(text string) float64 {
	if !strings.ContainsFunc(text, func(r rune) bool { return unicode.Is(unicode.Hangul, r) }) {
		return 0
	}
	if m := koreanRoomsRe.FindStringSubmatch(text); m != nil {
		return roomsValue(m[1] + m[2])
	}
	for _, w := range koreanRoomWords {
		if strings.Contains(text, w.word) {
			return w.rooms
		}
	}
	return 0
}
