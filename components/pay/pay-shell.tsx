// The frame of every payment page state: the payee's colours (as CSS variables checked on the
// server), logo, the sandbox notice, and the terms and privacy links. Server component.
import { useTranslations } from "next-intl";
import type { CSSProperties, ReactNode } from "react";
import { LanguagePicker } from "@/components/i18n/language-picker";
import { brandingStyle, type PageBranding } from "@/lib/pay-page/browser";

export function PayShell({
  branding,
  merchantName,
  sandbox,
  wide = false,
  preview = false,
  children,
}: {
  branding: PageBranding;
  merchantName: string | null;
  sandbox: boolean;
  wide?: boolean;
  /** Drawn inside the dashboard's branding editor: no full-screen height. */
  preview?: boolean;
  children: ReactNode;
}) {
  const t = useTranslations("shell");
  return (
    <div
      style={brandingStyle(branding.colors) as CSSProperties}
      className={`flex flex-col bg-[var(--pay-page)] text-[var(--pay-text)] ${preview ? "" : "min-h-screen"}`}
    >
      {sandbox && (
        <p role="note" className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-900">
          {t.rich("sandbox", { strong: (chunks) => <strong>{chunks}</strong> })}
        </p>
      )}
      <div
        className={`mx-auto flex w-full flex-1 flex-col gap-4 px-3 py-5 sm:px-4 sm:py-10 ${wide ? "max-w-5xl" : "max-w-3xl"}`}
      >
        <header className="flex min-h-10 items-center gap-3">
          {branding.logoUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- a logo of the payee's choosing, on any host
            <img
              src={branding.logoUrl}
              alt={merchantName ? t("logoOf", { name: merchantName }) : t("payeeLogo")}
              className="h-10 max-w-[12rem] object-contain"
            />
          ) : null}
          {merchantName && <span className="truncate text-base font-semibold">{merchantName}</span>}
        </header>
        {preview ? <div className="flex-1">{children}</div> : <main className="flex-1">{children}</main>}
        <footer className="flex flex-wrap items-center justify-between gap-2 text-xs text-[var(--pay-muted)]">
          <nav aria-label={t("legal")} className="flex gap-4">
            {branding.termsUrl && (
              <a
                href={branding.termsUrl}
                className="underline underline-offset-2"
                rel="noopener noreferrer"
                target="_blank"
              >
                {t("terms")}
              </a>
            )}
            {branding.privacyUrl && (
              <a
                href={branding.privacyUrl}
                className="underline underline-offset-2"
                rel="noopener noreferrer"
                target="_blank"
              >
                {t("privacy")}
              </a>
            )}
          </nav>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            {!preview && <LanguagePicker />}
            {branding.showServiceBranding && <span>{t("poweredBy")}</span>}
          </div>
        </footer>
      </div>
    </div>
  );
}

/** The card every state's content sits in. */
export function PayCard({
  children,
  labelledBy,
  className = "",
}: {
  children: ReactNode;
  labelledBy: string;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={labelledBy}
      className={`rounded-2xl bg-[var(--pay-card)] p-5 shadow-sm ring-1 ring-black/5 sm:p-7 ${className}`}
    >
      {children}
    </section>
  );
}
