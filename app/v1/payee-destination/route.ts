import { routeHandlers } from "@/lib/api/route";
import { createSessionWalletDestinationOperation } from "@/lib/payee-destinations/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(createSessionWalletDestinationOperation);
