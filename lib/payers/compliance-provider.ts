// Who verifies payers (docs/decisions/compliance-providers.md). The built-in provider needs
// no third party: the payer reviews and submits their data on our hosted page, the platform's
// operator approves or rejects it in the dashboard's review queue. An external provider
// (COMPLIANCE_PROVIDER=http) creates an applicant on its side and reports the outcome through
// its status webhook (http-compliance-provider.ts); both move kycStatus through compliance.ts.
import { getConfig } from "../config";
import { httpComplianceProvider } from "./http-compliance-provider";
import type { PayerIdentity } from "./schemas";

export interface ApplicantInput {
  payerId: string;
  identity: PayerIdentity;
  /** Our hosted page: the built-in provider's verification page. */
  hostedKycUrl: string;
}

export interface ComplianceProvider {
  /** Stored with each payer, so a payer stays with the provider that verified it. */
  readonly name: string;
  /** Whether the platform's operator decides KYC in the dashboard review queue. */
  readonly reviewedByOperator: boolean;
  /** Opens verification for a payer: where the payer completes it, and the provider's applicant id. */
  startVerification(input: ApplicantInput): Promise<{ kycUrl: string; applicantId: string | null }>;
}

export const builtinComplianceProvider: ComplianceProvider = {
  name: "builtin",
  reviewedByOperator: true,
  startVerification: async ({ hostedKycUrl }) => ({ kycUrl: hostedKycUrl, applicantId: null }),
};

export function complianceProvider(): ComplianceProvider {
  const config = getConfig();
  if (config.COMPLIANCE_PROVIDER === "http") {
    return httpComplianceProvider({
      url: config.COMPLIANCE_PROVIDER_URL!,
      apiKey: config.COMPLIANCE_PROVIDER_API_KEY!,
      webhookSecret: config.COMPLIANCE_PROVIDER_WEBHOOK_SECRET!,
    });
  }
  return builtinComplianceProvider;
}
