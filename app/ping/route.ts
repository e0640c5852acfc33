// Liveness without touching the database (load balancers); also the benchmarks' baseline of
// a bare route handler returning fixed JSON.
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ pong: true });
}
