import { routeHandlers } from "@/lib/api/route";
import {
  getClientIdLinkOperation,
  linkClientIdOperation,
  unlinkClientIdOperation,
} from "@/lib/orchestrators/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  getClientIdLinkOperation,
  linkClientIdOperation,
  unlinkClientIdOperation,
);
