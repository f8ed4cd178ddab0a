// For the element that has keyboard focus: the element that shows it (a hidden radio shows it
// on its label), what kind of control it is, whether it can be seen, and its focus ring (outline
// style, width, and the contrast of the ring's colour with the background behind it).
// Evaluated by tests/browser/test_a11y.py; null when nothing in the page has focus.
() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  let shown = e;
  if (e.matches('.tabbed-set > input')) {
    const set = e.closest('.tabbed-set');
    const index = [...set.querySelectorAll(':scope > input')].indexOf(e);
    shown = set.querySelector(':scope > .tabbed-labels').children[index];
  } else if (e.matches('.md-option')) {
    shown = [...e.parentElement.querySelectorAll('label')].find((l) => l.getClientRects().length) || e;
  }
  const s = getComputedStyle(shown), r = shown.getBoundingClientRect();
  const rgba = (c) => {
    const m = c.match(/rgba?\(([^)]+)\)/);
    if (!m) return [0, 0, 0, 0];
    const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, under) => top.slice(0, 3).map((v, i) => v * top[3] + under[i] * (1 - top[3])).concat(1);
  const chain = [];
  for (let n = shown.parentElement; n; n = n.parentElement) chain.unshift(n);
  let bg = [255, 255, 255, 1];
  for (const n of chain) bg = over(rgba(getComputedStyle(n).backgroundColor), bg);
  const ring = over(rgba(s.outlineColor), bg);
  const channel = (v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
  const lum = (c) => 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2]);
  const [hi, lo] = [lum(ring), lum(bg)].sort((a, b) => b - a);
  const kind = e.matches('.md-skip--calc') ? 'skip to calculator' : e.matches('.md-skip') ? 'skip link'
    : e.matches('[data-md-drawer-button]') ? 'menu button' : e.matches('.md-option') ? 'palette toggle'
    : e.matches('.md-search__input') ? 'search box' : e.matches('.md-tabs__link') ? 'header tab'
    : e.matches('.md-nav__link') ? 'navigation link' : e.matches('.tabbed-set > input') ? 'content tab'
    : e.matches('table, [role=region]') ? 'scrolling table' : e.matches('input[type=checkbox]') ? 'check box'
    : e.matches('input') ? 'text field' : e.matches('select') ? 'menu' : e.matches('textarea') ? 'text area'
    : e.matches('button, .md-button') ? 'button' : e.matches('a.rule-id') ? 'rule badge'
    : e.matches('a') ? 'link' : e.tagName;
  const visible = r.width > 0 && r.height > 0 && shown.checkVisibility({ visibilityProperty: true });
  return { kind, what: e.outerHTML.slice(0, 120), visible, style: s.outlineStyle,
           width: parseFloat(s.outlineWidth), contrast: (hi + 0.05) / (lo + 0.05), ring: ring.slice(0, 3) };
}
