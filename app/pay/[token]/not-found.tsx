// An unknown (or malformed) payment link: its own page, answered with 404.
import { PayShell } from "@/components/pay/pay-shell";
import { UnknownPanel } from "@/components/pay/state-panels";
import { getConfig } from "@/lib/config";
import { pageBranding } from "@/lib/pay-page";

export default function UnknownPaymentLink() {
  return (
    <PayShell branding={pageBranding(null)} merchantName={null} sandbox={getConfig().sandbox}>
      <UnknownPanel />
    </PayShell>
  );
}
