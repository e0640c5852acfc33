// What the payment page makes of a client ID's branding: colours and links are checked again
// here (whatever was stored), so a branding record can never inject CSS or a javascript: link
// into the page a payer trusts. Pure: no I/O.
import { HEX_COLOR, RASTER_LOGO_DATA_URL } from "../secure-payments/browser";

export interface BrandingInput {
  logoPath?: string | null;
  pageBackgroundColor?: string | null;
  cardBackgroundColor?: string | null;
  primaryActionColor?: string | null;
  primaryTextColor?: string | null;
  secondaryTextColor?: string | null;
  termsPath?: string | null;
  privacyPath?: string | null;
  displayRequestBranding?: boolean | null;
}

export interface PageColors {
  page: string;
  card: string;
  action: string;
  /** Text on the action colour: white or near-black, whichever reads better. */
  actionText: string;
  text: string;
  secondaryText: string;
}

export interface PageBranding {
  logoUrl: string | null;
  colors: PageColors;
  termsUrl: string | null;
  privacyUrl: string | null;
  /** Whether "Secure payment page by Stablelink" shows beside the payee's branding (displayRequestBranding). */
  showServiceBranding: boolean;
}

export const DEFAULT_COLORS: PageColors = {
  page: "#f1f5f9",
  card: "#ffffff",
  action: "#1d4ed8",
  actionText: "#ffffff",
  text: "#0f172a",
  secondaryText: "#475569",
};

/** `#rgb`, `#rrggbb` or `#rrggbbaa`, lowercased; anything else (names, rgb(), url(), `;`…) is refused. */
export function safeColor(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v && HEX_COLOR.test(v) ? v.toLowerCase() : null;
}

/** An https URL, http on localhost, or a path of this site; never javascript:, data: or `//host`. */
export function safeUrl(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v || v.length > 2048) return null;
  if (v.startsWith("/") && !v.startsWith("//") && !v.includes("\\")) return v;
  try {
    const url = new URL(v);
    if (url.protocol === "https:") return url.href;
    if (url.protocol === "http:" && (url.hostname === "localhost" || url.hostname === "127.0.0.1")) return url.href;
  } catch {
    /* not a URL */
  }
  return null;
}

/** A logo: what safeUrl accepts, or an inline PNG/JPEG/WebP/GIF. */
export function safeLogoUrl(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (v && v.length <= 100_000 && RASTER_LOGO_DATA_URL.test(v)) return v;
  return safeUrl(v);
}

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of `#rgb`/`#rrggbb` (an alpha byte is ignored: the page's own background shows through little). */
export function luminance(hex: string): number {
  const h = hex.length === 9 ? hex.slice(1, 7) : hex.slice(1);
  const full = h.length === 3 ? [...h].map((d) => d + d).join("") : h;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** White or near-black, whichever contrasts more with `background`. */
export function readableOn(background: string): string {
  return contrastRatio(background, "#ffffff") >= contrastRatio(background, "#0f172a") ? "#ffffff" : "#0f172a";
}

export function pageBranding(input: BrandingInput | null | undefined): PageBranding {
  if (!input)
    return { logoUrl: null, colors: DEFAULT_COLORS, termsUrl: null, privacyUrl: null, showServiceBranding: true };
  const action = safeColor(input.primaryActionColor) ?? DEFAULT_COLORS.action;
  return {
    logoUrl: safeLogoUrl(input.logoPath),
    colors: {
      page: safeColor(input.pageBackgroundColor) ?? DEFAULT_COLORS.page,
      card: safeColor(input.cardBackgroundColor) ?? DEFAULT_COLORS.card,
      action,
      actionText: readableOn(action),
      text: safeColor(input.primaryTextColor) ?? DEFAULT_COLORS.text,
      secondaryText: safeColor(input.secondaryTextColor) ?? DEFAULT_COLORS.secondaryText,
    },
    termsUrl: safeUrl(input.termsPath),
    privacyUrl: safeUrl(input.privacyPath),
    showServiceBranding: input.displayRequestBranding !== false,
  };
}

/** The CSS custom properties the page's styles read (`var(--pay-action)`…). */
export function brandingStyle(colors: PageColors): Record<string, string> {
  return {
    "--pay-page": colors.page,
    "--pay-card": colors.card,
    "--pay-action": colors.action,
    "--pay-action-text": colors.actionText,
    "--pay-text": colors.text,
    "--pay-muted": colors.secondaryText,
  };
}
