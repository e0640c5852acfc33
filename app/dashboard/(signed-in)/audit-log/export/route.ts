import { exportAuditLogCsv } from "@/lib/dashboard";

export const dynamic = "force-dynamic";
export const GET = (req: Request) => exportAuditLogCsv(req);
