// The platform's payment links with their state, and what can be done with each: copy, open,
// show its QR code and cancel it (open links), see its requests and payments. Server component.
import Link from "next/link";
import { CopyButton } from "@/components/ui/copy-button";
import { formatTime } from "@/components/ui/format-time";
import { QrCode } from "@/components/ui/qr-code";
import { StatusBadge } from "@/components/ui/status-badge";
import { Table, Td, Th } from "@/components/ui/table";
import { formatMoney } from "@/lib/pay-page/browser";
import type { PaymentLinkRow } from "@/lib/secure-payments";
import { CancelLinkButton } from "./cancel-link-button";

export function PaymentLinksTable({ links }: { links: PaymentLinkRow[] }) {
  return (
    <Table label="Payment links">
      <thead>
        <tr>
          <Th>Reference</Th>
          <Th>Amount</Th>
          <Th>State</Th>
          <Th>Created</Th>
          <Th>Expires / paid</Th>
          <Th>Link</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {links.map((l) => (
          <tr key={l.token} data-testid="payment-link-row" data-token={l.token} data-state={l.state}>
            <Td label="Reference">
              <span className="font-medium">{l.reference ?? "—"}</span>
              {l.allowedPayers.length > 0 && (
                <span className="block text-xs text-slate-500">
                  {l.allowedPayers.length === 1 ? "1 allowed payer" : `${l.allowedPayers.length} allowed payers`}
                </span>
              )}
            </Td>
            <Td label="Amount" className="whitespace-nowrap">
              {l.total && l.symbol ? formatMoney(l.total, l.symbol) : "—"}
              {l.networkName && <span className="block text-xs text-slate-500">on {l.networkName}</span>}
            </Td>
            <Td label="State">
              <StatusBadge status={l.state} />
            </Td>
            <Td label="Created" className="whitespace-nowrap text-xs">
              {formatTime(l.createdAt)}
            </Td>
            <Td label="Expires / paid" className="whitespace-nowrap text-xs">
              {l.state === "paid" ? `Paid ${formatTime(l.completedAt)}` : formatTime(l.expiresAt)}
            </Td>
            <Td label="Link">
              <div className="flex flex-wrap items-center gap-2">
                <CopyButton value={l.url} what={`the link ${l.reference ?? l.token}`} />
                <a
                  href={l.url}
                  target="_blank"
                  rel="noopener"
                  className="text-sm text-blue-800 underline underline-offset-2"
                >
                  Open
                </a>
                {l.requestIds.map((id, i) => (
                  <Link
                    key={id}
                    href={`/dashboard/payments/requests/${id}`}
                    className="text-sm text-blue-800 underline underline-offset-2"
                  >
                    {l.requestIds.length === 1 ? "Request and payments" : `Request ${i + 1}`}
                  </Link>
                ))}
              </div>
              {l.state === "open" && (
                <div className="mt-1">
                  <CancelLinkButton token={l.token} name={l.reference ?? l.token} />
                </div>
              )}
              {l.state === "open" && (
                <details className="mt-1">
                  <summary className="cursor-pointer text-xs text-slate-600">QR code</summary>
                  <QrCode value={l.url} id={`qr-${l.token}`} title={`QR code of the payment link ${l.token}`} />
                </details>
              )}
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
