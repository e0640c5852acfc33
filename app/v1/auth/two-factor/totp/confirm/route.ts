import { routeHandlers } from "@/lib/api/route";
import { confirmTotp } from "@/lib/auth/two-factor-operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(confirmTotp);
