// The screening sources in force, from KYT_PROVIDERS (docs/api-guide.md, wallet screening): every
// one named is consulted and each must approve. Built once per configuration.
import { type Config, getConfig } from "../config";
import { chainalysisApiProvider } from "./chainalysis-api";
import { loadSanctionsList, sanctionsListProvider } from "./sanctions-list";
import { sanctionsOracleProvider } from "./sanctions-oracle";
import type { ScreeningProvider } from "./screening-provider";

let built: { config: Config; providers: ScreeningProvider[] } | undefined;

export function screeningProviders(): ScreeningProvider[] {
  const config = getConfig();
  if (built?.config === config) return built.providers;
  const providers = config.KYT_PROVIDERS.split(",")
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name): ScreeningProvider => {
      if (name === "ofac-list") return sanctionsListProvider(loadSanctionsList(config.KYT_SANCTIONS_LIST_FILE));
      if (name === "sanctions-oracle") return sanctionsOracleProvider();
      return chainalysisApiProvider(config.KYT_API_URL, config.KYT_API_KEY ?? "");
    });
  built = { config, providers };
  return providers;
}
