import { routeHandlers } from "@/lib/api/route";
import { resendVerificationOperation } from "@/lib/auth/email-link-operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(resendVerificationOperation);
