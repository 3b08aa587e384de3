package read

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Pages hand their data to their scripts in JavaScript as often as in
// JSON: `window.__INITIAL_STATE__ = {page: 1, ...}` with unquoted keys,
// and Nuxt 2's `window.__NUXT__=(function(a,b){return {...}}(1200,"EUR"))`
// whose parameters carry the repeated values. jsValue reads such a
// literal: objects, arrays, strings, numbers, true/false/null/undefined,
// the minifier's !0/!1/void 0, the constructors of dates, URLs, sets and
// maps (read as their argument), and names bound by the surrounding
// function's parameters. Anything else (a function, a call) is an error:
// the literal is code, not data.

var errNotData = errors.New("not a data literal")

// maxJSDepth bounds nesting: data a page embeds is a few levels deep.
const maxJSDepth = 64

type jsParser struct {
	s     string
	i     int
	env   map[string]any // a function's parameters, once bound
	depth int
}

// jsParam stands for a parameter of the function around a literal until
// its argument is known.
type jsParam string

// parseJSLiteral reads one literal at the start of s and returns it and
// the number of bytes it took.
func parseJSLiteral(s string) (any, int, error) {
	p := &jsParser{s: s}
	v, err := p.value()
	return v, p.i, err
}

// parseNuxtCall reads `(function(a,b,...){return LITERAL}(ARGS))` (or
// `...})(ARGS)`) at the start of s, with each parameter replaced by its
// argument.
func parseNuxtCall(s string) (any, error) {
	p := &jsParser{s: s}
	return p.call()
}

// call reads a function call that returns a literal (see parseNuxtCall)
// at p.i: a whole state's, or one value's inside a literal (devalue's
// uneval hoists repeated values into such a call's parameters).
func (p *jsParser) call() (any, error) {
	if !p.eat("(") || !p.eatWord("function") || !p.eat("(") {
		return nil, errNotData
	}
	var params []string
	for !p.eat(")") {
		name := p.ident()
		if name == "" {
			return nil, errNotData
		}
		params = append(params, name)
		p.eat(",")
	}
	if !p.eat("{") || !p.eatWord("return") {
		return nil, errNotData
	}
	body, err := p.value()
	if err != nil {
		return nil, err
	}
	p.eat(";")
	if !p.eat("}") {
		return nil, errNotData
	}
	closed := p.eat(")") // the `})(args)` form
	if !p.eat("(") {
		return nil, errNotData
	}
	env := map[string]any{}
	for i := 0; !p.eat(")"); i++ {
		arg, err := p.value()
		if err != nil {
			return nil, err
		}
		if i < len(params) {
			env[params[i]] = arg
		}
		p.eat(",")
	}
	if !closed {
		p.eat(")") // the `}(args))` form's last parenthesis
	}
	return bindParams(body, env, 0), nil
}

// bindParams replaces each jsParam in v by its argument.
func bindParams(v any, env map[string]any, depth int) any {
	if depth > maxJSDepth {
		return nil
	}
	switch t := v.(type) {
	case jsParam:
		return env[string(t)]
	case map[string]any:
		for k, e := range t {
			t[k] = bindParams(e, env, depth+1)
		}
	case []any:
		for i, e := range t {
			t[i] = bindParams(e, env, depth+1)
		}
	}
	return v
}

func (p *jsParser) skip() {
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			p.i++
		case strings.HasPrefix(p.s[p.i:], "//"):
			if j := strings.IndexByte(p.s[p.i:], '\n'); j >= 0 {
				p.i += j
			} else {
				p.i = len(p.s)
			}
		case strings.HasPrefix(p.s[p.i:], "/*"):
			if j := strings.Index(p.s[p.i+2:], "*/"); j >= 0 {
				p.i += j + 4
			} else {
				p.i = len(p.s)
			}
		default:
			return
		}
	}
}

func (p *jsParser) eat(tok string) bool {
	p.skip()
	if strings.HasPrefix(p.s[p.i:], tok) {
		p.i += len(tok)
		return true
	}
	return false
}

func (p *jsParser) eatWord(w string) bool {
	p.skip()
	if strings.HasPrefix(p.s[p.i:], w) && !identByteAt(p.s, p.i+len(w)) {
		p.i += len(w)
		return true
	}
	return false
}

