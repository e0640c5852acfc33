import { routeHandlers } from "@/lib/api/route";
import { login } from "@/lib/auth/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(login);
