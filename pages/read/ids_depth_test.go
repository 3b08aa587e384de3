package read

import (
	"net/url"
	"testing"
)

// TestDepthRuleKeys: listing links of one section whose id ends the path
// have one shape at two depths; links whose ids differ in form, or of
// another section, keep theirs.
func TestDepthRuleKeys(t *testing.T) {
	raw := []string{
		"https://www.seloger.com/annonces/achat/appartement/la-garenne-colombes-92/plaisance/195192585.htm",
		"https://www.seloger.com/annonces/achat/appartement/paris-16eme-75/auteuil-sud/197390987.htm",
		"https://www.seloger.com/annonces/achat/appartement/poissy-78/la-bruyere/196615721.htm",
		"https://www.seloger.com/annonces/achat/maison/serris-77/193824001.htm",
		"https://www.seloger.com/professionnels/agences/chessy-77700/agence-127204/",
		"https://www.seloger.com/professionnels/agences/paris-75002/agence-101075/",
		"https://www.example.org/news/2023/article-55.html",
		"https://www.example.org/news/world/2023/article-4471920.html",
	}
	shapes := make([]*urlShape, len(raw))
	for i, r := range raw {
		u, _ := url.Parse(r)
		s := shapeOf(u)
		shapes[i] = &s
	}
	shapeKeys(shapes, raw)
	if shapes[3].key != shapes[0].key || shapes[1].key != shapes[0].key {
		t.Errorf("listing keys at two depths differ: %q %q", shapes[0].key, shapes[3].key)
	}
	if shapes[4].key == shapes[0].key {
		t.Errorf("agency key %q joined the listings'", shapes[4].key)
	}
	if shapes[6].key == shapes[7].key {
		t.Errorf("ids of two forms joined: %q", shapes[6].key)
	}
}
