package pages

// replyJS is the script a reply drives a page with, one operation per call:
//
//	state  -> {ready, url, msg, open, login, sent}: what the page shows
//	click  -> true once it clicked the first visible target, false if none
//	fill   -> "ok" | "missing" | "needed" (required, no value) | "skip" | "refused"
//
// Why a script rather than chromedp's node queries: tabs run with the DOM
// domain off (see prepareTab), and a script sees exactly what the user
// would: visible elements only, by CSS and by their text. Values are set
// through the element prototype's own setter and announced with input and
// change events, which is what frameworks (React, Vue) listen to; a plain
// .value assignment is silently undone by React.
const replyJS = `function(op, R) {
const low = s => String(s || '').toLowerCase();
const all = c => { try { return Array.from(document.querySelectorAll(c)); } catch (_) { return []; } };
const vis = e => {
  if (!e || !e.isConnected) return false;
  const s = getComputedStyle(e);
  if (s.visibility === 'hidden' || s.display === 'none') return false;
  return !!(e.offsetWidth || e.offsetHeight || e.getClientRects().length);
};
const label = e => low(e.innerText || e.value || e.getAttribute('aria-label') || e.textContent);
const target = ts => {
  for (const t of ts || []) for (const e of all(t.css))
    if (vis(e) && (!t.text || !t.text.length || t.text.some(w => label(e).includes(low(w))))) return e;
  return null;
};
const field = cs => {
  for (const c of cs || []) for (const e of all(c)) if (vis(e) && !e.disabled && !e.readOnly) return e;
  return null;
};
const count = (h, n) => { let k = 0, i = 0; if (!n) return 0; while ((i = h.indexOf(n, i)) >= 0) { k++; i += n.length; } return k; };
const signs = s => {
  if (!s) return 0;
  const text = low(document.body ? document.body.innerText : '');
  let n = 0;
  for (const c of s.css || []) n += all(c).filter(vis).length;
  for (const w of s.text || []) n += count(text, low(w));
  if ((s.paths || []).some(p => low(location.pathname).startsWith(low(p)))) n++;
  return n;
};
switch (op) {
case 'state':
  return {ready: document.readyState, url: location.href, msg: !!field(R.message), open: !!target(R.open),
    login: signs(R.login) > 0, sent: signs(R.sent)};
case 'click': {
  const e = target(R.targets);
  if (!e) return false;
  if (e.hasAttribute('target')) e.removeAttribute('target'); // stay in this tab
  e.scrollIntoView({block: 'center'});
  e.click();
  return true;
}
case 'fill': {
  const e = field(R.css);
  if (!e) return 'missing';
  if (!R.value) return (e.required || e.getAttribute('aria-required') === 'true') ? 'needed' : 'skip';
  let v = R.value;
  if (e.maxLength > 0 && v.length > e.maxLength) v = v.slice(0, e.maxLength);
  e.scrollIntoView({block: 'center'});
  e.focus();
  const proto = e instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value').set.call(e, v);
  e.dispatchEvent(new Event('input', {bubbles: true}));
  e.dispatchEvent(new Event('change', {bubbles: true}));
  e.blur();
  return e.value === v ? 'ok' : 'refused';
}
}
throw new Error('unknown reply operation ' + op);
}`
