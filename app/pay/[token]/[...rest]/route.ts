import { unknownPathHandlers } from "@/lib/api/route";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = unknownPathHandlers();
