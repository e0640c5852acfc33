// An external KYT API behind the same interface: Chainalysis's sanctions screening API
// (`GET {KYT_API_URL}/api/v1/address/{address}` with the key in `X-API-Key`, answering
// `{identifications: [...]}`; an empty list is clear). Any non-2xx answer, a malformed body or
// a timeout is ScreeningUnavailable, never a verdict. The key is sent only in the header and
// never logged. docs/decisions/wallet-screening-kyt.md shows how to add another API.
import { z } from "zod";
import { type ScreeningProvider, ScreeningUnavailable } from "./screening-provider";

export const CHAINALYSIS_API_PROVIDER = "chainalysis-api";
const TIMEOUT_MS = 5000;

const answer = z.object({ identifications: z.array(z.object({ category: z.string().optional() }).loose()) });

export function chainalysisApiProvider(baseUrl: string, apiKey: string): ScreeningProvider {
  const base = baseUrl.replace(/\/$/, "");
  return {
    name: CHAINALYSIS_API_PROVIDER,
    screen: async (wallet) => {
      let response: Response;
      try {
        response = await fetch(`${base}/api/v1/address/${encodeURIComponent(wallet)}`, {
          headers: { "X-API-Key": apiKey, Accept: "application/json" },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new ScreeningUnavailable(CHAINALYSIS_API_PROVIDER, `no answer (${(error as Error).name})`);
      }
      if (!response.ok) throw new ScreeningUnavailable(CHAINALYSIS_API_PROVIDER, `answered HTTP ${response.status}`);
      const parsed = answer.safeParse(await response.json().catch(() => null));
      if (!parsed.success)
        throw new ScreeningUnavailable(CHAINALYSIS_API_PROVIDER, "answered a body without identifications");
      return parsed.data.identifications.length > 0
        ? { status: "rejected", reasonCode: "sanctioned" }
        : { status: "approved", reasonCode: "clear" };
    },
  };
}
