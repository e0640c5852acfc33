import { exportPaymentsCsv } from "@/lib/dashboard";

export const dynamic = "force-dynamic";
export const GET = (req: Request) => exportPaymentsCsv(req);
