// An uploaded logo kept inline as a data URL (payment page branding and the platform profile):
// one home for what such a logo may be (docs/architecture.md "Shared primitives"). Pure.
import { z } from "zod";

/** An inline raster logo. No SVG: an SVG document can carry script. */
export const RASTER_LOGO_DATA_URL = /^data:image\/(?:png|jpeg|webp|gif);base64,[A-Za-z0-9+/]+={0,2}$/;

/** Data-URL logos are stored in the row and sent with every page: keep them small. */
export const MAX_LOGO_DATA_BYTES = 64 * 1024;

// The first bytes each declared type starts with: a data URL that claims PNG holds a PNG.
const MAGIC: Record<string, (b: Uint8Array) => boolean> = {
  png: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((x, i) => b[i] === x),
  jpeg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  gif: (b) => String.fromCharCode(...b.slice(0, 6)) === "GIF87a" || String.fromCharCode(...b.slice(0, 6)) === "GIF89a",
  webp: (b) => String.fromCharCode(...b.slice(0, 4)) === "RIFF" && String.fromCharCode(...b.slice(8, 12)) === "WEBP",
};

/** Why a logo data URL is refused, or null when it is a PNG/JPEG/WebP/GIF image of at most MAX_LOGO_DATA_BYTES. */
export function logoDataUrlProblem(value: string): string | null {
  if (!RASTER_LOGO_DATA_URL.test(value)) return "must be a data:image/(png|jpeg|webp|gif);base64 URL";
  const [, type, data] = /^data:image\/(\w+);base64,(.*)$/.exec(value)!;
  const bytes = Uint8Array.from(atob(data!), (c) => c.charCodeAt(0));
  if (bytes.length > MAX_LOGO_DATA_BYTES)
    return `must be at most ${MAX_LOGO_DATA_BYTES / 1024} kB (got ${Math.ceil(bytes.length / 1024)} kB)`;
  if (!MAGIC[type!]!(bytes)) return `is not a ${type!.toUpperCase()} image (its content does not match its type)`;
  return null;
}

export const logoDataUrl = z
  .string()
  .max(Math.ceil((MAX_LOGO_DATA_BYTES * 4) / 3) + 64, `must be at most ${MAX_LOGO_DATA_BYTES / 1024} kB`)
  .superRefine((v, ctx) => {
    const problem = logoDataUrlProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
