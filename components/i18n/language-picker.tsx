// The payer's language: a picker that remembers the choice (a cookie, read by the server
// render, lib/i18n/request.ts) and renders the page again in it; and the document's `lang`,
// which the root layout writes as "en" for every page.
"use client";

import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useTransition } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { LOCALE_COOKIE, LOCALE_NAMES, LOCALES } from "@/lib/i18n/locales";

export function DocumentLang({ locale }: { locale: string }) {
  useEffect(() => {
    const before = document.documentElement.lang;
    document.documentElement.lang = locale;
    return () => {
      document.documentElement.lang = before;
    };
  }, [locale]);
  return null;
}

export function LanguagePicker({ className = "" }: { className?: string }) {
  const t = useTranslations("language");
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const [pending, startTransition] = useTransition();
  // A choice made before React owns the page would be lost: the picker waits for it, as form fields do.
  const hydrated = useHydrated();
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className="text-xs">
        {t("label")}
      </label>
      <select
        id={id}
        data-testid="language-picker"
        value={locale}
        aria-busy={pending || undefined}
        disabled={!hydrated}
        className="rounded border border-black/20 bg-transparent px-1 py-0.5 text-xs"
        onChange={(e) => {
          document.cookie = `${LOCALE_COOKIE}=${e.target.value}; path=/; max-age=31536000; samesite=lax`;
          startTransition(() => router.refresh());
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
