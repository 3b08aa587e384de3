package read

import "strings"

// Sizes in the Americas and Asia-Pacific (issue 23, fields): Latin
// American cards abbreviate square metres ("120 mts²", "85 mt2"; a bare
// "200 mts" is a distance, "a 200 mts del metro"), Thai cards
// write square metres as ตร.ม., Taiwanese and Korean cards count pyeong
// (坪, 평: 3.3058 m²), Pakistani cards marla and kanal (272.25 and 5,445
// square feet), Indian plot cards square yards.

// regionSizeUnits joins sizeRe's units (see text_fields.go).
const regionSizeUnits = `mts²|mts2|mt²|mt2|ตร\.\s?ม\.?|坪|평|marlas?\b|kanals?\b|sq\.?\s?yds?\.?|sq\.?\s?yards?|square\s+yards?`

// regionUnitM2 is the square metres in one unit of a region size unit (0
// for a unit already in square metres).
func regionUnitM2(unit string) float64 {
	switch {
	case unit == "坪" || unit == "평":
		return 3.305785
	case strings.HasPrefix(unit, "marla"):
		return 25.29285
	case strings.HasPrefix(unit, "kanal"):
		return 505.8570
	case strings.Contains(unit, "yd") || strings.Contains(unit, "yard"):
		return 0.8361274
	}
	return 0
}
