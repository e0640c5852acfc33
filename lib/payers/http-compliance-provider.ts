// An external KYC provider spoken to over HTTP, in the shape Sumsub-, Persona- and Bridge-like
// services share (docs/decisions/compliance-providers.md):
// - out: `POST {url}/applicants` with `x-api-key`, body `{externalUserId, email, firstName,
//   lastName, dateOfBirth, country, nationality}`, answering `{id, verificationUrl}`;
// - in: status webhooks to `POST /v2/compliance/webhook`, body `{applicantId, reviewStatus:
//   "pending"|"completed", reviewAnswer?: "GREEN"|"RED", rejectReason?}`, signed with
//   `x-payload-digest: hex(HMAC-SHA256(webhookSecret, raw body))`.
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { ComplianceProvider } from "./compliance-provider";
import type { KycStatus } from "./schemas";

const PROVIDER_TIMEOUT_MS = 10_000;

const applicantAnswer = z.object({ id: z.string().min(1).max(200), verificationUrl: z.url({ protocol: /^https?$/ }) });

export const providerWebhookBody = z.strictObject({
  applicantId: z.string().min(1).max(200),
  reviewStatus: z.enum(["pending", "completed"]),
  reviewAnswer: z.enum(["GREEN", "RED"]).optional(),
  rejectReason: z.string().max(500).optional(),
});
export type ProviderWebhook = z.output<typeof providerWebhookBody>;

export interface HttpProviderConfig {
  url: string;
  apiKey: string;
  webhookSecret: string;
}

export function httpComplianceProvider(config: HttpProviderConfig): ComplianceProvider {
  return {
    name: "http",
    reviewedByOperator: false,
    async startVerification({ payerId, identity }) {
      const res = await fetch(`${config.url.replace(/\/$/, "")}/applicants`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": config.apiKey },
        body: JSON.stringify({
          externalUserId: payerId,
          email: identity.email,
          firstName: identity.firstName,
          lastName: identity.lastName,
          dateOfBirth: identity.dateOfBirth,
          country: identity.country,
          nationality: identity.nationality,
        }),
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      // The provider's answer may echo personal data: never put it in an error or a log.
      if (!res.ok) throw new Error(`compliance provider answered ${res.status} to applicant creation`);
      const parsed = applicantAnswer.safeParse(await res.json().catch(() => undefined));
      if (!parsed.success)
        throw new Error("compliance provider answered applicant creation without id and verificationUrl");
      return { kycUrl: parsed.data.verificationUrl, applicantId: parsed.data.id };
    },
  };
}

export function signProviderWebhook(secret: string, rawBody: string): string {
  return createHmac("sha256", secret).update(rawBody).digest("hex");
}

export function verifyProviderWebhook(secret: string, rawBody: string, digest: string | null): boolean {
  if (!digest || !/^[0-9a-f]{64}$/i.test(digest)) return false;
  return timingSafeEqual(Buffer.from(signProviderWebhook(secret, rawBody), "hex"), Buffer.from(digest, "hex"));
}

/** The KYC status a provider's review means. */
export function kycStatusOf(w: ProviderWebhook): KycStatus {
  if (w.reviewStatus === "pending") return "pending";
  return w.reviewAnswer === "GREEN" ? "completed" : "rejected";
}
