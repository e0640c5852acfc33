// The screening sources in force, from KYT_PROVIDERS (README "Wallet screening (KYT)"): every
// one named is consulted and each must approve.
import { getConfig } from "../config";
import { chainalysisApiProvider } from "./chainalysis-api";
import { loadSanctionsList, sanctionsListProvider } from "./sanctions-list";
import { sanctionsOracleProvider } from "./sanctions-oracle";
import type { ScreeningProvider } from "./screening-provider";

let configured: ScreeningProvider[] | undefined;
let override: ScreeningProvider[] | undefined;

export function screeningProviders(): ScreeningProvider[] {
  if (override) return override;
  if (configured) return configured;
  const config = getConfig();
  configured = config.KYT_PROVIDERS.split(",")
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name): ScreeningProvider => {
      if (name === "ofac-list") return sanctionsListProvider(loadSanctionsList(config.KYT_SANCTIONS_LIST_FILE));
      if (name === "sanctions-oracle") return sanctionsOracleProvider();
      return chainalysisApiProvider(config.KYT_API_URL, config.KYT_API_KEY ?? "");
    });
  return configured;
}

/** Tests: screen with these providers instead (undefined restores the configured ones). */
export function useScreeningProvidersForTests(providers: ScreeningProvider[] | undefined): void {
  override = providers;
}
