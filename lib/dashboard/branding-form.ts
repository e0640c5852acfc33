// The branding editor's form: the stored branding as text fields, and the fields back as the
// PUT body of /v2/client-ids/{id}/branding (an emptied field clears the stored value). Pure.
import type { BrandingInput } from "../pay-page/browser";

export const COLOR_FIELDS = [
  { key: "pageBackgroundColor", label: "Page background" },
  { key: "cardBackgroundColor", label: "Card background" },
  { key: "primaryActionColor", label: "Buttons" },
  { key: "primaryTextColor", label: "Text" },
  { key: "secondaryTextColor", label: "Secondary text" },
] as const;

export const LINK_FIELDS = [
  { key: "logoPath", label: "Logo" },
  { key: "termsPath", label: "Terms link" },
  { key: "privacyPath", label: "Privacy link" },
] as const;

type TextKey = (typeof COLOR_FIELDS)[number]["key"] | (typeof LINK_FIELDS)[number]["key"];

export type BrandingForm = Record<TextKey, string> & { displayRequestBranding: boolean };

export type BrandingBodyOut = Partial<Record<TextKey, string | null>> & { displayRequestBranding: boolean };

const TEXT_KEYS: TextKey[] = [...COLOR_FIELDS.map((f) => f.key), ...LINK_FIELDS.map((f) => f.key)];

export function brandingForm(stored: BrandingInput | null | undefined): BrandingForm {
  const form = Object.fromEntries(TEXT_KEYS.map((k) => [k, stored?.[k] ?? ""])) as Record<TextKey, string>;
  return { ...form, displayRequestBranding: stored?.displayRequestBranding ?? true };
}

/** Every field is sent: a value replaces, an empty field clears (null). */
export function brandingBodyOf(form: BrandingForm): BrandingBodyOut {
  const body: BrandingBodyOut = { displayRequestBranding: form.displayRequestBranding };
  for (const k of TEXT_KEYS) body[k] = form[k].trim() === "" ? null : form[k].trim();
  return body;
}

/** `#rgb` → `#rrggbb`, for the colour picker (which takes only the long form); null when unreadable. */
export function pickerValue(color: string): string | null {
  const c = color.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(c)) return c;
  if (/^#[0-9a-f]{8}$/.test(c)) return c.slice(0, 7);
  if (/^#[0-9a-f]{3}$/.test(c)) return `#${[...c.slice(1)].map((d) => d + d).join("")}`;
  return null;
}
