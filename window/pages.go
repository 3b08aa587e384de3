package window

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"time"

	"rentwatch/assets"
	"rentwatch/engine"
	"rentwatch/words"
)

// The pages are html/template files embedded in the binary: no build step,
// and every piece of text that came from a web page (a title, a price, a
// search's name) is escaped for where it lands. Links and photos come only
// through webLink, so a javascript: or data: address from a page never
// becomes a link or an image.

//go:embed ui/*.html
var uiFiles embed.FS

//go:embed static
var staticFS embed.FS

// pageNames are the pages; each has ui/NAME.html defining "main".
var pageNames = []string{"searches", "listings", "settings", "activity", "check"}

var pageTitles = map[string]string{"searches": "Searches", "listings": "Listings", "settings": "Settings", "activity": "Activity"}

// pageSet holds one template per page (the layout with the page's "main")
// and the parts the script asks for alone.
type pageSet struct {
	pages map[string]*template.Template
	parts *template.Template
}

// filterForm is what the filter-fields part is drawn from.
type filterForm struct {
	Prefix string // of the fields' ids, unique on the page
	Filter filterJSON
}

var eventLabels = map[engine.EventKind]string{engine.EventAlert: "alert", engine.EventWall: "wall", engine.EventFailure: "problem",
	engine.EventInfo: "note"}

var funcs = template.FuncMap{
	"filterOf":  func(prefix string, f filterJSON) filterForm { return filterForm{prefix, f} },
	"deref":     func(b *bool) bool { return b != nil && *b },
	"kindLabel": func(k engine.EventKind) string { return eventLabels[k] },
	"size":      func(n float64) string { return strconv.FormatFloat(n, 'f', -1, 64) },
	"plural":    words.Plural,
	"words":     func(list []string) string { return strings.Join(list, ", ") },
	"num": func(n float64) string {
		if n == 0 {
			return ""
		}
		return strconv.FormatFloat(n, 'f', -1, 64)
	},
}

func parsePages() (*pageSet, error) {
	base, err := template.New("").Funcs(funcs).ParseFS(uiFiles, "ui/layout.html", "ui/parts.html", "ui/reply.html")
	if err != nil {
		return nil, fmt.Errorf("window: templates: %w", err)
	}
	ps := &pageSet{pages: map[string]*template.Template{}, parts: base}
	for _, name := range pageNames {
		t, err := template.Must(base.Clone()).ParseFS(uiFiles, "ui/"+name+".html")
		if err != nil {
			return nil, fmt.Errorf("window: template %s: %w", name, err)
		}
		ps.pages[name] = t
	}
	return ps, nil
}

// pageData is what a page is drawn from.
type pageData struct {
	Page, Title string
	State       stateView
	NowMS       int64  // the server's clock, so live countdowns agree with it
	CSRF        string // the session's CSRF token, sent back with every change
	Version     string
	Network     bool // served to the home network (HTTPS, the password)
	Listings    listingsView
	Settings    settingsView
	Activity    []activityDay
	Check       checkPage // the check by hand's page (checkview.go)
}

// page serves one of the pages.
func (s *Server) page(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		now := s.d.Now()
		d := pageData{Page: name, Title: pageTitles[name], State: s.state(), NowMS: now.UnixMilli(),
			CSRF: s.csrfOf(r), Version: s.d.Version, Network: s.NetworkAddress() != ""}
		switch name {
		case "listings":
			v, err := s.listingsFor(r)
			if err != nil {
				http.Error(w, "The listings could not be read: "+err.Error(), http.StatusInternalServerError)
				return
			}
			d.Listings = v
		case "settings":
			d.Settings = s.settingsNow()
		case "activity":
			d.Activity = groupByDay(s.activity(), now, s.d.Location)
			d.Settings.CanOpenLog = s.d.OpenLog != nil
		}
		s.renderPage(w, name, d)
	}
}

func (s *Server) renderPage(w http.ResponseWriter, name string, d pageData) {
	var b bytes.Buffer
	if err := s.pages.pages[name].ExecuteTemplate(&b, "layout", d); err != nil {
		s.d.Log.Error("window: draw page", "page", name, "err", err)
		http.Error(w, "The page could not be drawn.", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(b.Bytes())
}

// render draws one part alone (the preview).
func (s *Server) render(w http.ResponseWriter, part string, v any) {
	var b bytes.Buffer
	if err := s.pages.parts.ExecuteTemplate(&b, part, v); err != nil {
		s.d.Log.Error("window: draw part", "part", part, "err", err)
		http.Error(w, "The part could not be drawn.", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(b.Bytes())
}

func groupByDay(events []activityView, now time.Time, loc *time.Location) []activityDay {
	var days []activityDay
	for _, e := range events {
		h := dayHeading(e.At, now, loc)
		if len(days) == 0 || days[len(days)-1].Heading != h {
			days = append(days, activityDay{Heading: h})
		}
		days[len(days)-1].Events = append(days[len(days)-1].Events, e)
	}
	return days
}

// staticFiles serves the script, the stylesheets and the app's icon.
func staticFiles() http.Handler {
	sub, err := fs.Sub(staticFS, "static")
	if err != nil {
		panic(err) // the embedded folder is there, or the build failed
	}
	files := http.StripPrefix("/static/", http.FileServerFS(sub))
	icon := assets.AppIconPNG(64)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/static/icon.png" {
			w.Header().Set("Content-Type", "image/png")
			_, _ = w.Write(icon)
			return
		}
		files.ServeHTTP(w, r)
	})
}
