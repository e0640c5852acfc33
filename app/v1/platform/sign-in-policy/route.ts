import { routeHandlers } from "@/lib/api/route";
import { getSignInPolicyOperation, setSignInPolicyOperation } from "@/lib/platforms/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  getSignInPolicyOperation,
  setSignInPolicyOperation,
);
