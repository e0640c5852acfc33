// The languages of the pages payers read (the hosted payment page, the payer pages), and how a
// request picks one: the payer's own choice (a cookie the language picker sets) first, else the
// browser's Accept-Language, else English. Pure: the server render and the picker share it.
// Texts live in messages/<locale>.json (next-intl); docs/decisions/payer-languages.md.

export const LOCALES = ["en", "es", "pt", "fr", "de", "zh", "ja"] as const;
export type PayerLocale = (typeof LOCALES)[number];
const DEFAULT_LOCALE: PayerLocale = "en";

/** The payer's choice from the language picker, remembered for a year, for every payment page of this host. */
export const LOCALE_COOKIE = "stablelink_locale";

/** Each language in its own words, for the picker. */
export const LOCALE_NAMES: Record<PayerLocale, string> = {
  en: "English",
  es: "Español",
  pt: "Português",
  fr: "Français",
  de: "Deutsch",
  zh: "简体中文",
  ja: "日本語",
};

/** The region whose number and date conventions a language's payers expect by default. */
export const FORMAT_LOCALES: Record<PayerLocale, string> = {
  en: "en-US",
  es: "es-ES",
  pt: "pt-BR",
  fr: "fr-FR",
  de: "de-DE",
  zh: "zh-CN",
  ja: "ja-JP",
};

export function isPayerLocale(value: unknown): value is PayerLocale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * The best supported language for an Accept-Language header: by the browser's order of
 * preference (q values), a language matched on its primary subtag ("pt-BR" → pt, "zh-Hans-CN"
 * → zh); English when none is supported.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): PayerLocale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.tag && r.q > 0 && !Number.isNaN(r.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.split("-")[0];
    if (isPayerLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

/** The locale of a request: the remembered choice, else the browser's languages. */
export function requestLocale(cookieValue: string | undefined, acceptLanguage: string | null): PayerLocale {
  return isPayerLocale(cookieValue) ? cookieValue : negotiateLocale(acceptLanguage);
}
