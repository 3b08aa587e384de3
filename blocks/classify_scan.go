package blocks

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"
)

// Scan limits. A wall page is small: the largest real one we know
// (Cloudflare's managed challenge with its inline styles) is under 40 KB.
// Reading only the first MiB keeps classifying a 10 MB page as cheap as a
// 1 MB one, and the other caps keep memory flat whatever the page holds.
const (
	maxScanBytes   = 1 << 20   // HTML fed to the tokenizer
	maxScriptBytes = 128 << 10 // inline script kept for marker search
	maxAttrBytes   = 64 << 10  // id/class/src/... values kept
	maxTextSample  = 4 << 10   // visible text kept for phrase search
	maxHiddenBytes = 4 << 10   // noscript and iframe fallback text kept
	maxHeadings    = 8
)

// scan is what the classifier looks at, read from a page in one linear
// pass. Every string in it is lowercased (in any alphabet, "Доступ" as
// "доступ"), so marker checks are case-insensitive; text has its
// whitespace collapsed to single spaces.
type scan struct {
	title    string   // Page.Title when the browser gave one, else <title>
	headings []string // h1 and h2 texts, in page order
	text     string   // start of the visible text
	hidden   string   // noscript and iframe fallback text
	script   string   // inline script contents, concatenated
	// attrs holds "\nkey=value" lines for the attributes markers sit in
	// (id, class, src, href, action, name), so a check can anchor on a
	// whole value: "\nid=px-captcha\n".
	attrs string
	// refresh is the target of a <meta http-equiv="refresh">, where some
	// walls send the browser next.
	refresh string
	// textLen is the length of the visible text in letters (textLength),
	// links the <a href> elements; both stop growing soon after passing
	// the wall-page limits (wallMaxText, wallMaxLinks), where scanning
	// stops.
	textLen int
	links   int
	// What a person fills in. A wall asks for nothing but its check;
	// these tell the site's own forms (a login, a contact form, search
	// filters) from a page that holds a captcha alone.
	inputs    int // inputs a person types into: text, email, password, tel, number, ...
	passwords int // password inputs: a login form, which no wall page carries
	textareas int // textareas, not counting a captcha's hidden response field
	selects   int // drop-down lists
	// captchaFields counts the inputs counted above whose name or id says
	// captcha: the answer field of a site's own image captcha ("type the
	// characters below"), the one thing such a gate asks for.
	captchaFields int
	// searchInputs counts the inputs counted above that are plainly a
	// search box (named q or search): a site's top bar carries one on
	// its verification page too.
	searchInputs int
	scripts      int // <script> elements, inline or not
	// siteScripts counts scripts loaded from the site's own paths
	// (relative src, not /cdn-cgi/): an app's bundle. A vendor's wall
	// page is the vendor's and loads none of the site's code.
	siteScripts int
	// otherScripts counts scripts loaded from another host: a page that
	// loads nothing but a vendor's own scripts is the vendor's.
	otherScripts int
	truncated    bool // the page is longer than maxScanBytes
}

// markerAttrs are the attributes whose values are kept for marker checks.
var markerAttrs = map[string]bool{
	"id": true, "class": true, "src": true, "href": true, "action": true,
	"name": true, "data-sitekey": true, "data-translate": true,
}

// scanPage reads the page once with the HTML tokenizer. It never fails:
// any bytes give some scan, and malformed markup is read the way a browser
// would tokenize it.
func scanPage(page Page) scan {
	// A byte order mark is no text: browsers drop it.
	src := bytes.TrimPrefix(page.HTML, []byte("\ufeff"))
	var s scan
	if len(src) > maxScanBytes {
		src, s.truncated = src[:maxScanBytes], true
	}
	b := scanBuilder{asks: asksInTitle(collapse(page.Title))}
	z := html.NewTokenizer(bytes.NewReader(src))
	for !b.done() {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		b.read += len(z.Raw())
		b.token(z, tt)
	}
	s.title = b.titleText
	if t := collapse(page.Title); t != "" {
		s.title = t
	}
	s.headings = b.headings
	s.text = b.text.String()
	s.hidden = b.hidden.String()
	s.script = b.script.String()
	s.attrs = b.attrs.String() + "\n"
	s.refresh = b.refresh
	s.textLen, s.links, s.scripts, s.siteScripts = b.textLen, b.links, b.scripts, b.siteScripts
	s.otherScripts = b.otherScripts
	s.inputs, s.passwords, s.textareas, s.selects = b.inputs, b.passwords, b.textareas, b.selects
	s.captchaFields, s.searchInputs = b.captchaFields, b.searchInputs
	return s
}

// done says when to stop reading. Once the page has more text or links
// than any wall page, the checks that need a wall-shaped page have all
// they need (the title is long read by then). A page whose title or an
// early heading asks whether you are human may be a verification page
// dressed in the site's own menus (brandedGate), so it is read on, up to
// brandedMaxBytes, to find its captcha. Ordinary pages stop where they did.
func (b *scanBuilder) done() bool {
	over := b.textLen >= wallMaxText || b.links >= wallMaxLinks
	return over && (!b.asks || b.read > brandedMaxBytes)
}

