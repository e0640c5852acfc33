// Which identity fields a payer's country asks for (docs/payers-and-offramp.md "Identity by
// country"). One rule, used by POST /v2/payer, the hosted KYC page's submission and its form:
// - a tax identification number (`ssn`: the US Social Security Number or ITIN) only for US
//   payers, whose payouts are reported to the IRS;
// - a state, province or territory (`state`) where postal addresses are not deliverable without
//   one: US, CA, AU;
// - everywhere else neither is asked for; either may still be given (a national tax id, a region).
// Pure: the browser's form imports it too.

const TAX_NUMBER_COUNTRIES: ReadonlySet<string> = new Set(["US"]);
const REGION_COUNTRIES: ReadonlySet<string> = new Set(["US", "CA", "AU"]);

interface IdentityRequirements {
  /** `state` must be given. */
  state: boolean;
  /** `ssn` must be given. */
  ssn: boolean;
}

/** What a payer living in `country` (ISO 3166-1 alpha-2, any case) must give. */
export function identityRequirements(country: string | undefined): IdentityRequirements {
  const c = (country ?? "").trim().toUpperCase();
  return { state: REGION_COUNTRIES.has(c), ssn: TAX_NUMBER_COUNTRIES.has(c) };
}

/** The fields an identity lacks for its country, as API field errors ("state", "ssn"). */
export function missingForCountry(identity: {
  country?: string;
  state?: string;
  ssn?: string;
}): { field: "state" | "ssn"; message: string }[] {
  const needs = identityRequirements(identity.country);
  const country = (identity.country ?? "").toUpperCase();
  const missing: { field: "state" | "ssn"; message: string }[] = [];
  if (needs.state && !identity.state?.trim())
    missing.push({ field: "state", message: `is required for a payer in ${country} (state, province or territory)` });
  if (needs.ssn && !identity.ssn?.trim())
    missing.push({ field: "ssn", message: `is required for a payer in ${country} (Social Security Number or ITIN)` });
  return missing;
}
