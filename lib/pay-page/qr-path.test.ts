import { describe, expect, it } from "vitest";
import { qrPath } from "./qr-path";

/** The modules the path paints, as a set of "x,y". */
function painted(d: string): Set<string> {
  const cells = new Set<string>();
  for (const m of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    const [x, y, w] = [Number(m[1]), Number(m[2]), Number(m[3])];
    for (let i = 0; i < w; i++) cells.add(`${x + i},${y}`);
  }
  return cells;
}

describe("QR code of the payment link", () => {
  it("draws the three finder patterns inside a two-module quiet zone", () => {
    const { size, d } = qrPath("http://localhost:3000/pay/01JD0000000000000000000000");
    const cells = painted(d);
    // A finder pattern: a dark 7×7 ring, a light ring, a dark 3×3 centre.
    const finderAt = (ox: number, oy: number) => {
      for (let y = 0; y < 7; y++)
        for (let x = 0; x < 7; x++) {
          const ring = x === 0 || y === 0 || x === 6 || y === 6;
          const centre = x >= 2 && x <= 4 && y >= 2 && y <= 4;
          expect(cells.has(`${ox + x},${oy + y}`), `${ox + x},${oy + y}`).toBe(ring || centre);
        }
    };
    finderAt(2, 2);
    finderAt(size - 9, 2);
    finderAt(2, size - 9);
    for (let i = 0; i < size; i++)
      for (const c of [`${i},0`, `${i},1`, `0,${i}`, `${size - 1},${i}`]) expect(cells.has(c)).toBe(false);
  });

  it("grows with the text it carries", () => {
    expect(qrPath("https://pay.example.com/pay/" + "X".repeat(200)).size).toBeGreaterThan(
      qrPath("https://a.b/pay/1").size,
    );
  });
});
