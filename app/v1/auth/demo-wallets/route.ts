import { routeHandlers } from "@/lib/api/route";
import { listDemoWallets } from "@/lib/auth/demo-wallet-operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(listDemoWallets);
