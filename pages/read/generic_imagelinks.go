package read

import (
	"net/url"
	"path"
	"strings"
)

// The image-file link rule (issue 23, class 5): a card's photo may link
// to the image file itself (a lightbox: "/files/1217/4602/6682/front.jpg"),
// and a path of digit groups reads as an id, so on an agency page whose
// listings carry only a slug the photos made the id group and were read
// as the listings. A link to an image file is a photo, never a listing.

// imageFileURL reports a URL whose path names an image file.
func imageFileURL(u *url.URL) bool {
	switch strings.ToLower(path.Ext(u.Path)) {
	case ".jpg", ".jpeg", ".png", ".gif", ".webp", ".avif", ".bmp", ".svg", ".heic":
		return true
	}
	return false
}
