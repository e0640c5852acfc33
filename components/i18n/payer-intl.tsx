// The language frame of every page a payer reads (app/pay/[token]/layout.tsx,
// app/payer/[token]/layout.tsx): the messages of the request's locale for the browser
// components, and `lang` on the content from the first byte. Server component.

import { NextIntlClientProvider } from "next-intl";
import { getLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { DocumentLang } from "./language-picker";

export async function PayerIntl({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  return (
    <NextIntlClientProvider>
      <DocumentLang locale={locale} />
      <div lang={locale} className="contents">
        {children}
      </div>
    </NextIntlClientProvider>
  );
}
