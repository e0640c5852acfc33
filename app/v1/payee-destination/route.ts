import { routeHandlers } from "@/lib/api/route";
import { createSessionWalletDestinationEndpoint } from "@/lib/payee-destinations/endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(createSessionWalletDestinationEndpoint);
