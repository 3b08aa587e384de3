package window

import (
	"encoding/json"
	"net/http"
	"strings"
)

// apiError is the body of every error the API answers: {"error": "..."},
// the message in plain words.
type apiError struct {
	Error string `json:"error"`
}

// writeJSON answers v as JSON with status code.
func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(code)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(true) // a listing title is text, never markup, wherever the JSON lands
	_ = enc.Encode(v)
}

// writeError answers {"error": msg} with status code.
func writeError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, apiError{Error: msg})
}

// refuse answers a refused request: JSON under /api/, plain text
// elsewhere (a person opened the page), never an HTML page that would echo
// anything from the request.
func refuse(w http.ResponseWriter, r *http.Request, code int, msg string) {
	if strings.HasPrefix(r.URL.Path, "/api/") {
		writeError(w, code, msg)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(code)
	_, _ = w.Write([]byte(msg + "\n"))
}
