// What a branding value may be, shared by the API that stores it (lib/secure-payments/branding.ts)
// and the page that renders it (lib/pay-page/page-branding.ts checks again whatever was
// stored). Pure: the browser's preview uses it too.

/** `#rgb`, `#rrggbb` or `#rrggbbaa`: nothing else can reach the page's CSS. */
export const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** An inline raster logo (one home: lib/zod/logo.ts, shared with the platform profile). */
export { RASTER_LOGO_DATA_URL } from "../zod/logo";