func identByteAt(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	c := s[i]
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

func (p *jsParser) ident() string {
	p.skip()
	j := p.i
	for j < len(p.s) && identByteAt(p.s, j) && !(j == p.i && p.s[j] >= '0' && p.s[j] <= '9') {
		j++
	}
	id := p.s[p.i:j]
	p.i = j
	return id
}

func (p *jsParser) value() (any, error) {
	p.skip()
	if p.i >= len(p.s) {
		return nil, errNotData
	}
	p.depth++
	if p.depth > maxJSDepth {
		p.depth--
		return nil, errNotData
	}
	v, err := p.oneValue()
	p.depth--
	return v, err
}

// oneValue is value's work, the nesting counted around it.
func (p *jsParser) oneValue() (any, error) {
	switch c := p.s[p.i]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"' || c == '\'':
		return p.str()
	case c == '-' || c == '.' || c >= '0' && c <= '9':
		return p.number()
	case c == '(':
		return p.call()
	case c == '!':
		p.i++
		if p.eat("0") {
			return true, nil
		}
		if p.eat("1") {
			return false, nil
		}
		return nil, errNotData
	}
	switch id := p.ident(); id {
	case "true":
		return true, nil
	case "false":
		return false, nil
	case "null", "undefined", "NaN", "Infinity":
		return nil, nil
	case "void":
		_, err := p.number()
		return nil, err
	case "new":
		return p.construct()
	case "", "function", "this", "typeof":
		return nil, errNotData
	default:
		if p.eat("(") || p.eat(".") || p.eat("=>") {
			return nil, errNotData // a call or a member: code
		}
		if v, ok := p.env[id]; ok {
			return v, nil
		}
		return jsParam(id), nil
	}
}

// dataTypes are the constructors serialisers write data with
// (serialize-javascript, devalue's uneval): `new Date(1717200000000)`,
// `new Date("2024-05-01")`, `new URL("...")`, `new Set([...])`, `new
// Map([...])`. Such a value reads as its argument; any other `new` is code.
var dataTypes = map[string]bool{"Date": true, "URL": true, "Set": true, "Map": true}

// construct reads `new T(ARG)` after the `new`.
func (p *jsParser) construct() (any, error) {
	if !dataTypes[p.ident()] || !p.eat("(") {
		return nil, errNotData
	}
	if p.eat(")") {
		return nil, nil
	}
	v, err := p.value()
	if err != nil {
		return nil, err
	}
	if !p.eat(")") {
		return nil, errNotData
	}
	return v, nil
}

func (p *jsParser) object() (any, error) {
	p.i++ // {
	m := map[string]any{}
	for {
		if p.eat("}") {
			return m, nil
		}
		p.skip()
		var key string
		switch {
		case p.i < len(p.s) && (p.s[p.i] == '"' || p.s[p.i] == '\''):
			k, err := p.str()
			if err != nil {
				return nil, err
			}
			key = k.(string)
		case p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9':
			k, err := p.number()
			if err != nil {
				return nil, err
			}
			key = strconv.FormatFloat(k.(float64), 'f', -1, 64)
		default:
			key = p.ident()
		}
		if key == "" || !p.eat(":") {
			return nil, errNotData
		}
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		m[key] = v
		if !p.eat(",") {
			if p.eat("}") {
				return m, nil
			}
			return nil, errNotData
		}
	}
}

func (p *jsParser) array() (any, error) {
	p.i++ // [
	out := []any{}
	for {
		if p.eat("]") {
			return out, nil
		}
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		out = append(out, v)
		if !p.eat(",") {
			if p.eat("]") {
				return out, nil
			}
			return nil, errNotData
		}
	}
}

func (p *jsParser) number() (any, error) {
	p.skip()
	j := p.i
	for j < len(p.s) && strings.IndexByte("0123456789+-.eExXabcdefABCDEF", p.s[j]) >= 0 {
		j++
	}
	text := p.s[p.i:j]
	p.i = j
	if strings.HasPrefix(text, "0x") || strings.HasPrefix(text, "0X") {
		n, err := strconv.ParseInt(text[2:], 16, 64)
		return float64(n), err
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return nil, errNotData
	}
	return f, nil
}

// str reads a quoted JavaScript string with its escapes.
func (p *jsParser) str() (any, error) {
	q := p.s[p.i]
	p.i++
	// most strings have no escape: the text itself, without a copy
	for j := p.i; j < len(p.s); j++ {
		c := p.s[j]
		if c == q {
			s := p.s[p.i:j]
			p.i = j + 1
			return s, nil
		}
		if c == '\\' || c == '\n' {
			break
		}
	}
	var b strings.Builder
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == q:
			p.i++
			return b.String(), nil
		case c == '\\' && p.i+1 < len(p.s):
			p.i++
			p.escape(&b)
		case c == '\n':
			return nil, errNotData
		default:
			_, n := utf8.DecodeRuneInString(p.s[p.i:])
			b.WriteString(p.s[p.i : p.i+n])
			p.i += n
		}
	}
	return nil, errNotData
}

func (p *jsParser) escape(b *strings.Builder) {
	c := p.s[p.i]
	p.i++
	switch c {
	case 'n':
		b.WriteByte('\n')
	case 't':
		b.WriteByte('\t')
	case 'r', 'b', 'f', 'v', '0':
	case 'u', 'x':
		if r, n, ok := jsonRune(p.s[p.i-2:]); c == 'u' && ok {
			b.WriteRune(r) // a surrogate pair as one rune
			p.i += n - 2
			return
		}
		n := 4
		if c == 'x' {
			n = 2
		}
		if p.i+n <= len(p.s) {
			if r, err := strconv.ParseUint(p.s[p.i:p.i+n], 16, 32); err == nil {
				b.WriteRune(rune(r))
				p.i += n
				return
			}
		}
	default:
		b.WriteByte(c)
	}
}
