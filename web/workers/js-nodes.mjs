// A walk over acorn's AST, shared by the modules that read a practice solution's source (js-source.mjs,
// js-destructuring.mjs). Work O(nodes); an explicit stack, so a deeply nested source cannot exhaust the call stack.

/**
 * Every node under `root` (itself included), each once; the children of a node are visited only when
 * `into(node)` holds (the node itself is still yielded).
 * @param {any} root
 * @param {(node: any) => boolean} into
 */
export function* nodes(root, into = () => true) {
  const stack = [root];
  while (stack.length) {
    const node = stack.pop();
    yield node;
    if (!into(node)) continue;
    for (const key in node) {
      const value = node[key];
      if (key === "loc") continue;
      if (Array.isArray(value)) for (const item of value) item && typeof item.type === "string" && stack.push(item);
      else if (value && typeof value.type === "string") stack.push(value);
    }
  }
}
