// withPrintDensity: the pHYs chunk the PNG export adds after IHDR, checked against an independent CRC-32
// (zlib's, from node:zlib) and PNG's layout.
import assert from "node:assert/strict";
import { test } from "node:test";
import { crc32 } from "node:zlib";
import { withPrintDensity } from "../../web/board/export.mjs";

/** A minimal PNG's first 33 bytes (signature and IHDR) and a stand-in for the rest. */
function fakePng() {
  const head = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
  const ihdr = Buffer.from([0, 0, 11, 184, 0, 0, 11, 184, 8, 6, 0, 0, 0]); // 3000×3000, RGBA
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from("IHDR"), ihdr])));
  return new Uint8Array(Buffer.concat([head, ihdr, crc, Buffer.from("rest of the file")]));
}

test("the pHYs chunk follows IHDR, says 300 dpi in pixels a metre, and its CRC is PNG's", () => {
  const png = fakePng();
  const out = Buffer.from(withPrintDensity(png, 300));
  assert.equal(out.length, png.length + 21);
  assert.deepEqual(out.subarray(0, 33), Buffer.from(png.subarray(0, 33)));
  assert.equal(out.readUInt32BE(33), 9);
  assert.equal(out.toString("latin1", 37, 41), "pHYs");
  assert.equal(out.readUInt32BE(41), 11811); // 300 / 0.0254, rounded
  assert.equal(out.readUInt32BE(45), 11811);
  assert.equal(out[49], 1);
  assert.equal(out.readUInt32BE(50), crc32(out.subarray(37, 50)));
  assert.deepEqual(out.subarray(54), Buffer.from(png.subarray(33)));
});
