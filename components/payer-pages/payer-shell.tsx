// The frame of the hosted payer pages: who asks (the platform) and one card.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { LanguagePicker } from "@/components/i18n/language-picker";

export function PayerShell({
  platformName,
  title,
  children,
}: {
  platformName: string;
  title: string;
  children: ReactNode;
}) {
  const t = useTranslations("payer");
  return (
    <main className="mx-auto w-full max-w-2xl px-4 py-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="text-sm text-slate-600">
          {platformName ? t("asks", { platform: platformName }) : t("asksAnonymous")}
        </p>
        <LanguagePicker className="text-slate-700" />
      </div>
      <section
        className="mt-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
        aria-labelledby="payer-page-title"
      >
        <h1 id="payer-page-title" className="mb-3 text-xl font-semibold">
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
}
