// A QR code as one SVG path, drawn on the server: the payment page ships no QR library to the
// browser. uqr encodes (no dependencies); each dark module becomes a 1×1 square of the path.
import { encode } from "uqr";

export interface QrPath {
  /** Modules per side, quiet zone included. */
  size: number;
  d: string;
}

export function qrPath(text: string): QrPath {
  // Medium error correction: a phone still reads it from a screen with glare.
  const { data, size } = encode(text, { ecc: "M", border: 2 });
  let d = "";
  data.forEach((row, y) => {
    let x = 0;
    while (x < size) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && row[x]) x++;
      d += `M${start} ${y}h${x - start}v1h-${x - start}z`;
    }
  });
  return { size, d };
}
