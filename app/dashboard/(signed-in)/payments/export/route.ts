import { exportPaymentsCsv } from "@/lib/dashboard/payments-csv";

export const dynamic = "force-dynamic";
export const GET = (req: Request) => exportPaymentsCsv(req);
