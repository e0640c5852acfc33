import { routeHandlers } from "@/lib/api/route";
import { signWithDemoWallet } from "@/lib/auth/demo-wallet-operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(signWithDemoWallet);
