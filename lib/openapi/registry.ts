// Every API endpoint of the product. The API reference is built from this list, and
// registry.test.ts fails when an app/ route serves an endpoint missing here (or the reverse).
import type { Endpoint } from "../api/route";
import { listConversionRoutes, listCurrencies } from "../currencies/endpoints";
import { getHealth } from "../health/endpoints";

export const ENDPOINTS: Endpoint[] = [getHealth, listCurrencies, listConversionRoutes];
