// A map sanitised a part at a time, a task each (issue 25). One pass of DOMPurify over even the map's lean
// layers (about 190 nodes: arrow heads, centres, units) was one task of 150-190 ms on Lighthouse's phone, the
// largest on the adjudicator's page. Here every element still goes through the sanitiser, in runs of at most
// PART elements: first the <svg> element alone, then its children; a child larger than a run goes alone, as
// itself without children, and then its children in runs. Each run is wrapped in an <svg> of its own to be
// sanitised (so that it is read as SVG) and its sanitised nodes are moved into the element they came from.
import { nextTurn } from "../calculator/schedule.js";

const PART = 60;

// Nodes (copied) inside a copy of the map's <svg> element without its children, as text: the namespaces
// (xlink's too) are declared on that <svg>, as on the map's, so each node sanitised keeps the attributes it
// had in the map, no more. deep: with their children (else each alone).
function wrapped(nodes, xml, deep = true) {
  const wrapper = nodes[0].ownerDocument.documentElement.cloneNode(false);
  for (const n of nodes) wrapper.append(n.cloneNode(deep));
  return xml.serializeToString(wrapper);
}

function size(el) {
  return 1 + el.getElementsByTagName("*").length;
}

// The one element that sanitising `text` gave (null if the sanitiser dropped it).
async function sanitisedElement(sanitiser, text, selector) {
  const fragment = await sanitiser.sanitise(text);
  return fragment.querySelector ? fragment.querySelector(selector) : null;
}

// Sanitises `nodes` (siblings, in order) into `into`, a run at a time.
async function sanitiseChildren(sanitiser, nodes, into, xml) {
  let run = [];
  let count = 0;
  const flush = async () => {
    if (!run.length) return;
    const text = wrapped(run, xml);
    run = [];
    count = 0;
    await nextTurn();
    const wrapper = await sanitisedElement(sanitiser, text, "svg");
    if (wrapper) into.append(...wrapper.childNodes);
  };
  for (const node of nodes) {
    const n = size(node);
    if (n > PART) {
      await flush();
      await nextTurn();
      const shell = await sanitisedElement(sanitiser, wrapped([node], xml, false), "svg > *");
      if (shell) {
        into.append(shell);
        await sanitiseChildren(sanitiser, [...node.children], shell, xml);
      }
      continue;
    }
    if (count + n > PART) await flush();
    run.push(node);
    count += n;
  }
  await flush();
}

// `root`: an <svg> element parsed in an inert document (nothing in it runs). Returns the sanitised <svg>
// element, made in this page's document, or null if the sanitiser dropped it.
export async function sanitiseInParts(sanitiser, root) {
  const xml = new XMLSerializer();
  const svg = await sanitisedElement(sanitiser, xml.serializeToString(root.cloneNode(false)), "svg");
  if (svg) await sanitiseChildren(sanitiser, [...root.children], svg, xml);
  return svg;
}
