import { routeHandlers } from "@/lib/api/route";
import { linkWallet, removeWallet } from "@/lib/auth/endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(linkWallet, removeWallet);
