// Builds elements from data: text is always set as text (never parsed as HTML), so nothing an answer
// holds can run as script or change the page's structure.

/**
 * An element: `attrs` are attributes (a `class`, `href`, `data-*`...; `on<event>` a listener; false/null
 * left out), `children` strings, numbers, nodes or arrays of them (null and undefined skipped).
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith('on') && typeof value === 'function') node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else node.append(child instanceof Node ? child : String(child));
  }
}

/** Replaces what `node` shows. */
export function show(node, ...children) {
  node.replaceChildren();
  append(node, children);
}

/** A link inside the page (hash routing: nothing of it reaches the server). */
export function link(route, ...children) {
  return el('a', { href: `#${route}` }, ...children);
}
