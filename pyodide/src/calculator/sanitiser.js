// The only way HTML from the engine enters a page: DOMPurify (assets/engine/purify.min.js, built by
// hooks/bundle.py from the pinned npm package), configured from the one allow-list
// (assets/engine/allowlist.json, calculators/present/allowlist.json). Both are fetched together, the
// first time a result is to be shown; what sanitise() returns is a DOM fragment, never text.

const LOCAL_URL = /url\(\s*#[\w.:-]+\s*\)/gi;

// A link within the site: no scheme, not protocol-relative.
function siteLink(value) {
  const v = value.trim();
  return !/^[a-z][a-z0-9+.-]*:/i.test(v) && !v.startsWith("//") && !v.startsWith("\\");
}

function configure(purify, list) {
  if (!purify || !purify.isSupported) throw new Error("DOMPurify is not available");
  const config = {
    ALLOWED_TAGS: [...list.html_tags, ...list.svg_tags],
    ALLOWED_ATTR: [...list.global_attributes, ...list.html_attributes, ...list.svg_attributes],
    ALLOW_DATA_ATTR: true, ALLOW_ARIA_ATTR: true, ALLOW_UNKNOWN_PROTOCOLS: false, RETURN_DOM_FRAGMENT: true,
  };
  const svgTags = new Set(list.svg_tags);
  const htmlOnly = new Set(list.html_attributes);
  purify.addHook("uponSanitizeAttribute", (node, data) => {
    const name = data.attrName;
    const value = String(data.attrValue || "");
    const tag = node.localName;
    let keep = true;
    if (name === "href" || name === "xlink:href") {
      keep = tag === "use" ? value.startsWith("#") : tag === "a" && siteLink(value);
    } else if (svgTags.has(tag) && htmlOnly.has(name)) {
      keep = false;
    }
    if (/url\(/i.test(value.replace(LOCAL_URL, ""))) keep = false;
    if (!keep) data.keepAttr = false;
  });
  return (html) => purify.sanitize(html, config);
}

// engineUrl: the folder of the engine's assets. load() resolves with the sanitising function (the
// same promise every time; it rejects if DOMPurify or the allow-list could not be had).
export function createSanitiser(engineUrl) {
  let loading = null;
  const load = () => {
    if (!loading) {
      const list = fetch(new URL("allowlist.json", engineUrl)).then((r) => r.json());
      const purify = import(new URL("purify.min.js", engineUrl).href);
      loading = Promise.all([purify, list]).then(([module, allowed]) => configure(module.default, allowed));
    }
    return loading;
  };
  return { load, sanitise: (html) => load().then((clean) => clean(html)) };
}
