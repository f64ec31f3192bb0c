// Unit test for web/workers/pyodide-load.mjs's filesInMemory: the runtime files the page hands the sandbox's
// worker are served to its fetch once each, with the type WebAssembly's streaming compile needs; other
// addresses go to the network.
import assert from "node:assert/strict";
import { test } from "node:test";
import { filesInMemory } from "../../web/workers/pyodide-load.mjs";

test("handed files are fetched from memory once each; anything else from the network", async () => {
  const network = globalThis.fetch;
  const asked = [];
  globalThis.fetch = async (input) => {
    asked.push(String(input));
    return new Response("from the network");
  };
  try {
    const wasm = "https://site.example/pyodide/pyodide.asm.wasm";
    filesInMemory({ [wasm]: new Uint8Array([0, 97, 115, 109]).buffer, "https://site.example/x": "not bytes" });
    const first = await fetch(new URL(wasm));
    assert.equal(first.headers.get("Content-Type"), "application/wasm");
    assert.deepEqual([...new Uint8Array(await first.arrayBuffer())], [0, 97, 115, 109]);
    assert.equal(await (await fetch(wasm)).text(), "from the network"); // served once: the bytes went with it
    assert.equal(await (await fetch(new Request("https://site.example/x"))).text(), "from the network");
    assert.equal(asked.length, 2); // the second fetch of the wasm, and the address handed no bytes
    assert.equal(asked[0], wasm);
  } finally {
    globalThis.fetch = network;
  }
});
