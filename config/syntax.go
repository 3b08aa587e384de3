package config

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
)

// syntaxError turns a TOML parse error into an *Error with its line, in
// words for someone who has never heard of TOML: what is wrong on the
// line, and the line as it should read. The parser's own message ("expected
// value but found \"Kamernet\" instead") is the last resort.
func syntaxError(path, src string, err error) error {
	var pe toml.ParseError
	if !errors.As(err, &pe) {
		return &Error{Path: path, Problems: []Problem{{Message: "the file cannot be read as settings: " + err.Error()}}}
	}
	line := pe.Position.Line
	if s := pe.Position.Start; s > 0 && s <= len(src) {
		// The parser counts an error at a line's end as the next line's;
		// the mistake is on the line that ends there.
		line = strings.Count(src[:s], "\n") + 1
	}
	lines := strings.Split(src, "\n")
	text := ""
	if line >= 1 && line <= len(lines) {
		text = strings.TrimSpace(lines[line-1])
	}
	line, msg := explain(pe, lines, line, text)
	if inPush(lines, line) {
		// Its words would quote the line, and the line holds a secret.
		msg = pushLineProblem
	}
	return &Error{Path: path, Problems: []Problem{{Line: line, Message: msg}}}
}

const pushLineProblem = `this line of [push] cannot be read: write each URL in double quotes, in square brackets, like urls = ["ntfy://ntfy.sh/your-topic"] (the line is not shown: it holds a secret)`

// inPush says whether line (from 1) is in the [push] table or sets push.*.
func inPush(lines []string, line int) bool {
	if line < 1 || line > len(lines) {
		return false
	}
	if strings.HasPrefix(strings.TrimSpace(lines[line-1]), "push.") || strings.HasPrefix(strings.TrimSpace(lines[line-1]), "push =") {
		return true
	}
	for i := line - 1; i >= 0; i-- {
		if t := strings.TrimSpace(lines[i]); strings.HasPrefix(t, "[") {
			return strings.HasPrefix(t, "[push]") || strings.HasPrefix(t, "[ push ]")
		}
	}
	return false
}

// keyValue is "key = value" (the key bare or dotted), with what follows.
var keyValue = regexp.MustCompile(`^([A-Za-z0-9_.-]+)\s*=\s*(.*)$`)

// explain words one parse error; it may move the line to where the
// mistake really is (a [search] typo found at the [[search]] after it).
func explain(pe toml.ParseError, lines []string, line int, text string) (int, string) {
	m := pe.Message
	switch {
	case strings.Contains(m, "already been defined") && strings.HasPrefix(text, "["):
		if strings.HasPrefix(text, "[search]") {
			return line, `write [[search]] with double brackets: each search is its own [[search]] block`
		}
		return line, fmt.Sprintf("the section %s is in the file twice; put its settings in one", text)
	case strings.Contains(m, "already been defined"):
		key, _ := keyOf(text)
		return line, fmt.Sprintf("%s is set twice in the same section; keep one of the two lines", key)
	case strings.Contains(m, "cannot be used as an array"):
		for i, l := range lines {
			if strings.TrimSpace(l) == "[search]" {
				return i + 1, `write [[search]] with double brackets: each search is its own [[search]] block`
			}
		}
		return line, "a section name is used both with single and double brackets; searches are [[search]]"
	case strings.HasPrefix(text, "[") && strings.Contains(m, "']'"):
		return line, fmt.Sprintf("the section name is missing its closing bracket: %s", closeHeader(text))
	case strings.Contains(m, "cannot contain newlines"):
		key, value := keyOf(text)
		return line, fmt.Sprintf("the closing quote is missing: %s = %s", key, quoted(value))
	case strings.Contains(m, "expected '.' or '='"):
		return line, missingEquals(text)
	case strings.Contains(m, "hexadecimal digits") || strings.Contains(m, "invalid escape"):
		key, value := keyOf(text)
		return line, fmt.Sprintf(`a backslash (\) in quotes starts a special character; use / instead, or single quotes: %s = '%s'`,
			key, strings.Trim(value, `"`))
	case strings.Contains(m, "leading zeroes"):
		key, value := keyOf(text)
		return line, fmt.Sprintf("a number has no leading zeros: %s = %s", key, strings.TrimLeft(value, "0"))
	}
	if key, value := keyOf(text); key != "" {
		if msg, ok := badValue(key, value); ok {
			return line, msg
		}
	}
	if strings.Contains(m, "to end with a newline") {
		return line, "something follows the value on this line; remove it, or put a # before a comment"
	}
	return line, "this line cannot be read (" + m + "); a setting reads like: name = \"Kamernet Amsterdam\""
}

