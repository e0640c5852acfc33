import { routeHandlers } from "@/lib/api/route";
import { verifyEmailOperation } from "@/lib/auth/email-link-operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(verifyEmailOperation);
