// The hosted payer pages in the payer's language (components/i18n/payer-intl.tsx).
import { PayerIntl } from "@/components/i18n/payer-intl";

export default function PayerLayout({ children }: { children: React.ReactNode }) {
  return <PayerIntl>{children}</PayerIntl>;
}
