import { type ApiKeyRow, ApiKeysManager } from "@/components/dashboard/api-keys-manager";
import { PageHeader } from "@/components/dashboard/page-header";
import { listApiKeys } from "@/lib/auth";
import { requireDashboardSession } from "@/lib/dashboard";

export const metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const session = await requireDashboardSession();
  const keys: ApiKeyRow[] = (await listApiKeys(session.platform.id)).map((k) => ({
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
  }));
  return (
    <>
      <PageHeader title="API keys">
        <p>
          Your servers send an API key as the <code className="rounded bg-slate-100 px-1">x-api-key</code> header. A key
          is shown once, when it is created; it is stored only as a hash. Revoke a key you no longer use or that may
          have leaked: it stops working at once.
        </p>
      </PageHeader>
      <ApiKeysManager keys={keys} />
    </>
  );
}