// brandedMaxBytes is how much of a page that asks whether you are human
// is read: a gate in the site's menus shows its captcha well before this.
const brandedMaxBytes = 256 << 10

// scanBuilder carries the tokenizer state between tokens.
type scanBuilder struct {
	asks      bool   // the title or a heading asks whether you are human
	read      int    // bytes of HTML tokenized so far
	raw       string // the raw-text element we are in, if any
	heading   int    // depth inside h1/h2; > 0 while reading one
	cur       strings.Builder
	titleText string
	refresh   string
	headings  []string
	text      strings.Builder
	hidden    strings.Builder
	script    strings.Builder
	attrs     strings.Builder
	textLen   int
	links     int
	inputs    int
	passwords int
	textareas int
	selects   int
	// captchaFields, searchInputs: see scan.
	captchaFields int
	searchInputs  int
	scripts       int
	siteScripts   int
	// otherScripts: see scan.otherScripts.
	otherScripts int
	// hiddenDepth is the element depth inside an element hidden by its
	// markup (display:none, the hidden attribute); 0 outside one. Text in
	// it is kept for phrase checks but not counted as visible: the 2020
	// jschl page hides kilobytes of challenge arithmetic in such divs.
	hiddenDepth int
}

func (b *scanBuilder) token(z *html.Tokenizer, tt html.TokenType) {
	switch tt {
	case html.StartTagToken, html.SelfClosingTagToken:
		name, hasAttr := z.TagName()
		b.startTag(z, name, hasAttr, tt == html.SelfClosingTagToken)
		if tt == html.StartTagToken {
			if raw := rawTextTag(name); raw != "" {
				b.raw = raw
			}
		}
	case html.EndTagToken:
		name, _ := z.TagName()
		if b.hiddenDepth > 0 && !voidTag(string(name)) {
			b.hiddenDepth--
		}
		if b.raw != "" && string(name) == b.raw {
			b.raw = ""
		}
		if isHeading(name) && b.heading > 0 {
			b.heading--
			if b.heading == 0 && len(b.headings) < maxHeadings {
				h := collapse(b.cur.String())
				b.headings = append(b.headings, h)
				b.asks = b.asks || asksInTitle(h)
			}
		}
	case html.TextToken:
		b.textToken(z.Text())
	}
}

// rawTextTag returns the name of a raw-text element (as a constant, so
// reading a tag allocates nothing), or "".
func rawTextTag(name []byte) string {
	for _, t := range rawTextTags {
		if string(name) == t {
			return t
		}
	}
	return ""
}

// rawTextTags are the elements whose content the tokenizer hands over as
// one text token, none of it shown as page text in a scripting browser.
var rawTextTags = []string{"script", "style", "noscript", "iframe", "textarea", "title",
	"xmp", "noembed", "noframes", "template"}

func isHeading(name []byte) bool {
	return string(name) == "h1" || string(name) == "h2"
}

func (b *scanBuilder) startTag(z *html.Tokenizer, name []byte, hasAttr, selfClosing bool) {
	if isHeading(name) {
		if b.heading == 0 {
			b.cur.Reset()
		}
		b.heading++
	}
	tag := string(name) // compared only: no allocation
	switch tag {
	case "script":
		b.scripts++
	case "select":
		b.selects++
	}
	t := tagAttrs{input: tag == "input", textInput: true}
	for hasAttr {
		var k, v []byte
		k, v, hasAttr = z.TagAttr()
		b.attr(tag, k, v, &t)
	}
	if !voidTag(tag) && !selfClosing {
		switch {
		case b.hiddenDepth > 0:
			b.hiddenDepth++
		case t.hides:
			b.hiddenDepth = 1
		}
	}
	b.countTag(tag, &t)
	if t.refresh && b.refresh == "" {
		var w strings.Builder
		appendLower(&w, t.content, 1024)
		b.refresh = w.String()
	}
}

// countTag counts what the page asks to fill in (text inputs, passwords,
// captcha fields, text areas) and the scripts it runs, the site's own or
// others'.
func (b *scanBuilder) countTag(tag string, t *tagAttrs) {
	switch {
	case t.input && t.textInput:
		b.inputs++
		if t.password {
			b.passwords++
		}
		if t.captcha {
			b.captchaFields++
		}
		if t.search {
			b.searchInputs++
		}
	case tag == "textarea" && !t.response:
		b.textareas++
	case tag == "script" && isSiteScript(t.src):
		b.siteScripts++
	case tag == "script" && len(t.src) > 0 && !isVendorPath(t.src):
		b.otherScripts++
	}
}

