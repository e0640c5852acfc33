// The payments page's filters: a plain GET form, so a filtered list is an address that can be
// reloaded and shared, and the search runs on the server. A refused value stays in its field
// with the reason under it.
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button-classes";
import { SelectField, TextField } from "@/components/ui/form-fields";
import { PhoneCollapsible } from "@/components/ui/phone-collapsible";
import type { PaymentsPageQuery } from "@/lib/dashboard";
import { PAYMENT_TYPES, type PaymentOrder } from "@/lib/payments";

export function PaymentFilters({
  values,
  errors,
  order,
}: {
  values: PaymentsPageQuery["values"];
  errors: PaymentsPageQuery["errors"];
  order: PaymentOrder;
}) {
  const active = Object.values(values).filter((v) => v !== undefined && v !== "").length;
  const refused = Object.values(errors).some(Boolean);
  return (
    <PhoneCollapsible
      id="payment-filters"
      label={active > 0 ? `Filters (${active} set)` : "Filters"}
      initiallyOpen={active > 0 || refused}
    >
      <form
        method="get"
        action="/dashboard/payments"
        role="search"
        aria-label="Filter payments"
        className="mb-6 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
      >
        <TextField
          label="Transaction hash"
          name="txHash"
          error={errors.txHash}
          defaultValue={values.txHash}
          placeholder="0x…"
          spellCheck={false}
        />
        <TextField
          label="Wallet (payer or payee)"
          name="walletAddress"
          error={errors.walletAddress}
          defaultValue={values.walletAddress}
          placeholder="0x… or T…"
          spellCheck={false}
        />
        <TextField
          label="Merchant reference"
          name="reference"
          error={errors.reference}
          defaultValue={values.reference}
        />
        <TextField
          label="Request ID"
          name="requestId"
          error={errors.requestId}
          defaultValue={values.requestId}
          spellCheck={false}
        />
        <TextField
          label="Payment reference"
          name="paymentReference"
          error={errors.paymentReference}
          defaultValue={values.paymentReference}
          placeholder="0x + 16 hex"
          spellCheck={false}
        />
        <SelectField label="Type" name="type" error={errors.type} defaultValue={values.type ?? ""}>
          <option value="">any</option>
          {PAYMENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Paid in"
          name="paymentCurrency"
          error={errors.paymentCurrency}
          defaultValue={values.paymentCurrency}
          placeholder="USDC or USDC-base"
        />
        <TextField
          label="Invoice currency"
          name="invoiceCurrency"
          error={errors.invoiceCurrency}
          defaultValue={values.invoiceCurrency}
          placeholder="USD"
        />
        <TextField
          label="From (UTC day)"
          name="fromDate"
          error={errors.fromDate}
          type="date"
          defaultValue={values.fromDate}
        />
        <TextField
          label="Until (UTC day)"
          name="toDate"
          error={errors.toDate}
          type="date"
          defaultValue={values.toDate}
        />
        {order !== "newest" && <input type="hidden" name="sort" value={order} />}
        <div className="flex items-end gap-2 sm:col-span-2">
          <button type="submit" className={buttonClasses("primary")}>
            Search
          </button>
          <Link href="/dashboard/payments" className={buttonClasses("secondary")}>
            Clear
          </Link>
        </div>
      </form>
    </PhoneCollapsible>
  );
}
