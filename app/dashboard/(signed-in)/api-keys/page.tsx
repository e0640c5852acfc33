import { ApiKeysManager } from "@/components/dashboard/api-keys-manager";
import { PageHeader } from "@/components/dashboard/page-header";
import { listApiKeys } from "@/lib/auth";
import { apiKeyRecord } from "@/lib/auth/schemas";
import { requireDashboardSession } from "@/lib/dashboard";
import { API_KEY_SCOPES, SCOPE_DESCRIPTIONS } from "@/lib/http/api-key-scopes";
import { wireForm } from "@/lib/zod/wire-form";

export const metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const session = await requireDashboardSession();
  const keys = (await listApiKeys(session.platform.id)).map((k) => wireForm(apiKeyRecord, k));
  return (
    <>
      <PageHeader title="API keys">
        <p>
          Your servers send an API key as the <code className="rounded bg-slate-100 px-1">x-api-key</code> header. A key
          is shown once, when it is created; it is stored only as a hash. Revoke a key you no longer use or that may
          have leaked: it stops working at once. Each key has scopes (read, payments, payouts, admin) that limit what it
          may do; the API reference says which one each operation needs.
        </p>
      </PageHeader>
      <ApiKeysManager
        keys={keys}
        scopeChoices={API_KEY_SCOPES.map((scope) => ({ scope, description: SCOPE_DESCRIPTIONS[scope] }))}
      />
    </>
  );
}
