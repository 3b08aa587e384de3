package reply

// formJS is the script a reply drives a page with, one operation per call:
//
//	state   -> {ready, url, msg, open, login, sent, errors}: what the page
//	           shows; errors are the words of the form's error signs
//	click   -> true once it clicked the first visible target, false if none
//	has     -> whether a target is visible
//	fill    -> "ok" | "missing" | "needed" (required, no value) | "skip" | "refused"
//	facts   -> {title, price}: the listing's, as its page shows them
//	lacking -> [{kind, label, options}]: the form's required controls not
//	           yet satisfied (kind: consent, select, choice, phone, email,
//	           text, invalid)
//	tick    -> [labels]: ticks the form's required, unticked checkboxes
//	choose  -> ["label: option"]: picks the one real option of each
//	           required select that has exactly one
//
// "The form" is the message field's form, else the dialog or section
// around it. Why a script rather than chromedp's node queries: tabs run with
// the DOM domain off, and a script sees exactly what the user would:
// visible elements only, by CSS and by their text. Values are set through
// the element prototype's own setter and announced with input and change
// events, which is what frameworks (React, Vue) listen to; a plain .value
// assignment is silently undone by React. Boxes are ticked by a click, as a
// person would, so the page's own handlers run.
const formJS = `function(op, R) {
const low = s => String(s || '').toLowerCase();
const one = s => String(s || '').replace(/\s+/g, ' ').trim().slice(0, 80);
const all = (c, root) => { try { return Array.from((root || document).querySelectorAll(c)); } catch (_) { return []; } };
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
const firstText = cs => { for (const c of cs || []) for (const e of all(c)) { const t = one(e.innerText || e.textContent); if (t) return t; } return ''; };
const box = () => {
  const m = field(R.message);
  if (!m) return null;
  return m.form || m.closest('form, [role="dialog"], dialog, section') || document.body;
};
const nameOf = e => {
  let t = '';
  if (e.labels && e.labels.length) t = e.labels[0].innerText;
  if (!t && e.getAttribute('aria-labelledby')) t = e.getAttribute('aria-labelledby').split(/\s+/).map(id => { const l = document.getElementById(id); return l ? l.innerText : ''; }).join(' ');
  return one(t || e.getAttribute('aria-label') || e.getAttribute('placeholder') || e.name || e.id || e.type);
};
// The form's error signs, as a person sees them: a field marked invalid
// (by name), and the visible words of an error message in it. The form's
// own, never the page's: a banner elsewhere is not about it. Not every
// alert: many forms say "sent" in a role=alert box too.
const errs = () => {
  const b = box();
  if (!b) return [];
  const out = [];
  for (const e of all('[aria-invalid="true"]', b)) if (vis(e)) out.push('"' + nameOf(e) + '" is marked wrong');
  for (const e of all('[class*="error" i], [class*="invalid" i], [class*="danger" i], .errorlist', b)) {
    if (!vis(e) || e.matches('input, select, textarea, button, label')) continue;
    const t = one(e.innerText);
    if (t) out.push(t);
  }
  return Array.from(new Set(out)).slice(0, 5);
};
const required = e => e.required || e.getAttribute('aria-required') === 'true';
const controls = b => all('input, select, textarea', b).filter(e =>
  !e.disabled && !['hidden', 'submit', 'button', 'reset', 'image'].includes(low(e.type)) &&
  (vis(e) || (e.type === 'checkbox' || e.type === 'radio') && e.labels && Array.from(e.labels).some(vis)));
const realOptions = s => Array.from(s.options).filter(o => !o.disabled && o.value !== '' && !o.hidden);
const announce = e => { e.dispatchEvent(new Event('input', {bubbles: true})); e.dispatchEvent(new Event('change', {bubbles: true})); };
switch (op) {
case 'state':
  return {ready: document.readyState, url: location.href, msg: !!field(R.message), open: !!target(R.open),
    login: signs(R.login) > 0, sent: signs(R.sent), errors: errs()};
case 'click': {
  const e = target(R.targets);
  if (!e) return false;
  if (e.hasAttribute('target')) e.removeAttribute('target'); // stay in this tab
  e.scrollIntoView({block: 'center'});
  e.click();
  return true;
}
case 'has':
  return !!target(R.targets);
case 'fill': {
  const e = field(R.css);
  if (!e) return 'missing';
  if (!R.value) return required(e) ? 'needed' : 'skip';
  let v = R.value;
  if (e.maxLength > 0 && v.length > e.maxLength) v = v.slice(0, e.maxLength);
  e.scrollIntoView({block: 'center'});
  e.focus();
  const proto = e instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value').set.call(e, v);
  announce(e);
  e.blur();
  return e.value === v ? 'ok' : 'refused';
}
case 'facts': {
  let title = firstText(R.title) || firstText(['h1']);
  if (!title) { const m = document.querySelector('meta[property="og:title"]'); title = one(m ? m.content : document.title); }
  let price = firstText(R.price);
  if (!price) { const m = /(?:€|EUR|£|\$)\s?[0-9][0-9.,]*(?:,-)?/.exec(document.body ? document.body.innerText : ''); price = m ? m[0] : ''; }
  return {title, price};
}
case 'lacking': {
  const b = box();
  if (!b) return [];
  const out = [], groups = {};
  for (const e of controls(b)) {
    const type = low(e.type);
    if (type === 'radio') {
      if (!required(e) || groups[e.name]) continue;
      groups[e.name] = true;
      if (!all('input[type="radio"]', b).some(r => r.name === e.name && r.checked)) out.push({kind: 'choice', label: nameOf(e)});
      continue;
    }
    if (!required(e)) {
      if (e.validity && !e.validity.valid && e.value) out.push({kind: 'invalid', label: nameOf(e), why: one(e.validationMessage)});
      continue;
    }
    if (type === 'checkbox') { if (!e.checked) out.push({kind: 'consent', label: nameOf(e)}); continue; }
    if (e instanceof HTMLSelectElement) { if (!e.value) out.push({kind: 'select', label: nameOf(e), options: realOptions(e).length}); continue; }
    if (!String(e.value).trim()) { out.push({kind: type === 'tel' ? 'phone' : type === 'email' ? 'email' : 'text', label: nameOf(e)}); continue; }
    if (e.validity && !e.validity.valid) out.push({kind: 'invalid', label: nameOf(e), why: one(e.validationMessage)});
  }
  return out;
}
case 'tick': {
  const b = box(), out = [];
  if (!b) return out;
  for (const e of controls(b)) {
    if (low(e.type) !== 'checkbox' || !required(e) || e.checked) continue;
    const at = vis(e) ? e : Array.from(e.labels || []).find(vis);
    at.scrollIntoView({block: 'center'});
    at.click();
    if (!e.checked) { e.checked = true; announce(e); }
    out.push(nameOf(e));
  }
  return out;
}
case 'choose': {
  const b = box(), out = [];
  if (!b) return out;
  for (const e of controls(b)) {
    if (!(e instanceof HTMLSelectElement) || !required(e) || e.value) continue;
    const opts = realOptions(e);
    if (opts.length !== 1) continue;
    const proto = HTMLSelectElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value').set.call(e, opts[0].value);
    announce(e);
    out.push(nameOf(e) + ': ' + one(opts[0].textContent));
  }
  return out;
}
}
throw new Error('unknown reply operation ' + op);
}`