// tagAttrs is what startTag learns from one tag's attributes.
type tagAttrs struct {
	input, textInput, password bool
	captcha                    bool // an input whose name or id says captcha
	search                     bool // an input named q, or whose name or id says search
	response                   bool // a captcha's response field (g-recaptcha-response, ...)
	refresh                    bool
	hides                      bool // display:none or the hidden attribute
	content, src               []byte
}

// attr reads one attribute of tag into t and keeps it for marker checks.
func (b *scanBuilder) attr(tag string, k, v []byte, t *tagAttrs) {
	switch key := string(k); {
	case tag == "a" && key == "href":
		b.links++
	case !t.readOwn(tag, key, v):
		t.readAny(key, v)
	}
	if markerAttrs[string(k)] && b.attrs.Len() < maxAttrBytes {
		b.attrs.WriteByte('\n')
		b.attrs.Write(k)
		b.attrs.WriteByte('=')
		appendLower(&b.attrs, v, maxAttrBytes)
	}
}

// readOwn reads an attribute only some tags have a use for (an input's
// type, a script's src, a meta refresh); false when key is not one of
// tag's.
func (t *tagAttrs) readOwn(tag, key string, v []byte) bool {
	switch {
	case t.input:
		return t.readInput(key, v)
	case tag == "textarea" && (key == "name" || key == "id" || key == "class"):
		t.response = t.response || bytes.Contains(bytes.ToLower(v), []byte("captcha"))
	case tag == "script" && key == "src":
		t.src = v
	case tag == "meta" && key == "http-equiv":
		t.refresh = strings.EqualFold(string(v), "refresh")
	case tag == "meta" && key == "content":
		t.content = v
	default:
		return false
	}
	return true
}

// readInput reads an input's name, id and type; false for its other
// attributes.
func (t *tagAttrs) readInput(key string, v []byte) bool {
	switch key {
	case "name", "id":
		t.captcha = t.captcha || containsFold(v, "captcha")
		t.search = t.search || key == "name" && len(v) == 1 && v[0]|0x20 == 'q' || containsFold(v, "search")
	case "type":
		t.textInput = isTextInput(v)
		t.password = strings.EqualFold(string(v), "password")
	default:
		return false
	}
	return true
}

// readAny reads the attributes that hide any element.
func (t *tagAttrs) readAny(key string, v []byte) {
	switch key {
	case "hidden":
		t.hides = true
	case "style":
		t.hides = t.hides || hidesByStyle(v)
	}
}

// isSiteScript is true for a script src on the site's own paths: relative,
// and not a wall vendor's path on the site (Cloudflare's /cdn-cgi/,
// Imperva's /_Incapsula_Resource, Qrator's /__qrator/), which they serve
// on every site they front.
func isSiteScript(src []byte) bool {
	s := strings.ToLower(strings.TrimSpace(string(src)))
	switch {
	case s == "", strings.HasPrefix(s, "//"), strings.Contains(s, "://"),
		strings.HasPrefix(s, "data:"), strings.HasPrefix(s, "blob:"):
		return false
	}
	return !isVendorPath(src)
}

// isVendorPath is true for the paths wall vendors serve their scripts
// from on the sites they front.
func isVendorPath(src []byte) bool {
	s := strings.ToLower(string(src))
	return strings.Contains(s, "/cdn-cgi/") || strings.Contains(s, "/_incapsula_resource") || strings.Contains(s, "/__qrator/")
}

// voidTag is true for the elements that have no end tag.
func voidTag(tag string) bool {
	switch tag {
	case "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr":
		return true
	}
	return false
}

// hidesByStyle is true for an inline style that hides the element.
func hidesByStyle(v []byte) bool {
	s := strings.ToLower(strings.ReplaceAll(string(v), " ", ""))
	return strings.Contains(s, "display:none") || strings.Contains(s, "visibility:hidden")
}

// isTextInput is true for the input types a person types into. "search"
// is left out: a site's header search box stands on its wall pages too.
func isTextInput(typ []byte) bool {
	switch strings.ToLower(string(typ)) {
	case "", "text", "email", "password", "tel", "number", "url", "date":
		return true
	}
	return false
}

func (b *scanBuilder) textToken(t []byte) {
	switch b.raw {
	case "":
		if b.heading > 0 && b.cur.Len() < 512 {
			b.cur.Write(t)
		}
		if b.hiddenDepth == 0 {
			b.textLen += textLength(t)
		}
		appendText(&b.text, t, maxTextSample)
	case "title":
		if b.titleText == "" {
			b.titleText = collapse(string(t))
			b.asks = b.asks || asksInTitle(b.titleText)
		}
	case "script":
		if b.script.Len() < maxScriptBytes {
			appendLower(&b.script, t, maxScriptBytes-1)
			b.script.WriteByte('\n')
		}
	case "noscript", "iframe", "noembed", "noframes":
		appendText(&b.hidden, t, maxHiddenBytes)
	}
}
