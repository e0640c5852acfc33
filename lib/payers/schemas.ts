// The payer API's shapes (POST/GET/PATCH /v2/payer…, payment details), following the published
// reference (docs/interface.md "Payers"). Every field of a payer's identity and bank account is
// personal data: it is encrypted at rest (payer-data.ts) and never logged.
import { z } from "zod";
import { hostedWording } from "../http/errors";
import { text as pgText } from "../zod/text";
import { missingForCountry } from "./identity-rules";

const text = (max = 200) => pgText(1, max);
const optionalText = (max = 200) => pgText(0, max).optional();
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date in YYYY-MM-DD format");
const countryCode = z.string().regex(/^[A-Za-z]{2}$/, "must be a two-letter country code (ISO 3166-1 alpha-2)");
export const beneficiaryType = z.enum(["individual", "business"]);

export const clientUserIdParams = z.strictObject({
  clientUserId: text(200).describe("The platform's id for its user"),
});

/** The identity fields of POST /v2/payer, without clientUserId: what is encrypted. */
export const identityShape = {
  email: z.email("must be an email address").max(320),
  firstName: text(),
  lastName: text(),
  beneficiaryType,
  companyName: optionalText(),
  dateOfBirth: date.describe("YYYY-MM-DD"),
  addressLine1: text(),
  addressLine2: optionalText(),
  city: text(),
  state: optionalText().describe("State, province or territory: required where `country` is US, CA or AU"),
  postcode: text(40),
  country: countryCode,
  nationality: countryCode,
  phone: z
    .string()
    .regex(/^\+?[1-9]\d{1,14}$/, "must be a phone number in E.164 format")
    .describe("E.164"),
  ssn: optionalText(40).describe(
    "Tax identification number: required where `country` is US (Social Security Number or ITIN), optional elsewhere",
  ),
  sourceOfFunds: optionalText(500),
  businessActivity: optionalText(500),
};
const identitySchema = z.strictObject(identityShape);
export type PayerIdentity = z.output<typeof identitySchema>;
export const parseIdentity = (json: string): PayerIdentity => identitySchema.parse(JSON.parse(json));

export const createPayerBody = z
  .strictObject({
    clientUserId: clientUserIdParams.shape.clientUserId,
    ...identityShape,
  })
  .superRefine((b, ctx) => {
    for (const { field, message } of missingForCountry(b)) ctx.addIssue({ code: "custom", path: [field], message });
  });

const kycStatus = z.enum(["not_started", "pending", "completed", "rejected"]);
const agreementStatus = z.enum(["not_started", "completed"]);
export type KycStatus = z.output<typeof kycStatus>;

export const createPayerResponse = z.strictObject({
  agreementUrl: z.string().describe("Hosted page where the payer accepts the agreement"),
  kycUrl: z.string().describe("Where the payer completes identity verification (our hosted page, or the provider's)"),
  status: z.strictObject({ agreementStatus, kycStatus }),
  userId: z.uuid(),
});

export const payerStatusResponse = z.strictObject({
  kycStatus,
  agreementStatus,
  isCompliant: z.boolean().describe("True when KYC and the agreement are both completed"),
  userId: z.uuid(),
});

const AGREEMENT_MISSING = hostedWording("agreementCompleted must be provided");
export const updatePayerBody = z.strictObject({
  agreementCompleted: z.boolean({ error: (iss) => (iss.input === undefined ? AGREEMENT_MISSING : undefined) }),
});
export const successResponse = z.strictObject({ success: z.boolean() });

/** POST /v1/payers/{userId}/tax-number: the review queue's "Reveal" (a recorded read). */
export const taxNumberResponse = z.strictObject({
  ssn: z.string().describe("The payer's tax / social security number, whole"),
});
export type TaxNumberView = z.output<typeof taxNumberResponse>;

export const paymentDetailsBody = z.strictObject({
  bankName: text(),
  accountName: text(),
  accountNumber: optionalText(64),
  routingNumber: optionalText(64),
  beneficiaryType,
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, "must be a three-letter currency code (ISO 4217)")
    .transform((c) => c.toLowerCase()),
  addressLine1: text(),
  addressLine2: optionalText(),
  city: text(),
  state: optionalText(),
  country: countryCode,
  dateOfBirth: date,
  postalCode: text(40),
  rails: z.enum(["local", "swift", "wire"]).default("local"),
  sortCode: optionalText(20),
  iban: optionalText(64),
  swiftBic: optionalText(20),
  documentNumber: optionalText(64),
  documentType: optionalText(64),
  accountType: z.enum(["checking", "savings"]).optional(),
  ribNumber: optionalText(64),
  bsbNumber: optionalText(20),
  ncc: optionalText(20),
  branchCode: optionalText(20),
  bankCode: optionalText(20),
  ifsc: optionalText(20),
});
export type BankDetails = z.output<typeof paymentDetailsBody>;
export const parseBankDetails = (json: string): BankDetails => paymentDetailsBody.parse(JSON.parse(json));

export const createdPaymentDetailResponse = z.strictObject({
  payment_detail: z.strictObject({
    id: z.uuid(),
    clientUserId: z.string(),
    bankName: z.string(),
    accountName: z.string(),
    currency: z.string(),
    beneficiaryType,
  }),
});

export const paymentDetailsQuery = z.strictObject({
  paymentDetailsId: z.uuid("must be a payment details id (UUID)").optional(),
});

export const paymentDetailsResponse = z.strictObject({
  paymentDetails: z.array(
    z.strictObject({
      id: z.uuid(),
      userId: z.uuid(),
      bankName: z.string(),
      accountName: z.string(),
      beneficiaryType: z.string(),
      accountNumber: z.string().describe("The account number, or the IBAN when no account number was given"),
      routingNumber: z.string(),
      currency: z.string(),
      status: z.string(),
      rails: z.string(),
    }),
  ),
});
