package byhand

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// Input is one thing the user did on the picture of a Screen. Points are
// where on the picture as shown: X, Y in a box of W by H (the page's CSS
// pixels of the shown picture); Screen maps them to the tab's viewport.
type Input struct {
	// Kind is "click" (a click or a tap), "down", "move" and "up" (a
	// press, a drag, a release: a slider), "wheel" (scrolling by DX, DY
	// CSS pixels of the shown picture), "key" (one key by its DOM name:
	// Enter, Backspace, Tab, Escape, Delete, the arrows) or "text" (typed
	// text).
	Kind string  `json:"kind"`
	X    float64 `json:"x,omitempty"`
	Y    float64 `json:"y,omitempty"`
	W    float64 `json:"w,omitempty"`
	H    float64 `json:"h,omitempty"`
	DX   float64 `json:"dx,omitempty"`
	DY   float64 `json:"dy,omitempty"`
	Key  string  `json:"key,omitempty"`
	Text string  `json:"text,omitempty"`
}

// ErrOffPicture is Send's answer for a point outside the picture.
var ErrOffPicture = errors.New("that point is not on the page's picture")

// keyCodes are the keys Send passes by name, with their Windows virtual
// key codes (Chrome needs one for a key to act: Enter to submit, Backspace
// to delete). Printable characters come as "text".
var keyCodes = map[string]int64{
	"Enter": 13, "Backspace": 8, "Tab": 9, "Escape": 27, "Delete": 46, " ": 32,
	"ArrowLeft": 37, "ArrowUp": 38, "ArrowRight": 39, "ArrowDown": 40, "Home": 36, "End": 35,
	"PageUp": 33, "PageDown": 34,
}

// maxText bounds one "text" input: typing, not a pasted book.
const maxText = 1000

// Send passes in to the tab. The user's input keeps the Screen open (Wait's
// idle time starts again).
func (s *Screen) Send(ctx context.Context, in Input) error {
	if s.closed() {
		return ErrScreenClosed
	}
	s.mu.Lock()
	s.touched = time.Now()
	view := s.frame.View
	s.mu.Unlock()
	// The calls run on the tab's context, bounded, and end with the
	// caller's.
	tctx, cancel := context.WithTimeout(s.tab.Ctx, callTimeout)
	defer cancel()
	stop := context.AfterFunc(ctx, cancel)
	defer stop()
	switch in.Kind {
	case "click", "down", "move", "up", "wheel":
		x, y, ok := view.Point(in.X, in.Y, in.W, in.H)
		if !ok {
			return ErrOffPicture
		}
		return s.mouse(tctx, in, x, y, view)
	case "key":
		code, ok := keyCodes[in.Key]
		if !ok {
			return fmt.Errorf("the key %q is not one the page can be sent", in.Key)
		}
		return s.key(tctx, in.Key, code)
	case "text":
		if in.Text == "" || len(in.Text) > maxText {
			return fmt.Errorf("text of %d characters: send 1 to %d at a time", len(in.Text), maxText)
		}
		_, err := chromedp.Call(tctx, input.InsertText, input.InsertTextParams{Text: in.Text})
		return err
	}
	return fmt.Errorf("%q is not something the page can be sent", in.Kind)
}

// mouse sends a mouse event (or a click: a press and a release) at the
// tab's (x, y).
func (s *Screen) mouse(ctx context.Context, in Input, x, y float64, view Viewport) error {
	ev := input.DispatchMouseEventParams{X: x, Y: y, Button: input.MouseButtonLeft}
	var steps []input.DispatchMouseEventType
	switch in.Kind {
	case "click":
		ev.ClickCount = 1
		steps = []input.DispatchMouseEventType{input.DispatchMouseEventTypeMouseMoved, input.DispatchMouseEventTypeMousePressed, input.DispatchMouseEventTypeMouseReleased}
	case "down":
		ev.ClickCount = 1
		steps = []input.DispatchMouseEventType{input.DispatchMouseEventTypeMouseMoved, input.DispatchMouseEventTypeMousePressed}
	case "move":
		ev.Buttons = 1 // a drag: the button is held since "down"
		steps = []input.DispatchMouseEventType{input.DispatchMouseEventTypeMouseMoved}
	case "up":
		ev.ClickCount = 1
		steps = []input.DispatchMouseEventType{input.DispatchMouseEventTypeMouseReleased}
	case "wheel":
		ev.Button = input.MouseButtonNone
		// The deltas are in the shown picture's pixels, like the point.
		ev.DeltaX = in.DX / in.W * view.Width
		ev.DeltaY = in.DY / in.H * (view.Height + view.OffsetTop)
		steps = []input.DispatchMouseEventType{input.DispatchMouseEventTypeMouseWheel}
	}
	for _, t := range steps {
		ev.Type = t
		if t == input.DispatchMouseEventTypeMouseMoved && in.Kind != "move" {
			ev.Buttons = 0
		}
		if _, err := chromedp.Call(ctx, input.DispatchMouseEvent, ev); err != nil {
			return fmt.Errorf("send a %s: %w", in.Kind, err)
		}
	}
	return nil
}

// key presses and releases one named key.
func (s *Screen) key(ctx context.Context, key string, code int64) error {
	down := input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyDown, Key: key, WindowsVirtualKeyCode: code, NativeVirtualKeyCode: code}
	switch key {
	case "Enter":
		down.Text = "\r"
	case " ":
		down.Text = " "
	}
	if down.Text == "" {
		down.Type = input.DispatchKeyEventTypeRawKeyDown
	}
	if _, err := chromedp.Call(ctx, input.DispatchKeyEvent, down); err != nil {
		return fmt.Errorf("send the key %s: %w", key, err)
	}
	up := input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyUp, Key: key, WindowsVirtualKeyCode: code, NativeVirtualKeyCode: code}
	if _, err := chromedp.Call(ctx, input.DispatchKeyEvent, up); err != nil {
		return fmt.Errorf("send the key %s: %w", key, err)
	}
	return nil
}
