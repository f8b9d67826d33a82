import { Card } from "../ui/Card";

export function ReadOnlyNotice({ what }: { what: string }) {
  return (
    <Card title="Read-only">
      <p className="text-sm text-slate-700">
        This swiss serve is read-only, so {what} are disabled: set <code>server.allowDeploy</code> and grant <code>rbac.allowDeploy</code>, then restart.
      </p>
    </Card>
  );
}