// badValue explains a value written the way only a string's could be,
// without quotes, or with the wrong quotes.
func badValue(key, value string) (string, bool) {
	v := strings.TrimSpace(value)
	short := key[strings.LastIndex(key, ".")+1:]
	switch {
	case v == "":
		return fmt.Sprintf("%s has no value after the =: %s = \"...\"", short, short), true
	case strings.ContainsRune("“”‘’", []rune(v)[0]):
		return fmt.Sprintf("use straight quotes (\") around the value: %s = %s", short, quoted(strings.Trim(v, "“”‘’"))), true
	case short == "enabled" || short == "reply":
		return fmt.Sprintf("%s must be true or false, without quotes: %s = true", short, short), true
	case short == "port" || short == "version":
		return fmt.Sprintf("%s must be a whole number, without quotes: %s = %s", short, short, map[string]string{"port": "587", "version": "1"}[short]), true
	case v[0] != '"' && v[0] != '\'' && v[0] != '[' && v[0] != '{':
		return fmt.Sprintf("the %s must be in quotes: %s = %s", short, short, quoted(v)), true
	}
	return "", false
}

// missingEquals words "expected '.' or '='": a setting without its "=",
// or a key with a space in it.
func missingEquals(text string) string {
	if strings.Contains(text, "=") {
		key := strings.TrimSpace(text[:strings.Index(text, "=")])
		return fmt.Sprintf("%q is not a setting's name: a name is one word (use _ between words), then =, then the value", key)
	}
	key, rest, _ := strings.Cut(text, " ")
	rest = strings.TrimSpace(rest)
	if rest == "" {
		return fmt.Sprintf("%s has no = and no value: %s = \"...\"", key, key)
	}
	return fmt.Sprintf("an = is missing between %s and its value: %s = %s", key, key, asValue(rest))
}

// asValue is rest as a value should be written: as it is when it is
// quoted, a number or true/false; in quotes otherwise.
func asValue(rest string) string {
	if _, err := strconv.Atoi(rest); err == nil || rest == "true" || rest == "false" || strings.ContainsAny(rest[:1], `"'[{`) {
		return rest
	}
	return quoted(rest)
}

// keyOf splits "key = value # comment" into the key's last part and the
// value as written (a trailing comment dropped when the value is unquoted).
func keyOf(text string) (key, value string) {
	mm := keyValue.FindStringSubmatch(text)
	if mm == nil {
		return "", ""
	}
	key, value = mm[1], strings.TrimSpace(mm[2])
	if value != "" && value[0] != '"' && value[0] != '\'' {
		if i := strings.Index(value, " #"); i >= 0 {
			value = strings.TrimSpace(value[:i])
		}
	}
	return key[strings.LastIndex(key, ".")+1:], value
}

// quoted is value in double quotes, as it should be written; a value that
// already starts with a quote keeps its text.
func quoted(value string) string {
	return strconv.Quote(strings.Trim(value, `"'`))
}

// closeHeader is a table header with its brackets closed.
func closeHeader(text string) string {
	name := strings.Trim(text, "[] ")
	if strings.HasPrefix(text, "[[") {
		return "[[" + name + "]]"
	}
	return "[" + name + "]"
}
